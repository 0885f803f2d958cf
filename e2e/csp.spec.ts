/**
 * The browser build's Content Security Policy: no inline styles allowed, no WebSocket
 * to any host, and the four screens (charts, Vue style bindings, the replay grid) render without
 * a single violation.
 */
import { expect, test } from '@playwright/test';
import { testId, until } from './helpers/until';

test('the policy forbids inline styles and WebSockets, and no screen breaks it', async ({ page }) => {
  await page.addInitScript(() => {
    const w = globalThis as unknown as { cspViolations: string[]; addEventListener: typeof addEventListener };
    w.cspViolations = [];
    w.addEventListener('securitypolicyviolation', (e) => {
      const v = e as SecurityPolicyViolationEvent;
      w.cspViolations.push(`${v.violatedDirective} ${v.blockedURI}`);
    });
  });
  await page.goto('/#/explorer');
  await expect(page.getByTestId('level-amount-0')).toHaveValue('7 500,00');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toMatch(/style-src 'self';/);
  expect(policy).toMatch(/connect-src 'self';/);
  expect(policy).not.toMatch(/unsafe-inline|ws:|wss:/);
  // charts of the explorer (Chart.js sets canvas styles through the CSSOM)
  await page.getByTestId('sessions-players').fill('1000');
  await page.getByTestId('sessions-units').fill('20');
  await page.getByTestId('sessions-run').click();
  await until(page, testId('chart-session-bands'));
  await expect(page.getByTestId('chart-session-bands')).toBeVisible();
  // the replay grid's size and animation delays are `:style` bindings
  const ref = 'MINE-100-0000003-000B-V1-HB'; // Mine d'or, 1 €, seed 3, unit 11 (R3)
  await page.goto(`/#/replay?ref=${ref}`);
  await expect(page.getByTestId('board-ref')).toHaveText(ref);
  await page.getByTestId('btn-jouer').click();
  await expect(page.getByTestId('grid-0-cell-0')).not.toHaveAttribute('data-symbol', 'covered');
  await page.goto('/#/compliance');
  await page.goto('/#/simulation');
  await expect(page.locator('main')).toBeVisible();
  const violations = await page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);
  // zod probes once whether `new Function` is allowed (and falls back when not): a refused probe
  // is the policy working, not a breakage; every other directive must see no violation.
  expect(violations.filter((v) => v !== 'script-src eval')).toEqual([]);
  // the styles did apply: the replay grid and the page have their stylesheet's layout
  expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
});

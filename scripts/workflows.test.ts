/**
 * The GitHub workflows cannot run here (no network but the npm registry), so they are at least
 * read: each file parses as YAML with no duplicate key, and the desktop workflow builds the four
 * packages of electron-builder.yml on the three hosted systems and runs the desktop smoke test,
 * under a virtual display on Linux.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// js-yaml is already installed (a dependency of the linters); it refuses duplicate keys.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
}
interface Workflow {
  readonly on: unknown;
  readonly jobs: Record<
    string,
    {
      readonly 'runs-on': string;
      readonly strategy?: { matrix: { include: { os: string; targets: string }[] } };
      readonly steps: Step[];
    }
  >;
}

const DIR = '.github/workflows';
const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));

describe('GitHub workflows', () => {
  it.each(files)('%s is well-formed YAML with jobs and steps', (file) => {
    const w = yaml.load(readFileSync(`${DIR}/${file}`, 'utf8')) as Workflow;
    expect(w.on).toBeDefined();
    for (const job of Object.values(w.jobs)) {
      expect(typeof job['runs-on']).toBe('string');
      expect(job.steps.length).toBeGreaterThan(0);
      for (const s of job.steps) expect(Boolean(s.uses) !== Boolean(s.run), JSON.stringify(s)).toBe(true);
    }
  });

  it('refuses a duplicate key (a workflow reads one way only)', () => {
    expect(() => yaml.load('a: 1\na: 2\n')).toThrow(/duplicated mapping key/);
  });

  it('desktop.yml builds AppImage, deb, NSIS and dmg on Linux, Windows and macOS and runs the smoke test', () => {
    const w = yaml.load(readFileSync(`${DIR}/desktop.yml`, 'utf8')) as Workflow;
    const job = w.jobs['package']!;
    const legs = job.strategy!.matrix.include;
    expect(legs.map((l) => l.os)).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(legs.map((l) => l.targets).join(' ')).toBe('--linux AppImage deb --win nsis --mac dmg');
    const builder = readFileSync('electron-builder.yml', 'utf8');
    for (const target of ['AppImage', 'deb', 'nsis', 'dmg']) expect(builder).toContain(`- ${target}`);
    const runs = job.steps.map((s) => s.run ?? '');
    expect(runs).toContain('npm ci --no-audit --no-fund');
    expect(runs.some((r) => r.startsWith('npx electron-builder ') && r.includes('--publish never'))).toBe(true);
    expect(runs).toContain('xvfb-run --auto-servernum -- npx playwright test e2e/electron-smoke.spec.ts');
    const smoke = job.steps.filter((s) => s.run?.includes('e2e/electron-smoke.spec.ts'));
    expect(smoke.map((s) => s.if)).toEqual(["runner.os == 'Linux'", "runner.os != 'Linux'"]);
    const uses = job.steps.flatMap((s) => (s.uses ? [s.uses] : []));
    expect(uses).toEqual(['actions/checkout@v5', 'actions/setup-node@v5', 'actions/upload-artifact@v6']);
    const upload = job.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect(upload.with).toMatchObject({ 'if-no-files-found': 'error' });
    expect(String(upload.with!['name'])).toContain('${{ runner.os }}');
  });
});

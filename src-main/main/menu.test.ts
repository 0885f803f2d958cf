import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';

vi.mock('electron', () => ({ Menu: { buildFromTemplate: vi.fn(), setApplicationMenu: vi.fn() } }));

const { buildMenuTemplate, MENU_CHANNEL } = await import('./menu');

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}
const byId = (items: MenuItemConstructorOptions[], id: string) => flatten(items).find((i) => i.id === id);

describe('menu', () => {
  it('sends actions on the menu:action channel', () => {
    expect(MENU_CHANNEL).toBe('menu:action');
    const send = vi.fn();
    const template = buildMenuTemplate({ locale: 'fr', isDev: false, isMac: false, send });
    for (const id of ['export', 'print-to-pdf', 'locale:fr', 'locale:en', 'about'] as const) {
      const item = byId(template, id);
      (item?.click as (() => void) | undefined)?.();
      expect(send).toHaveBeenLastCalledWith(id);
    }
    expect(byId(template, 'quit')?.role).toBe('quit');
    expect(template.map((m) => m.label)).toEqual(['Fichier', 'Affichage', 'Aide']);
  });

  it('offers reload and devtools only in development', () => {
    const prod = buildMenuTemplate({ locale: 'en', isDev: false, isMac: false, send: vi.fn() });
    expect(byId(prod, 'reload')).toBeUndefined();
    expect(byId(prod, 'devtools')).toBeUndefined();
    const dev = buildMenuTemplate({ locale: 'en', isDev: true, isMac: true, send: vi.fn() });
    expect(byId(dev, 'reload')?.role).toBe('reload');
    expect(dev[0]?.role).toBe('appMenu');
    expect(byId(dev, 'locale:en')?.checked).toBe(true);
  });
});

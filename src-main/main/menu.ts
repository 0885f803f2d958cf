/**
 * Native menu. Items that concern the app's state (export, print, language, about) do not act
 * in main: they send a {@link MenuAction} on the one-way `menu:action` channel and the
 * renderer decides, so behaviour is identical to the in-app buttons.
 */
import { Menu } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import { CHANNELS } from '../bridge/contract';
import type { MenuAction } from '../bridge/contract';

/** Languages of the menu labels (the renderer's locales). */
export type MenuLocale = 'fr' | 'en';

/** Inputs of the pure template builder. */
export interface MenuOptions {
  locale: MenuLocale;
  isDev: boolean;
  isMac: boolean;
  send: (action: MenuAction) => void;
}

const LABELS = {
  fr: {
    file: 'Fichier',
    export: 'Exporter…',
    printToPdf: 'Imprimer en PDF…',
    quit: 'Quitter',
    view: 'Affichage',
    help: 'Aide',
    about: 'À propos d’Instant Lab',
  },
  en: {
    file: 'File',
    export: 'Export…',
    printToPdf: 'Print to PDF…',
    quit: 'Quit',
    view: 'View',
    help: 'Help',
    about: 'About Instant Lab',
  },
} as const satisfies Record<MenuLocale, Record<string, string>>;

/**
 * The menu template. Language names are written in their own language on purpose, so a user
 * who picked the wrong one can still find theirs.
 *
 * @see https://www.electronjs.org/docs/latest/api/menu#menubuildfromtemplatetemplate
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const t = LABELS[options.locale];
  const send = (action: MenuAction) => () => options.send(action);
  const template: MenuItemConstructorOptions[] = [];
  if (options.isMac) template.push({ role: 'appMenu' });
  template.push(
    {
      label: t.file,
      submenu: [
        { id: 'export', label: t.export, accelerator: 'CmdOrCtrl+E', click: send('export') },
        { id: 'print-to-pdf', label: t.printToPdf, accelerator: 'CmdOrCtrl+P', click: send('print-to-pdf') },
        { type: 'separator' },
        { id: 'quit', label: t.quit, role: 'quit' },
      ],
    },
    {
      label: t.view,
      submenu: [
        {
          id: 'locale:fr',
          label: 'Français',
          type: 'radio',
          checked: options.locale === 'fr',
          click: send('locale:fr'),
        },
        {
          id: 'locale:en',
          label: 'English',
          type: 'radio',
          checked: options.locale === 'en',
          click: send('locale:en'),
        },
        // Reload and devtools only in development: in production they would only lose state.
        ...(options.isDev
          ? ([
              { type: 'separator' },
              { id: 'reload', role: 'reload' },
              { id: 'devtools', role: 'toggleDevTools' },
            ] satisfies MenuItemConstructorOptions[])
          : []),
      ],
    },
    { label: t.help, submenu: [{ id: 'about', label: t.about, click: send('about') }] },
  );
  return template;
}

/**
 * Builds and installs the application menu.
 *
 * @see https://www.electronjs.org/docs/latest/api/menu#menusetapplicationmenumenu
 */
export function installMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(options)));
}

/** Channel used by {@link MenuOptions.send} implementations. */
export const MENU_CHANNEL = CHANNELS.menuAction;

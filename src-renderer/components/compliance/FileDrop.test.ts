/**
 * The compliance screen's file drop: what it shows (rendered as the server renders it: its input,
 * texts, labels and sizes in both languages), and what it does with files dropped, chosen and
 * removed, and where the focus goes (its logic, `useFileDrop`, with stand-ins for the events and the
 * elements: Node has no DOM; the e2e specs of the screen drive it in Chromium).
 */
import { describe, expect, it } from 'vitest';
import { createSSRApp, h, ref } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { i18n, setLocale } from '../../i18n';
import type { Locale } from '../../i18n';
import { useFileDrop } from '../../composables/useFileDrop';
import FileDrop from './FileDrop.vue';

const EMISSION = '.jsonl,.csv,.json,text/csv,application/x-ndjson,application/json';
const file = (name: string, bytes: number): File => new File([new Uint8Array(bytes)], name);

async function render(lang: Locale, props: Record<string, unknown>): Promise<string> {
  setLocale(lang);
  const app = createSSRApp({
    render: () =>
      h(
        FileDrop,
        {
          testid: 'emission',
          accept: EMISSION,
          choose: 'CHOOSE',
          dropHint: 'HINT',
          summary: 'SUMMARY',
          disabled: false,
          multiple: true,
          files: [],
          ...props,
        },
        { head: () => h('h3', 'HEAD'), notes: () => h('p', 'NOTES'), default: () => h('p', 'AFTER') },
      ),
  });
  app.use(i18n);
  // the scoped styles' attributes left out
  return (await renderToString(app)).replace(/ data-v-\w+/g, '');
}
/** The rendered text, tags and comments left out. */
const text = (html: string): string =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the file drop on screen', () => {
  it('shows its choose button (the input the specs use), its hint, its sentence, then the files with their sizes and « Retirer », in French', async () => {
    const html = await render('fr', { files: [file('b.jsonl', 1234), file('a.csv', 5)] });
    expect(html).toMatch(
      /<label class="file-pick">\s*<input class="sr-only" type="file" accept="[^"]+" data-testid="emission-files" multiple/,
    );
    expect(html).toContain(`accept="${EMISSION}"`);
    expect(text(html)).toBe('HEAD CHOOSE HINT NOTES SUMMARY b.jsonl (1 234 octets) × a.csv (5 octets) × AFTER');
    expect(html).toContain('data-testid="emission-chosen"');
    expect(html).toContain('data-testid="emission-list"');
    expect(
      html.match(/<button type="button" data-testid="emission-remove" aria-label="Retirer b\.jsonl">/g),
    ).toHaveLength(1);
    expect(html).toContain('aria-label="Retirer a.csv"');
    expect(html).not.toContain('role="alert"');
  });

  it('says sizes and « Retirer » in English on the switch', async () => {
    const html = await render('en', { files: [file('b.jsonl', 1234)] });
    expect(text(html)).toContain('b.jsonl (1,234 bytes) ×');
    expect(html).toContain('aria-label="Remove b.jsonl"');
  });

  it('shows no list when no file is chosen, and disables its buttons while its panel works', async () => {
    const empty = await render('fr', {});
    expect(empty).not.toContain('emission-list');
    expect(text(empty)).toBe('HEAD CHOOSE HINT NOTES SUMMARY AFTER');
    const busy = await render('fr', { disabled: true, files: [file('a.csv', 5)] });
    expect(busy).toMatch(/<label class="file-pick disabled">\s*<input[^>]* disabled/);
    expect(busy).toMatch(/data-testid="emission-remove" disabled/);
  });

  it('takes one file where it is not told to take several', async () => {
    const html = await render('fr', { multiple: false });
    expect(html).not.toMatch(/data-testid="emission-files" multiple/);
  });
});

/** vue-i18n's own `t`, typed loosely: its typing of every key of every screen is more than the checker unfolds. */
const translate = (
  i18n.global as unknown as { t: (key: string, named: Record<string, unknown>, plural: number) => string }
).t;

/** A file drop's logic over a list held here, with stand-ins for its « Retirer » buttons and its input. */
function drop(opts: { accept?: string; multiple?: boolean; disabled?: boolean; lang?: Locale } = {}) {
  const files = ref<File[]>([]);
  const focused: string[] = [];
  const button = (label: string) => ({ focus: () => focused.push(label) });
  const root = ref({
    querySelectorAll: (sel: string) =>
      sel === '[data-testid="x-remove"]' ? files.value.map((f) => button(`remove ${f.name}`)) : [],
    querySelector: (sel: string) => (sel === '[data-testid="x-files"]' ? button('choose') : null),
  } as unknown as ParentNode);
  const lang = opts.lang ?? 'fr';
  setLocale(lang);
  const d = useFileDrop(root, {
    testid: () => 'x',
    accept: () => opts.accept ?? EMISSION,
    multiple: () => opts.multiple ?? true,
    disabled: () => opts.disabled ?? false,
    lang: () => lang,
    t: (key, named, plural) => translate(key, named, plural),
    add: (added) => (files.value = [...files.value, ...added]),
    remove: (i) => (files.value = files.value.filter((_, k) => k !== i)),
  });
  const dropped = (...given: File[]) => ({ dataTransfer: { files: given } as unknown as DataTransfer });
  return { d, files, focused, dropped };
}
const names = (fs: readonly File[]): string[] => fs.map((f) => f.name);

describe('the file drop at work', () => {
  it('takes the files dropped on it, shows the drag over it, and refuses none of the endings it takes', () => {
    const { d, files, dropped } = drop();
    d.dragOver();
    expect(d.over.value).toBe(true);
    d.drop(dropped(file('a.jsonl', 3), file('b.CSV', 4), file('m.json', 2)));
    expect(d.over.value).toBe(false);
    expect(names(files.value)).toEqual(['a.jsonl', 'b.CSV', 'm.json']);
    expect(d.refused.value).toBeNull();
  });

  it('refuses a file of another ending in one message, names it and what it takes, and takes the others', () => {
    const { d, files, dropped } = drop();
    d.drop(dropped(file('notes.txt', 1), file('a.jsonl', 3)));
    expect(names(files.value)).toEqual(['a.jsonl']);
    expect(d.refused.value).toBe('Fichier refusé : « notes.txt ». Ce panneau prend un fichier .jsonl, .csv ou .json.');
    d.drop(dropped(file('b.jsonl', 3)));
    expect(d.refused.value).toBeNull();
  });

  it('says several files refused at once, in English on the switch', () => {
    const { d, files } = drop({ lang: 'en' });
    d.take([file('x.pdf', 1), file('y.png', 1)]);
    expect(files.value).toEqual([]);
    expect(d.refused.value).toBe('Files refused: "x.pdf" and "y.png". This panel takes .jsonl, .csv, or .json files.');
  });

  it('takes the file chosen, one alone where it takes one, any ending where it takes any', () => {
    const { d, files } = drop({ accept: '.key,.json,application/json,text/plain,*', multiple: false });
    d.take([file('operator', 10), file('other.key', 10)]);
    expect(names(files.value)).toEqual(['operator']);
    expect(d.refused.value).toBeNull();
  });

  it('takes nothing, nor shows a drag, while its panel works', () => {
    const { d, files, dropped } = drop({ disabled: true });
    d.dragOver();
    expect(d.over.value).toBe(false);
    d.drop(dropped(file('a.jsonl', 3)));
    d.take([file('notes.txt', 1)]);
    expect(files.value).toEqual([]);
    expect(d.refused.value).toBeNull();
  });

  it('after a removal, gives the focus to the next « Retirer », the new last one, then the choose button', async () => {
    const { d, files, focused } = drop();
    d.take([file('a.csv', 1), file('b.csv', 1), file('c.csv', 1)]);
    await d.remove(0);
    expect(focused).toEqual(['remove b.csv']);
    await d.remove(1);
    expect(focused).toEqual(['remove b.csv', 'remove b.csv']);
    expect(names(files.value)).toEqual(['b.csv']);
    await d.remove(0);
    expect(files.value).toEqual([]);
    expect(focused).toEqual(['remove b.csv', 'remove b.csv', 'choose']);
  });
});

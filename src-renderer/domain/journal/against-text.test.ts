import { describe, expect, it } from 'vitest';
import { formatCount } from '@engine';
import type { AgainstVerdict } from '@engine';
import { i18n, setLocale } from '../../i18n';
import { againstItems, againstKey, againstTitle } from './against-text';
import type { AgainstResult } from './against-text';

const t = (i18n.global as unknown as { t: Parameters<typeof againstTitle>[0] }).t;
const check = (name: string, size: number, entries: number, holds: boolean) => ({
  name,
  size,
  time: '2026-12-01T10:00:00.000Z',
  fingerprint: 'ab:cd',
  root: 'ef'.repeat(32),
  entries,
  holds,
});
const finding = (name: string, problem: 'shorter' | 'fork', en: string) => ({
  name,
  problem,
  entry: null,
  text: { en, fr: `${en} (fr)` },
});
const result = (v: Partial<AgainstVerdict>, refused: AgainstResult['refused'] = []): AgainstResult => ({
  verdict: { ok: true, size: 20, root: '00'.repeat(32), checks: [], findings: [], ...v },
  refused,
  key: null,
});

describe('the check against checkpoints, in sentences', () => {
  it('says a bundle’s entries included and a checkpoint extended, counted with their plurals (fr, en)', () => {
    const r = result({ checks: [check('bundle.zip', 12, 1, true), check('cp.json', 1000, 0, true)] });
    setLocale('fr');
    const lt = (x: { fr: string }) => x.fr;
    const count = (n: number) => formatCount(n, 'fr');
    expect(againstTitle(t, r, count)).toBe(
      'Points de contrôle tenus : 2 ; rien de ce qu’ils ont signé n’a été coupé ni réécrit.',
    );
    expect(againstItems(t, lt, r, count)).toEqual([
      {
        ok: true,
        text: `bundle.zip : 1 entrée d’un journal de 12 entrées, tête ${'ef'.repeat(32)}, signée par la clé ab:cd : incluse ; ce journal (20 entrées) le prolonge.`,
      },
      {
        ok: true,
        text: `cp.json : point de contrôle de 1\u202f000 entrées du 2026-12-01T10:00:00.000Z, tête ${'ef'.repeat(32)}, signé par la clé ab:cd : ce journal (20 entrées) le prolonge.`,
      },
    ]);
    setLocale('en');
    expect(
      againstItems(
        t,
        (x) => x.en,
        result({ checks: [check('b.zip', 12, 2, true)] }),
        (n) => formatCount(n, 'en'),
      )[0]!.text,
    ).toBe(
      `b.zip: 2 entries of a journal of 12 entries, head ${'ef'.repeat(32)}, signed by key ab:cd: included; this journal (20 entries) extends it.`,
    );
  });

  it('says what was found under its file, then the forks, then the files refused, and counts them all as problems', () => {
    const r = result(
      {
        ok: false,
        checks: [check('a.zip', 12, 1, false), check('b.json', 5, 0, true), check('c.json', 12, 0, true)],
        findings: [
          finding('a.zip', 'shorter', 'a.zip: cut after entry 10'),
          finding('c.json', 'fork', 'c.json and a.zip: forked'),
        ],
      },
      [{ name: 'x.zip', text: { en: 'x.zip: no checkpoint', fr: 'x.zip : pas de point de contrôle' } }],
    );
    setLocale('en');
    const count = (n: number) => formatCount(n, 'en');
    expect(againstTitle(t, r, count)).toBe('Checkpoints: FAILED, 3 problems.');
    expect(againstItems(t, (x) => x.en, r, count).map((i) => [i.ok, i.text.slice(0, 22)])).toEqual([
      [false, 'a.zip: cut after entry'],
      [true, 'b.json: checkpoint of '],
      [true, 'c.json: checkpoint of '],
      [false, 'c.json and a.zip: fork'],
      [false, 'x.zip: no checkpoint'],
    ]);
    expect(againstTitle(t, result({}, r.refused), count)).toBe('Checkpoints: FAILED, 1 problem.');
    setLocale('fr');
    expect(againstTitle(t, result({}), (n) => formatCount(n, 'fr'))).toBe('Aucun point de contrôle dans ces fichiers.');
  });

  it('names the key required when a public key file was given, with the other key’s checkpoint refused (fr, en)', () => {
    const other = "signed by the key 9f00:…, not by the journal's key (that of the key given in ops.pub)";
    const r: AgainstResult = {
      ...result({
        ok: false,
        checks: [check('cp.json', 12, 0, false)],
        findings: [
          {
            name: 'cp.json',
            problem: 'other-key',
            entry: null,
            text: {
              en: `cp.json: ${other}`,
              fr: 'cp.json : signé par la clé 9f00:…, pas par la clé du journal (celle de la clé donnée dans ops.pub)',
            },
          },
        ],
      }),
      key: { name: 'ops.pub', fingerprint: 'e1fa:fb74' },
    };
    setLocale('fr');
    expect(againstKey(t, r)).toBe(
      'Clé exigée : e1fa:fb74 (ops.pub) ; chaque point de contrôle doit être signé par elle.',
    );
    expect(againstTitle(t, r, (n) => formatCount(n, 'fr'))).toBe('Points de contrôle : ÉCHEC, 1 problème.');
    expect(
      againstItems(
        t,
        (x) => x.fr,
        r,
        (n) => formatCount(n, 'fr'),
      ),
    ).toEqual([
      {
        ok: false,
        text: 'cp.json : signé par la clé 9f00:…, pas par la clé du journal (celle de la clé donnée dans ops.pub)',
      },
    ]);
    setLocale('en');
    expect(againstKey(t, r)).toBe('Key required: e1fa:fb74 (ops.pub); every checkpoint must be signed with it.');
    expect(againstKey(t, result({}))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { InputError } from '../block/input-error';
import { GENERATOR_ID, checkIndex, parseGame, parseSeed, parseStake } from '../block/spec';
import { validateScenario } from '../explorer/scenario-validation';
import { explainUnit } from '../games/explain';
import { gongsErrorLocalized } from '../games/les-3-gongs/evaluate';
import { mineDorErrorLocalized } from '../games/mine-d-or/evaluate';
import { verifyExportText } from '../import/verify-export';
import { formatUnitRef, parseUnitRef } from '../ref/unit-ref';
import { frInt, isLocalizedText } from './localized-text';

/** The InputError a call throws. */
function inputError(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no InputError was thrown');
}

describe('engine messages in English and French', () => {
  it('InputError keeps its English message and carries the French one', () => {
    const e = new InputError('bad', 'mauvais');
    expect(e.message).toBe('bad');
    expect(e.text).toEqual({ en: 'bad', fr: 'mauvais' });
    expect(new InputError('only English').text.fr).toBe('only English');
  });

  it('parseSeed, parseStake, parseGame, checkIndex say what is wrong in both languages', () => {
    const seed = inputError(() => parseSeed('abc'));
    expect(seed.message).toBe('seed "abc" is not a whole number: expected digits only, from 0 to 4294967295');
    expect(seed.text.fr).toBe(
      'la graine "abc" n\'est pas un nombre entier : attendu des chiffres seulement, de 0 à 4\u202f294\u202f967\u202f295',
    );
    expect(inputError(() => parseSeed('99999999999')).text.fr).toContain('hors limites');
    expect(inputError(() => parseStake('3')).text.fr).toBe('mise inconnue "3" : attendu 0,5, 1 ou 2 (euros, art. 2)');
    expect(inputError(() => parseGame('poker')).text.fr).toBe('jeu inconnu "poker" : attendu mine-d-or ou les-3-gongs');
    expect(inputError(() => checkIndex(12, 10)).text.fr).toBe(
      "l'indice d'unité 12 est hors du bloc : attendu de 0 à 9",
    );
  });

  it('parseUnitRef: a mistyped check character is refused in French citing R3', () => {
    const ref = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 42, index: 7, generatorVersion: 1 });
    const last = ref.slice(-1);
    const typo = `${ref.slice(0, -1)}${last === 'Y' ? 'Z' : 'Y'}`;
    const e = inputError(() => parseUnitRef(typo));
    expect(e.message).toContain('do not match the rest of');
    expect(e.text.fr).toMatch(
      /^les caractères de contrôle "[0-9A-Z]{2}" ne correspondent pas au reste de la référence ".+" : un caractère est mal saisi \(R3\) ; aucune unité n'a été rejouée$/,
    );
    expect(inputError(() => parseUnitRef('MINE-100')).text.fr).toContain('attendu une référence comme');
    expect(inputError(() => parseUnitRef('POKR-100-0000000-0000-V1-00')).text.fr).toContain('code de jeu inconnu');
  });

  it('verify-export: a line-level discrepancy has a French message beside the English one', () => {
    const header = JSON.stringify({
      game: 'mine-d-or',
      stake_cents: 100,
      seed: 1,
      generator: GENERATOR_ID,
      units: 1_000_000,
    });
    const line = JSON.stringify({ index: 0, ref: 'x', prize_cents: 0, main: Array(8).fill('nugget'), extras: [] });
    const r = verifyExportText(`${header}\n${line}\n`, { regenerate: false });
    const d = r.discrepancies[0]!;
    expect(d.message).toBe('line 2: field "main": expected 9 symbol ids, got 8');
    expect(d.fr).toBe('ligne 2 : champ "main" : 9 identifiants de symbole attendus, 8 reçus');
    const empty = verifyExportText('');
    expect(empty.discrepancies[0]!.fr).toBe("le fichier est vide : attendu un export JSONL ou CSV d'un bloc");
    for (const x of [...r.discrepancies, ...empty.discrepancies]) expect(x.fr).not.toBe(x.message);
  });

  it('verify-export: a reference that is not one is explained in French', () => {
    const header = JSON.stringify({
      game: 'mine-d-or',
      stake_cents: 100,
      seed: 1,
      generator: GENERATOR_ID,
      units: 1e6,
    });
    const main = ['nugget', 'diamond', 'candle', 'banknote', 'nugget', 'diamond', 'candle', 'banknote', 'lamp'];
    const line = JSON.stringify({ index: 0, ref: 'MINE-100', prize_cents: 0, main, extras: [] });
    const d = verifyExportText(`${header}\n${line}\n`, { regenerate: false }).discrepancies[0]!;
    expect(d.fr).toMatch(/^ligne 2 : champ "ref" : "MINE-100" compte 2 parties/);
  });

  it('validateScenario: every problem has a French message', () => {
    const problems = validateScenario({
      name: 'x',
      game: 'mine-d-or',
      stakeCents: 100,
      blockUnits: 10,
      levels: [
        { prizeCents: 100, lots: -1 },
        { prizeCents: 3, lots: 20 },
      ],
    });
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.fr).toMatch(/^(niveau \d+ : |\d)/);
      expect(p.fr).not.toBe(p.message);
    }
    expect(problems.find((p) => p.code === 'lots-negative')?.fr).toBe('niveau 1 : -1 lots, nombre négatif');
    expect(problems.find((p) => p.code === 'unreachable-mine-d-or')?.fr).toBe(
      'niveau 2 : aucune combinaison de gains (art. 4.4–4.6, M4) ne fait 0,03\u00a0€',
    );
  });

  it('explanation errors and evaluator reasons are in both languages', () => {
    const main = ['nugget', 'nugget', 'nugget', 'nugget', 'diamond', 'candle', 'banknote', 'candle', 'banknote'];
    const e = explainUnit('mine-d-or', 100, { game: 'mine-d-or', main, extras: [] });
    expect(e.valid).toBe(false);
    expect(e.errorText).toEqual({
      en: 'a paying symbol shows four times or more in one grid (M1, art. 4.4)',
      fr: 'un symbole gagnant apparaît quatre fois ou plus dans une même grille (M1, art. 4.4)',
    });
    expect(e.error).toBe(e.errorText?.en);
    const g = explainUnit('les-3-gongs', 100, { game: 'les-3-gongs', gongs: ['a', 'b'], bonusCents: null });
    expect(g.errorText?.fr).toBe('2 gongs : 3 attendus (art. 4.1)');
    for (let code = -1; code >= -6; code--) {
      for (const t of [mineDorErrorLocalized(code), gongsErrorLocalized(code)]) {
        expect(isLocalizedText(t)).toBe(true);
        expect(t.fr).not.toBe(t.en);
      }
    }
    expect(frInt(1_000_000)).toBe('1\u202f000\u202f000');
  });
});

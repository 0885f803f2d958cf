import { describe, expect, it } from 'vitest';
import { DEFAULT_GONGS_WEIGHTS } from '../games/les-3-gongs/generate';
import { DEFAULT_MINE_DOR_WEIGHTS } from '../games/mine-d-or/presentations';
import { officialTable } from '../rules/load';
import {
  MAX_PRESENTATION_BYTES,
  PRESENTATION_FORMAT,
  parsePresentationJson,
  presentationFileOf,
  presentationProblemsFor,
  presentationToJson,
} from './settings-file';
import type { PresentationFile } from './settings-file';
import { normaliseWeights, weightsToJson } from './weights-json';
import { readWeightsJson } from './weights-reading';

const mineTable = officialTable('mine-d-or', 100);
const gongsTable = officialTable('les-3-gongs', 50);

/** A settings file's text with some fields changed (undefined removes one). */
function fileText(changes: Record<string, unknown>, game: 'mine-d-or' | 'les-3-gongs' = 'mine-d-or'): string {
  const base = JSON.parse(
    presentationToJson({ game, stakeCents: null, generatorVersion: 2, m6Strict: false, weights: undefined }),
  ) as Record<string, unknown>;
  return JSON.stringify({ ...base, ...changes });
}

function problems(text: string): { field: string; message: string; fr: string }[] {
  const r = parsePresentationJson(text);
  if (r.ok) throw new Error('expected the file to be refused');
  return [...r.problems];
}

describe('presentation settings file (M4, G2, M6, R5)', () => {
  it('writes the defaults in full and reads them back as the defaults (undefined weights)', () => {
    for (const table of [mineTable, gongsTable]) {
      const f = presentationFileOf(table, { generatorVersion: 2, m6Strict: false, weights: undefined });
      const text = presentationToJson(f);
      const j = JSON.parse(text) as Record<string, unknown>;
      expect(j.format).toBe(PRESENTATION_FORMAT);
      expect(j.generator).toBe('instant-lab-gen/2');
      expect('stake_cents' in j).toBe(false);
      expect(j.weights).toEqual(weightsToJson(table.game, undefined));
      const r = parsePresentationJson(text);
      expect(r).toEqual({ ok: true, file: f });
      expect(r.ok && r.file.weights).toBeUndefined();
    }
    expect(JSON.parse(fileText({})).weights).toEqual({
      winning_extras: [1, 0.45, 0.15, 0.04],
      losing_extras: [1, 0.12, 0.03, 0.008],
      additional_combination: 0.35,
      aligned_combination: 1,
      losing_stage: 0.6,
    });
    // the defaults given explicitly to the engine, or a level set to the block's values, are the defaults
    expect(normaliseWeights('mine-d-or', { mineDor: DEFAULT_MINE_DOR_WEIGHTS })).toBeUndefined();
    expect(
      normaliseWeights('mine-d-or', {
        mineDor: { ...DEFAULT_MINE_DOR_WEIGHTS, byPrize: { 2000: { losingStage: 0.6 } } },
      }),
    ).toBeUndefined();
    const everyLevel = Object.fromEntries(gongsTable.levels.map((l) => [l.prizeCents, 0.2]));
    expect(
      normaliseWeights('les-3-gongs', { gongs: { bonusShare: 0.2, bonusShareByPrize: everyLevel } }, gongsTable),
    ).toBeUndefined();
  });

  it('round-trips custom Mine d’or weights with a level of their own, naming the stake and the M6 reading', () => {
    const weights = {
      mineDor: {
        ...DEFAULT_MINE_DOR_WEIGHTS,
        winningExtras: [1, 2, 0, 0] as [number, number, number, number],
        byPrize: { 2000: { winningExtras: [0, 1, 0, 0] as [number, number, number, number], losingStage: 0.1 } },
      },
    };
    const f = presentationFileOf(mineTable, { generatorVersion: 1, m6Strict: true, weights });
    expect(f).toEqual({ game: 'mine-d-or', stakeCents: 100, generatorVersion: 1, m6Strict: true, weights });
    const text = presentationToJson(f);
    expect(JSON.parse(text)).toMatchObject({
      stake_cents: 100,
      generator: 'instant-lab-gen/1',
      m6_reading: 'strict',
      weights: {
        winning_extras: [1, 2, 0, 0],
        by_prize: { '2000': { winning_extras: [0, 1, 0, 0], losing_stage: 0.1 } },
      },
    });
    expect(parsePresentationJson(text)).toEqual({ ok: true, file: f });
  });

  it('round-trips Les 3 Gongs shares: one share for every level is saved without levels (any stake)', () => {
    const byPrize = Object.fromEntries(gongsTable.levels.map((l) => [l.prizeCents, 0.5]));
    const common = presentationFileOf(gongsTable, {
      generatorVersion: 2,
      m6Strict: true,
      weights: { gongs: { bonusShare: 0.2, bonusShareByPrize: byPrize } },
    });
    expect(common).toEqual({
      game: 'les-3-gongs',
      stakeCents: null,
      generatorVersion: 2,
      m6Strict: false,
      weights: { gongs: { bonusShare: 0.5 } },
    });
    const text = presentationToJson(common);
    expect('m6_reading' in JSON.parse(text)).toBe(false);
    expect(parsePresentationJson(text)).toEqual({ ok: true, file: common });
    const one = presentationFileOf(gongsTable, {
      generatorVersion: 2,
      m6Strict: false,
      weights: { gongs: { bonusShare: 0.2, bonusShareByPrize: { ...byPrize, 30000: 1 } } },
    });
    expect(one.stakeCents).toBe(50);
    expect(one.weights?.gongs?.bonusShareByPrize).toEqual({ 30000: 1 });
    expect(parsePresentationJson(presentationToJson(one))).toEqual({ ok: true, file: one });
  });

  it.for([
    [
      'a negative weight',
      { weights: { ...JSON.parse(fileText({})).weights, winning_extras: [1, -0.5, 0, 0] } },
      'weights.winning_extras[1]',
      'field "weights.winning_extras[1]" is -0.5: expected a number, 0 or from 0.000001 to 1000000 (M4)',
      'le champ "weights.winning_extras[1]" vaut -0.5 : attendu un nombre, 0 ou de 0,000001 à 1000000 (M4)',
    ],
    [
      'all-zero EXTRA weights',
      { weights: { ...JSON.parse(fileText({})).weights, losing_extras: [0, 0, 0, 0] } },
      'weights.losing_extras',
      'field "weights.losing_extras" is [0,0,0,0]: expected 4 numbers, each 0 or from 0.000001 to 1000000, one of them above 0 (0 to 3 EXTRA symbols, M3, M4)',
      'le champ "weights.losing_extras" vaut [0,0,0,0] : attendu 4 nombres',
    ],
    [
      'a factor of 0',
      { weights: { ...JSON.parse(fileText({})).weights, by_prize: { '2000': { aligned_combination: 0 } } } },
      'weights.by_prize.2000.aligned_combination',
      'field "weights.by_prize.2000.aligned_combination" is 0: expected a number from 0.000001 to 1000000 (M4)',
      'vaut 0 : attendu un nombre de 0,000001 à 1000000 (M4)',
    ],
    [
      'a level that is no amount in cents',
      { stake_cents: 100, weights: { ...JSON.parse(fileText({})).weights, by_prize: { '10,00': {} } } },
      'weights.by_prize.10,00',
      'field "weights.by_prize.10,00" names the prize "10,00": expected a prize in whole cents, e.g. "1000" for €10.00',
      'attendu un lot en centimes entiers',
    ],
    [
      'an unknown weight',
      { weights: { ...JSON.parse(fileText({})).weights, extra_weight: 1 } },
      'weights.extra_weight',
      'field "weights.extra_weight" is unknown: expected only winning_extras, losing_extras, additional_combination, aligned_combination, losing_stage, by_prize',
      'le champ "weights.extra_weight" est inconnu',
    ],
    [
      'a missing weight',
      {
        weights: { winning_extras: [1, 0, 0, 0], losing_extras: [1, 0, 0, 0], aligned_combination: 1, losing_stage: 1 },
      },
      'weights.additional_combination',
      'field "weights.additional_combination" is missing: expected a number from 0.000001 to 1000000 (M4)',
      'le champ "weights.additional_combination" est absent : attendu un nombre de 0,000001 à 1000000 (M4)',
    ],
    [
      'an unknown generator version',
      { generator: 'instant-lab-gen/3' },
      'generator',
      'field "generator" is "instant-lab-gen/3": expected "instant-lab-gen/1" or "instant-lab-gen/2" (R5)',
      'attendu "instant-lab-gen/1" ou "instant-lab-gen/2" (R5)',
    ],
    [
      'an unknown version of the file format',
      { format: 'instant-lab-presentation/2' },
      'format',
      'field "format" is "instant-lab-presentation/2": version 2 of the presentation settings format is unknown to this build: expected "instant-lab-presentation/1"',
      'la version 2 du format des réglages de présentation est inconnue',
    ],
    [
      'another kind of file (a scenario)',
      { format: 'instant-lab-scenario/1' },
      'format',
      'not an Instant Lab presentation settings file: field "format" is "instant-lab-scenario/1": expected "instant-lab-presentation/1"',
      "ce n'est pas un fichier de réglages de présentation Instant Lab",
    ],
    [
      'an unknown game',
      { game: 'bingo' },
      'game',
      'field "game" is "bingo": expected "mine-d-or" or "les-3-gongs"',
      'le champ "game" vaut "bingo" : attendu "mine-d-or" ou "les-3-gongs"',
    ],
    [
      'an unknown M6 reading',
      { m6_reading: 'loose' },
      'm6_reading',
      'field "m6_reading" is "loose": expected "default" or "strict" (M6)',
      'attendu "default" ou "strict" (M6)',
    ],
    [
      'levels without the stake they are for',
      { weights: { ...JSON.parse(fileText({})).weights, by_prize: { '2000': { losing_stage: 0.1 } } } },
      'stake_cents',
      'field "stake_cents" is missing: expected 50, 100 or 200 (the stake in cents whose prize levels the weights name, art. 2), since the weights name prize levels',
      'le champ "stake_cents" est absent',
    ],
  ] as const)('refuses %s, naming the field, what was found and what is expected', ([, changes, field, en, fr]) => {
    const p = problems(fileText(changes));
    expect(p.map((x) => x.field)).toEqual([field]);
    expect(p[0]!.message).toBe(en);
    expect(p[0]!.fr).toContain(fr);
  });

  it('refuses Bonus shares outside 0–1 and a strict M6 reading for Les 3 Gongs', () => {
    const p = problems(
      fileText(
        { m6_reading: 'strict', stake_cents: 50, weights: { bonus_share: 1.5, bonus_share_by_prize: { '300': -1 } } },
        'les-3-gongs',
      ),
    );
    expect(p.map((x) => x.message)).toEqual([
      'field "m6_reading" is "strict": expected no such field in settings of Les 3 Gongs (M6 is a reading of the Mine d\'or rules), or "default"',
      'field "weights.bonus_share" is 1.5: expected a share from 0 to 1 (G2)',
      'field "weights.bonus_share_by_prize.300" is -1: expected a share from 0 to 1 (G2)',
    ]);
  });

  it('refuses what is not JSON, and a file over the limit before parsing it', () => {
    expect(problems('{"format":')[0]!.message).toMatch(/^not JSON read one way only: /);
    expect(problems(' '.repeat(MAX_PRESENTATION_BYTES + 1))[0]!.message).toBe(
      `the file holds ${MAX_PRESENTATION_BYTES + 1} bytes: a presentation settings file holds at most ${MAX_PRESENTATION_BYTES} bytes`,
    );
  });

  it('reads a file one way only: a key twice is refused, naming it; one byte-order mark is dropped, not two', () => {
    const text = presentationToJson({
      game: 'les-3-gongs',
      stakeCents: null,
      generatorVersion: 2,
      m6Strict: false,
      weights: undefined,
    });
    const twice = text.replace('"game":', '"game":"mine-d-or","game":');
    expect(problems(twice)).toEqual([
      {
        field: '(file)',
        message: expect.stringMatching(
          /^not JSON read one way only: the key "game" appears twice in one object/,
        ) as unknown,
        fr: expect.stringMatching(
          /^ce n'est pas du JSON à une seule lecture : la clé "game" figure deux fois/,
        ) as unknown,
      },
    ]);
    expect(parsePresentationJson(`\uFEFF${text}`).ok).toBe(true);
    expect(problems(`\uFEFF\uFEFF${text}`)[0]!.message).toMatch(/^not JSON read one way only: /);
  });

  it('refuses at most 200 weighted levels before reading them', () => {
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [String(i + 1), 0.5]));
    const r = readWeightsJson('les-3-gongs', { bonus_share: 0.2, bonus_share_by_prize: many }, 'weights');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]!.message).toBe(
      'field "weights.bonus_share_by_prize" names 201 levels: expected at most 200',
    );
  });

  it('says why settings cannot be used for a table: another game, another stake, an unknown level', () => {
    const f: PresentationFile = {
      game: 'les-3-gongs',
      stakeCents: 50,
      generatorVersion: 2,
      m6Strict: false,
      weights: { gongs: { bonusShare: DEFAULT_GONGS_WEIGHTS.bonusShare, bonusShareByPrize: { 999: 1 } } },
    };
    expect(presentationProblemsFor(f, mineTable)[0]!.message).toBe(
      'these presentation settings are for Les 3 Gongs (field "game" is "les-3-gongs"): expected settings of Mine d\'or, the game of the blocks',
    );
    expect(presentationProblemsFor(f, mineTable)[0]!.fr).toBe(
      'ces réglages de présentation sont ceux de Les 3 Gongs (le champ "game" vaut "les-3-gongs") : attendu des réglages de Mine d\'or, le jeu des blocs',
    );
    expect(presentationProblemsFor(f, officialTable('les-3-gongs', 200))[0]!.message).toBe(
      'these presentation settings weigh the prize levels of the €0.50 stake (field "stake_cents" is 50): expected the stake of the blocks, €2.00',
    );
    const unknown = presentationProblemsFor(f, gongsTable);
    expect(unknown.map((p) => p.field)).toEqual(['weights.bonus_share_by_prize.999']);
    expect(unknown[0]!.message).toMatch(
      /weighs the prize €9\.99, which is no level of this table: expected one of €3,000\.00, /,
    );
    expect(unknown[0]!.fr).toMatch(/pondère le lot 9,99\u00a0€, qui n'est pas un niveau de ce tableau/);
    expect(presentationProblemsFor({ ...f, weights: undefined }, gongsTable)).toEqual([]);
  });
});

describe('presentation weights: one bound on the command line and on screen (M4)', () => {
  it.each([1e300, 1e308, 1e-300, 2_000_000])('a weight of %s is refused by the engine', (w) => {
    const file = JSON.parse(
      presentationToJson({
        game: 'mine-d-or',
        stakeCents: null,
        generatorVersion: 2,
        m6Strict: false,
        weights: { mineDor: { ...DEFAULT_MINE_DOR_WEIGHTS, additionalCombination: 2 } },
      }),
    ) as { weights: { winning_extras: number[] } };
    expect(parsePresentationJson(JSON.stringify(file)).ok).toBe(true);
    file.weights.winning_extras[0] = w;
    const r = parsePresentationJson(JSON.stringify(file));
    expect(r.ok).toBe(false);
  });
});

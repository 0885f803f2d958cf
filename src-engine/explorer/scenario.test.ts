import { describe, expect, it } from 'vitest';
import { officialScenario, scenarioTable } from './scenario';
import { parseScenarioJson, scenarioToJson } from './scenario-file';
import { validateScenario } from './scenario-validation';
import { analyseTable } from './table-analysis';
import type { Scenario } from './scenario';
import { officialTable } from '../rules/load';

const mine = (): Scenario => officialScenario('mine-d-or', 50);
const gongs = (): Scenario => officialScenario('les-3-gongs', 50);

describe('analyseTable: exact figures (docs/rules.md "Derived")', () => {
  it('Mine d’or 0,50 €: RTP 70 %, hit rate 19.8665 % (1 in 5.0336), sd 17.02 stakes, top lot 15,000 stakes', () => {
    const a = analyseTable(officialTable('mine-d-or', 50));
    expect(a.rtp).toBeCloseTo(0.7, 12);
    expect(a.hitRate).toBeCloseTo(0.198665, 12);
    expect(a.oneIn).toBeCloseTo(5.0336, 4);
    expect(a.sdStakes).toBeCloseTo(17.02, 2);
    expect(a.maxLotStakes).toBe(15_000);
    expect(a.insideBand).toBe(true);
    expect(a.bandSource).toMatch(/D\.322-10/);
    expect(a.levels.reduce((s, l) => s + l.rtpShare, 0)).toBeCloseTo(1, 12);
    // 100,020 lots of 0,50 € pay 50,010 € of 350,000 €
    expect(a.levels.at(-1)!.rtpShare).toBeCloseTo(50_010 / 350_000, 12);
  });

  it('Les 3 Gongs 0,50 €: RTP 69.993 %, 1 in 3.6766, sd 11.98 stakes', () => {
    const a = analyseTable(officialTable('les-3-gongs', 50));
    expect(a.rtp).toBeCloseTo(104_990 / 150_000, 12);
    expect(a.oneIn).toBeCloseTo(3.6766, 4);
    expect(a.sdStakes).toBeCloseTo(11.98, 2);
  });

  it('doubling the top prize of Mine d’or (7 500 € → 15 000 €) gives (350,000 + 7,500) / 500,000 = 71.5 %', () => {
    const s = mine();
    s.levels[0]!.prizeCents = 1_500_000;
    expect(validateScenario(s)).toEqual([]);
    expect(analyseTable(scenarioTable(s)).rtp).toBeCloseTo(0.715, 12);
  });

  it('legal band (CSI art. D.322-10, 65–75 %): 80 % is outside, 75 % exactly is inside', () => {
    const t = { ...officialTable('les-3-gongs', 50), blockUnits: 300_000 };
    const at = (totalCents: number) => analyseTable({ ...t, levels: [{ prizeCents: 50, lots: totalCents / 50 }] });
    expect(at(0.8 * 150_000 * 100).insideBand).toBe(false);
    expect(at(0.75 * 150_000 * 100).insideBand).toBe(true);
    expect(at(0.6 * 150_000 * 100).insideBand).toBe(false);
  });

  it('payout curve: P(unit wins ≥ x) is the cumulative share of lots from the top', () => {
    const a = analyseTable(officialTable('mine-d-or', 50));
    expect(a.payoutCurve[0]).toEqual({ prizeCents: 750_000, pAtLeast: 1 / 1_000_000 });
    expect(a.payoutCurve.at(-1)!.pAtLeast).toBeCloseTo(0.198665, 12);
    for (let i = 1; i < a.payoutCurve.length; i++) {
      expect(a.payoutCurve[i]!.pAtLeast).toBeGreaterThan(a.payoutCurve[i - 1]!.pAtLeast);
    }
  });
});

describe('validateScenario: every problem, each named', () => {
  it('the six official tables have no problem', () => {
    for (const g of ['mine-d-or', 'les-3-gongs'] as const)
      for (const st of [50, 100, 200] as const) expect(validateScenario(officialScenario(g, st))).toEqual([]);
  });

  it('reports negative and fractional lots, bad amounts, duplicates, too many lots and block size together', () => {
    const s = {
      name: 'broken',
      game: 'mine-d-or',
      stakeCents: 50,
      blockUnits: 100,
      levels: [
        { prizeCents: 1000, lots: -1 },
        { prizeCents: 500, lots: 2.5 },
        { prizeCents: 0, lots: 1 },
        { prizeCents: 12.5, lots: 1 },
        { prizeCents: 1000, lots: 200 },
      ],
    };
    const codes = validateScenario(s).map((p) => `${p.code}@${p.level}`);
    expect(codes).toEqual([
      'lots-negative@0',
      'lots-not-integer@1',
      'amount-not-positive@2',
      'amount-not-cents@3',
      'amount-duplicate@4',
      'too-many-lots@-1',
    ]);
    const msgs = validateScenario(s).map((p) => p.message);
    expect(msgs[4]).toMatch(/level 5: €10\.00 already is level 1/);
    expect(msgs[5]).toMatch(/202 lots for 100 units/);
  });

  it('block size must be 1..10,000,000', () => {
    for (const b of [0, 10_000_001, 1.5]) {
      expect(validateScenario({ ...mine(), blockUnits: b, levels: [] }).map((p) => p.code)).toEqual(['block-size']);
    }
    expect(validateScenario({ ...mine(), blockUnits: 10_000_000 })).toEqual([]);
  });

  it('M4: Mine d’or cannot show 0,30 €, and says why', () => {
    const s = mine();
    s.levels.push({ prizeCents: 30, lots: 5 });
    const p = validateScenario(s);
    expect(p).toHaveLength(1);
    expect(p[0]!.code).toBe('unreachable-mine-d-or');
    expect(p[0]!.level).toBe(12);
    expect(p[0]!.message).toBe('level 13: no combination of gains (art. 4.4–4.6, M4) adds up to €0.30');
  });

  it('G1: Les 3 Gongs cannot show 0,20 € at 0,50 € (two fifths: a Bonus is three positive fifths)', () => {
    const s = gongs();
    s.levels.push({ prizeCents: 20, lots: 5 });
    const p = validateScenario(s);
    expect(p.map((x) => x.code)).toEqual(['unreachable-les-3-gongs']);
    expect(p[0]!.message).toMatch(
      /neither a symbol \(art\. 4\.3\.1\) nor a Bonus of positive fifths of the stake \(G1, fifth = €0\.10\) gives €0\.20/,
    );
    // 0,30 € = three fifths: reachable through the Bonus (G1)
    s.levels[s.levels.length - 1]!.prizeCents = 30;
    expect(validateScenario(s)).toEqual([]);
  });

  it('a wrong shape is reported with its path', () => {
    const p = validateScenario({ name: 'x', game: 'loto', stakeCents: 70, blockUnits: 10, levels: 'none' });
    expect(p.map((x) => x.params.path)).toEqual(['game', 'stakeCents', 'levels']);
  });
});

describe('scenario files', () => {
  it('round-trip through JSON', () => {
    const s = mine();
    s.name = 'double top';
    s.levels[0]!.prizeCents = 1_500_000;
    const r = parseScenarioJson(scenarioToJson(s));
    expect(r).toEqual({ ok: true, scenario: s });
  });

  it('refuse malformed JSON, another format, and an impossible scenario, naming each problem', () => {
    const bad = parseScenarioJson('{ "format": ');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]!.message).toMatch(/^not JSON/);
    // a key twice: JSON.parse would keep the last lots, another reader the first
    const twice = scenarioToJson(mine()).replace('"lots":', '"lots":1,"lots":');
    const dup = parseScenarioJson(twice);
    expect(dup.ok).toBe(false);
    if (!dup.ok) {
      expect(dup.problems[0]!.message).toMatch(
        /^not JSON read one way only: the key "scenario\.levels\[0\]\.lots" appears twice/,
      );
      expect(dup.problems[0]!.fr).toMatch(
        /^ce n'est pas du JSON à une seule lecture : la clé "scenario\.levels\[0\]\.lots"/,
      );
    }
    const other = parseScenarioJson(JSON.stringify({ format: 'x', scenario: mine() }));
    expect(other.ok).toBe(false);
    const s = gongs();
    s.levels.push({ prizeCents: 20, lots: 1 }, { prizeCents: 20, lots: -3 });
    const imp = parseScenarioJson(scenarioToJson(s));
    expect(imp.ok).toBe(false);
    if (!imp.ok)
      expect(imp.problems.map((p) => p.code)).toEqual([
        'unreachable-les-3-gongs',
        'lots-negative',
        'amount-duplicate', // listed once: its unreachability was said at its first level
      ]);
  });
});

describe('bounded parsing', () => {
  it('amounts of 2^53 cents or more are refused as too large, never analysed (1e21, 1e300)', () => {
    for (const prizeCents of [2 ** 53, 1e21, 1e300]) {
      const s = mine();
      s.levels[0]!.prizeCents = prizeCents;
      const p = validateScenario(s);
      expect(p.map((x) => `${x.code}@${x.level}`)).toEqual(['amount-too-large@0']);
      expect(p[0]!.message).toMatch(
        /^level 1: .* cents is too large to count exactly \(at most 9007199254740991 cents\)$/,
      );
      expect(p[0]!.fr).toMatch(/^niveau 1 : .* centimes, trop grand pour être compté exactement/);
    }
  });

  it('a total paid beyond 2^53 cents is refused; lots beyond any block size are refused per level', () => {
    const s: Scenario = {
      ...gongs(),
      blockUnits: 10_000_000,
      levels: [{ prizeCents: 4e15, lots: 3 }],
    };
    expect(validateScenario(s).map((p) => p.code)).toEqual(['total-too-large']);
    const t = gongs();
    t.levels[0]!.lots = 1e300;
    expect(validateScenario(t).map((p) => `${p.code}@${p.level}`)).toEqual(['lots-too-large@0']);
  });

  it('a million levels are refused at once, without reading one, in one problem', () => {
    const levels = Array.from({ length: 1_000_000 }, () => ({ prizeCents: 'x', lots: -1 }));
    const p = validateScenario({ ...mine(), levels });
    expect(p).toHaveLength(1);
    expect(p[0]!.code).toBe('too-many-levels');
    expect(p[0]!.message).toBe('1000000 levels: a table has at most 200 levels');
    expect(p[0]!.fr).toBe('1\u202f000\u202f000 niveaux : un tableau compte au plus 200 niveaux');
  });

  it('a file over 1 MiB is refused before it is parsed, naming its size', () => {
    const text = `{"format":"instant-lab-scenario/1","scenario":{"levels":[${'{"prizeCents":1,"lots":1},'.repeat(60_000)}]}}`;
    const r = parseScenarioJson(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map((x) => x.code)).toEqual(['file-too-large']);
      expect(r.problems[0]!.message).toMatch(/^the file holds \d+ bytes: a scenario file holds at most 1048576 bytes$/);
    }
  });

  it('wrong shapes are said in words in both languages, with the level they concern, each once', () => {
    const p = validateScenario({
      name: 7,
      game: 'mine-d-or',
      stakeCents: 50,
      blockUnits: '100',
      levels: [{ prizeCents: '5', lots: 1 }, null, { prizeCents: 500 }],
    });
    expect(p.map((x) => `${x.code}@${x.level}`)).toEqual([
      'shape@-1',
      'block-size@-1',
      'amount-not-cents@0',
      'shape@1',
      'lots-not-integer@2',
    ]);
    expect(p.map((x) => x.message)).toEqual([
      'name: expected a text of at most 200 characters, got 7',
      'block size "100" is not a whole number from 1 to 10000000',
      'level 1: "5" cents is not a whole number of cents',
      'levels.1: expected a level {prizeCents, lots}, got null',
      'level 3: nothing lots is not a whole number',
    ]);
    expect(p[4]!.fr).toBe('niveau 3 : rien lots, pas un nombre entier');
  });
});

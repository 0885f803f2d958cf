/**
 * Streaming verification of a block export (README "Export schema"; `npm run export` or the
 * compliance screen), JSON Lines or CSV, whether untouched or edited by hand.
 *
 * Text is fed in chunks of any size ({@link ExportVerifier.feed}) and the verdict read at the end
 * ({@link ExportVerifier.finish}); memory stays bounded whatever the file. Every line is checked
 * field by field with a precise message (`line 12: field "main": expected 9 symbol ids, got 8`);
 * each unit's lot is re-derived from what it shows by the evaluator (R4, explainUnit) and compared
 * with its `prize_cents`; each reference's check characters are checked (R3) and must name this
 * block and this index; indexes must run 0, 1, 2, …; optionally each unit is compared with the
 * block regenerated from its seed (R1, iterateUnits in chunks); and a complete block's counts per
 * level are reconciled with the official table (art. 3, R4). Only the first 100 discrepancies are
 * described (all are counted). Nothing here ever throws on malformed input.
 *
 * A header that names no generator of ours, or no seed, marks a **foreign block** (issue 14,
 * item 3; README « Foreign blocks »): nothing can be regenerated, so its units are re-derived from
 * what they show (R4), its counts reconciled with the official table, and its placement tested; a
 * failing overall placement verdict makes it not conforming. References are optional there.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import { GENERATOR_VERSIONS, generatorId, isGeneratorVersion, isM6Strict, officialBlock } from '../block/spec';
import type { BlockSpec } from '../block/spec';
import { iterateUnits } from '../block/iterate-units';
import type { PresentationWeights } from '../games/registry';
import { readWeightsJson, weightsLevelProblems } from '../presentation/weights-json';
import { csvColumns, refOf } from '../export/unit-lines';
import { explainUnit } from '../games/explain';
import type { UnitView } from '../games/unit-view';
import { formatEuros } from '../money/format';
import { enInt, frInt } from '../i18n/localized-text';
import { InputError } from '../block/input-error';
import { blockOfRef, parseUnitRef } from '../ref/unit-ref';
import type { GameId, StakeCents } from '../rules/types';
import { GAME_IDS, STAKES } from '../rules/types';
import { LOSING_LEVEL } from '../stats/placement-tests';
import { placementOfLevels } from '../stats/placement-of-levels';
import type { PlacementVerdict } from '../stats/placement-of-levels';

export const MAX_DISCREPANCIES = 100;
/** A line longer than this is reported and skipped, never held in memory. */
export const MAX_LINE_CHARS = 64 * 1024;
/** Units regenerated at a time when comparing with the generator. */
const REGEN_CHUNK = 10_000;

export interface Discrepancy {
  /** 1-based line number in the file, or null for the file as a whole. */
  readonly line: number | null;
  readonly index?: number;
  readonly field?: string;
  /** The reference (R3) of the unit the line should hold, when the block is known. */
  readonly ref?: string;
  /** The value the field should hold (as in the file: JSON or CSV text), when known. */
  readonly expected?: string;
  /** When `expected` describes a missing field in words rather than a value: the same words in French. */
  readonly expectedFr?: string;
  /** The value the file holds in that field. */
  readonly found?: string;
  /** The whole message, starting with "line N:" when it concerns a line. */
  readonly message: string;
  /** The same message in French, starting with « ligne N : » when it concerns a line. */
  readonly fr: string;
}

export interface LevelCount {
  /** 0 for losing units. */
  readonly prizeCents: number;
  readonly official: number;
  readonly found: number;
}

/**
 * What a checked file turned out to be: an export of this application that conforms, one that does
 * not (each discrepancy listed), or no export at all (empty, header only, unreadable header, binary,
 * a pretty-printed JSON file…), whose reason is given instead of discrepancies.
 */
export type VerifyVerdict = 'conforming' | 'not-conforming' | 'not-an-export';

export interface VerifyResult {
  readonly ok: boolean;
  readonly verdict: VerifyVerdict;
  /** Why the file is not an export (English and French), when `verdict` is `not-an-export`. */
  readonly notAnExport: { readonly message: string; readonly fr: string } | null;
  readonly format: 'jsonl' | 'csv' | null;
  readonly game: GameId | null;
  readonly stakeCents: number | null;
  readonly seed: number | null;
  readonly generator: string | null;
  /**
   * A block this application did not make (its header names no generator of ours, or no seed):
   * not regenerated, references optional, and its placement verdict is part of its conformity.
   */
  readonly foreign: boolean;
  /**
   * The header states presentation weights other than the defaults (M4, G2,
   * `presentation_weights`): the block is regenerated with them.
   */
  readonly customWeights: boolean;
  /** Lines read, header included, empty last line excluded. */
  readonly lines: number;
  /** Unit lines read (well-formed or not). */
  readonly unitLines: number;
  /** Units whose line was well-formed and whose lot the evaluator re-derived equal to prize_cents. */
  readonly unitsVerified: number;
  readonly expectedUnits: number | null;
  readonly complete: boolean;
  /** Units also compared with the block regenerated from its seed. */
  readonly regenerated: number;
  readonly paidCents: number;
  readonly counts: readonly LevelCount[];
  /** Whether the counts equal the official table; null when the block is incomplete or unknown. */
  readonly countsMatch: boolean | null;
  readonly discrepancyCount: number;
  readonly discrepancies: readonly Discrepancy[];
  /**
   * The placement tests of the block read from the file (issue 14), with the overall Holm verdict
   * in `ok`; null when the file is not a complete block whose counts equal the table. Statistical
   * evidence beside the verdict for a block of ours (`ok` above does not depend on it); part of
   * the verdict for a foreign block.
   */
  readonly placement: PlacementVerdict | null;
}

export interface VerifyOptions {
  /** Compare every unit with the block regenerated from its seed (R1). Default true. */
  readonly regenerate?: boolean;
  readonly maxDiscrepancies?: number;
}

type Parsed = { index: number; ref: string | null; prize: number; view: UnitView };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const show = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'nothing' : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

/** Thrown inside the verifier only, to stop checking one line; always caught there. */
class LineError {
  constructor(
    readonly field: string | undefined,
    readonly message: string,
    readonly fr: string,
    public expected?: string,
    public found?: string,
    public expectedFr?: string,
  ) {}
}

const fieldError = (field: string, message: string, fr: string, expected?: string, found?: string): LineError =>
  new LineError(field, `field "${field}": ${message}`, `champ "${field}" : ${fr}`, expected, found);
/** A value as the file shows it (JSON text; nothing for a missing value). */
const asFound = (v: unknown): string => (v === undefined ? '' : (JSON.stringify(v) ?? String(v)));
/** An error's message in French when it has one (an {@link InputError}), else as it is. */
const frOf = (e: unknown): string => (e instanceof InputError ? e.fr : e instanceof Error ? e.message : String(e));
/** How a value found is shown in French (« rien » for nothing). */
const showFr = (v: unknown): string => (v === undefined ? 'rien' : show(v));

export class ExportVerifier {
  private readonly regenerate: boolean;
  private readonly maxDiscrepancies: number;
  private buffer = '';
  private skippingLongLine = false;
  private lineNo = 0;
  private format: 'jsonl' | 'csv' | null = null;
  private spec: BlockSpec | null = null;
  private generator: string | null = null;
  /** A block this application did not make: no seed to regenerate from, references optional. */
  private foreign = false;
  /** The presentation weights the header states (M4, G2); undefined: the documented defaults. */
  private weights: PresentationWeights | undefined;
  /** The file cannot be verified further (no header, unknown game…): lines are only counted. */
  private dead = false;
  private nextIndex = 0;
  private unitLines = 0;
  private unitsVerified = 0;
  private regenerated = 0;
  private paidCents = 0;
  private levelFound: number[] = [];
  private discrepancyCount = 0;
  private readonly discrepancies: Discrepancy[] = [];
  private regenFrom = -1;
  private regenLines: string[] = [];
  private sawBinary = false;
  private finished: VerifyResult | null = null;
  private bytes = 0;

  constructor(options: VerifyOptions = {}) {
    this.regenerate = options.regenerate ?? true;
    this.maxDiscrepancies = options.maxDiscrepancies ?? MAX_DISCREPANCIES;
  }

  /** Characters fed so far (for progress). */
  get charsRead(): number {
    return this.bytes;
  }

  /** Lines read so far. */
  get linesRead(): number {
    return this.lineNo;
  }

  /** Feeds the next piece of the file's text. */
  feed(chunk: string): void {
    if (this.finished) return;
    this.bytes += chunk.length;
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', start);
      if (nl < 0) break;
      const piece = chunk.slice(start, nl);
      start = nl + 1;
      if (this.skippingLongLine) {
        this.skippingLongLine = false;
        this.buffer = '';
        continue;
      }
      const line = this.buffer + piece;
      this.buffer = '';
      this.line(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (this.skippingLongLine) return;
    this.buffer += chunk.slice(start);
    if (this.buffer.length > MAX_LINE_CHARS) {
      // Reported (and counted as a line) at once; the rest of it, up to its line end, is skipped.
      this.line(this.buffer);
      this.buffer = '';
      this.skippingLongLine = true;
    }
  }

  /** Ends the file and returns the verdict (idempotent). */
  finish(): VerifyResult {
    if (this.finished) return this.finished;
    if (this.buffer.length > 0 && !this.skippingLongLine) {
      const last = this.buffer;
      this.buffer = '';
      const lineNo = this.lineNo + 1;
      this.line(last);
      if (this.format === 'jsonl' && !this.dead && this.spec) {
        this.report(
          lineNo,
          undefined,
          undefined,
          'the file ends without a line end: it may have been cut short',
          'le fichier se termine sans fin de ligne : il a peut-être été tronqué',
        );
      }
    }
    if (this.lineNo === 0)
      this.report(
        null,
        undefined,
        undefined,
        'the file is empty: expected a JSONL or CSV export of a block',
        "le fichier est vide : attendu un export JSONL ou CSV d'un bloc",
      );
    else if (this.unitLines === 0 && !this.dead && this.format !== null)
      this.report(
        null,
        undefined,
        undefined,
        'the file holds no unit line: expected one line per unit of the block',
        "le fichier ne contient aucune ligne d'unité : attendu une ligne par unité du bloc",
      );
    const expectedUnits = this.spec ? this.spec.table.blockUnits : null;
    const complete = expectedUnits !== null && this.nextIndex === expectedUnits && !this.dead;
    if (expectedUnits !== null && !this.dead && this.nextIndex < expectedUnits && this.nextIndex > 0) {
      this.report(
        null,
        undefined,
        undefined,
        `the file ends after ${enInt(this.nextIndex)} unit(s) (last index ${enInt(this.nextIndex - 1)}): a block has ${enInt(expectedUnits)} units (art. 2); the file is truncated`,
        `le fichier s'arrête après ${frInt(this.nextIndex)} unité(s) (dernier indice ${frInt(this.nextIndex - 1)}) : un bloc compte ${frInt(expectedUnits)} unités (art. 2) ; le fichier est tronqué`,
      );
    }
    let counts: LevelCount[] = [];
    let countsMatch: boolean | null = null;
    if (this.spec) {
      const t = this.spec.table;
      const officialLosing = t.blockUnits - t.levels.reduce((s, l) => s + l.lots, 0);
      counts = [
        ...t.levels.map((l, i) => ({ prizeCents: l.prizeCents, official: l.lots, found: this.levelFound[i] ?? 0 })),
        { prizeCents: 0, official: officialLosing, found: this.levelFound[t.levels.length] ?? 0 },
      ];
      if (complete) {
        countsMatch = counts.every((c) => c.found === c.official);
        for (const c of counts) {
          if (c.found !== c.official) {
            this.report(
              null,
              undefined,
              undefined,
              `${c.prizeCents === 0 ? 'losing units' : `lots of ${formatEuros(c.prizeCents, 'en')}`}: the table has ${enInt(c.official)} (art. 3), the file ${enInt(c.found)} (R4)`,
              `${c.prizeCents === 0 ? 'unités perdantes' : `lots de ${formatEuros(c.prizeCents, 'fr')}`} : ${frInt(c.official)} dans le tableau (art. 3), ${frInt(c.found)} dans le fichier (R4)`,
              { expected: String(c.official), found: String(c.found) },
            );
          }
        }
      }
    }
    let placement: PlacementVerdict | null = null;
    if (this.spec && this.levels && complete && countsMatch === true) {
      try {
        placement = placementOfLevels(this.levels, this.spec.table);
      } catch (e) {
        // a block whose counts equal the table always has its placement tested; anything else is a bug
        if (!(e instanceof InputError)) throw e;
      }
    }
    if (this.foreign && placement && !placement.ok) {
      // a foreign block has no seed to regenerate from: where its winners sit is part of its verdict
      const failed = placement.tests.filter((t) => !t.ok).map((t) => t.name);
      const names = failed.length > 0 ? failed.join(', ') : 'none alone';
      this.report(
        null,
        undefined,
        'placement',
        `foreign block: the placement tests reject it (Holm–Bonferroni at 1 %); failing alone at 1 %: ${names}`,
        `bloc étranger : les tests de placement le rejettent (Holm–Bonferroni à 1 %) ; en échec seuls à 1 % : ${failed.length > 0 ? failed.join(', ') : 'aucun seul'}`,
        { expected: 'pass', found: 'fail' },
      );
    }
    const ok = this.discrepancyCount === 0 && complete && countsMatch === true && (!this.foreign || placement !== null);
    // not an export: nothing in it could be read as a header followed by unit lines
    const first = this.discrepancies[0];
    const notAnExport =
      !ok && (this.unitLines === 0 || (this.dead && this.spec === null && this.csvGame === null)) && first
        ? { message: first.message, fr: first.fr }
        : null;
    this.finished = {
      ok,
      verdict: ok ? 'conforming' : notAnExport ? 'not-an-export' : 'not-conforming',
      notAnExport,
      format: this.format,
      game: this.spec?.game ?? null,
      stakeCents: this.spec?.stakeCents ?? null,
      seed: this.foreign ? null : (this.spec?.seed ?? null),
      generator: this.generator,
      foreign: this.foreign,
      customWeights: this.weights !== undefined,
      lines: this.lineNo,
      unitLines: this.unitLines,
      unitsVerified: this.unitsVerified,
      expectedUnits,
      complete,
      regenerated: this.regenerated,
      paidCents: this.paidCents,
      counts,
      countsMatch,
      discrepancyCount: this.discrepancyCount,
      discrepancies: this.discrepancies,
      placement,
    };
    return this.finished;
  }

  private report(
    line: number | null,
    index: number | undefined,
    field: string | undefined,
    text: string,
    fr: string,
    values: { expected?: string | undefined; found?: string | undefined; expectedFr?: string | undefined } = {},
  ): void {
    this.discrepancyCount++;
    if (this.discrepancies.length >= this.maxDiscrepancies) return;
    const spec = this.spec;
    const ref =
      spec && !this.foreign && index !== undefined && index < spec.table.blockUnits ? refOf(spec, index) : undefined;
    this.discrepancies.push({
      line,
      ...(index !== undefined ? { index } : {}),
      ...(field !== undefined ? { field } : {}),
      ...(ref !== undefined ? { ref } : {}),
      ...(values.expected !== undefined ? { expected: values.expected } : {}),
      ...(values.expectedFr !== undefined ? { expectedFr: values.expectedFr } : {}),
      ...(values.found !== undefined ? { found: values.found } : {}),
      message: line === null ? text : `line ${line}: ${text}`,
      fr: line === null ? fr : `ligne ${line} : ${fr}`,
    });
  }

  private line(text: string): void {
    this.lineNo++;
    const n = this.lineNo;
    // a file that can no longer be checked (not an export, unreadable header): lines are only counted
    if (this.dead) return;
    if (text.length > MAX_LINE_CHARS) {
      this.report(
        n,
        undefined,
        undefined,
        `longer than ${enInt(MAX_LINE_CHARS)} characters: not a line of a block export`,
        `plus de ${frInt(MAX_LINE_CHARS)} caractères : ce n'est pas une ligne d'export de bloc`,
      );
      if (this.format === null) this.dead = true;
      else if (!this.dead) {
        this.unitLines++;
        this.nextIndex++;
      }
      return;
    }
    if (text.trim() === '') {
      this.report(
        n,
        undefined,
        undefined,
        'empty line: every line of an export is a header or a unit',
        "ligne vide : chaque ligne d'un export est un en-tête ou une unité",
      );
      return;
    }
    // NUL, other C0 controls but tab, or U+FFFD (bytes that were not UTF-8): not text.
    if (/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) {
      if (!this.sawBinary || this.lineNo === 1)
        this.report(
          n,
          undefined,
          undefined,
          'holds binary data (control bytes or bytes that are not UTF-8): not a text export',
          "contient des données binaires (octets de contrôle ou octets non UTF-8) : ce n'est pas un export texte",
        );
      else this.discrepancyCount++;
      this.sawBinary = true;
      if (this.format === null) this.dead = true;
      if (!this.dead) this.unitLines++;
      if (!this.dead) this.nextIndex++;
      return;
    }
    if (this.dead) return;
    if (this.format === null) {
      this.header(text, n);
      return;
    }
    this.unitLines++;
    const expected = this.nextIndex;
    this.nextIndex++;
    try {
      const u = this.format === 'jsonl' ? this.parseJsonl(text) : this.parseCsv(text);
      this.checkUnit(u, expected);
    } catch (e) {
      if (e instanceof LineError)
        this.report(n, expected, e.field, e.message, e.fr, {
          expected: e.expected,
          found: e.found,
          expectedFr: e.expectedFr,
        });
      else
        this.report(
          n,
          expected,
          undefined,
          `could not be checked: ${e instanceof Error ? e.message : String(e)}`,
          `n'a pas pu être vérifiée : ${frOf(e)}`,
        );
    }
  }

  private header(text: string, n: number): void {
    const t = text.replace(/^\ufeff/, '');
    if (t.trimStart().startsWith('{')) {
      this.format = 'jsonl';
      let h: unknown;
      try {
        h = JSON.parse(t);
      } catch {
        this.dead = true;
        this.report(
          n,
          undefined,
          undefined,
          'the first line is not a JSON object on one line: an export starts with its header {"game":…} on one line, then one line per unit (a JSON file spread over several lines is not an export)',
          'la première ligne n\'est pas un objet JSON sur une ligne : un export commence par son en-tête {"game":…} sur une ligne, puis une ligne par unité (un fichier JSON sur plusieurs lignes n\'est pas un export)',
        );
        return;
      }
      if (typeof h !== 'object' || h === null || Array.isArray(h)) {
        this.dead = true;
        this.report(
          n,
          undefined,
          undefined,
          'header: expected a JSON object with game, stake_cents, seed, generator, units',
          'en-tête : attendu un objet JSON avec game, stake_cents, seed, generator, units',
        );
        return;
      }
      const o = h as Record<string, unknown>;
      const fail = (field: string, msg: string, fr: string): void => {
        this.dead = true;
        this.report(n, undefined, field, `header: field "${field}": ${msg}`, `en-tête : champ "${field}" : ${fr}`);
      };
      if ('index' in o)
        return fail(
          'game',
          'missing: the first line is a unit, not the header {"game":…,"stake_cents":…}',
          'absent : la première ligne est une unité, pas l\'en-tête {"game":…,"stake_cents":…}',
        );
      if ('table' in o)
        return fail(
          'table',
          'the export is of a scenario table (`--table`): only blocks of the official tables can be verified (references name official blocks only, R3)',
          "l'export est celui d'un tableau de scénario (`--table`) : seuls les blocs des tableaux officiels peuvent être vérifiés (les références ne désignent que des blocs officiels, R3)",
        );
      if (ourGeneratorVersion(o.generator) === null || !('seed' in o)) {
        this.foreignHeader(o, n);
        return;
      }
      if (typeof o.game !== 'string' || !(GAME_IDS as readonly string[]).includes(o.game))
        return fail(
          'game',
          `expected "mine-d-or" or "les-3-gongs", got ${show(o.game)}`,
          `attendu "mine-d-or" ou "les-3-gongs", reçu ${showFr(o.game)}`,
        );
      if (!(STAKES as readonly unknown[]).includes(o.stake_cents))
        return fail(
          'stake_cents',
          `expected 50, 100 or 200 (art. 2), got ${show(o.stake_cents)}`,
          `attendu 50, 100 ou 200 (art. 2), reçu ${showFr(o.stake_cents)}`,
        );
      if (!isInt(o.seed) || o.seed < 0 || o.seed > 0xffffffff)
        return fail(
          'seed',
          `expected a whole number from 0 to 4294967295, got ${show(o.seed)}`,
          `attendu un nombre entier de 0 à 4\u202f294\u202f967\u202f295, reçu ${showFr(o.seed)}`,
        );
      // generic over the version the header names (R1, R5): any version this build regenerates
      const version = ourGeneratorVersion(o.generator)!;
      if (!isGeneratorVersion(version))
        return fail(
          'generator',
          `names version ${version} of our generator: expected ${GENERATOR_VERSIONS.join(' or ')} (R5)`,
          `désigne la version ${version} de notre générateur : attendu ${GENERATOR_VERSIONS.join(' ou ')} (R5)`,
        );
      // M6: a strict block says so; absent means the default reading
      if ('m6_reading' in o && !(o.game === 'mine-d-or' && o.m6_reading === 'strict'))
        return fail(
          'm6_reading',
          `expected "strict" in a Mine d'or export, or no such field (the default reading, M6), got ${show(o.m6_reading)}`,
          `attendu "strict" dans un export Mine d'or, ou pas de tel champ (lecture par défaut, M6), reçu ${showFr(o.m6_reading)}`,
        );
      const spec = officialBlock(o.game as GameId, o.stake_cents as StakeCents, o.seed, version, 'm6_reading' in o);
      if (o.units !== spec.table.blockUnits)
        return fail(
          'units',
          `expected ${enInt(spec.table.blockUnits)} (a ${o.game} block, art. 2), got ${show(o.units)}`,
          `attendu ${frInt(spec.table.blockUnits)} (un bloc ${o.game}, art. 2), reçu ${showFr(o.units)}`,
        );
      // M4, G2: a block made with other weights states them; it is regenerated with them
      if ('presentation_weights' in o) {
        const w = readWeightsJson(spec.game, o.presentation_weights, 'presentation_weights');
        const problems = w.ok
          ? weightsLevelProblems(spec.game, w.weights, spec.table, 'presentation_weights')
          : w.problems;
        const p = problems[0];
        if (p) {
          this.dead = true;
          this.report(n, undefined, 'presentation_weights', `header: ${p.message}`, `en-tête : ${p.fr}`);
          return;
        }
        this.weights = w.ok ? w.weights : undefined;
      }
      this.start(spec, generatorId(version));
      return;
    }
    const fields = this.csvFields(t);
    const game = GAME_IDS.find((g) => csvColumns(g).join(',') === fields?.join(','));
    if (!fields || !game) {
      this.dead = true;
      this.report(
        n,
        undefined,
        undefined,
        `header: expected a JSONL header {"game":…} or a CSV header "${csvColumns('les-3-gongs').join(',')}" (or the Mine d'or one), got ${show(t)}`,
        `en-tête : attendu un en-tête JSONL {"game":…} ou un en-tête CSV "${csvColumns('les-3-gongs').join(',')}" (ou celui de Mine d'or), reçu ${showFr(t)}`,
      );
      return;
    }
    this.format = 'csv';
    this.csvGame = game;
  }

  private csvGame: GameId | null = null;

  /** The header of a foreign block (README « Foreign blocks »): game, stake_cents, units required. */
  private foreignHeader(o: Record<string, unknown>, n: number): void {
    const fail = (field: string, msg: string, fr: string): void => {
      this.dead = true;
      this.report(
        n,
        undefined,
        field,
        `header of a foreign block (no generator of ours, or no seed): field "${field}": ${msg}`,
        `en-tête d'un bloc étranger (aucun générateur de cette application, ou pas de graine) : champ "${field}" : ${fr}`,
      );
    };
    const h = FOREIGN_HEADER.safeParse(o);
    if (!h.success) {
      const field = String(h.error.issues[0]!.path[0] ?? 'game');
      const v = o[field];
      const what = FOREIGN_HEADER_EXPECTED[field] ?? { en: 'a valid value', fr: 'une valeur valide' };
      return fail(field, `expected ${what.en}, got ${show(v)}`, `attendu ${what.fr}, reçu ${showFr(v)}`);
    }
    const { game, stake_cents: stake, units, generator } = h.data;
    const spec = officialBlock(game, stake, 0);
    if (units !== spec.table.blockUnits)
      return fail(
        'units',
        `expected ${enInt(spec.table.blockUnits)} (a ${game} block, art. 2), got ${enInt(units)}`,
        `attendu ${frInt(spec.table.blockUnits)} (un bloc ${game}, art. 2), reçu ${frInt(units)}`,
      );
    // the official table of that game and stake; the seed of this spec is never used (nothing is regenerated)
    this.foreign = true;
    this.start(spec, typeof generator === 'string' ? generator : null);
  }

  private start(spec: BlockSpec, generator: string | null): void {
    this.spec = spec;
    this.generator = generator;
    this.levelFound = new Array<number>(spec.table.levels.length + 1).fill(0);
    // the level of every unit, in index order, for the placement tests (1 byte a unit)
    this.levels = new Uint8Array(spec.table.blockUnits).fill(LOSING_LEVEL);
  }

  private levels: Uint8Array | null = null;

  private csvFields(line: string): string[] | null {
    const r = Papa.parse<string[]>(line, { header: false, skipEmptyLines: false });
    const row = r.data[0];
    if (r.errors.length > 0 || !Array.isArray(row)) return null;
    return row;
  }

  private parseJsonl(text: string): Parsed {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch (e) {
      throw new LineError(
        undefined,
        `not valid JSON (${(e as Error).message})`,
        `JSON non valide (${(e as Error).message})`,
      );
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new LineError(undefined, 'expected a JSON object (one unit)', 'attendu un objet JSON (une unité)');
    const o = v as Record<string, unknown>;
    const game = this.spec!.game;
    // A schema per game (issue 10): an unknown or missing field is a discrepancy of its line.
    const parsed = this.foreign
      ? game === 'mine-d-or'
        ? FOREIGN_MINE_LINE.safeParse(o)
        : FOREIGN_GONGS_LINE.safeParse(o)
      : game === 'mine-d-or'
        ? MINE_LINE.safeParse(o)
        : GONGS_LINE.safeParse(o);
    if (!parsed.success) {
      const err = lineErrorOf(game, o, parsed.error.issues[0]!);
      if (err.field !== undefined) {
        if (err.field in o) err.found ??= asFound(o[err.field]);
        if (err.expected === undefined && EXPECTED[err.field]) {
          // a missing field: what it should hold, in words, in both languages (the screen is French too)
          err.expected = EXPECTED[err.field]!.en;
          err.expectedFr = EXPECTED[err.field]!.fr;
        }
      }
      throw err;
    }
    const u = parsed.data;
    const view: UnitView =
      'main' in u
        ? { game: 'mine-d-or', main: u.main, extras: u.extras }
        : { game: 'les-3-gongs', gongs: u.gongs, bonusCents: u.bonus_cents };
    return { index: u.index, ref: u.ref ?? null, prize: u.prize_cents, view };
  }

  private parseCsv(text: string): Parsed {
    const f = this.csvFields(text);
    const cols = csvColumns(this.csvGame!);
    if (!f)
      throw new LineError(
        undefined,
        'not a valid CSV row (unbalanced quotes)',
        'ligne CSV non valide (guillemets non appariés)',
      );
    if (f.length !== cols.length)
      throw new LineError(
        undefined,
        `expected ${cols.length} fields (${cols.join(', ')}), got ${f.length}`,
        `${cols.length} champs attendus (${cols.join(', ')}), ${f.length} reçus`,
      );
    const int = (s: string, field: string, what: string, whatFr: string): number => {
      if (!/^\d+$/.test(s))
        throw fieldError(field, `expected ${what}, got ${show(s)}`, `attendu ${whatFr}, reçu ${showFr(s)}`);
      return Number(s);
    };
    const index = int(f[0]!, 'index', 'a whole number', 'un nombre entier');
    const ref = f[1]!;
    const prize = int(f[2]!, 'prize_cents', 'a whole number of cents ≥ 0', 'un nombre entier de centimes ≥ 0');
    if (!this.spec) {
      // A CSV export has no header object: the block is the one its first unit's reference names.
      try {
        const r = parseUnitRef(ref);
        if (r.game !== this.csvGame)
          throw fieldError(
            'ref',
            `names a ${r.game} unit in a ${this.csvGame} export`,
            `désigne une unité ${r.game} dans un export ${this.csvGame}`,
          );
        if (!isGeneratorVersion(r.generatorVersion))
          throw fieldError(
            'ref',
            `names generator version ${r.generatorVersion}: expected ${GENERATOR_VERSIONS.join(' or ')} (R5)`,
            `désigne la version de générateur ${r.generatorVersion} : attendu ${GENERATOR_VERSIONS.join(' ou ')} (R5)`,
          );
        this.start(blockOfRef(r), generatorId(r.generatorVersion));
      } catch (e) {
        if (e instanceof LineError) throw e;
        this.dead = true;
        throw fieldError(
          'ref',
          `${(e as Error).message}; the block of a CSV export is read from its first reference`,
          `${frOf(e)} ; le bloc d'un export CSV se lit dans sa première référence`,
        );
      }
    }
    const game = this.spec!.game;
    let view: UnitView;
    if (game === 'mine-d-or') {
      const main = gridText(f[3]!, 'main');
      const stages = int(f[4]!, 'extra_stages', 'a whole number from 0 to 3 (M3)', 'un nombre entier de 0 à 3 (M3)');
      if (stages > 3)
        throw fieldError(
          'extra_stages',
          `expected a whole number from 0 to 3 (M3), got ${stages}`,
          `attendu un nombre entier de 0 à 3 (M3), reçu ${stages}`,
        );
      const extras: string[][] = [];
      for (let k = 1; k <= 3; k++) {
        const cell = f[4 + k]!;
        if (k <= stages) extras.push(gridText(cell, `extra_${k}`));
        else if (cell !== '')
          throw fieldError(
            `extra_${k}`,
            `expected empty (extra_stages is ${stages}), got ${show(cell)}`,
            `attendu vide (extra_stages vaut ${stages}), reçu ${showFr(cell)}`,
          );
      }
      view = { game, main, extras };
    } else {
      const gongs = [f[3]!, f[4]!, f[5]!];
      gongs.forEach((g, k) => {
        if (g === '')
          throw fieldError(
            `gong_${k + 1}`,
            'expected a symbol id, got nothing',
            'attendu un identifiant de symbole, reçu rien',
          );
      });
      const b = [f[6]!, f[7]!, f[8]!];
      let bonus: number[] | null = null;
      if (b.some((x) => x !== ''))
        bonus = b.map((x, k) =>
          int(x, `bonus_${k + 1}_cents`, 'a whole number of cents (G1)', 'un nombre entier de centimes (G1)'),
        );
      view = { game, gongs, bonusCents: bonus };
    }
    return { index, ref, prize, view };
  }

  private checkUnit(u: Parsed, expected: number): void {
    const spec = this.spec!;
    if (u.index !== expected) {
      // Resynchronise on the line's own index, so one missing or extra line is one discrepancy.
      if (u.index >= 0 && u.index < spec.table.blockUnits) this.nextIndex = u.index + 1;
      throw fieldError(
        'index',
        `expected ${expected} (indexes run 0, 1, 2, … in order), got ${u.index}`,
        `attendu ${expected} (les indices se suivent 0, 1, 2, … dans l'ordre), reçu ${u.index}`,
        String(expected),
        String(u.index),
      );
    }
    if (u.index >= spec.table.blockUnits)
      throw fieldError(
        'index',
        `expected at most ${enInt(spec.table.blockUnits - 1)}: a ${spec.game} block has ${enInt(spec.table.blockUnits)} units`,
        `attendu au plus ${frInt(spec.table.blockUnits - 1)} : un bloc ${spec.game} compte ${frInt(spec.table.blockUnits)} unités`,
      );
    if (this.foreign) this.checkForeignRef(u);
    else this.checkRef(u);
    const e = explainUnit(spec.game, spec.stakeCents, u.view, spec.table);
    const levelOf = (cents: number): number =>
      cents === 0 ? spec.table.levels.length : spec.table.levels.findIndex((l) => l.prizeCents === cents);
    const level = levelOf(u.prize);
    if (level < 0)
      throw fieldError(
        'prize_cents',
        `${formatEuros(u.prize, 'en')} is no amount of the table (art. 3)`,
        `${formatEuros(u.prize, 'fr')} n'est pas un montant du tableau (art. 3)`,
        e.valid ? String(e.lotCents) : undefined,
        String(u.prize),
      );
    this.levelFound[level]!++;
    if (this.levels && expected < this.levels.length)
      this.levels[expected] = level === spec.table.levels.length ? LOSING_LEVEL : level;
    this.paidCents += u.prize;
    const viewField = spec.game === 'mine-d-or' ? 'main' : 'gongs';
    if (!e.valid)
      throw fieldError(
        viewField,
        `the evaluator rejects what the unit shows: ${e.error} (R4)`,
        `l'évaluateur rejette ce que montre l'unité : ${e.errorText?.fr ?? e.error} (R4)`,
        undefined,
        asFound(viewOf(u.view)),
      );
    if (e.lotCents !== u.prize)
      throw fieldError(
        'prize_cents',
        `says ${formatEuros(u.prize, 'en')}, but what the unit shows wins ${formatEuros(e.lotCents, 'en')} (${e.article}; R4)`,
        `indique ${formatEuros(u.prize, 'fr')}, mais ce que montre l'unité gagne ${formatEuros(e.lotCents, 'fr')} (${e.article} ; R4)`,
        String(e.lotCents),
        String(u.prize),
      );
    if (this.regenerate && !this.foreign) {
      const want = this.regeneratedLine(u.index);
      const got = canonical(u.prize, u.view);
      if (want !== got) {
        const d = firstDifference(want, got, spec.game);
        throw fieldError(
          d.field,
          `differs from unit ${u.index} regenerated from the block's seed (R1)`,
          `diffère de l'unité ${u.index} régénérée à partir de la graine du bloc (R1)`,
          d.expected,
          d.found,
        );
      }
      this.regenerated++;
    }
    this.unitsVerified++;
  }

  /** A foreign block's reference is optional (issue 14); one that is present must parse and name this unit. */
  private checkForeignRef(u: Parsed): void {
    if (u.ref === null || u.ref === '') return;
    const spec = this.spec!;
    let r;
    try {
      r = parseUnitRef(u.ref);
    } catch (e) {
      throw fieldError(
        'ref',
        `${(e as Error).message} (a reference is optional in a foreign block; a present one must parse, R3)`,
        `${frOf(e)} (une référence est facultative dans un bloc étranger ; présente, elle doit être lisible, R3)`,
        undefined,
        u.ref,
      );
    }
    if (r.game !== spec.game || r.stakeCents !== spec.stakeCents || r.index !== u.index)
      throw fieldError(
        'ref',
        `names unit ${r.index} of a ${r.game} block at stake ${r.stakeCents}: expected unit ${u.index} of a ${spec.game} block at stake ${spec.stakeCents}`,
        `désigne l'unité ${r.index} d'un bloc ${r.game} à la mise ${r.stakeCents} : attendu l'unité ${u.index} d'un bloc ${spec.game} à la mise ${spec.stakeCents}`,
        undefined,
        u.ref,
      );
  }

  /** The reference of a unit of ours must name this block and this index (R3). */
  private checkRef(u: Parsed): void {
    const spec = this.spec!;
    let r;
    const wantRef = u.index < spec.table.blockUnits ? refOf(spec, u.index) : undefined;
    if (u.ref === null)
      throw fieldError(
        'ref',
        'missing: expected the unit reference (text, R3)',
        "absent : attendu la référence de l'unité (texte, R3)",
        wantRef,
      );
    try {
      r = parseUnitRef(u.ref);
    } catch (e) {
      throw fieldError('ref', (e as Error).message, frOf(e), wantRef, u.ref);
    }
    if (
      r.game !== spec.game ||
      r.stakeCents !== spec.stakeCents ||
      r.seed !== spec.seed ||
      r.generatorVersion !== spec.generatorVersion ||
      (r.m6Strict === true) !== isM6Strict(spec)
    )
      throw fieldError(
        'ref',
        `names another block (${r.game}, stake ${r.stakeCents}, seed ${r.seed}, V${r.generatorVersion}${r.m6Strict === true ? 'S' : ''}): expected ${spec.game}, stake ${spec.stakeCents}, seed ${spec.seed}, V${spec.generatorVersion}${isM6Strict(spec) ? 'S' : ''}`,
        `désigne un autre bloc (${r.game}, mise ${r.stakeCents}, graine ${r.seed}, V${r.generatorVersion}${r.m6Strict === true ? 'S' : ''}) : attendu ${spec.game}, mise ${spec.stakeCents}, graine ${spec.seed}, V${spec.generatorVersion}${isM6Strict(spec) ? 'S' : ''}`,
        wantRef,
        u.ref,
      );
    if (r.index !== u.index)
      throw fieldError(
        'ref',
        `names unit ${r.index}, but the line is unit ${u.index}`,
        `désigne l'unité ${r.index}, alors que la ligne est l'unité ${u.index}`,
        wantRef,
        u.ref,
      );
  }

  /** The canonical form of unit i of the block, regenerated in chunks of {@link REGEN_CHUNK}. */
  private regeneratedLine = (i: number): string => {
    if (this.regenFrom < 0 || i < this.regenFrom || i >= this.regenFrom + this.regenLines.length) {
      const spec = this.spec!;
      this.regenFrom = Math.floor(i / REGEN_CHUNK) * REGEN_CHUNK;
      const to = Math.min(spec.table.blockUnits, this.regenFrom + REGEN_CHUNK);
      const lines: string[] = [];
      iterateUnits(spec, this.regenFrom, to, (_j, prize, view) => lines.push(canonical(prize, view)), this.weights);
      this.regenLines = lines;
    }
    return this.regenLines[i - this.regenFrom]!;
  };
}

const unitFields = {
  index: z.number().int(),
  ref: z.string(),
  prize_cents: z.number().int().nonnegative(),
};
const symbolIds = (n: number) => z.array(z.string()).length(n);

/** A Mine d'or unit line (README "Export schema"): exactly these fields. */
const MINE_LINE = z.strictObject({ ...unitFields, main: symbolIds(9), extras: z.array(symbolIds(9)).max(3) });
/** A Les 3 Gongs unit line: exactly these fields. */
const GONGS_LINE = z.strictObject({
  ...unitFields,
  gongs: symbolIds(3),
  bonus_cents: z.array(z.number().int().nonnegative()).length(3).nullable(),
});

/** Unit lines of a foreign block: the same fields, the reference optional (issue 14, item 3). */
const optionalRef = { ref: z.string().nullish() };
const FOREIGN_MINE_LINE = MINE_LINE.extend(optionalRef);
const FOREIGN_GONGS_LINE = GONGS_LINE.extend(optionalRef);

/** A foreign block's header: what is required; any other field (a generator's name, a seed…) is kept as it is. */
const FOREIGN_HEADER = z.looseObject({
  game: z.enum(['mine-d-or', 'les-3-gongs']),
  stake_cents: z.union([z.literal(50), z.literal(100), z.literal(200)]),
  units: z.number().int().positive(),
  generator: z.string().nullish(),
});

const FOREIGN_HEADER_EXPECTED: Readonly<Record<string, { en: string; fr: string }>> = {
  game: { en: '"mine-d-or" or "les-3-gongs"', fr: '"mine-d-or" ou "les-3-gongs"' },
  stake_cents: { en: '50, 100 or 200 (art. 2)', fr: '50, 100 ou 200 (art. 2)' },
  units: { en: 'the number of units of the block (art. 2)', fr: "le nombre d'unités du bloc (art. 2)" },
  generator: { en: 'the name of the generator (text), or nothing', fr: 'le nom du générateur (texte), ou rien' },
};

/** The version N an id "instant-lab-gen/N" names: null when the id is not one of our generator's. */
export function ourGeneratorVersion(id: unknown): number | null {
  const m = typeof id === 'string' ? /^instant-lab-gen\/([1-9]\d{0,5})$/.exec(id) : null;
  return m ? Number(m[1]) : null;
}

const FIELDS: Readonly<Record<GameId, readonly string[]>> = {
  'mine-d-or': Object.keys(MINE_LINE.shape),
  'les-3-gongs': Object.keys(GONGS_LINE.shape),
};

/** What a field holds, for "missing" messages. */
const EXPECTED: Readonly<Record<string, { en: string; fr: string }>> = {
  index: { en: 'the unit index (a whole number)', fr: "l'indice de l'unité (un nombre entier)" },
  ref: { en: 'the unit reference (text, R3)', fr: "la référence de l'unité (texte, R3)" },
  prize_cents: { en: 'the lot in cents (a whole number ≥ 0)', fr: 'le lot en centimes (un nombre entier ≥ 0)' },
  main: { en: 'the main grid (9 symbol ids)', fr: 'la grille principale (9 identifiants de symbole)' },
  extras: {
    en: 'the Extra stage grids (a list, possibly empty)',
    fr: "les grilles d'étapes Extra (une liste, vide le cas échéant)",
  },
  gongs: { en: 'the 3 gongs (3 symbol ids)', fr: 'les 3 gongs (3 identifiants de symbole)' },
  bonus_cents: {
    en: 'null or the 3 Bonus amounts in cents (art. 4.4)',
    fr: 'null ou les 3 montants du Bonus en centimes (art. 4.4)',
  },
};

/** The first problem the schema found on a unit line, in words, in English and French. */
function lineErrorOf(game: GameId, o: Record<string, unknown>, issue: z.core.$ZodIssue): LineError {
  const fields = FIELDS[game];
  const list = fields.join(', ');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    return fieldError(
      key,
      `unknown field: a ${game} unit line holds only ${list}`,
      `champ inconnu : une ligne d'unité ${game} contient seulement ${list}`,
    );
  }
  const field = String(issue.path[0] ?? '');
  if (!(field in o) || o[field] === undefined) {
    const e = EXPECTED[field]!;
    return fieldError(field, `missing: expected ${e.en}`, `absent : attendu ${e.fr}`);
  }
  try {
    describeField(field, o[field]);
  } catch (e) {
    if (e instanceof LineError) return e;
    throw e;
  }
  return fieldError(field, issue.message, issue.message);
}

/** Throws the precise message of a field whose value the schema refused. */
function describeField(field: string, v: unknown): void {
  switch (field) {
    case 'index':
      throw fieldError(
        'index',
        `expected a whole number, got ${show(v)}`,
        `attendu un nombre entier, reçu ${showFr(v)}`,
      );
    case 'ref':
      throw fieldError(
        'ref',
        `expected a unit reference (text), got ${show(v)}`,
        `attendu une référence d'unité (texte), reçu ${showFr(v)}`,
      );
    case 'prize_cents':
      throw fieldError(
        'prize_cents',
        `expected a whole number of cents ≥ 0, got ${show(v)}`,
        `attendu un nombre entier de centimes ≥ 0, reçu ${showFr(v)}`,
      );
    case 'main':
      grid(v, 'main');
      return;
    case 'extras':
      if (!Array.isArray(v))
        throw fieldError(
          'extras',
          `expected a list of Extra stage grids, got ${show(v)}`,
          `attendu une liste de grilles d'étapes Extra, reçu ${showFr(v)}`,
        );
      if (v.length > 3)
        throw fieldError(
          'extras',
          `expected at most 3 Extra stages (M3), got ${v.length}`,
          `au plus 3 étapes Extra attendues (M3), ${v.length} reçues`,
        );
      v.forEach((g, k) => grid(g, `extras[${k}]`));
      return;
    case 'gongs':
      if (!Array.isArray(v) || v.length !== 3)
        throw fieldError(
          'gongs',
          `expected 3 symbol ids, got ${Array.isArray(v) ? v.length : show(v)}`,
          `3 identifiants de symbole attendus, ${Array.isArray(v) ? `${v.length} reçu(s)` : `reçu ${showFr(v)}`}`,
        );
      throw fieldError(
        'gongs',
        `expected 3 symbol ids (text), got ${show(v)}`,
        `3 identifiants de symbole (texte) attendus, reçu ${showFr(v)}`,
      );
    case 'bonus_cents':
      throw fieldError(
        'bonus_cents',
        `expected null or 3 whole numbers of cents (art. 4.4, G1), got ${show(v)}`,
        `attendu null ou 3 nombres entiers de centimes (art. 4.4, G1), reçu ${showFr(v)}`,
      );
  }
}

function grid(v: unknown, field: string): string[] {
  if (!Array.isArray(v))
    throw fieldError(
      field,
      `expected 9 symbol ids, got ${show(v)}`,
      `9 identifiants de symbole attendus, reçu ${showFr(v)}`,
    );
  if (v.length !== 9)
    throw fieldError(
      field,
      `expected 9 symbol ids, got ${v.length}`,
      `9 identifiants de symbole attendus, ${v.length} reçu${v.length > 1 ? 's' : ''}`,
    );
  if (!v.every((s) => typeof s === 'string'))
    throw fieldError(
      field,
      'expected 9 symbol ids (text), got a value that is not text',
      "9 identifiants de symbole (texte) attendus, reçu une valeur qui n'est pas du texte",
    );
  return v as string[];
}

function gridText(s: string, field: string): string[] {
  const ids = s.trim() === '' ? [] : s.trim().split(/\s+/);
  if (ids.length !== 9)
    throw fieldError(
      field,
      `expected 9 symbol ids separated by spaces, got ${ids.length}`,
      `9 identifiants de symbole séparés par des espaces attendus, ${ids.length} reçu${ids.length > 1 ? 's' : ''}`,
    );
  return ids;
}

function canonical(prize: number, v: UnitView): string {
  return v.game === 'mine-d-or'
    ? JSON.stringify([prize, v.main, v.extras])
    : JSON.stringify([prize, v.gongs, v.bonusCents]);
}

/** The first field where a unit differs from the regenerated one, with both values (JSON text). */
function firstDifference(want: string, got: string, game: GameId): { field: string; expected: string; found: string } {
  const a = JSON.parse(want) as unknown[];
  const b = JSON.parse(got) as unknown[];
  const names = game === 'mine-d-or' ? ['prize_cents', 'main', 'extras'] : ['prize_cents', 'gongs', 'bonus_cents'];
  let k = 0;
  while (k < 2 && JSON.stringify(a[k]) === JSON.stringify(b[k])) k++;
  return { field: names[k]!, expected: JSON.stringify(a[k]), found: JSON.stringify(b[k]) };
}

/** What a unit shows, as its export line holds it. */
function viewOf(v: UnitView): unknown {
  return v.game === 'mine-d-or' ? { main: v.main, extras: v.extras } : { gongs: v.gongs, bonus_cents: v.bonusCents };
}

/** Verifies a whole text at once (tests, small files). */
export function verifyExportText(text: string, options?: VerifyOptions): VerifyResult {
  const v = new ExportVerifier(options);
  v.feed(text);
  return v.finish();
}

/**
 * Streaming verification of a block export (docs/reference/file-formats.md; `npm run export` or the
 * compliance screen), JSON Lines or CSV, whether untouched or edited by hand.
 *
 * Text is fed in chunks of any size ({@link ExportVerifier.feed}) and the verdict read at the end
 * ({@link ExportVerifier.finish}); memory stays bounded whatever the file. Every line is checked
 * field by field with a precise message (`line 12: field "main": expected 9 symbol ids, got 8`);
 * each unit's lot is re-derived from what it shows by the evaluator (R4, explainUnit) and compared
 * with its `prize_cents`; each reference's check characters are checked (R3) and must name this
 * block and this index; indexes must run 0, 1, 2, …; optionally each unit is compared with the
 * block regenerated from its seed (R1); and a complete block's counts per level are reconciled
 * with the official table (art. 3, R4). Only the first 100 discrepancies are described (all are
 * counted). Nothing here ever throws on malformed input.
 *
 * A header that names no generator of ours, or no seed, marks a **foreign block** (README « Foreign
 * blocks »): nothing can be regenerated, so its units are re-derived from what they show (R4), its
 * counts reconciled with the official table, and its placement tested; a failing overall placement
 * verdict makes it not conforming. References are optional there.
 *
 * Each job lives in `verify/`: line splitting, headers (ours, foreign, CSV), unit lines (JSONL,
 * CSV), unit checks, the regenerated block, the lines past the block, the levels kept for the
 * placement tests, the discrepancy log and the verdict.
 */
import type { BlockSpec } from '../block/spec';
import { refOf } from '../export/unit-lines';
import { explainUnit } from '../games/explain';
import type { PresentationWeights } from '../games/registry';
import { enInt, frInt } from '../i18n/localized-text';
import { isSingular, plural } from '../format/plural';
import { RefWriter, blockOfRef, parseUnitRef } from '../ref/unit-ref';
import { GENERATOR_VERSIONS, isGeneratorVersion } from '../block/spec';
import type { GameId } from '../rules/types';
import type { PlacementTest } from '../stats/placement-tests';
import { blockOfFirstCsvRef, csvUnit, readCsvRow } from './verify/csv-unit';
import { DiscrepancyLog } from './verify/discrepancy-log';
import { ExpectedLines } from './verify/expected-lines';
import { readHeader } from './verify/header';
import { parseJsonlUnit } from './verify/jsonl-unit';
import { LineSplitter } from './verify/line-splitter';
import { isPastBlock, reportPastBlock } from './verify/past-block';
import { PlacementLevels } from './verify/placement-levels';
import { RegeneratedBlock } from './verify/regenerated-block';
import type { ParsedUnit, VerifyOptions, VerifyResult } from './verify/types';
import { MAX_DISCREPANCIES, MAX_LINE_CHARS } from './verify/types';
import { checkEvaluated, checkForeignRef, checkIndex, checkRef, levelOfLot } from './verify/unit-checks';
import { verdictOf } from './verify/verdict';
import { fieldError, frOf, LineError } from './verify/wording';

export type { VerifyOptions, VerifyResult } from './verify/types';

export class ExportVerifier {
  private readonly regenerate: boolean;
  private readonly readEveryLine: boolean;
  /** The exact line of each unit of a block of ours (JSONL): a line equal to it conforms unparsed. */
  private expectedLines: ExpectedLines | null = null;
  private readonly log: DiscrepancyLog;
  private readonly splitter = new LineSplitter((text) => this.line(text));
  private lineNo = 0;
  private format: 'jsonl' | 'csv' | null = null;
  private csvGame: GameId | null = null;
  private spec: BlockSpec | null = null;
  private generator: string | null = null;
  /** A block this application did not make: no seed to regenerate from, references optional. */
  private foreign = false;
  /** The presentation weights the header states (M4, G2); undefined: the documented defaults. */
  private weights: PresentationWeights | undefined;
  private regen: RegeneratedBlock | null = null;
  /** The block regenerated against: the header's, or the one a foreign-looking file's references name. */
  private regenSpec: BlockSpec | null = null;
  /** The references of {@link regenSpec}'s units, its fixed parts made once. */
  private regenRefs: RefWriter | null = null;
  /** The file cannot be verified further (no header, unknown game…): lines are only counted. */
  private dead = false;
  private nextIndex = 0;
  /** The last unit line whose index was one ahead of its place: with the next line, maybe a swap. */
  private ahead: { readonly line: number; readonly expected: number; readonly unit: ParsedUnit } | null = null;
  private unitLines = 0;
  private unitsVerified = 0;
  private regenerated = 0;
  /** Counts per level, the total paid and every unit's level for the placement tests: once the block is known. */
  private placed: PlacementLevels | null = null;
  private sawBinary = false;
  private finished: VerifyResult | null = null;

  constructor(options: VerifyOptions = {}) {
    this.regenerate = options.regenerate ?? true;
    this.readEveryLine = options.readEveryLine ?? false;
    this.log = new DiscrepancyLog(options.maxDiscrepancies ?? MAX_DISCREPANCIES, (index) =>
      this.spec && !this.foreign && index < this.spec.table.blockUnits ? refOf(this.spec, index) : undefined,
    );
  }

  /** Characters fed so far (for progress). */
  get charsRead(): number {
    return this.splitter.charsRead;
  }

  /** Lines read so far. */
  get linesRead(): number {
    return this.lineNo;
  }

  /**
   * The block whose unit lines can be checked apart, on workers ({@link matchLineRange}), and the index
   * of the next line's unit: only right after the header of one of our blocks (JSONL), nothing
   * reported yet. Null otherwise: the file is read here, line by line.
   */
  get linesAhead(): { spec: BlockSpec; weights: PresentationWeights | undefined; nextIndex: number } | null {
    if (!this.expectedLines || this.finished || this.dead || this.lineNo !== 1 || this.log.count > 0) return null;
    return { spec: this.spec!, weights: this.weights, nextIndex: this.nextIndex };
  }

  /**
   * The next unit lines, each found on a worker equal to the line its unit is exported as (their
   * levels, {@link matchLineRange}): recorded as reading them here would.
   */
  conformingLines(levels: Uint8Array): void {
    // what {@link conforming} records a line at a time
    this.placed!.recordRun(this.nextIndex, levels);
    const n = levels.length;
    this.nextIndex += n;
    this.lineNo += n;
    this.unitLines += n;
    this.regenerated += n;
    this.unitsVerified += n;
  }

  /**
   * The level of every unit in index order, once the verdict is read and only when the placement
   * tests read them (a complete block whose counts equal the table); null otherwise.
   */
  get placedLevels(): Uint8Array | null {
    return this.finished?.placement ? (this.placed?.levels ?? null) : null;
  }

  /** Feeds the next piece of the file's text. */
  feed(chunk: string): void {
    if (!this.finished) this.splitter.feed(chunk);
  }

  /**
   * The level of every unit of the block, once each has been read (null before): what the placement
   * tests read at {@link finish}, so that they can run elsewhere first (`placementTestPart` on
   * workers) and be given to it.
   */
  get wholeBlockLevels(): Uint8Array | null {
    return this.spec && !this.dead && this.nextIndex === this.spec.table.blockUnits
      ? (this.placed?.levels ?? null)
      : null;
  }

  /**
   * Ends the file and returns the verdict (idempotent). `placementTests`: the tests of
   * {@link wholeBlockLevels} already run, else they run here when the verdict reads them.
   */
  finish(placementTests?: readonly PlacementTest[]): VerifyResult {
    if (this.finished) return this.finished;
    if (this.splitter.finish() && !this.dead && this.spec)
      this.log.report(
        this.lineNo,
        undefined,
        undefined,
        'the file ends without a line end: it may have been cut short',
        'le fichier se termine sans fin de ligne : il a peut-être été tronqué',
      );
    this.finished = verdictOf(
      {
        lines: this.lineNo,
        format: this.format,
        dead: this.dead,
        spec: this.spec,
        csvGame: this.csvGame,
        generator: this.generator,
        foreign: this.foreign,
        customWeights: this.weights !== undefined,
        nextIndex: this.nextIndex,
        unitLines: this.unitLines,
        unitsVerified: this.unitsVerified,
        regenerated: this.regenerated,
        regenerate: this.regenerate,
        regeneratedFrom: this.regenSpec,
        paidCents: this.placed?.paidCents ?? 0,
        levelFound: this.placed?.found ?? [],
        levels: this.placed?.levels ?? null,
      },
      this.log,
      placementTests,
    );
    return this.finished;
  }

  private line(text: string): void {
    this.lineNo++;
    const n = this.lineNo;
    // a file that can no longer be checked (not an export, unreadable header): lines are only counted
    if (this.dead) return;
    if (this.spec && isPastBlock(this.unitLines, this.spec.table.blockUnits)) {
      // counted, as the line a unit line would be, unread
      reportPastBlock(this.log, n, this.unitLines, this.spec.table.blockUnits);
      this.unitLines++;
      this.nextIndex++;
      return;
    }
    // a unit line equal to the one the export writes for this index passes every check below
    const want = this.expectedLines?.match(this.nextIndex, text);
    if (want) {
      this.conforming(want.prize, want.level);
      return;
    }
    if (text.length > MAX_LINE_CHARS) {
      this.log.report(
        n,
        undefined,
        undefined,
        `longer than ${enInt(MAX_LINE_CHARS)} characters: not a line of a block export`,
        `plus de ${frInt(MAX_LINE_CHARS)} caractères : ce n'est pas une ligne d'export de bloc`,
      );
      if (this.format === null) this.dead = true;
      else {
        this.unitLines++;
        this.nextIndex++;
      }
      return;
    }
    if (text.trim() === '') {
      this.log.report(
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
        this.log.report(
          n,
          undefined,
          undefined,
          'holds binary data (control bytes or bytes that are not UTF-8): not a text export',
          "contient des données binaires (octets de contrôle ou octets non UTF-8) : ce n'est pas un export texte",
        );
      else this.log.countOnly();
      this.sawBinary = true;
      if (this.format === null) this.dead = true;
      else {
        this.unitLines++;
        this.nextIndex++;
      }
      return;
    }
    if (this.format === null) {
      this.header(text, n);
      return;
    }
    this.unitLines++;
    const expected = this.nextIndex;
    this.nextIndex++;
    try {
      this.checkUnit(this.parseUnit(text), expected);
    } catch (e) {
      if (e instanceof LineError)
        this.log.report(n, expected, e.field, e.message, e.fr, {
          expected: e.expected,
          found: e.found,
          expectedFr: e.expectedFr,
        });
      else
        this.log.report(
          n,
          expected,
          undefined,
          `could not be checked: ${e instanceof Error ? e.message : String(e)}`,
          `n'a pas pu être vérifiée : ${frOf(e)}`,
        );
    }
  }

  private header(text: string, n: number): void {
    const h = readHeader(text);
    if (h.kind === 'refused') {
      this.format = h.format;
      this.dead = true;
      this.log.report(n, undefined, h.field, h.message, h.fr);
      return;
    }
    if (h.kind === 'csv') {
      this.format = 'csv';
      this.csvGame = h.game;
      return;
    }
    this.format = 'jsonl';
    this.foreign = h.foreign;
    this.weights = h.weights;
    this.start(h.spec, h.generator);
  }

  private start(spec: BlockSpec, generator: string | null): void {
    this.spec = spec;
    this.generator = generator;
    this.placed = new PlacementLevels(spec.table);
    if (!this.foreign) {
      this.regenSpec = spec;
      this.regenRefs = new RefWriter(spec);
      this.regen = new RegeneratedBlock(spec, this.weights);
      if (this.format === 'jsonl' && this.regenerate && !this.readEveryLine)
        this.expectedLines = new ExpectedLines(spec, this.weights);
    }
  }

  /** A unit line equal to its regenerated line: what {@link checkUnit} records of a conforming unit. */
  private conforming(prize: number, level: number): void {
    this.placed!.record(this.nextIndex, level, prize);
    this.unitLines++;
    this.nextIndex++;
    this.regenerated++;
    this.unitsVerified++;
  }

  private parseUnit(text: string): ParsedUnit {
    // once no more are described, a refused line is only counted: the schema's message is not built
    if (this.format === 'jsonl') return parseJsonlUnit(text, this.spec!.game, this.foreign, !this.log.full);
    const row = readCsvRow(text, this.csvGame!);
    if (!this.spec) {
      // A CSV export has no header object: the block is the one its first unit's reference names.
      const b = blockOfFirstCsvRef(row.ref, this.csvGame!);
      if (!b.ok) {
        if (b.fatal) this.dead = true;
        throw b.error;
      }
      this.start(b.spec, b.generator);
    }
    return csvUnit(row, this.spec!.game);
  }

  /**
   * A foreign block's reference is optional; one that names a block of ours (a header that lost its
   * generator or seed) makes the file regenerated against that block, from its first unit on.
   */
  private foreignRef(u: ParsedUnit, expected: number): void {
    checkForeignRef(u, this.spec!);
    if (u.ref === null || u.ref === '') return;
    if (this.regenSpec) {
      checkRef(u, this.regenSpec, this.regenRefs!);
      return;
    }
    const r = parseUnitRef(u.ref);
    if (expected > 0)
      throw fieldError(
        'ref',
        `names a block of ours (seed ${r.seed}, V${r.generatorVersion}) after ${expected} ${plural(expected, 'en', 'unit', 'units')} that named none: a file whose references name a block of ours names it from its first unit, so that every unit is regenerated (R1)`,
        `désigne un bloc de cette application (graine ${r.seed}, V${r.generatorVersion}) après ${expected} ${isSingular(expected, 'fr') ? "unité qui n'en désignait" : "unités qui n'en désignaient"} aucun : un fichier dont les références désignent un de nos blocs le désigne dès sa première unité, pour que chaque unité soit régénérée (R1)`,
        undefined,
        u.ref,
      );
    if (!isGeneratorVersion(r.generatorVersion))
      throw fieldError(
        'ref',
        `names generator version ${r.generatorVersion}: expected ${GENERATOR_VERSIONS.join(' or ')} (R5)`,
        `désigne la version de générateur ${r.generatorVersion} : attendu ${GENERATOR_VERSIONS.join(' ou ')} (R5)`,
        undefined,
        u.ref,
      );
    this.regenSpec = blockOfRef(r);
    this.regenRefs = new RefWriter(this.regenSpec);
    this.regen = new RegeneratedBlock(this.regenSpec, undefined);
  }

  private checkUnit(u: ParsedUnit, expected: number): void {
    const spec = this.spec!;
    const ahead = this.ahead;
    this.ahead = null;
    if (ahead && ahead.line === this.lineNo - 1 && u.index === ahead.expected && expected === ahead.expected + 2) {
      // the unit the line before skipped: two lines swapped, said once as a swap, and this unit checked at its index
      this.log.amendLast(
        ahead.line,
        `lines ${ahead.line} and ${this.lineNo} are swapped: line ${ahead.line} holds unit ${enInt(u.index + 1)}, line ${this.lineNo} unit ${enInt(u.index)} (indexes run 0, 1, 2, … in order)`,
        `les lignes ${ahead.line} et ${this.lineNo} sont inversées : la ligne ${ahead.line} porte l'unité ${frInt(u.index + 1)}, la ligne ${this.lineNo} l'unité ${frInt(u.index)} (les indices se suivent 0, 1, 2, … dans l'ordre)`,
      );
      this.nextIndex = expected;
      expected = u.index;
      // the line before, refused for its place, is checked now for what it holds, at its own index
      try {
        this.checkContent(ahead.unit, ahead.unit.index);
      } catch (e) {
        if (!(e instanceof LineError)) throw e;
        this.log.report(ahead.line, ahead.unit.index, e.field, e.message, e.fr, {
          expected: e.expected,
          found: e.found,
          expectedFr: e.expectedFr,
        });
      }
    }
    if (u.index === expected + 1) this.ahead = { line: this.lineNo, expected, unit: u };
    // Resynchronise on the line's own index, so one missing or extra line is one discrepancy.
    if (u.index !== expected && u.index >= 0 && u.index < spec.table.blockUnits) this.nextIndex = u.index + 1;
    checkIndex(u, expected, spec);
    this.checkContent(u, expected);
  }

  /** Checks what unit line `u` holds, as the unit at index `expected`. */
  private checkContent(u: ParsedUnit, expected: number): void {
    const spec = this.spec!;
    if (this.foreign) this.foreignRef(u, expected);
    else checkRef(u, spec, this.regenRefs!);
    const e = explainUnit(spec.game, spec.stakeCents, u.view, spec.table);
    this.placed!.record(expected, levelOfLot(u, spec, e), u.prize);
    checkEvaluated(u, spec, e);
    if (this.regenerate && this.regen) {
      this.regen.check(u);
      this.regenerated++;
    }
    this.unitsVerified++;
  }
}

/** Verifies a whole text at once (tests, small files). */
export function verifyExportText(text: string, options?: VerifyOptions): VerifyResult {
  const v = new ExportVerifier(options);
  v.feed(text);
  return v.finish();
}

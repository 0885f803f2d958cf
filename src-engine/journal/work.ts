/**
 * The one way to say what a piece of compliance work was, for the journal: the command line
 * (`--journal FILE`) and the screens build their entries with these, so an audit report, an export
 * verified, a bundle, a block exported or replay evidence reads the same whoever recorded it.
 * Each names what the work read (game, stake, seeds, files with their size and SHA-256) and what it
 * produced (verdicts, counts, digests).
 */
import { generatorId } from '../block/spec';
import type { UnitRef } from '../ref/unit-ref';
import type { AuditReport } from '../report/audit-report';
import type { VerifyResult } from '../import/verify/types';
import type { PlacementFinding } from '../stats/placement-finding';
import type { JudgedEmission } from '../emission/emission';
import { sha256Hex } from './entry';
import type { JournalValue, JournalWork } from './entry';

/** A file the work wrote or read: its name (null when not saved as a file yet), size and SHA-256. */
export interface JournalFile {
  readonly file: string | null;
  readonly bytes: number;
  readonly sha256: string;
}

/** The size and SHA-256 of `data` written as `file`. */
export function journalFile(file: string | null, data: string | Uint8Array): JournalFile {
  return {
    file,
    bytes: typeof data === 'string' ? new TextEncoder().encode(data).length : data.length,
    sha256: sha256Hex(data),
  };
}

/** An audit report built (and written, when `written.file` is set). */
export function auditReportWork(report: AuditReport, app: string, written: JournalFile): JournalWork {
  const id = report.identity;
  const s = report.summary;
  return {
    kind: 'audit-report',
    at: id.runAt,
    app,
    generator: id.generator,
    inputs: {
      game: id.game,
      stake_cents: id.stakeCents,
      table: id.tableSource,
      seeds: [...id.seeds],
      m6_reading: id.m6Reading ?? 'default',
      custom_weights: id.presentationWeights !== undefined,
    },
    outputs: {
      file: written.file,
      bytes: written.bytes,
      sha256: written.sha256,
      evaluator_pass: s.allAuditsPass,
      in_band: s.inBand,
      // the placement result: tests run, those below 1 % each, and the blocks Holm retains as findings
      // (null when the unit levels were not kept, so nothing was tested)
      placement_tests: s.placementTests,
      placement_below_1pct: s.placementTests > 0 ? s.placementFailures : null,
      placement_findings: s.placementTests > 0 ? s.placementFindings.filter((f) => f?.finding).length : null,
      block_digests: report.blocks.map((b) => b.integrity.digest),
    },
  };
}

/** An export file verified: the file read, the block its header names, the verdict and its counts. */
export function exportVerifiedWork(
  checked: JournalFile & { readonly result: VerifyResult },
  finding: PlacementFinding | null,
  app: string,
  at: Date,
  extra: { readonly [k: string]: JournalValue } = {},
): JournalWork {
  const r = checked.result;
  return {
    kind: 'export-verified',
    at: at.toISOString(),
    app,
    generator: r.generator,
    inputs: {
      file: checked.file,
      bytes: checked.bytes,
      sha256: checked.sha256,
      game: r.game,
      stake_cents: r.stakeCents,
      seed: r.seed,
    },
    outputs: {
      verdict: r.verdict,
      discrepancies: r.discrepancyCount,
      units_verified: r.unitsVerified,
      placement_finding: finding?.finding ?? null,
      ...extra,
    },
  };
}

/**
 * An emission verified as one: what was read (the emission, and every file with its size, SHA-256,
 * game, stake and seed) and the one verdict with its counts; one entry, whatever the files' number.
 */
export function emissionVerifiedWork(
  e: JudgedEmission,
  app: string,
  at: Date,
  extra: { readonly [k: string]: JournalValue } = {},
): JournalWork {
  const generators = [...new Set(e.blocks.map((b) => b.result.generator).filter((g) => g !== null))];
  return {
    kind: 'emission-verified',
    at: at.toISOString(),
    app,
    generator: generators.length === 1 ? generators[0]! : null,
    inputs: {
      emission: e.name,
      source: e.source,
      path: e.path,
      files: e.blocks.map((b) => ({
        file: b.file,
        bytes: b.bytes,
        sha256: b.sha256,
        game: b.result.game,
        stake_cents: b.result.stakeCents,
        seed: b.declaredSeed ?? b.result.seed,
      })),
      missing: e.missing.map((m) => m.file),
    },
    outputs: {
      verdict: e.verdict,
      blocks_not_conforming: e.blocks.filter((b) => b.result.verdict !== 'conforming').length,
      blocks_twice: e.across.sameBlockAs.filter((j) => j !== null).length,
      seeds_twice: e.across.seedsTwice.length,
      references_twice: e.across.refsTwice.length,
      pairs_laid: e.across.reuse.pairs,
      reuse_findings: e.across.reuse.findings.length,
      placement_findings: e.placementFindings,
      ...extra,
    },
  };
}

/** The blocks of a bundle or a report: one game and stake, its seeds. */
export interface JournalBlocks {
  readonly game: string;
  readonly stakeCents: number;
  readonly seeds: readonly number[];
}

/** An evidence bundle built: its SHA-256, the files its manifest lists, the signing key's fingerprint. */
export function evidenceBundleWork(
  blocks: JournalBlocks,
  generator: string,
  app: string,
  at: Date,
  written: JournalFile,
  files: number,
  signerFingerprint: string | null,
): JournalWork {
  return {
    kind: 'evidence-bundle',
    at: at.toISOString(),
    app,
    generator,
    inputs: { game: blocks.game, stake_cents: blocks.stakeCents, seeds: [...blocks.seeds] },
    outputs: {
      file: written.file,
      bytes: written.bytes,
      sha256: written.sha256,
      files,
      signer_fingerprint: signerFingerprint,
    },
  };
}

/** What a block export was made of. */
export interface ExportedBlock {
  readonly game: string;
  readonly stakeCents: number;
  readonly seed: number;
  readonly generatorVersion: number;
  /** The official table's source, or the scenario's name. */
  readonly table: string;
  readonly m6Strict: boolean;
  readonly customWeights: boolean;
}

/** A whole block exported to a file (JSONL or CSV). */
export function blockExportWork(
  block: ExportedBlock,
  app: string,
  at: Date,
  written: JournalFile & { readonly format: 'jsonl' | 'csv'; readonly units: number },
): JournalWork {
  return {
    kind: 'block-export',
    at: at.toISOString(),
    app,
    generator: generatorId(block.generatorVersion),
    inputs: {
      game: block.game,
      stake_cents: block.stakeCents,
      seed: block.seed,
      table: block.table,
      m6_reading: block.m6Strict ? 'strict' : 'default',
      custom_weights: block.customWeights,
    },
    outputs: {
      file: written.file,
      format: written.format,
      units: written.units,
      bytes: written.bytes,
      sha256: written.sha256,
    },
  };
}

/**
 * Evidence of one replayed unit saved (PNG, JSON, PDF, or the command line's text): the unit, what
 * it paid and whether the evaluator agreed (R4), the file. A printed PDF's bytes are the printer's:
 * its size and SHA-256 are null where they are not known.
 */
export function replayEvidenceWork(
  ref: string,
  r: UnitRef,
  unit: { readonly agrees: boolean; readonly lotCents: number },
  app: string,
  at: Date,
  written: {
    readonly file: string | null;
    readonly format: string;
    readonly bytes: number | null;
    readonly sha256: string | null;
  },
): JournalWork {
  return {
    kind: 'replay-evidence',
    at: at.toISOString(),
    app,
    generator: generatorId(r.generatorVersion),
    inputs: { ref, game: r.game, stake_cents: r.stakeCents, seed: r.seed, index: r.index },
    outputs: {
      file: written.file,
      format: written.format,
      bytes: written.bytes,
      sha256: written.sha256,
      lot_cents: unit.lotCents,
      evaluator_agrees: unit.agrees,
    },
  };
}

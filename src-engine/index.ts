/**
 * Instant Lab's engine: rules, generator, audit and statistics, in pure TypeScript (no Node, DOM or
 * Electron import), so that the command line, Web Workers and tests all run the same code.
 *
 * This file is the engine's public surface, chosen name by name and grouped by feature: the
 * command line, the shared contracts and the renderer import the engine from here only (ESLint
 * enforces it); what is not named here is the engine's own.
 * @see ../docs/rules.md
 */

/** Rules data: games, stakes, the official prize tables (art. 3.1–3.3) and the legal RTP bands. */
export { GAME_IDS, STAKES } from './rules/types';
export type { GameId, PrizeLevel, PrizeTable, StakeCents } from './rules/types';
export { getRules, LEGAL_BANDS_SOURCE_TEXT, legalBandFor, legalBands, officialTable } from './rules/load';
export { isInsideLegalBand } from './rules/legal-band';
export { tableFigures } from './rules/table-stats';

/** The rule documents' articles, the decisions (M1–M6, G1–G5, R1–R5), and citations of them. */
export { ruleDocument } from './rules/articles/articles';
export { citedIn, resolveCitations, splitCitations } from './rules/articles/citations';
export type { Citation, ResolvedCitations } from './rules/articles/citations';
export { ruleTextBlocks } from './rules/articles/rule-text';
export { citedQuoteLines, documentLine } from './rules/articles/quote';

/** Money in integer cents, and texts in both languages. */
export { formatEuros, formatPercent, parseEuros } from './money/format';
export { frInt, isLocalizedText, localized } from './i18n/localized-text';
export type { LocalizedText } from './i18n/localized-text';

/** A block and its units: specs (R1, R5, M6), tables and their identity, one unit opened alone (R2), references (R3). */
export { InputError } from './block/input-error';
export {
  blockKeys,
  checkIndex,
  GENERATOR_ID,
  GENERATOR_VERSION,
  GENERATOR_VERSIONS,
  generatorId,
  isM6Strict,
  MAX_SEED,
  officialBlock,
  parseGame,
  parseGeneratorVersion,
  parseSeed,
  parseStake,
  randomSeed,
} from './block/spec';
export type { BlockSpec } from './block/spec';
export { blockKey, blockSpecOfTable, isOfficialTable, tableKey } from './block/table-spec';
export { SHORT_DIGEST, tableDigest, tableIdentity, tableLine } from './block/table-identity';
export type { TableIdentity } from './block/table-identity';
export { indicesOfLevel, levelsOfRange, openUnit } from './block/open-unit';
export type { OpenedUnit } from './block/open-unit';
export {
  blockOfRef,
  decode32,
  encode32,
  EXAMPLE_UNIT_REF,
  formatUnitRef,
  INDEX_CHARS,
  parseUnitRef,
  RefWriter,
  refOfBlock,
  SEED_CHARS,
} from './ref/unit-ref';
export type { UnitRef } from './ref/unit-ref';
export { parseBlockNumber } from './ref/block-number';
export type { BlockNumber, Notation } from './ref/block-number';

/** The two games: what a unit shows, its explanation (R4), presentation weights (M4, G2). */
export type { GongsView, MineDorView, UnitView } from './games/unit-view';
export { explainUnit } from './games/explain';
export { prepareGame } from './games/registry';
export type { PresentationWeights } from './games/registry';
export { DEFAULT_MINE_DOR_WEIGHTS } from './games/mine-d-or/presentations';
export type { MineDorLevelWeights, MineDorWeights } from './games/mine-d-or/presentations';
export { DEFAULT_GONGS_WEIGHTS } from './games/les-3-gongs/generate';

/** Generating and auditing blocks: ranges, tallies, merged results (R4), digests (R1), stage times. */
export { planRanges, SEGMENT_UNITS, splitOnSegments } from './audit/segments';
export { runRange } from './audit/run-range';
export type { RangeTally } from './audit/run-range';
export { mergeBlock } from './audit/block-result';
export type { BlockResult } from './audit/block-result';
export { blockDigest, merkleProof, merkleRoot, verifyMerkleProof } from './audit/digest';
export type { MerkleProof } from './audit/digest';
export { stageSeconds } from './audit/time-shares';
export type { StageSeconds } from './audit/time-shares';

/** Export lines (JSONL, CSV) and presentation settings files. */
export { iterateUnits } from './block/iterate-units';
export { csvColumns, csvRow, csvText, jsonlHeader, jsonlUnit, refOf } from './export/unit-lines';
export { MAX_PRESENTATION_WEIGHT, MIN_PRESENTATION_WEIGHT, weightsToJson } from './presentation/weights-json';
export type { SettingsProblem } from './presentation/weights-json';
export {
  MAX_PRESENTATION_BYTES,
  parsePresentationJson,
  presentationFileOf,
  presentationProblemsFor,
  presentationToJson,
  presentationTooLarge,
} from './presentation/settings-file';
export type { PresentationFile, PresentationRead } from './presentation/settings-file';

/** Replay: a unit's record and description, grid reasoning. */
export { replayRecord } from './replay/record';
export { gainLabel, gridLabel, symbolLabel } from './replay/describe';
export { reasonUnit } from './replay/grid-reasoning';

/** Payout explorer: scenarios, their validation, exact figures and files; sessions and sales. */
export {
  MAX_BLOCK_UNITS,
  MAX_LEVELS,
  MAX_NAME_CHARS,
  MAX_SCENARIO_BYTES,
  officialScenario,
  scenarioSchema,
  scenarioTable,
} from './explorer/scenario';
export type { Scenario, ScenarioProblem } from './explorer/scenario';
export { validateScenario } from './explorer/scenario-validation';
export { fileTooLarge, parseScenarioJson, scenarioToJson } from './explorer/scenario-file';
export type { ParseResult } from './explorer/scenario-file';
export { analyseTable } from './explorer/table-analysis';
export type { TableAnalysis } from './explorer/table-analysis';
export { scenarioBlockSpec } from './explorer/scenario-block-spec';
export {
  MAX_PLAYERS,
  MAX_SESSION_UNITS,
  mergeSessionTallies,
  simulateSessions,
  summariseSessions,
} from './explorer/sessions';
export type { FigureWithExact, SessionParams, SessionSummary, SessionTally } from './explorer/sessions';
export { blocksSalesBand, prizesRemaining, salesBandCoverage, salesCurve, unitsForPrecision } from './explorer/sales';

/** Statistics of placement (art. 3): tests, calibration, findings over a family, the first screen. */
export { PLACEMENT_PARTS, placementTestPart } from './stats/placement-parts';
export type { PlacementTest, PlacementWhere } from './stats/placement-tests';
export { BIAS_TEXT, calibratePlacement, clopperPearson, PLACEMENT_BIASES, POWER_PLAN } from './stats/calibration';
export type { CalibrationResult, CalibrationRow, PlacementBias } from './stats/calibration';
export { setFalseAlarms } from './stats/placement-family';
export { findingsOverSet, findingText } from './stats/placement-finding';
export type { PlacementFinding } from './stats/placement-finding';
export type { PlacementVerdict } from './stats/placement-of-levels';

/** The audit report: figures, the one worded view, the printable HTML and its citations. */
export { assembleReport, blockAudit, buildAuditReport } from './report/audit-report';
export type { AuditReport, BlockAudit } from './report/audit-report';
export { auditReportHtml, printFrameCss } from './report/report-html';
export { reportCitations } from './report/report-citations';
export { auditReportView, formatPValue } from './report/report-view';
export type { ViewSection } from './report/report-view';

/** Checking an export file (ours or a foreign one), decoding text; a unit's facts and steps (G4). */
export { ExportVerifier, verifyExportText } from './import/verify-export';
export { winnerSketch } from './emission/winner-sketch';
export type { WinnerSketch } from './emission/winner-sketch';
export { sameBlockKey } from './emission/across-blocks';
export { EmissionAlarmCounter, REUSE_BIAS_TEXT, REUSE_PLAN, reusePower } from './emission/reuse-calibration';
export type { EmissionAlarms, ReuseBias } from './emission/reuse-calibration';
export { judgeEmission } from './emission/emission';
export type { EmissionBlockIn, EmissionInput, EmissionSource, JudgedEmission, Said } from './emission/emission';
export { emissionBlock, filesEmissionName, matchManifest } from './emission/emission-block';
export type { DeclaredFile } from './emission/emission-block';
export {
  acrossLines,
  blockCells,
  emissionLines,
  headLine,
  identityLines,
  verdictLines,
} from './emission/emission-text';
export { emissionJson, emissionReport } from './emission/emission-report';
export type { EmissionReportKind } from './emission/emission-report';
export { MAX_MANIFEST_BYTES, parseEmissionManifest } from './emission/manifest';
export type { EmissionManifest } from './emission/manifest';
export { matchLineRange } from './import/verify/match-lines';
export type { VerifyResult } from './import/verify-export';
export { decodeTextBytes, TextBytesDecoder } from './import/text-decoding';
export { LINE_NAMES as MINE_LINE_NAMES } from './games/mine-d-or/grid';
export { hasPresentation, MINE_LINES, nearMisses, presentationsOf } from './replay/unit-facts';
export type { Presentation } from './replay/unit-facts';
export { buildSteps, chooseYinYang, DEFAULT_BONUS_ORDER, gridsExplained } from './replay/steps';
export type { ReplayStep, StepKind } from './replay/steps';
export { PRESENTATION_COLUMNS, PRESENTATION_STACK, presentationRows } from './audit/presentation-summary';

/** Number formats, strict readings of JSON and numbers; comparison, sheets and the optimiser. */
export {
  formatCount,
  formatDateTime,
  formatDecimal,
  formatEurosDelta,
  formatLogTick,
  formatOneIn,
  formatPointsDelta,
  formatSignedCount,
  formatSignedDecimal,
  formatSignificant,
  formatTick,
} from './format/numbers';
export type { Lang } from './format/numbers';
export { isSingular, plural } from './format/plural';
export { readStrictNumber, strictNumberProblem } from './format/strict-number';
export type { NumberRule } from './format/strict-number';
export { compareTables, MAX_COMPARED, shareOf, VI_CONFIDENCES, VI_Z } from './explorer/comparison';
export type { ColumnDeltas, ColumnFigures, ComparisonView, ViConfidence } from './explorer/comparison';
export { comparisonSheets } from './explorer/comparison-sheets';
export {
  cellFormat,
  guardFormula,
  MAX_SHEET_BYTES,
  readCsv,
  readTableCsv,
  readTableSheet,
  scenarioSheets,
  sessionCsvSheet,
  sessionSheets,
  SHEET_NUMBER_FORMATS,
  sheetNumber,
  sheetNumberText,
  sheetTooLarge,
  toCsv,
  unguardFormula,
} from './sheets/index';
export type { SheetCell, SheetProblem, SheetTable, TableSheetResult } from './sheets/index';
export { buildModel, highsSolver, optimisedName, optimiseTable, requestProblems } from './explorer/optimise/index';
export type {
  LevelBound,
  LpSolver,
  OptimisePhase,
  OptimiseRequest,
  OptimiseResult,
  RtpTarget,
} from './explorer/optimise/index';

/** Evidence bundles: zip, manifest, signature, check; and the journal. */
export { CASE_MANIFEST_KIND, MANIFEST, parseManifest, SIGNATURE } from './evidence/manifest';
export { PDF_PATH } from './evidence/readme';
export type { BundlePdf } from './evidence/readme';
export {
  fingerprint,
  keyFiles,
  MAX_KEY_FILE_BYTES,
  newKeyPair,
  parsePublicKey,
  parseSecretKey,
  sign,
  verifySignature,
} from './evidence/signing';
export type { KeyPair } from './evidence/signing';
export { RULE_FILES, writeEvidenceBundle } from './evidence/build-bundle';
export type { EvidenceInput } from './evidence/build-bundle';
export { canonicalJson, entryLine, JOURNAL_FORMAT, JOURNAL_KINDS, nextEntry, sha256Hex } from './journal/entry';
export type { JournalEntry, JournalKind, JournalTip, JournalValue, JournalWork } from './journal/entry';
export { JournalCheck, verifyJournal } from './journal/verify';
export { MAX_ENTRY_LINE_BYTES, decodeLine, longLine } from './journal/lines';
export type { JournalRow, JournalVerdict } from './journal/verify';
export {
  auditReportWork,
  blockExportWork,
  evidenceBundleWork,
  exportVerifiedWork,
  emissionVerifiedWork,
  journalFile,
  replayEvidenceWork,
} from './journal/work';
export type { JournalBlocks } from './journal/work';
export type { JournalRepair } from './journal/repair';
export { JOURNAL_EXCERPT_PATH, concernsBlocks, journalExcerpt } from './journal/excerpt';
export { excerptMarkLine } from './journal/excerpt-mark';
export { checkpointText, checkpointToSign, readCheckpoint, signCheckpoint } from './journal/checkpoint';
export type { Checkpoint } from './journal/checkpoint';
export { checkpointOf, journalTree, treeOfRows } from './journal/journal-tree';
export { LeafHashes, MerkleRoot, subtreeRoot } from './journal/merkle';
export type { JournalTree } from './journal/journal-tree';
export { excerptOfZip, heldFromZip, verifyAgainst } from './journal/against';
export type { AgainstVerdict, HeldCheckpoint } from './journal/against';
export { heldFromBytes, heldFromFile, tooLargeForCheckpoint } from './journal/held-file';
export { MAX_REPORT_BYTES } from './journal/report-checkpoint';
export type { ExcerptInclusion } from './journal/excerpt-inclusion';
export { MAX_ZIP_BYTES } from './evidence/zip-entries';
export type { ByteSource } from './evidence/zip-entries';
export { bytesSource, checkBundle, NotABundle, readBundle } from './evidence/check-bundle';
export type { BundleCheck } from './evidence/check-bundle';

/** Dispute cases: the case files, their building and checking, a player's history, their journal entry. */
export { CaseTextError, MAX_CASE_TEXT_CHARS } from './dispute/case-files';
export { caseTexts, citedJson, disputeCaseBytes, writeDisputeCase } from './dispute/build-case';
export { CASE_FONT_FILES, MAX_CASE_FONT_BYTES } from './dispute/case-fonts';
export type { CaseFontSet } from './dispute/case-fonts';
export { checkDisputeCase, rebuildInThread } from './dispute/check-case';
export type { CaseCheck, CaseRebuild } from './dispute/check-case';
export { MAX_HISTORY_BYTES, MAX_HISTORY_LINES, readHistory } from './dispute/history';
export type { HistoryProblem, HistoryReading, HistoryRepeat, HistoryUnit } from './dispute/history';
export { disputeCaseJournalWork } from './dispute/case-journal';

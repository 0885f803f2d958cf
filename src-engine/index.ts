/**
 * Instant Lab's engine: rules, generator, audit and statistics, in pure TypeScript (no Node, DOM or
 * Electron import), so that the command line, Web Workers and tests all run the same code.
 * @see ../docs/rules.md
 */
export * from './rules/types';
export * from './rules/load';
export * from './rules/legal-band';
export * from './rules/table-stats';
export { articlePassages, articleRangePassages, ruleDocument } from './rules/articles/articles';
export type { RuleDocument, RulePassage } from './rules/articles/articles';
export { ruleDecision, ruleDecisions } from './rules/articles/decisions';
export type { RuleDecision } from './rules/articles/decisions';
export { citedIn, findCitations, resolveCitations, splitCitations } from './rules/articles/citations';
export type { Citation, CitedDocument, CitedItem, CitedSegment, ResolvedCitations } from './rules/articles/citations';
export { readPipeTable, ruleTextBlocks } from './rules/articles/rule-text';
export type { RuleTextBlock } from './rules/articles/rule-text';
export { citedQuoteLines, documentLine, passageLines, ruleDateText } from './rules/articles/quote';
export * from './money/format';
export * from './i18n/localized-text';
export * from './block/input-error';
export * from './block/spec';
export * from './block/table-spec';
export * from './block/table-identity';
export * from './block/placement';
export * from './block/open-unit';
export * from './ref/unit-ref';
export * from './ref/block-number';
export * from './games/unit-view';
export * from './games/explain';
export * from './games/registry';
export type { PreparedGame } from './games/prepared-game';
export { DEFAULT_MINE_DOR_WEIGHTS } from './games/mine-d-or/presentations';
export type { MineDorLevelWeights, MineDorWeights } from './games/mine-d-or/presentations';
export { checkMineDorWeights } from './games/mine-d-or/level-weights';
export { DEFAULT_GONGS_WEIGHTS } from './games/les-3-gongs/generate';
export type { GongsWeights } from './games/les-3-gongs/generate';
export * from './audit/segments';
export * from './audit/run-range';
export * from './audit/block-result';
export * from './audit/digest';
export * from './audit/time-shares';
export * from './block/iterate-units';
export * from './export/unit-lines';
export {
  MAX_PRESENTATION_WEIGHT,
  MAX_WEIGHTED_LEVELS,
  MIN_PRESENTATION_WEIGHT,
  normaliseWeights,
  readWeightsJson,
  weightedLevels,
  weightsLevelProblems,
  weightsToJson,
} from './presentation/weights-json';
export type {
  GongsWeightsJson,
  MineLevelWeightsJson,
  MineWeightsJson,
  SettingsProblem,
  WeightsJson,
  WeightsRead,
} from './presentation/weights-json';
export * from './presentation/settings-file';
export * from './replay/record';
export * from './replay/describe';
export * from './replay/grid-reasoning';
export * from './explorer/scenario';
export * from './explorer/scenario-block-spec';
export * from './explorer/sessions';
export * from './explorer/sales';
export * from './stats/distributions';
export * from './stats/placement-tests';
export * from './stats/calibration';
export * from './stats/placement-family';
export * from './stats/placement-finding';
export * from './stats/permutation-moments';
export * from './stats/placement-of-levels';
export * from './stats/first-screen';
export * from './report/audit-report';
export * from './report/report-html';
export { citedArticlesHtml, reportCitations, ruleTextHtml, sectionTexts } from './report/report-citations';
export * from './report/report-view';
export * from './import/verify-export';
export * from './import/text-decoding';
export { LINE_NAMES as MINE_LINE_NAMES } from './games/mine-d-or/grid';
export * from './replay/unit-facts';
export * from './replay/steps';
export * from './audit/presentation-summary';
export * from './format/numbers';
export * from './format/strict-json';
export * from './format/strict-number';
export * from './explorer/mean-return';
export * from './explorer/comparison';
export * from './explorer/comparison-sheets';
export * from './sheets/index';
export * from './explorer/optimise/index';
export * from './evidence/bundle-zip';
export * from './evidence/manifest';
export * from './evidence/readme';
export * from './evidence/signing';
export * from './evidence/build-bundle';
export * from './journal/journal';
export * from './journal/work';
export * from './journal/repair';
export * from './journal/excerpt';
export * from './evidence/zip-entries';
export * from './evidence/check-bundle';

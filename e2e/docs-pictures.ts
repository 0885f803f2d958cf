/**
 * The pictures the documentation shows, each made by a flow of `docs-screenshots.spec.ts`
 * (`npm run docs:screenshots`) in French and in English, as `docs/images/<lang>/<name>.png` at
 * 1280×720. `scripts/docs-pictures.test.ts` fails when a page names a picture not listed here, or
 * a listed one is not committed: a guide can only show a screen the flows still reach.
 */
export const DOC_PICTURES = {
  'explorer-table': "the payout explorer: Mine d'or 0,50 €, its top prize changed, the figures recomputed",
  'explorer-compare': 'the official table, the edited table and a scenario file side by side',
  'explorer-optimise': "the optimiser: a Mine d'or 1 € table found for an RTP of 70 % and a hit rate of 22 %",
  'explorer-sessions': 'player sessions simulated against the exact figures',
  'explorer-spreadsheet': 'a spreadsheet import refused: every problem named by its row, the edited table kept',
  'simulation-scenario': 'the edited table run as a full block on the Simulation screen, with its verdict',
  'compliance-report': "the audit report of one Mine d'or block: reconciliation per level, RTP, verdict",
  'compliance-placement': "the placement tests of a block's audit report: each test, its p-value, its verdict",
  'compliance-print': 'the audit report printed to PDF: its first two pages, their header and footer',
  'compliance-bundle': 'the evidence bundle built and signed on the Compliance screen',
  'compliance-finding': "a supplier's file (a foreign block) checked: conforming, with a placement finding to examine",
  journal: 'the Journal screen: the chain checked, the entries of the work just done',
  'replay-reference': 'a unit reference with one character mistyped, refused: nothing replayed (R3)',
  'replay-unit': 'a unit replayed from its reference, each gain with its article',
  'replay-explanation': 'the explanation: symbols seen over several grids pay nothing, marked on the board',
  'replay-browse': 'a block browsed: its winning units with two Extra stages, the first one opened',
  'replay-case': 'the dispute case dialog: the claim and the conclusion typed',
  'replay-history': "a player's history: the strip of units, a bad line named",
} as const;

export type DocPicture = keyof typeof DOC_PICTURES;

export const DOC_LANGS = ['fr', 'en'] as const;

/** Where a picture is written, from the repository's root. */
export const pictureFile = (lang: (typeof DOC_LANGS)[number], name: DocPicture): string =>
  `docs/images/${lang}/${name}.png`;

/**
 * Every title and label of the audit report's view, in French and English, and the small helpers
 * that fill them: one place for the report's words.
 */
import type { Lang } from '../format/numbers';
import { plural } from '../format/plural';
import type { ViewStatus } from './report-view-types';

export const TEXT = {
  fr: {
    title: "Rapport d'audit de bloc",
    identity: 'Identification',
    game: 'Jeu',
    rules: 'Règlement',
    table: 'Tableau de lots',
    stake: 'Mise',
    seed: 'Graine',
    seeds: 'Graines',
    generator: 'Générateur',
    m6Reading: "Lecture de l'art. 3 (M6)",
    // {hi}, {lo}: the lots of M6 at the report's stake (10 € and 1 € at 0,50 €, ×2 at 1 €, ×4 at 2 €)
    m6Default: 'par défaut : un gain doublé sur une ligne atteint les lots de {hi} et {lo}',
    m6Strict: 'stricte : les lots de {hi} et {lo} montrent toujours deux gains ou plus',
    units: 'Unités par bloc',
    blocks: 'Blocs',
    app: 'Application',
    runAt: 'Date du calcul',
    signer: 'Clé de signature du dossier de preuves (empreinte SHA-256 de la clé publique)',
    page: 'Page',
    of: 'sur',
    digests: 'Empreintes des blocs',
    digestsBlock: 'Bloc',
    digestsDigest: 'Empreinte SHA-256 du bloc (R1)',
    seedRange: '{from} à {to}',
    seedsMany: '{n} graines (liste\u00a0: «\u00a0Identification\u00a0»)',
    footerMore:
      '… et {n} autres blocs\u00a0: leurs empreintes sont au tableau «\u00a0Empreintes des blocs\u00a0», après «\u00a0Identification\u00a0»',
    summary: 'Synthèse',
    block: 'Bloc — graine {seed}',
    reconciliation: 'Rapprochement avec le tableau officiel (art. 3)',
    lot: 'Lot',
    officialLots: 'Lots officiels',
    simulatedLots: 'Lots simulés',
    diff: 'Écart',
    officialEur: 'Montant officiel',
    simulatedEur: 'Montant simulé',
    losing: 'Perdant',
    total: 'Total',
    rtp: 'Taux de retour aux joueurs (TRJ)',
    rtpOfficial: 'TRJ officiel',
    rtpSimulated: 'TRJ simulé',
    band: 'Fourchette légale ({band})',
    inBand: 'dans la fourchette',
    outBand: 'HORS fourchette',
    hitRate: 'Taux de gain simulé (officiel)',
    reconciliationScenario: 'Rapprochement avec le tableau du scénario « {name} »',
    scenarioLots: 'Lots du scénario',
    scenarioEur: 'Montant du scénario',
    rtpScenario: 'TRJ du scénario',
    hitRateScenario: 'Taux de gain simulé (scénario)',
    sd: 'Écart type d’une unité (en mises)',
    evaluator: 'Évaluateur indépendant (R4)',
    evalPass:
      'CONFORME : le lot réévalué de chaque unité à partir de ce qu’elle montre égale son lot attribué, et chaque niveau compte exactement le nombre de lots du tableau.',
    evalFail: 'NON CONFORME : {m} en désaccord, {c} dont le nombre diffère du tableau.',
    unitWords: ['unité', 'unités'],
    levelWords: ['niveau', 'niveaux'],
    integrity: 'Intégrité (R1)',
    digest: 'Empreinte SHA-256 du bloc',
    merkle: 'Racine de Merkle des segments',
    // the hashed segments (R1) are not the placement test's 100 segments: each count says what it cuts
    segments: 'Segments hachés (R1)',
    segmentsOf: '{n} segments de {u} unités, hachés un à un : les feuilles de la racine de Merkle',
    placement: 'Tests de hasard du placement (niveau 99 %)',
    test: 'Test',
    statistic: 'Statistique',
    df: 'ddl / n',
    dfHelp:
      'ddl / n : les degrés de liberté du test (ou ses points), quand il en a, puis le nombre d’éléments qu’il compte : gagnants, unités, écarts ou lots du niveau. p-valeur : la probabilité qu’un bloc parfaitement aléatoire donne une statistique au moins aussi extrême.',
    pValue: 'p-valeur',
    verdict: 'Verdict',
    pass: 'réussi',
    fail: 'ÉCHEC',
    below: 'p sous 1 %',
    rareRange: 'étendue = {d}',
    rareSingle: 'un seul lot : pas d’étendue',
    minGap: 'écart min',
    noPlacement: 'Tests non calculés (niveaux des unités non conservés).',
    falseFail:
      '{f} sur {n}, au seuil de 1 % chacun ; un bloc parfaitement aléatoire en aurait {e} en moyenne. Placement (Holm à 1 % sur les tests et {b} du rapport) : {family}.',
    falseFailAll:
      '{f} sur {n} ({k} tests dans chacun des {blocks} blocs), au seuil de 1 % chacun ; {blocks} blocs parfaitement aléatoires en auraient {e} en moyenne à eux tous, soit {e1} par bloc. Placement (Holm à 1 % sur les tests et {b} du rapport) : {family}.',
    loneBelow:
      'Un test sous 1 % n’est pas un défaut à lui seul : le hasard en donne un sur cent tests en moyenne. C’est la correction de Holm sur tous les tests qui décide, et elle ne retient aucun constat : il n’y a rien à corriger. Pour lever un doute, testez d’autres blocs du même tableau (d’autres graines) : un défaut de placement revient d’un bloc à l’autre, un écart du hasard non.',
    findingTodo:
      'Un constat à examiner n’est pas encore un défaut : testez d’autres blocs du même tableau (d’autres graines) ; s’il revient, faites examiner le placement des lots par le générateur (R1) avant toute mise en jeu.',
    firstScreen: 'Ce que révèle le premier écran',
    // each game's own first screen (art. 4): EXTRA symbols are Mine d'or's, gongs Les 3 Gongs'
    firstScreenHelp: {
      'mine-d-or':
        'Probabilité de gain et lot moyen selon ce que le joueur voit avant le résultat final. Une combinaison visible (gain) ou ni EXTRA ni combinaison (perte) décident à vue ; parmi les écrans encore indécis, une classe est signalée quand ses quasi-gains seuls laissent deviner l’issue (rapport ≥ {r} ou ≤ 1/{r} à la probabilité de gain de son groupe : même nombre d’EXTRA).',
      'les-3-gongs':
        'Probabilité de gain et lot moyen selon ce que le joueur voit avant le résultat final (les deux premiers gongs découverts). Deux gongs différents décident de la perte à vue ; parmi les écrans encore indécis, une classe est signalée quand ce qu’elle montre laisse deviner l’issue (rapport ≥ {r} ou ≤ 1/{r} à la probabilité de gain de son groupe : deux premiers gongs identiques).',
    },
    cls: 'Classe',
    unitCount: 'Unités',
    share: 'Part',
    pWin: 'P(gain)',
    meanLot: 'Lot moyen',
    ratio: 'Rapport à son groupe',
    leak: 'Fuite',
    leakYes: 'oui : le résultat se devine',
    leakNo: 'non',
    visibleWin: 'gain visible à l’écran',
    visibleLoss: 'perte visible à l’écran',
    legal: 'Base légale et réglementaire',
    legalText:
      'Règlements particuliers des jeux de La Française des Jeux cités ci-dessus (art. 2 : mises et blocs ; art. 3 : tableaux de lots ; art. 4 : déroulement). Taux de retour : {src}. Décisions du produit : docs/rules.md (M1–M6, G1–G5, R1–R5).',
    tests: {
      segments:
        'Gagnants par segment (χ² du tableau gains/pertes, le bloc coupé pour ce test en 100 segments égaux, bilatéral)',
      runs: 'Séries de gains et de pertes (Wald–Wolfowitz)',
      serial: 'Corrélation sérielle des rangs de lot (retard 1, moments de permutation)',
      gaps: 'Écarts entre gagnants (χ² contre leur loi exacte)',
      longestRun: 'Plus longue série perdante (loi exacte, p randomisée)',
      levelPositions: 'Uniformité des positions du lot {lot} (Kolmogorov–Smirnov, population finie)',
      levelRegularity: 'Espacement trop régulier du lot {lot} (plus petit écart, loi exacte)',
      rareLots: 'Lots rares ensemble (niveaux de moins de 5 lots : positions, loi exacte)',
      periodicity: 'Périodicité : résidus modulo 2 à 32',
      spectral: 'Périodicité : périodogramme des gagnants (périodes de 32 unités et plus)',
      scales: 'Agrégats à plusieurs échelles (fenêtres de 10² à 10⁵ unités, bilatéral)',
    },
  },
  en: {
    title: 'Block audit report',
    identity: 'Identity',
    game: 'Game',
    rules: 'Rules',
    table: 'Prize table',
    stake: 'Stake',
    seed: 'Seed',
    seeds: 'Seeds',
    generator: 'Generator',
    m6Reading: 'Reading of art. 3 (M6)',
    m6Default: 'default: one gain doubled on a line reaches the {hi} and {lo} lots',
    m6Strict: 'strict: the {hi} and {lo} lots always show two gains or more',
    units: 'Units per block',
    blocks: 'Blocks',
    app: 'Application',
    runAt: 'Run date',
    signer: 'Evidence bundle signing key (SHA-256 fingerprint of the public key)',
    digests: 'Block digests',
    digestsBlock: 'Block',
    digestsDigest: 'Block SHA-256 digest (R1)',
    seedRange: '{from} to {to}',
    seedsMany: '{n} seeds (listed under "Identity")',
    footerMore: '… and {n} more blocks: their digests are in the table "Block digests", after "Identity"',
    summary: 'Summary',
    block: 'Block — seed {seed}',
    reconciliation: 'Reconciliation with the official table (art. 3)',
    lot: 'Prize',
    officialLots: 'Official prizes',
    simulatedLots: 'Simulated prizes',
    diff: 'Difference',
    officialEur: 'Official amount',
    simulatedEur: 'Simulated amount',
    losing: 'Losing',
    total: 'Total',
    rtp: 'Return to player (RTP)',
    rtpOfficial: 'Official RTP',
    rtpSimulated: 'Simulated RTP',
    band: 'Legal band ({band})',
    inBand: 'inside the band',
    outBand: 'OUTSIDE the band',
    hitRate: 'Simulated hit rate (official)',
    reconciliationScenario: 'Reconciliation with the table of the scenario “{name}”',
    scenarioLots: 'Scenario prizes',
    scenarioEur: 'Scenario amount',
    rtpScenario: 'Scenario RTP',
    hitRateScenario: 'Simulated hit rate (scenario)',
    sd: 'Standard deviation of a unit (stakes)',
    evaluator: 'Independent evaluator (R4)',
    evalPass:
      "PASS: every unit's prize re-derived from what it shows equals its assigned prize, and every level holds exactly the table's number of prizes.",
    evalFail: 'FAIL: {m} in disagreement, {c} whose count differs from the table.',
    unitWords: ['unit', 'units'],
    levelWords: ['level', 'levels'],
    integrity: 'Integrity (R1)',
    digest: 'Block SHA-256 digest',
    page: 'Page',
    of: 'of',
    merkle: 'Merkle root of the segments',
    segments: 'Hashed segments (R1)',
    segmentsOf: '{n} segments of {u} units, each hashed: the leaves of the Merkle root',
    placement: 'Placement randomness tests (99% level)',
    test: 'Test',
    statistic: 'Statistic',
    df: 'df / n',
    dfHelp:
      'df / n: the test’s degrees of freedom (or its points), when it has any, then how many items it counts: winners, units, gaps or the level’s lots. p-value: the probability that a perfectly random block gives a statistic at least as extreme.',
    pValue: 'p-value',
    verdict: 'Verdict',
    pass: 'pass',
    fail: 'FAIL',
    below: 'p below 1%',
    rareRange: 'range = {d}',
    rareSingle: 'a single lot: no range',
    minGap: 'min gap',
    noPlacement: 'Tests not computed (unit levels not kept).',
    falseFail:
      '{f} out of {n}, each test at the 1% level; a perfectly random block would have {e} on average. Placement (Holm at 1% over the tests and {b}): {family}.',
    falseFailAll:
      '{f} out of {n} ({k} tests in each of the {blocks} blocks), each test at the 1% level; {blocks} perfectly random blocks would have {e} on average between them, {e1} per block. Placement (Holm at 1% over the tests and {b}): {family}.',
    loneBelow:
      'A test below 1% is no defect on its own: chance gives one in a hundred tests on average. What decides is the Holm correction over all the tests, and it retains no finding: there is nothing to correct. To clear a doubt, test other blocks of the same table (other seeds): a placement defect comes back from block to block, a chance deviation does not.',
    findingTodo:
      'A finding to examine is not yet a defect: test other blocks of the same table (other seeds); if it comes back, have the generator’s placement of the prizes examined (R1) before any play.',
    firstScreen: 'What the first screen reveals',
    firstScreenHelp: {
      'mine-d-or':
        'Chance of winning and mean prize by what the player sees before the final result. A visible combination (win) or neither EXTRA nor combination (loss) decide on sight; among screens still undecided, a class is flagged when its near misses alone give the outcome away (ratio ≥ {r} or ≤ 1/{r} to the chance of winning of its group: same number of EXTRA).',
      'les-3-gongs':
        'Chance of winning and mean prize by what the player sees before the final result (the first two gongs uncovered). Two different gongs decide the loss on sight; among screens still undecided, a class is flagged when what it shows gives the outcome away (ratio ≥ {r} or ≤ 1/{r} to the chance of winning of its group: first two gongs alike).',
    },
    cls: 'Class',
    unitCount: 'Units',
    share: 'Share',
    pWin: 'P(win)',
    meanLot: 'Mean prize',
    ratio: 'Ratio to its group',
    leak: 'Leak',
    leakYes: 'yes: the outcome shows early',
    leakNo: 'no',
    visibleWin: 'win shown on screen',
    visibleLoss: 'loss shown on screen',
    legal: 'Legal and regulatory basis',
    legalText:
      "The games' rules of La Française des Jeux cited above (art. 2: stakes and blocks; art. 3: prize tables; art. 4: play). Return to player: {src}. Product decisions: docs/rules.md (M1–M6, G1–G5, R1–R5).",
    tests: {
      segments:
        'Winners per segment (χ² of the wins/losses table, the block cut for this test into 100 equal segments, two-sided)',
      runs: 'Runs of wins and losses (Wald–Wolfowitz)',
      serial: 'Serial correlation of prize ranks (lag 1, permutation moments)',
      gaps: 'Gaps between winners (χ² vs their exact law)',
      longestRun: 'Longest losing run (exact law, randomised p)',
      levelPositions: 'Position uniformity of the {lot} prizes (Kolmogorov–Smirnov, finite population)',
      levelRegularity: 'Spacing of the {lot} prizes too regular (smallest gap, exact law)',
      rareLots: 'Rare lots together (levels of fewer than 5 lots: positions, exact law)',
      periodicity: 'Periodicity: residues modulo 2 to 32',
      spectral: 'Periodicity: periodogram of the winners (periods of 32 units and more)',
      scales: 'Clusters at several scales (windows of 10² to 10⁵ units, two-sided)',
    },
  },
} as const;

export const fill = (s: string, v: Readonly<Record<string, string | number>>): string =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

/** « 3 unités », « 1 level »: a formatted count and its word, from a `[one, other]` pair of `TEXT`. */
export const counted = (n: number, shown: string, words: readonly [string, string], lang: Lang): string =>
  `${shown} ${plural(n, lang, words[0], words[1])}`;

/** A colon as each language writes it (a space before it in French). */
/**
 * The counts of the placement line with their plural: « 1 test sous 1 % », « 0 test sous 1 % »,
 * « 2 tests sous 1 % »; « sur le bloc » or « sur les 3 blocs » of the report.
 */
export function placementCounts(failures: number, blocks: number, lang: Lang): { f: string; b: string } {
  if (lang === 'fr')
    return {
      f: `${failures} ${plural(failures, lang, 'test', 'tests')} sous 1 %`,
      b: blocks > 1 ? `sur les ${blocks} blocs` : 'sur le bloc',
    };
  return {
    f: `${failures} ${plural(failures, lang, 'test', 'tests')} below 1%`,
    b: blocks > 1 ? `the report’s ${blocks} blocks` : 'the report’s block',
  };
}

export const COLON: Record<Lang, string> = { fr: '\u00a0: ', en: ': ' };

export const status = (ok: boolean): ViewStatus => (ok ? 'pass' : 'fail');

/**
 * What the placement tests' counts mean, said under them: nothing when no test is below 1 %; a
 * finding's next step when Holm retains one; else that a test below 1 % is chance's share (one
 * test in a hundred of a random block) and how to clear the doubt.
 */
export function placementMeaning(below: number, finding: boolean, lang: Lang): string | null {
  if (finding) return TEXT[lang].findingTodo;
  return below > 0 ? TEXT[lang].loneBelow : null;
}

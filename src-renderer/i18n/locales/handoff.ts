/**
 * Messages of a run handed from the simulation results to another screen (French first; English on
 * the switch). Seeds are identifiers: given as written, never as quantities. No "|" or "@" except
 * vue-i18n plurals.
 */
export default {
  fr: {
    handoff: {
      group: 'Ces blocs sur les autres écrans',
      audit: 'Auditer ces blocs',
      export: 'Exporter ces blocs',
      bundle: 'Faire le dossier de preuves',
      replay: 'Rejouer une unité',
      run: 'Blocs de la simulation du {date} : {game} {stake}, graine {seed}, {n} bloc | Blocs de la simulation du {date} : {game} {stake}, graine {seed}, {n} blocs',
      complianceRefused: 'Audit, export et dossier de preuves indisponibles pour ces blocs : {reason}.',
      replayRefused: 'Rejeu indisponible pour ces blocs : {reason}.',
      reason: {
        scenario: 'ils portent un tableau de scénario, et l’écran Conformité audite les tableaux officiels',
        otherScenario: 'leur scénario n’est plus celui en cours ; envoyez-le de nouveau depuis l’explorateur des gains',
        version: 'ils viennent d’une autre version du générateur que celle de l’écran Conformité',
        m6Strict: 'ils suivent la lecture stricte de M6, que l’écran Conformité ne construit pas',
        weights: 'leurs présentations suivent des pondérations modifiées',
        tooMany: 'la simulation compte {n} blocs et un rapport en porte {max} au plus',
        busy: 'un rapport ou un export est déjà en cours sur l’écran Conformité',
        running: 'une nouvelle simulation est en cours, et ces résultats sont ceux de l’exécution précédente',
      },
      allRefused: 'Ces actions sont indisponibles : {reason}.',
      origin: {
        run: '{run}.',
        last: 'Valeurs reprises de la dernière simulation. {run}.',
        edited: 'Valeurs modifiées depuis la simulation du {date} : ce ne sont plus ses blocs.',
        typed: 'Valeurs saisies sur cet écran.',
        default: 'Valeurs par défaut : aucune simulation à reprendre.',
        defaultRefused: 'Valeurs par défaut : la dernière simulation n’est pas reprise, car {reason}.',
      },
      arrived: {
        audit: 'Ouvert depuis les résultats de la simulation pour auditer exactement ces blocs.',
        export:
          'Ouvert depuis les résultats de la simulation pour exporter exactement ces blocs : choisissez le format dans « Export complet ».',
        bundle:
          'Ouvert depuis les résultats de la simulation pour faire le dossier de preuves de ces blocs : il se fait depuis leur rapport, dans « Paquet de preuves ».',
      },
      replayBlock:
        '{run}. Bloc choisi : n° {k} sur {total} (graine {seed}). Ouvrez une de ses unités avec « {first} », « {random} » ou « {jump} ».',
    },
  },
  en: {
    handoff: {
      group: 'These blocks on the other screens',
      audit: 'Audit these blocks',
      export: 'Export these blocks',
      bundle: 'Make the evidence bundle',
      replay: 'Replay a unit',
      run: 'Blocks of the simulation of {date}: {game} {stake}, seed {seed}, {n} block | Blocks of the simulation of {date}: {game} {stake}, seed {seed}, {n} blocks',
      complianceRefused: 'Audit, export and evidence bundle unavailable for these blocks: {reason}.',
      replayRefused: 'Replay unavailable for these blocks: {reason}.',
      reason: {
        scenario: 'they hold a scenario’s table, and the Compliance screen audits the official tables',
        otherScenario: 'their scenario is no longer the one in use; send it again from the payout explorer',
        version: 'they come from another generator version than the Compliance screen’s',
        m6Strict: 'they follow the strict reading of M6, which the Compliance screen does not build',
        weights: 'their presentations follow modified weights',
        tooMany: 'the simulation has {n} blocks and a report holds {max} at most',
        busy: 'a report or an export is already running on the Compliance screen',
        running: 'a new simulation is running, and these results are those of the previous run',
      },
      allRefused: 'These actions are unavailable: {reason}.',
      origin: {
        run: '{run}.',
        last: 'Values taken from the last simulation. {run}.',
        edited: 'Values changed since the simulation of {date}: they are no longer its blocks.',
        typed: 'Values typed on this screen.',
        default: 'Default values: no simulation to take them from.',
        defaultRefused: 'Default values: the last simulation is not taken, as {reason}.',
      },
      arrived: {
        audit: 'Opened from the simulation results to audit exactly these blocks.',
        export:
          'Opened from the simulation results to export exactly these blocks: choose the format under “Full export”.',
        bundle:
          'Opened from the simulation results to make the evidence bundle of these blocks: it is made from their report, under “Evidence bundle”.',
      },
      replayBlock:
        '{run}. Block chosen: no. {k} of {total} (seed {seed}). Open one of its units with “{first}”, “{random}” or “{jump}”.',
    },
  },
};

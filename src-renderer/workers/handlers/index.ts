/** Every job kind's handler, for the app's worker: the shared block jobs and the screens' own. */
import type { CommandLineJobKind, Handler, JobKind } from '@shared/jobs/protocol';
import { blockHandlers } from '@shared/block-run/handlers';
import { auditBlock, exportChunk, judgeEmissionHandler, verifyImport } from './compliance';
import { sessionSummary, sessions } from './sessions';
import { findUnitsHandler } from './find-units';
import { openUnitHandler } from './open-unit';
import { parseScenario } from './parse-scenario';
import { parsePresentation } from './parse-presentation';
import { readTableSheetHandler, writeXlsx } from './sheets';
import { optimise } from './optimise';
import { evidenceBundle } from './evidence';
import { scanExport, verifyBlobRange, verifyFinish } from './verify-file';
import { hashBlob, hashBytes } from './hash-blob';
import { disputeCase, historyUnits } from './dispute';
import { journalAgainstHandler, openJournalZipHandler, provedExcerptHandler, verifyJournalHandler } from './journal';
import { journalHeadHandler, journalTipHandler } from '@shared/journal/hash-handlers';

export const handlers: { [K in Exclude<JobKind, CommandLineJobKind>]: Handler<K> } = {
  ...blockHandlers(),
  auditBlock,
  exportChunk,
  verifyImport,
  judgeEmission: judgeEmissionHandler,
  scanExport,
  hashBlob,
  hashBytes,
  verifyBlobRange,
  verifyFinish,
  openUnit: openUnitHandler,
  findUnits: findUnitsHandler,
  sessions,
  sessionSummary,
  parseScenario,
  parsePresentation,
  writeXlsx,
  readTableSheet: readTableSheetHandler,
  optimise,
  evidenceBundle,
  disputeCase,
  historyUnits,
  verifyJournal: verifyJournalHandler,
  journalHead: journalHeadHandler,
  journalTip: journalTipHandler,
  provedExcerpt: provedExcerptHandler,
  journalAgainst: journalAgainstHandler,
  openJournalZip: openJournalZipHandler,
};

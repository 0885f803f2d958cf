/** Every job kind's handler, for the worker's dispatcher. */
import type { Handler, JobKind } from '../jobs';
import { range } from './range';
import { auditBlock, exportChunk, verifyImport } from './compliance';
import { sessionSummary, sessions } from './sessions';
import { blockDigest } from './block-digest';
import { findUnitsHandler } from './find-units';
import { parseScenario } from './parse-scenario';
import { parsePresentation } from './parse-presentation';
import { readTableSheetHandler, writeXlsx } from './sheets';
import { optimise } from './optimise';
import { evidenceBundle } from './evidence';

export const handlers: { [K in JobKind]: Handler<K> } = {
  range,
  auditBlock,
  exportChunk,
  verifyImport,
  blockDigest,
  findUnits: findUnitsHandler,
  sessions,
  sessionSummary,
  parseScenario,
  parsePresentation,
  writeXlsx,
  readTableSheet: readTableSheetHandler,
  optimise,
  evidenceBundle,
};

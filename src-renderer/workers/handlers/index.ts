/** Every job kind's handler, for the worker's dispatcher. */
import type { Handler, JobKind } from '../jobs';
import { range } from './range';
import { sessions } from './sessions';
import { blockDigest } from './block-digest';
import { findUnitsHandler } from './find-units';

export const handlers: { [K in JobKind]: Handler<K> } = {
  range,
  blockDigest,
  findUnits: findUnitsHandler,
  sessions,
};

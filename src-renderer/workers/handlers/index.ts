/** Every job kind's handler, for the worker's dispatcher. */
import type { Handler, JobKind } from '../jobs';
import { range } from './range';

export const handlers: { [K in JobKind]: Handler<K> } = {
  range,
};

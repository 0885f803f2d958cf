/**
 * The jobs that the renderer's Web Workers run, by kind: one map shared by the pool (UI side)
 * and the worker, so both sides agree on inputs, outputs and progress.
 * To add a job: declare it here, write its handler in `handlers/`, register it in `handlers/index.ts`.
 */
import type { BlockSpec, PresentationWeights, RangeTally } from '../../src-engine/index';

export interface JobMap {
  /** Generate and audit units [from, to) of a block (R1, R4). Progress: units done. */
  range: {
    input: { spec: BlockSpec; from: number; to: number; keepLevels?: boolean; weights?: PresentationWeights };
    output: RangeTally;
    progress: number;
  };
}

export type JobKind = keyof JobMap;

export interface JobRequest<K extends JobKind = JobKind> {
  readonly id: number;
  readonly kind: K;
  readonly input: JobMap[K]['input'];
}

export type JobReply =
  | { readonly id: number; readonly type: 'progress'; readonly progress: unknown }
  | { readonly id: number; readonly type: 'done'; readonly output: unknown }
  | { readonly id: number; readonly type: 'error'; readonly message: string };

/** A handler runs one job inside a worker; `progress` posts intermediate values. */
export type Handler<K extends JobKind> = (
  input: JobMap[K]['input'],
  progress: (p: JobMap[K]['progress']) => void,
) => Promise<JobMap[K]['output']> | JobMap[K]['output'];

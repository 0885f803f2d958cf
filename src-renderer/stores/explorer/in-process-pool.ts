/**
 * For unit tests: a stand-in for the app's {@link EnginePool} that runs the real worker handlers in
 * the test's own process (same inputs, same outputs, no Worker), one job after another.
 */
import { handlers } from '../../workers/handlers/index';
import type { Handler, JobKind, JobMap } from '../../workers/jobs';

export interface InProcessPool {
  readonly size: number;
  /** Jobs run so far, by kind. */
  readonly ran: JobKind[];
  run<K extends JobKind>(
    kind: K,
    input: JobMap[K]['input'],
    onProgress?: (p: JobMap[K]['progress']) => void,
  ): Promise<JobMap[K]['output']>;
  cancelAll(): void;
}

export function inProcessPool(size = 2): InProcessPool {
  const ran: JobKind[] = [];
  return {
    size,
    ran,
    async run(kind, input, onProgress) {
      ran.push(kind);
      const handler = handlers[kind] as Handler<typeof kind>;
      return handler(input, onProgress ?? (() => undefined));
    },
    cancelAll: () => undefined,
  };
}

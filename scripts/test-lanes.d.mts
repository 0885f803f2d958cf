export interface LaneTask {
  name: string;
  /** Tasks that must end before this one starts. */
  after?: readonly string[];
}
export function runInLanes<T extends LaneTask, R>(
  tasks: readonly T[],
  lanes: number,
  start: (task: T) => Promise<R>,
  onEnd?: (task: T, result: R) => void,
): Promise<Map<string, R>>;
export function runQuiet(
  cmd: string,
  args: readonly string[],
  env?: Record<string, string>,
): Promise<{ ok: boolean; seconds: number; output: string }>;

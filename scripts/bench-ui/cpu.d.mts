/** Types of scripts/bench-ui/cpu.mjs (a plain script of `npm run bench:ui`). */
export function parseStat(line: string): { pid: number; ppid: number; ticks: number };
export function treeCpuSeconds(root?: number): number | null;

/** Types of scripts/bench-ui/cpu.mjs (a plain script of `npm run bench:ui`). */
export function parseStat(line: string): { pid: number; name: string; ppid: number; ticks: number };
export function isChromium(name: string): boolean;
export function treeCpuSeconds(root?: number, keep?: (name: string) => boolean): number | null;

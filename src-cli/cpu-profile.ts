/**
 * Self time per function in a V8 CPU profile (the `Profiler.stop` result of the inspector, or a
 * `.cpuprofile` file): what `npm run profile` prints, so that the hot path's top functions can be
 * compared before and after a change.
 * @see https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile
 */

/** The parts of a V8 profile this summary reads. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
  }[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

/**
 * Names the source file of a line of bundled code (`lineNumber` from 0), or null: a bundle's line
 * numbers alone say little, its module comments say where the function was written.
 */
export type SourceOf = (url: string, lineNumber: number) => string | null;

/**
 * A {@link SourceOf} for esbuild bundles, which open each module's code with a `// path` comment:
 * the last such comment at or above the line names the file. `read` gives a file's text by URL
 * (null if it cannot be read).
 */
export function bundleSourceOf(read: (url: string) => string | null): SourceOf {
  const starts = new Map<string, { line: number; path: string }[]>();
  return (url, lineNumber) => {
    let list = starts.get(url);
    if (!list) {
      list = [];
      (read(url) ?? '').split('\n').forEach((text, line) => {
        const m = /^\/\/ ((?:src|node_modules)[\w@./-]*\.[cm]?[jt]s)$/.exec(text);
        if (m) list!.push({ line, path: m[1]! });
      });
      starts.set(url, list);
    }
    let found: string | null = null;
    for (const s of list) {
      if (s.line > lineNumber) break;
      found = s.path;
    }
    return found;
  };
}

/** One function's self time. */
export interface SelfTime {
  /** `name (file:line)`; V8's own entries keep their names, e.g. « (garbage collector) ». */
  readonly name: string;
  readonly ms: number;
  /** Share of all sampled time, idle excluded. */
  readonly share: number;
}

/**
 * Sums each sample's time delta onto the function it hit (one entry per function, however many
 * call paths reach it), largest first. Idle time is left out: it is not work.
 */
export function selfTimes(profile: CpuProfile, sourceOf?: SourceOf): SelfTime[] {
  const nameOf = new Map<number, string>();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    const name = functionName || '(anonymous)';
    const source = url === '' ? null : (sourceOf?.(url, lineNumber) ?? null);
    const file = url.replace(/^.*\//, '');
    nameOf.set(n.id, source ? `${name} (${source})` : file === '' ? name : `${name} (${file}:${lineNumber + 1})`);
  }
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const us = new Map<string, number>();
  let total = 0;
  samples.forEach((id, k) => {
    const name = nameOf.get(id);
    // a sample's delta is the time since the previous sample: the time it stands for
    const t = Math.max(0, deltas[k] ?? 0);
    if (name === undefined || name.startsWith('(idle)')) return;
    us.set(name, (us.get(name) ?? 0) + t);
    total += t;
  });
  return [...us]
    .map(([name, t]) => ({ name, ms: t / 1000, share: total > 0 ? t / total : 0 }))
    .sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name));
}

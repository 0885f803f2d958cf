/** What a CPU profile of the UI thread says: its busy stretches, function by function, named in the sources. */
import { BASE } from './config.mjs';
import { round } from './util.mjs';

/** Maps a bundle position to its source (file:line name), when the build's source maps load. */
export async function sourceMapper() {
  let TraceMap, originalPositionFor;
  try {
    ({ TraceMap, originalPositionFor } = await import('@jridgewell/trace-mapping'));
  } catch {
    return (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  }
  const maps = new Map();
  const mapOf = async (url) => {
    if (!maps.has(url)) {
      maps.set(
        url,
        await fetch(`${url}.map`)
          .then((r) => (r.ok ? r.json() : null))
          .then((j) => (j ? new TraceMap(j) : null))
          .catch(() => null),
      );
    }
    return maps.get(url);
  };
  return async (f) => {
    const map = f.url.startsWith(BASE) ? await mapOf(f.url) : null;
    const pos = map ? originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber }) : null;
    if (pos?.source) {
      const src = pos.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
      return `${pos.name ?? f.functionName ?? '(anonymous)'} ${src}:${pos.line}`;
    }
    return `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.split('/').pop()}:${f.lineNumber + 1}` : ''}`.trim();
  };
}

/**
 * The busy stretches of a CPU profile (samples with no idle sample between them) of at least
 * `minMs`, each with the functions it spent most time in (inclusive) and its own-time leaders.
 */
export async function busyStretches(profile, minMs, whole = false) {
  const name = await sourceMapper();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stretches = [];
  let cur = null;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    const idle = byId.get(id).callFrame.functionName === '(idle)';
    if (idle) {
      if (cur) stretches.push(cur);
      cur = null;
      return;
    }
    cur ??= { start: t, end: t, samples: [] };
    cur.end = t;
    cur.samples.push({ id, dt });
  });
  if (cur) stretches.push(cur);
  if (whole) {
    // one summary of every busy sample of the profile
    const all = { start: profile.startTime, end: profile.endTime, samples: stretches.flatMap((x) => x.samples) };
    stretches.splice(0, stretches.length, all);
  }
  const out = [];
  for (const st of stretches) {
    const ms = (st.end - st.start) / 1000;
    if (ms < minMs) continue;
    const busyMs = st.samples.reduce((a, x) => a + x.dt, 0) / 1000;
    const incl = new Map();
    const self = new Map();
    for (const { id, dt } of st.samples) {
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const f = byId.get(n).callFrame;
        if (f.functionName === '(root)') break;
        const key = `${f.functionName}|${f.url}|${f.lineNumber}|${f.columnNumber}`;
        if (!seen.has(key)) {
          seen.add(key);
          incl.set(key, { f, us: (incl.get(key)?.us ?? 0) + dt });
        }
        if (n === id) self.set(key, { f, us: (self.get(key)?.us ?? 0) + dt });
      }
    }
    const top = async (m, k) =>
      Promise.all(
        [...m.values()]
          .sort((a, b) => b.us - a.us)
          .slice(0, k)
          .map(async (x) => `${round(x.us / 1000, 1)} ms ${await name(x.f)}`),
      );
    out.push({ ms: round(ms, 0), busyMs: round(busyMs, 0), inclusive: await top(incl, 14), self: await top(self, 8) });
  }
  return whole ? out[0] : out;
}

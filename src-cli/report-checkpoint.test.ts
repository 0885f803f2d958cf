/**
 * An audit report made with `--journal J --sign K` carries the journal's signed checkpoint (its
 * first N entries, as read before the report, signed with the time they were read), and `journal verify J --against report` reads it: a journal
 * cut before the checkpoint's size, or rewritten before it with its chain recomputed, is caught. Small
 * blocks of a scenario: what is checked does not depend on the block's size.
 */
import { readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryLine, nextEntry, scenarioToJson } from '@engine';
import type { JournalEntry } from '@engine';
import { cli } from './test-support/run-cli';

let dir: string;
let key: string;
let table: string;
let journal: string;
/** Made after entries 2 and 3: checkpoints of sizes 2 (HTML) and 3 (JSON). */
let html: string;
let json: string;

const audit = (seed: number, out: string, ...more: string[]) =>
  cli('audit', '--table', table, '--seed', String(seed), '--out', out, '--journal', journal, ...more);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-report-checkpoint-'));
  key = join(dir, 'key');
  expect((await cli('keygen', '--out', key)).code).toBe(0);
  table = join(dir, 'small.json');
  await writeFile(
    table,
    scenarioToJson({
      name: 'petit bloc',
      game: 'les-3-gongs',
      stakeCents: 100,
      blockUnits: 2000,
      levels: [
        { prizeCents: 300_000, lots: 1 },
        { prizeCents: 100, lots: 400 },
      ],
    }),
  );
  journal = join(dir, 'journal.jsonl');
  html = join(dir, 'report.html');
  json = join(dir, 'report.json');
  for (const seed of [1, 2]) expect((await audit(seed, join(dir, `plain-${seed}.json`))).code).toBe(0);
  const h = await audit(3, html, '--sign', key);
  expect(h.stderr).toBe('');
  expect(h.stdout).toMatch(
    /\njournal: the report carries its checkpoint at 2 entries, root [0-9a-f]{64}, signed by key /,
  );
  expect(h.stdout).toContain('journal: entry 3 appended');
  expect((await audit(4, json, '--sign', key)).code).toBe(0);
  expect((await audit(5, join(dir, 'plain-5.json'))).code).toBe(0);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const lines = async (): Promise<string[]> => (await readFile(journal, 'utf8')).split('\n').filter(Boolean);

/** The journal's entries with entry `at`'s date changed and every hash after it recomputed. */
function rewritten(entries: JournalEntry[], at: number): string {
  let tip: JournalEntry | null = null;
  let text = '';
  for (const e of entries) {
    const work = { kind: e.kind, at: e.at, app: e.app, generator: e.generator, inputs: e.inputs, outputs: e.outputs };
    tip = nextEntry(tip, e.seq === at ? { ...work, at: '2020-01-01T00:00:00.000Z' } : work);
    text += entryLine(tip);
  }
  return text;
}

interface Verdict {
  ok: boolean;
  against: { checks: { name: string; size: number; holds: boolean }[]; findings: { problem: string }[] };
}
const verify = async (file: string, ...against: string[]): Promise<{ code: number | null; v: Verdict }> => {
  const r = await cli('journal', 'verify', file, ...against.flatMap((a) => ['--against', a]), '--json');
  return { code: r.code, v: JSON.parse(r.stdout) as Verdict };
};

describe('an audit report carries the journal’s signed checkpoint', () => {
  it('shows it in a section and embeds it once, of the journal before the report’s own entry', async () => {
    const text = await readFile(html, 'utf8');
    expect(text).toContain('<h2>Compliance journal</h2>');
    expect(text.match(/<script type="application\/json" id="journal-checkpoint">/g)).toHaveLength(1);
    const embedded = JSON.parse(/id="journal-checkpoint">([^<]*)</.exec(text)![1]!) as Record<string, unknown>;
    expect(embedded.size).toBe(2);
    expect(text).toContain('Signed checkpoint of the journal’s first 2 entries, as read before this report');
    expect(text).toContain(`<code>${String(embedded.root)}</code>`);
    expect(text).toContain(`<code>${String(embedded.fingerprint)}</code>`);
    const report = JSON.parse(await readFile(json, 'utf8')) as {
      journalCheckpoint: { size: number; time: string };
      identity: { runAt: string };
    };
    expect(report.journalCheckpoint.size).toBe(3);
    // signed when the journal was read, before the work: not at the report's run time
    expect(Date.parse(report.journalCheckpoint.time)).toBeLessThanOrEqual(Date.parse(report.identity.runAt));
    // without a key nothing is said of a checkpoint: no section, no field
    const plain = join(dir, 'plain.html');
    expect((await audit(6, plain, '--lang', 'fr')).code).toBe(0);
    expect(await readFile(plain, 'utf8')).not.toMatch(/journal-checkpoint|Journal de conformité/);
    expect(await readFile(join(dir, 'plain-1.json'), 'utf8')).not.toContain('journalCheckpoint');
  });

  it('in French too', async () => {
    const fr = join(dir, 'fr.html');
    const r = await audit(7, fr, '--sign', key, '--lang', 'fr');
    expect(r.stdout).toMatch(/\njournal : le rapport porte son point de contrôle à \d+ entrées, racine [0-9a-f]{64}/);
    const text = await readFile(fr, 'utf8');
    expect(text).toContain('<h2>Journal de conformité</h2>');
    expect(text).toMatch(
      /Point de contrôle signé des \d+ premières entrées du journal, telles que lues avant ce rapport/,
    );
  });

  it('refuses --sign without --journal, before any work (exit 2)', async () => {
    const r = await cli('audit', '--table', table, '--seed', '1', '--out', join(dir, 'x.html'), '--sign', key);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: --sign signs the compliance journal's checkpoint the report carries: give the journal with --journal FILE too/,
    );
  });
});

describe('journal verify --against an audit report', () => {
  it('holds for the honest journal, which only grew since (exit 0)', async () => {
    const { code, v } = await verify(journal, html, json);
    expect(code).toBe(0);
    expect(v.against.checks.map((c) => [c.size, c.holds])).toEqual([
      [2, true],
      [3, true],
    ]);
  });

  it('catches a journal cut before the size of the checkpoint a report carries', async () => {
    const all = await lines();
    const cut = join(dir, 'cut.jsonl');
    for (const [kept, shorter] of [
      [2, [json]],
      [1, [html, json]],
    ] as const) {
      await writeFile(cut, `${all.slice(0, kept).join('\n')}\n`);
      const { code, v } = await verify(cut, html, json);
      expect(code, `cut after ${kept}`).toBe(1);
      expect(v.against.findings.map((f) => f.problem)).toEqual(shorter.map(() => 'shorter'));
      expect(v.against.checks.filter((c) => !c.holds).map((c) => c.name)).toEqual([...shorter]);
    }
  });

  it('catches a journal rewritten before the checkpoint, its chain recomputed', async () => {
    const entries = (await lines()).map((l) => JSON.parse(l) as JournalEntry);
    const forged = join(dir, 'rewritten.jsonl');
    // entry 3 is inside the JSON report's checkpoint (size 3), not the HTML report's (size 2)
    await writeFile(forged, rewritten(entries, 3));
    const { code, v } = await verify(forged, html, json);
    expect(code).toBe(1);
    expect(v.ok).toBe(false);
    expect(v.against.checks.map((c) => c.holds)).toEqual([true, false]);
    expect(v.against.findings.map((f) => f.problem)).toEqual(['rewritten']);
    await writeFile(forged, rewritten(entries, 1));
    expect((await verify(forged, html, json)).v.against.findings.map((f) => f.problem)).toEqual([
      'rewritten',
      'rewritten',
    ]);
  });

  it('refuses a report with no checkpoint or two, in one line (exit 2), and says a forged one is forged (exit 1)', async () => {
    const text = await readFile(html, 'utf8');
    const script = /<script type="application\/json" id="journal-checkpoint">[^<]*<\/script>/.exec(text)![0];
    const twice = join(dir, 'twice.html');
    await writeFile(twice, text.replace(script, `${script}\n${script}`));
    const none = join(dir, 'plain-1.json');
    const dupKey = join(dir, 'dup-key.json');
    const jsonText = await readFile(json, 'utf8');
    await writeFile(
      dupKey,
      jsonText.replace('"journalCheckpoint": {', `"journalCheckpoint": null,\n  "journalCheckpoint": {`),
    );
    for (const [file, said] of [
      [
        twice,
        /twice\.html": the HTML audit report embeds 2 journal checkpoints \(id="journal-checkpoint"\); a report carries one: refused/,
      ],
      [none, /plain-1\.json": the JSON audit report carries no journal checkpoint \(made without --journal and --sign/],
      [
        dupKey,
        /dup-key\.json": the JSON audit report is not JSON read one way only, so which checkpoint it carries cannot be said: the key "journalCheckpoint" appears twice/,
      ],
    ] as const) {
      const r = await cli('journal', 'verify', journal, '--against', file);
      expect(r.code, file).toBe(2);
      expect(r.stderr.trim().split('\n'), file).toHaveLength(1);
      expect(r.stderr, file).toMatch(said);
    }
    const forged = join(dir, 'forged.html');
    await writeFile(forged, text.replace(/("size":)2,/, '$13,'));
    const { code, v } = await verify(journal, forged);
    expect(code).toBe(1);
    expect(v.against.findings.map((f) => f.problem)).toEqual(['forged']);
  });
});

/**
 * « Vérifier une émission »'s store, the real handlers run in-process: the files verified and judged
 * as one with the command line's engine code, its report the command line's bytes, one journal entry;
 * a manifest matched to the files by name; a bad file or manifest named, the others kept; a cancel
 * keeps nothing. Blocks are a few units of Les 3 Gongs exports (incomplete, so not conforming: what
 * is tested here is the emission's assembly, not a block's verdict).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { emissionReport, iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf, sha256Hex } from '@engine';
import type { JournalWork } from '@engine';
import { version } from '../../../package.json';
import type { InstantLabApi } from '../../bridge';
import { setBridge } from '../../bridge';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';
import { emissionFileName, useEmissionStore } from './useEmissionStore';

/** The header and first `n` units of a Les 3 Gongs block at 1 €. */
function exportText(seed: number, n = 40): string {
  const spec = officialBlock('les-3-gongs', 100, seed);
  const lines = [jsonlHeader(spec)];
  iterateUnits(spec, 0, n, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
  return `${lines.join('\n')}\n`;
}
const file = (name: string, text: string): File => new File([text], name);

function recordingBridge() {
  const journaled: JournalWork[] = [];
  const saved: { name: string; data: string }[] = [];
  const api = {
    journalAppend: async (w: JournalWork) => {
      journaled.push(w);
      return { seq: journaled.length, hash: 'h' };
    },
    saveFile: async (req: { suggestedName: string; data: string }) => {
      saved.push({ name: req.suggestedName, data: req.data });
      return { saved: true, path: `/tmp/${req.suggestedName}` };
    },
  };
  setBridge(api as unknown as InstantLabApi);
  return { journaled, saved };
}

beforeEach(() => {
  setActivePinia(createPinia());
  setEnginePool(inProcessPool(2), 'emission');
});
afterEach(() => {
  setEnginePool(undefined, 'emission');
  setBridge(undefined);
});

describe('an emission verified on screen', () => {
  it('judges the files as one: a line per block in the order given, a copy delivered twice, a file that is no export named; one journal entry; the report the command line writes', async () => {
    const { journaled, saved } = recordingBridge();
    const s = useEmissionStore();
    const a = exportText(5);
    await s.add([file('a.jsonl', a), file('b.jsonl', exportText(6)), file('a-copie.jsonl', a)]);
    await s.add([file('notes.csv', 'delivery notes\n')]);
    expect(s.files.map((f) => f.name)).toEqual(['a.jsonl', 'b.jsonl', 'a-copie.jsonl', 'notes.csv']);
    await s.verify();
    expect(s.phase).toBe('done');
    const e = s.result!.emission;
    expect(e.name).toBe('4 files');
    expect(e.source).toBe('files');
    expect(e.blocks.map((b) => [b.file, b.result.verdict, b.result.seed])).toEqual([
      ['a.jsonl', 'not-conforming', 5],
      ['b.jsonl', 'not-conforming', 6],
      ['a-copie.jsonl', 'not-conforming', 5],
      ['notes.csv', 'not-an-export', null],
    ]);
    expect(e.blocks[0]!.sha256).toBe(sha256Hex(a));
    expect(e.across.sameBlockAs).toEqual([null, null, 0, null]);
    expect(e.across.sameBytes[2]).toBe(true);
    expect(e.verdict).toBe('not-conforming');
    expect(s.stats.units).toBe(3 * 40);
    // one entry for the whole emission, with every file and its digest, and its JSON report's SHA-256
    expect(journaled).toHaveLength(1);
    const w = journaled[0]!;
    expect(w.kind).toBe('emission-verified');
    expect((w.inputs as { files: { file: string; sha256: string }[] }).files.map((f) => f.file)).toEqual([
      'a.jsonl',
      'b.jsonl',
      'a-copie.jsonl',
      'notes.csv',
    ]);
    expect(w.outputs).toMatchObject({ verdict: 'not-conforming', blocks_twice: 1 });
    const json = emissionReport('json', e, 'en', version, s.result!.at);
    expect((w.outputs as { report_json: { sha256: string } }).report_json.sha256).toBe(sha256Hex(json));
    // saved: byte for byte what `verify --report` writes, named after the emission
    expect(await s.save('json', 'fr')).toBe(true);
    expect(await s.save('csv', 'fr')).toBe(true);
    expect(await s.save('html', 'fr')).toBe(true);
    expect(saved.map((f) => f.name)).toEqual([
      'emission-4-files.json',
      'emission-4-files.csv',
      'emission-4-files.html',
    ]);
    expect(saved[0]!.data).toBe(json);
    expect(saved[1]!.data).toBe(emissionReport('csv', e, 'fr', version, s.result!.at));
    expect(saved[2]!.data).toContain(
      'bloc livré deux fois : &quot;a-copie.jsonl&quot; a les mêmes octets que &quot;a.jsonl&quot;',
    );
    expect(emissionFileName({ ...e, name: '../Lot 7 / été' }, 'pdf')).toBe('emission-Lot-7-t.pdf');
  });

  it('with a manifest: the files it names by name, its declared seeds and digests checked, the one it lists and no file answers missing, a file it does not list skipped', async () => {
    const { journaled } = recordingBridge();
    const s = useEmissionStore();
    const a = exportText(5);
    const manifest = {
      format: 'instant-lab-emission/1',
      emission: 'Lot 7',
      files: [
        { file: 'lots/a.jsonl', sha256: sha256Hex(a), seed: 9 },
        { file: 'lots/b.jsonl', sha256: '0'.repeat(64), seed: 6 },
        { file: 'lots/c.jsonl', sha256: '1'.repeat(64), seed: 7 },
      ],
    };
    await s.add([
      file('a.jsonl', a),
      file('b.jsonl', exportText(6)),
      file('extra.jsonl', exportText(8)),
      file('manifest.json', JSON.stringify(manifest)),
    ]);
    expect(s.files).toHaveLength(3);
    expect(s.manifest?.manifest.emission).toBe('Lot 7');
    await s.verify();
    const e = s.result!.emission;
    expect(e.name).toBe('Lot 7');
    expect(e.source).toBe('manifest');
    expect(e.path).toBe('manifest.json');
    expect(e.blocks.map((b) => [b.file, b.declaredSeed])).toEqual([
      ['lots/a.jsonl', 9],
      ['lots/b.jsonl', 6],
    ]);
    expect(e.blocks[0]!.problem).toBeNull();
    expect(e.blocks[1]!.problem?.message).toMatch(/^not the file the manifest lists: its SHA-256 is [0-9a-f]{64}/);
    expect(e.across.seedMismatches).toEqual([{ block: 0, declared: 9, header: 5 }]);
    expect(e.missing.map((m) => [m.file, m.why.message])).toEqual([
      ['lots/c.jsonl', 'listed by the manifest, but no file of that name was given (c.jsonl)'],
    ]);
    expect(e.skipped.map((k) => [k.file, k.why.fr])).toEqual([
      ['extra.jsonl', 'non listé par le manifeste : non vérifié'],
    ]);
    expect(journaled[0]!.inputs).toMatchObject({ emission: 'Lot 7', source: 'manifest', missing: ['lots/c.jsonl'] });
  });

  it('a bad manifest is refused with why, the files chosen stay; removing and clearing', async () => {
    recordingBridge();
    const s = useEmissionStore();
    await s.add([file('a.jsonl', exportText(5)), file('b.jsonl', exportText(6))]);
    await s.add([file('manifest.json', '{"format": "instant-lab-emission/1", "emission": "x", "files": []}')]);
    expect(s.manifest).toBeNull();
    expect(s.manifestError?.en).toBe(
      'manifest "manifest.json" is refused: field "files": expected a list of 1 to 10000 files, each {"file", "sha256", "seed"}',
    );
    expect(s.manifestError?.fr).toMatch(/^manifeste « manifest\.json » refusé : champ "files" : attendu une liste/);
    expect(s.files.map((f) => f.name)).toEqual(['a.jsonl', 'b.jsonl']);
    s.remove(0);
    expect(s.files.map((f) => f.name)).toEqual(['b.jsonl']);
    s.clear();
    expect(s.files).toEqual([]);
    expect(s.manifestError).toBeNull();
    expect(s.canVerify).toBe(false);
  });

  it('prints the emission’s report alone, each page headed by the emission and footed by its verdict', async () => {
    const frames: { name: string; header: string; footer: string; printing: boolean }[] = [];
    const s = useEmissionStore();
    setBridge({
      journalAppend: async () => ({ seq: 1, hash: 'h' }),
      printToPdf: async (req: { suggestedName: string; frame: { header: string; footer: string } }) => {
        frames.push({ name: req.suggestedName, ...req.frame, printing: s.printing });
        return { saved: true };
      },
    } as unknown as InstantLabApi);
    await s.add([file('a.jsonl', exportText(5))]);
    await s.verify();
    await s.print('fr');
    expect(frames).toEqual([
      {
        name: 'emission-1-files.pdf',
        header: 'Vérification d’émission « 1 files »',
        footer: 'verdict de l’émission : NON CONFORME (1 bloc non conforme)',
        page: 'Page',
        of: 'sur',
        printing: true,
      },
    ]);
    expect(s.printing).toBe(false);
  });

  it('cancelled while its jobs wait in the pool: nothing shown, nothing journaled', async () => {
    const { journaled } = recordingBridge();
    const s = useEmissionStore();
    await s.add([file('a.jsonl', exportText(5)), file('b.jsonl', exportText(6))]);
    // the in-process workers start a job on the next macrotask: the cancel comes before, surely
    const run = s.verify();
    expect(s.phase).toBe('running');
    s.cancel();
    await run;
    expect(s.phase).toBe('cancelled');
    expect(s.result).toBeNull();
    expect(journaled).toEqual([]);
  });
});

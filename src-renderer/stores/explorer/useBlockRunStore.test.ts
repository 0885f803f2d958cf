import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setEnginePool } from '../../workers/engine-pool';
import { recordingInProcessPool } from '../../workers/in-process-worker';
import type { JobKind } from '@shared/jobs/protocol';
import { useExplorerTableStore } from './useExplorerTableStore';
import { useBlockRunStore } from './useBlockRunStore';
import { smallTable } from './test-support/small-table';

/** Job kinds the store sent to the workers (the real handlers, run in-process). */
let ran: JobKind[] = [];
function recordingPool(): void {
  const r = recordingInProcessPool();
  ran = r.ran;
  setEnginePool(r.pool);
}
afterEach(() => setEnginePool(undefined));

describe('explorer block runs', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    recordingPool();
  });

  it('generates and audits a block of the edited table (R4); the result goes when the table changes', async () => {
    smallTable();
    const b = useBlockRunStore();
    b.seedText = '5';
    await b.run();
    expect(b.block!.audit.ok).toBe(true);
    expect(b.block!.seed).toBe(5);
    expect(b.block!.levels.map((l) => [l.prizeCents, l.simulated])).toEqual([
      [1500, 2],
      [100, 340],
      [50, 400],
    ]);
    useExplorerTableStore().rows[0]!.lots = '3';
    expect(b.block).toBeNull();
  });

  it('shows the block only while the seed typed is its seed: what the hand-off sends is what is shown', async () => {
    smallTable();
    const b = useBlockRunStore();
    b.seedText = '7';
    await b.run();
    expect(b.block!.seed).toBe(7);
    b.seedText = '9';
    expect(b.block).toBeNull();
    b.seedText = '7';
    expect(b.block!.seed).toBe(7);
  });

  it('a bad seed says what it expects and runs nothing', async () => {
    smallTable();
    const b = useBlockRunStore();
    b.seedText = '-1';
    expect(b.seed.ok).toBe(false);
    expect(b.seed.ok ? '' : b.seed.problem.fr).toBe(
      'Graine du bloc : « -1 » — un nombre entier de 0 à 4\u202f294\u202f967\u202f295 est attendu',
    );
    expect(b.canRun).toBe(false);
    await b.run();
    expect(ran).toEqual([]);
  });
});

/**
 * `bench`: generate + audit throughput per game, on one worker thread and on all, with peak
 * memory; three runs each, the median reported (speed is measured here, never in tests). Also where
 * one block's time goes (placement, generation, evaluation, records, hashing), and the plain C
 * reference of a Mine d'or block beside the engine when gcc exists.
 */
import { availableParallelism } from 'node:os';
import { parseFlags, parseLang } from '../args';
import { defineCommand } from '../command-spec';
import { JSON_OUTPUT, LANG } from '../common-options';
import { measure, timeShares } from '../bench/measure';
import type { BenchResult } from '../bench/measure';
import { CReference, MachineScaling } from '../bench/c-reference-beside';
import { benchText } from '../bench/text';
import { measureVerify } from '../bench/verify-beside';
import { verifyBenchText } from '../bench/verify-text';

export const BENCH = defineCommand({
  name: 'bench',
  does: 'measures generate + audit throughput per game',
  options: {
    ...LANG,
    ...JSON_OUTPUT,
    'verify-only': { type: 'boolean', default: false, help: 'measures verify alone (an export checked per second)' },
  },
});

export async function benchCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, BENCH);
  const lang = parseLang(values.lang);
  if (values['verify-only']) {
    const v = await measureVerify();
    process.stdout.write(values.json ? `${JSON.stringify({ verify_export: v })}\n` : verifyBenchText(v, lang === 'fr'));
    return 0;
  }
  const all = availableParallelism();
  const results: BenchResult[] = [];
  const cRef = new CReference();
  const machine = new MachineScaling(cRef.binaryPath);
  for (const game of ['mine-d-or', 'les-3-gongs'] as const) {
    for (const w of all > 1 ? [1, all] : [1])
      results.push(
        await measure(game, w, 3, game === 'mine-d-or' && w === 1 ? cRef.afterRun : machine.afterRun(game, w)),
      );
  }
  const c = cRef.result() ?? cRef.skipped ?? 'not run';
  const verifyRows = await measureVerify();
  const shares = timeShares();
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({
        results: results.map(({ game, workers, units_per_second, units_per_cpu_second, peak_rss_mb, scaling }) => ({
          game,
          workers,
          units_per_second,
          units_per_cpu_second,
          peak_rss_mb,
          scaling,
        })),
        time_shares: shares,
        c_reference: typeof c === 'string' ? null : c,
        machine_scaling: Object.fromEntries((['mine-d-or', 'les-3-gongs'] as const).map((g) => [g, machine.ratio(g)])),
        verify_export: verifyRows,
      })}\n`,
    );
    return 0;
  }
  process.stdout.write(benchText({ results, shares, c, all, ratio: (g) => machine.ratio(g) }, lang));
  process.stdout.write(verifyBenchText(verifyRows, lang === 'fr'));
  return typeof c === 'string' || c.digests_match ? 0 : 1;
}

/**
 * `profile`: where a block's time goes, by function. Whole blocks of one game run on this thread
 * under V8's sampling profiler, as a command-line worker runs them (Node's SHA-256), after warm-up
 * blocks; the top functions by self time are printed, so a change to the hot path can be judged by
 * its profile before and after. Speed itself is `bench`'s job.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import { parseFlags, parseLang } from '../args';
import { defineCommand } from '../command-spec';
import { GAME, JSON_OUTPUT, LANG } from '../common-options';
import { parsePositive } from '../block-args';
import { GAME_IDS, formatDecimal, officialBlock, parseGame, runRange } from '@engine';
import type { GameId } from '@engine';
import { bundleSourceOf, selfTimes } from '../cpu-profile';
import type { CpuProfile, SelfTime } from '../cpu-profile';
import { count, textTable } from '../text-table';

export const PROFILE = defineCommand({
  name: 'profile',
  does: 'prints the functions that take the most time on whole blocks',
  options: {
    game: { ...GAME.game, help: 'the game profiled (default: both)' },
    blocks: { type: 'string', value: 'N', help: 'blocks profiled per game (default: about a second of work)' },
    top: { type: 'string', value: 'K', default: '5', help: 'how many functions are printed per game' },
    ...LANG,
    ...JSON_OUTPUT,
  },
});

/** Blocks profiled by default: about a second of work for each game. */
const DEFAULT_BLOCKS: Record<GameId, number> = { 'mine-d-or': 4, 'les-3-gongs': 12 };
const WARM_BLOCKS = 4;

const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

async function runBlocks(game: GameId, firstSeed: number, blocks: number): Promise<void> {
  for (let b = 0; b < blocks; b++) {
    const spec = officialBlock(game, 50, firstSeed + b);
    await runRange(spec, 0, spec.table.blockUnits, { sha256 });
  }
}

export async function profileCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, PROFILE);
  const lang = parseLang(values.lang);
  const games: readonly GameId[] = values.game === undefined ? GAME_IDS : [parseGame(values.game)];
  const top = parsePositive(values.top, 'top', 100);
  const blocksFlag = values.blocks === undefined ? null : parsePositive(values.blocks, 'blocks', 1000, 1);
  const sourceOf = bundleSourceOf((url) => {
    try {
      return url.startsWith('file:') ? readFileSync(fileURLToPath(url), 'utf8') : null;
    } catch {
      return null;
    }
  });
  const session = new Session();
  session.connect();
  const out: { game: GameId; blocks: number; sampled_ms: number; top: SelfTime[] }[] = [];
  try {
    await session.post('Profiler.enable');
    // 100 µs: a finer grain than V8's default 1 ms, for functions of a few per cent
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    for (const game of games) {
      const blocks = blocksFlag ?? DEFAULT_BLOCKS[game];
      await runBlocks(game, 900, WARM_BLOCKS);
      await session.post('Profiler.start');
      await runBlocks(game, 0, blocks);
      const { profile } = await session.post('Profiler.stop');
      const all = selfTimes(profile as CpuProfile, sourceOf);
      const sampled = all.reduce((t, f) => t + f.ms, 0);
      out.push({ game, blocks, sampled_ms: Math.round(sampled), top: all.slice(0, top) });
    }
  } finally {
    session.disconnect();
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  }
  const fr = lang === 'fr';
  for (const r of out) {
    const head = fr
      ? `${r.game} : ${count(r.blocks, lang)} blocs sur un thread, ${count(r.sampled_ms, lang)} ms échantillonnées ; les ${count(r.top.length, lang)} fonctions au plus grand temps propre`
      : `${r.game}: ${count(r.blocks, lang)} blocks on one thread, ${count(r.sampled_ms, lang)} ms sampled; top ${count(r.top.length, lang)} functions by self time`;
    process.stdout.write(
      `${head}\n${textTable(
        fr ? ['Fonction', 'Temps propre', 'Part'] : ['Function', 'Self time', 'Share'],
        r.top.map((t) => [
          t.name,
          `${count(Math.round(t.ms), lang)} ms`,
          fr ? `${formatDecimal(100 * t.share, lang, 1)} %` : `${formatDecimal(100 * t.share, lang, 1)}%`,
        ]),
      )}\n\n`,
    );
  }
  return 0;
}

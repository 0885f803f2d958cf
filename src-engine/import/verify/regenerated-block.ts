/**
 * The block regenerated from its seed (R1), in chunks of {@link REGEN_CHUNK} units, to compare each
 * unit of a file with the one the generator makes.
 */
import { iterateUnits } from '../../block/iterate-units';
import type { BlockSpec } from '../../block/spec';
import type { PresentationWeights } from '../../games/registry';
import type { UnitView } from '../../games/unit-view';
import type { GameId } from '../../rules/types';
import type { ParsedUnit } from './types';
import { fieldError } from './wording';

/** Units regenerated at a time when comparing with the generator. */
const REGEN_CHUNK = 10_000;

export class RegeneratedBlock {
  private from = -1;
  private units: { prize: number; view: UnitView }[] = [];

  constructor(
    private readonly spec: BlockSpec,
    private readonly weights: PresentationWeights | undefined,
  ) {}

  /** Throws a discrepancy naming the first field where `u` differs from the regenerated unit. */
  check(u: ParsedUnit): void {
    const r = this.unit(u.index);
    // the same values field by field: the same canonical text, which is then not built
    if (r.prize === u.prize && sameValues(r.view, u.view)) return;
    const want = canonical(r.prize, r.view);
    const got = canonical(u.prize, u.view);
    if (want === got) return;
    const d = firstDifference(want, got, this.spec.game);
    throw fieldError(
      d.field,
      `differs from unit ${u.index} regenerated from the block's seed (R1)`,
      `diffère de l'unité ${u.index} régénérée à partir de la graine du bloc (R1)`,
      d.expected,
      d.found,
    );
  }

  /** Unit i of the block, as the generator makes it. */
  private unit(i: number): { prize: number; view: UnitView } {
    if (this.from < 0 || i < this.from || i >= this.from + this.units.length) {
      this.from = Math.floor(i / REGEN_CHUNK) * REGEN_CHUNK;
      const to = Math.min(this.spec.table.blockUnits, this.from + REGEN_CHUNK);
      const units: { prize: number; view: UnitView }[] = [];
      iterateUnits(this.spec, this.from, to, (_j, prize, view) => units.push({ prize, view }), this.weights);
      this.units = units;
    }
    return this.units[i - this.from]!;
  }
}

/**
 * Whether two views hold the same values in the fields {@link canonical} writes (the same strings,
 * numbers and nulls, array by array): then their canonical texts are equal. False says nothing: the
 * texts are compared then.
 */
function sameValues(a: UnitView, b: UnitView): boolean {
  if (a.game === 'mine-d-or')
    return (
      b.game === 'mine-d-or' &&
      sameList(a.main, b.main) &&
      a.extras.length === b.extras.length &&
      a.extras.every((g, k) => sameList(g, b.extras[k]!))
    );
  return (
    b.game === 'les-3-gongs' &&
    sameList(a.gongs, b.gongs) &&
    (a.bonusCents === null ? b.bonusCents === null : b.bonusCents !== null && sameList(a.bonusCents, b.bonusCents))
  );
}

function sameList(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

function canonical(prize: number, v: UnitView): string {
  return v.game === 'mine-d-or'
    ? JSON.stringify([prize, v.main, v.extras])
    : JSON.stringify([prize, v.gongs, v.bonusCents]);
}

/** The first field where a unit differs from the regenerated one, with both values (JSON text). */
function firstDifference(want: string, got: string, game: GameId): { field: string; expected: string; found: string } {
  const a = JSON.parse(want) as unknown[];
  const b = JSON.parse(got) as unknown[];
  const names = game === 'mine-d-or' ? ['prize_cents', 'main', 'extras'] : ['prize_cents', 'gongs', 'bonus_cents'];
  let k = 0;
  while (k < 2 && JSON.stringify(a[k]) === JSON.stringify(b[k])) k++;
  return { field: names[k]!, expected: JSON.stringify(a[k]), found: JSON.stringify(b[k]) };
}

/** What the first line of an export says the file is. */
import type { BlockSpec } from '../../block/spec';
import type { PresentationWeights } from '../../games/registry';
import type { GameId } from '../../rules/types';

export type HeaderReading =
  /** A JSONL header naming a block: ours (regenerated from its seed, R1) or foreign. */
  | {
      readonly kind: 'jsonl';
      readonly spec: BlockSpec;
      readonly generator: string | null;
      readonly foreign: boolean;
      /** The presentation weights the header states (M4, G2); undefined: the documented defaults. */
      readonly weights?: PresentationWeights;
    }
  /** A CSV header: the block is read from its first unit's reference. */
  | { readonly kind: 'csv'; readonly game: GameId }
  /** A first line that cannot be read as a header; `format` is what it looked like. */
  | {
      readonly kind: 'refused';
      readonly format: 'jsonl' | null;
      readonly field?: string;
      readonly message: string;
      readonly fr: string;
    };

export type HeaderRefusal = Extract<HeaderReading, { kind: 'refused' }>;

/** A refused JSONL header naming its field. */
export const refusedField = (field: string, message: string, fr: string): HeaderRefusal => ({
  kind: 'refused',
  format: 'jsonl',
  field,
  message,
  fr,
});

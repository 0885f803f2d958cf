/**
 * Options several commands share, declared once so that each says the same in every `--help`.
 */
import { GAME_IDS } from '@engine';

export const LANG = {
  lang: { type: 'string', choices: ['fr', 'en'], help: 'the language of what is printed (English by default)' },
} as const;

export const JSON_OUTPUT = { json: { type: 'boolean', default: false, help: 'prints JSON instead of text' } } as const;

export const FORCE = {
  force: { type: 'boolean', default: false, help: 'replaces an existing --out file' },
} as const;

export const JOURNAL = {
  journal: {
    type: 'string',
    value: 'FILE',
    help: 'appends the work done to this compliance journal (checked first; both are written, or neither)',
  },
} as const;

/** `--sign KEYFILE`, the private key of `instant-lab keygen`, saying what it signs. */
export const sign = (what: string) =>
  ({
    sign: { type: 'string', value: 'KEYFILE', help: `signs ${what} with this private key (instant-lab keygen)` },
  }) as const;

export const GAME = {
  game: { type: 'string', choices: GAME_IDS, help: 'the game' },
} as const;

export const STAKE = { stake: { type: 'string', value: '0.5|1|2', help: 'the stake, in euros' } } as const;

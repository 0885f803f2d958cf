/**
 * Les 3 Gongs symbols and buffer layout (art. 4.1, 4.3.1, 4.3.2).
 */

/** Paying symbols in the order of `resources/rules/les-3-gongs.json` (codes 0–8), then yin yang (9). */
export const GONG_SYMBOLS = ['buddha', 'tiger', 'snake', 'sabre', 'lotus', 'bonsai', 'lady', 'lantern', 'fan'] as const;
export const YINYANG = 9;
export const GONG_CODES: readonly string[] = [...GONG_SYMBOLS, 'yinyang'];

/** Buffer layout (Int32Array): [gong 0, gong 1, gong 2, has Bonus (0/1), amount 0, amount 1, amount 2]. */
export const GONG_BUFFER_SIZE = 7;

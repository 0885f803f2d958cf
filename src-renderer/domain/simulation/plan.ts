/** Limits of a simulation run typed on the screen. */

/** Blocks per run: block k uses seed + k (R1: each block is fully determined by its seed). */
export const MIN_BLOCKS = 1;
export const MAX_BLOCKS = 100;

/**
 * The one legal-band check (Code de la sécurité intérieure, art. D.322-10): every screen, report
 * and the explorer ask this function whether an RTP lies inside the band.
 *
 * @see ../../resources/rules/legal-bands.json — the bands are data, since the law can change.
 */
import type { LegalBand } from './types';

/**
 * Tolerance of the comparison. An RTP is a ratio of integers computed in floating point
 * (paid cents / (units × stake)); 1e-9 absorbs its rounding and is far below the 0.001 % the
 * screens show, so a table at exactly 75 % is inside and one at 75.0001 % is outside.
 */
export const LEGAL_BAND_TOLERANCE = 1e-9;

/** Whether `rtp` (a ratio, 0.7 = 70 %) lies inside `band`, bounds included. */
export function isInsideLegalBand(rtp: number, band: Pick<LegalBand, 'minRtp' | 'maxRtp'>): boolean {
  return Number.isFinite(rtp) && rtp >= band.minRtp - LEGAL_BAND_TOLERANCE && rtp <= band.maxRtp + LEGAL_BAND_TOLERANCE;
}

/**
 * The articles the engine loads are the official documents kept in `docs/official/`, word for
 * word: joined in order, the French passages give the published file byte for byte, whose SHA-256
 * the data names.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_IDS, ruleDocument } from '@engine';

describe.each(GAME_IDS)('%s official text', (game) => {
  const doc = ruleDocument(game);
  const published = readFileSync(doc.file);

  it('its passages, joined in order, are the published text byte for byte', () => {
    expect(doc.passages.map((p) => p.fr).join('')).toBe(published.toString('utf8'));
  });

  it('names the SHA-256 of the published text it was split from', () => {
    expect(createHash('sha256').update(published).digest('hex')).toBe(doc.sha256);
  });
});

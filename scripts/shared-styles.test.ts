/**
 * A style that several components share is written once, in `src-renderer/styles/base.css`: two
 * copies drift apart, and the same table then looks different on two panels.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function vueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? vueFiles(join(dir, e.name)) : e.name.endsWith('.vue') ? [join(dir, e.name)] : [],
  );
}

/** The `<style>` blocks of a component, joined. */
const styleOf = (file: string): string =>
  [...readFileSync(file, 'utf8').matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('\n');

describe('shared styles', () => {
  it('the presentation weights’ tables (class "weights") are styled in base.css only, by every panel that shows one', () => {
    const users = vueFiles('src-renderer').filter((f) => /class="weights"/.test(readFileSync(f, 'utf8')));
    expect(users.length).toBeGreaterThan(1);
    expect(vueFiles('src-renderer').filter((f) => /\.weights\b/.test(styleOf(f)))).toEqual([]);
    expect(readFileSync('src-renderer/styles/base.css', 'utf8')).toMatch(/table\.weights \{/);
  });
});

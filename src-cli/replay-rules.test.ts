import { describe, expect, it } from 'vitest';
import { formatUnitRef, ruleDocument } from '@engine';
import { cli } from './test-support/run-cli';

const mineRef = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 3, index: 11, generatorVersion: 1 });

describe.concurrent('replay REF --rules: the articles the replay cites, as published', () => {
  it('prints each cited passage, the English translation marked as such, then the French original', async () => {
    const r = await cli('replay', mineRef, '--rules');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [replay = '', rules = ''] = r.stdout.split('\nArticles cited\n');
    expect(rules).not.toBe('');
    // this unit: two pickaxe combinations, one in an Extra stage, adding up to one lot
    expect(replay).toContain('(art. 4.4, 4.6)');
    const doc = ruleDocument('mine-d-or');
    expect(rules).toContain(
      "Règlement particulier du jeu « Mine d'or » (Particular rules of the game « Mine d'or »), Paris, 4 October 2011",
    );
    expect(rules).toContain(`SHA-256 ${doc.sha256}`);
    for (const id of ['4.1', '4.4', '4.6', '4.7']) {
      const p = doc.passages.find((x) => x.id === id)!;
      expect(rules).toContain(p.fr.split('\n')[0]!.trim());
      expect(rules).toContain(p.en.split('\n')[0]!.trim());
    }
    // only what is cited: 4.5 (lines) and 4.8 (losing) are not
    expect(rules).not.toContain('4.5. Si le joueur');
    expect(rules).not.toContain('4.8. ');
    expect(rules.match(/English translation, not an official text:/g)).toHaveLength(4);
    expect(rules.match(/French original \(authoritative\):/g)).toHaveLength(4);
    // decisions cited on the lines above (R4, R2) with their statement
    expect(rules).toMatch(/^ {2}R4 — An evaluator/m);
    expect(rules).toMatch(/^ {2}R2 — A unit opens/m);
  });

  it('adds the cited texts to --json, French as published', async () => {
    const r = await cli('replay', mineRef, '--json', '--rules');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as {
      rules_cited: {
        documents: { sha256: string; passages: { id: string; fr: string; en: string }[] }[];
        unknown: string[];
      };
    };
    const doc = ruleDocument('mine-d-or');
    expect(j.rules_cited.documents).toHaveLength(1);
    expect(j.rules_cited.documents[0]!.sha256).toBe(doc.sha256);
    expect(j.rules_cited.documents[0]!.passages.map((p) => p.id)).toEqual(['4.1', '4.4', '4.6', '4.7']);
    expect(j.rules_cited.documents[0]!.passages[1]!.fr).toBe(doc.passages.find((p) => p.id === '4.4')!.fr);
    expect(j.rules_cited.unknown).toEqual([]);
  });

  it('without --rules, prints no article text', async () => {
    const r = await cli('replay', mineRef);
    expect(r.stdout).not.toContain('Articles cited');
  });
});

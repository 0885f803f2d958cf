/**
 * Command-line habits: every command answers `--help` and `-h` with its own usage; a command's
 * text is in one language, numbers included (`--lang fr|en`); `replay` prints the reasoning over
 * every grid (art. 4.4, 4.6), the same sentences as the replay screen and the JSON record.
 */
import { describe, expect, it } from 'vitest';
import { GENERATOR_VERSION, formatUnitRef, officialBlock, openUnit, reasonUnit, scenarioToJson } from '@engine';
import type { MineDorView, Scenario } from '@engine';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './test-support/run-cli';
import type { CliRun } from './test-support/run-cli';

/** French spaces inside numbers (narrow and plain no-break) as plain spaces, to compare texts. */
const spaces = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('--help and -h', () => {
  it('every command listed by `help` answers its own usage, exit code 0', { timeout: 180_000 }, async () => {
    const all = await cli('help');
    expect(all.code).toBe(0);
    const commands = all.stdout
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(' ')[0]!)
      .filter(Boolean);
    expect(commands).toEqual(expect.arrayContaining(['simulate', 'replay', 'audit', 'verify', 'bench', 'optimise']));
    expect(commands.length).toBeGreaterThanOrEqual(12);
    const runs: CliRun[] = [];
    for (const c of commands) runs.push(...(await Promise.all([cli(c, '--help'), cli(c, '-h')])));
    runs.forEach((r, k) => {
      const c = commands[Math.floor(k / 2)]!;
      expect(r.stderr, c).toBe('');
      expect(r.code, c).toBe(0);
      expect(r.stdout.split('\n')[0], c).toMatch(new RegExp(`^usage: instant-lab ${c} `));
      expect(r.stdout, c).toContain(`${c}: `);
    });
  });

  it('help wins over other arguments, even a missing reference', async () => {
    const r = await cli('replay', '--json', '-h');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: instant-lab replay <unit-ref> .*--lang fr\|en/);
  });
});

describe('replay: every grid, in one language', () => {
  // one nugget in the main grid, two in Extra stage 1, nothing paid
  const spec = officialBlock('mine-d-or', 100, 12345);
  let index = -1;
  for (let i = 0; index < 0; i++) {
    const v = openUnit(spec, i).view as MineDorView;
    const n = (g: readonly string[]): number => g.filter((s) => s === 'nugget').length;
    if (openUnit(spec, i).assignedCents === 0 && v.extras.length === 1 && n(v.main) === 1 && n(v.extras[0]!) === 2)
      index = i;
  }
  const ref = formatUnitRef({
    game: 'mine-d-or',
    stakeCents: 100,
    seed: 12345,
    index,
    generatorVersion: GENERATOR_VERSION,
  });
  const why = reasonUnit(openUnit(spec, index));

  it.each(['fr', 'en'] as const)(
    '--lang %s prints each grid and the nuggets over two grids (art. 4.4, 4.6)',
    async (lang) => {
      const r = await cli('replay', ref, ...(lang === 'fr' ? ['--lang', 'fr'] : []));
      expect(r.code).toBe(0);
      for (const line of why.lines) expect(r.stdout).toContain(`  ${line[lang]}\n`);
      const out = spaces(r.stdout);
      const nugget = why.acrossGrids.find((s) => s.symbol === 'nugget')!;
      expect(r.stdout).toContain(nugget.text[lang]);
      if (lang === 'fr') {
        expect(out).toContain('Grille par grille (art. 4.4, 4.6) :');
        expect(out).toContain('Mise 1,00 € · graine 12 345');
        expect(out).not.toMatch(/Main grid|Extra stage|Gains:|Evaluator|€\d/);
      } else {
        expect(out).toContain('Grid by grid (art. 4.4, 4.6):');
        expect(out).toContain('Stake €1.00 · seed 12,345');
        expect(out).not.toMatch(/Grille|Étape|Évaluateur|\d,\d\d €/);
      }
    },
  );

  it('--lang accepts fr or en only', async () => {
    const r = await cli('replay', ref, '--lang', 'de');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --lang "de" is not valid: expected fr or en\n');
  });
});

describe('simulate: one language and one number format per line', () => {
  // official: the lines compared read the official table's figures and the word « officiel » / "official"
  it.each(['fr', 'en'] as const)('--lang %s', async (lang) => {
    const r = await cli(
      'simulate',
      '--game',
      'les-3-gongs',
      '--stake',
      '1',
      '--seed',
      '3',
      '--workers',
      '1',
      '--lang',
      lang,
    );
    expect(r.code).toBe(0);
    const out = spaces(r.stdout);
    const figures = out.split('\n').find((l) => /^(RTP|TRJ) /.test(l))!;
    if (lang === 'fr') {
      expect(figures).toMatch(
        /^TRJ 69,993 % \(officiel 69,993 %\) · fréquence de gain 27,199 % \(1 sur 3,6766\) · écart type 11,98 mises$/,
      );
      expect(out).toMatch(/^Temps : \d+,\d\d s$/m);
      expect(out).toContain('Payé 209 980,00 € (officiel 209 980,00 €)');
      // article numbers (« art. 3.2 ») are names, not decimals
      expect(out.replace(/art\. [\d.]+/g, 'art.')).not.toMatch(/€\d|\d\.\d|Paid|hit rate/);
    } else {
      expect(figures).toMatch(
        /^RTP 69\.993% \(official 69\.993%\) · hit rate 27\.199% \(1 in 3\.6766\) · sd 11\.98 stakes$/,
      );
      expect(r.stdout).toMatch(/^Time: \d+\.\d\d s$/m);
      expect(r.stdout).toContain('Paid €209,980.00 (official €209,980.00)');
      // no French amount, percent or decimal comma on an English line
      expect(r.stdout).not.toMatch(/\d,\d\d €|\d %|\d,\d{3,4}\)/);
    }
  });
});

describe('keygen: one language per line', () => {
  it.each(['fr', 'en'] as const)('--lang %s', async (lang) => {
    const out = join(mkdtempSync(join(tmpdir(), 'keygen-lang-')), 'k');
    const r = await cli('keygen', '--out', out, '--lang', lang);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      lang === 'fr'
        ? /^.+ écrite \(clé privée, lisible par vous seul\) et .+\.pub \(clé publique\)\nempreinte : /
        : /^Wrote .+ \(private key, readable by you only\) and .+\.pub \(public key\)\nfingerprint: /,
    );
  });
});

describe('--lang on every command that prints', () => {
  it('every command listed by `help` offers --lang fr|en in its usage', async () => {
    const all = await cli('help');
    const usages = all.stdout.split('\n').slice(1).filter(Boolean);
    expect(usages.length).toBeGreaterThanOrEqual(12);
    for (const u of usages) expect(u, u).toContain('[--lang fr|en]');
  });

  it.each(['fr', 'en'] as const)('calibrate --lang %s: words and percentages of one language', async (lang) => {
    const r = await cli(
      'calibrate',
      '--game',
      'les-3-gongs',
      '--shuffles',
      '4',
      '--blocks',
      '0',
      '--power',
      '0',
      '--sales',
      '2',
      '--lang',
      lang,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = spaces(r.stdout);
    if (lang === 'fr') {
      expect(out).toContain('les-3-gongs : 4 mélanges idéaux');
      expect(out).toMatch(/taux à 1 % +intervalle à 99 %/);
      expect(out).toMatch(/blocs échouant à au moins un test seul : \d+,\d %/);
      expect(out).toMatch(/échecs du verdict global, par le test de plus petit p : (—|\w)/);
      expect(out).toContain('chaque test est calibré');
      expect(out).not.toMatch(/\d\.\d|ideal|failures|every test|shuffled/);
    } else {
      expect(out).toContain('les-3-gongs: 4 ideal shuffles');
      expect(out).toMatch(/rate at 1% +99% interval/);
      expect(out).toMatch(/blocks failing at least one test alone: \d+\.\d%/);
      expect(out).toMatch(/overall verdict's failures, by the test with the smallest p: (—|\w)/);
      expect(out).toContain('every test is calibrated');
      // a French percentage (« 2.50 % ») or decimal comma has no place on an English line
      expect(out).not.toMatch(/\d %|\d,\d\d?%|mélanges|calibré/);
    }
  });

  it(
    'audit and export --lang fr: the summary and the journal line in French, English without --lang',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'audit-lang-'));
      const journal = join(dir, 'journal.jsonl');
      // a small table inside the legal band: the wording, not the block, is what this test reads
      const s: Scenario = {
        name: 'petit bloc',
        game: 'les-3-gongs',
        stakeCents: 50,
        blockUnits: 2000,
        levels: [
          { prizeCents: 500, lots: 60 },
          { prizeCents: 50, lots: 800 },
        ],
      };
      const table = join(dir, 'table.json');
      writeFileSync(table, scenarioToJson(s));
      const paid = s.levels.reduce((sum, l) => sum + l.prizeCents * l.lots, 0);
      const rtp = ((100 * paid) / (s.blockUnits * s.stakeCents)).toFixed(3); // 70.000
      const block = ['--table', table, '--seed', '5'];
      const fr = await cli('audit', ...block, '--out', join(dir, 'a.json'), '--lang', 'fr', '--journal', journal);
      expect(fr.code).toBe(0);
      expect(spaces(fr.stdout)).toMatch(
        new RegExp(
          `^.*a\\.json écrit : 1 bloc, TRJ ${rtp.replace('.', ',')} %, dans la fourchette légale, évaluateur PASS \\(R4\\), tests de placement \\d+/\\d+ réussis à 99 % \\(\\d+,\\d\\d s\\)\\njournal : entrée 1 ajoutée à ".*journal\\.jsonl" \\([0-9a-f]{64}\\)\\n$`,
        ),
      );
      const en = await cli('audit', ...block, '--out', join(dir, 'b.json'), '--journal', journal);
      expect(en.stdout).toMatch(
        new RegExp(
          `RTP ${rtp.replace('.', '\\.')}%, inside the legal band, .* pass at 99% \\(\\d+\\.\\d\\d s\\)\\njournal: entry 2 appended to `,
        ),
      );
      const x = await cli('export', ...block, '--out', join(dir, 'u.jsonl'), '--lang', 'fr', '--journal', journal);
      const units = String(s.blockUnits).replace(/\B(?=(\d{3})+(?!\d))/g, ' '); // 2 000
      expect(spaces(x.stdout)).toMatch(new RegExp(`^${units} unités écrites dans .*\\njournal : entrée 3 ajoutée à `));
    },
  );

  it('profile --lang fr: French words and numbers', { timeout: 60_000 }, async () => {
    const r = await cli('profile', '--game', 'les-3-gongs', '--blocks', '1', '--top', '3', '--lang', 'fr');
    expect(r.code).toBe(0);
    const out = spaces(r.stdout);
    expect(out).toMatch(/^les-3-gongs : 1 blocs sur un thread, [\d ]+ ms échantillonnées ; les 3 fonctions/);
    expect(out).toMatch(/Fonction +Temps propre +Part/);
    expect(out).toMatch(/\d+,\d %\n/);
    expect(out).not.toMatch(/Self time|sampled|\d\.\d %/);
  });

  it('optimise --lang fr: the table found in French, with French numbers', { timeout: 60_000 }, async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'optimise-lang-')), 'found.json');
    const r = await cli(
      'optimise',
      '--game',
      'les-3-gongs',
      '--stake',
      '0.5',
      '--rtp',
      '0.68..0.70',
      '--block-units',
      '1000',
      '--top-prize',
      '30',
      '--amounts',
      '15,5,3,1,0.5',
      '--out',
      out,
      '--lang',
      'fr',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = spaces(r.stdout);
    expect(text).toMatch(/: les-3-gongs, mise 0,50 €, bloc de 1 000 unités\n/);
    expect(text).toMatch(/montant +lots +chances +part du TRJ/);
    expect(text).toMatch(
      /^TRJ \d+,\d{3} % \([\d ]+,\d\d € payés\) · fréquence de gain \d+,\d{3} % \(.+1 sur \d+,\d\d\)/m,
    );
    expect(text).toMatch(/en \d+,\d\d s\n/);
    expect(text).toContain(`${out} écrit`);
    expect(text).not.toMatch(/RTP|hit rate|Wrote|€\d|\d\.\d/);
  });

  it(
    'evidence --lang fr: a French README; verify-bundle and journal --lang fr agree on the count of files',
    {
      timeout: 240_000,
    },
    // golden: a bundle holds official blocks only (R3), so its block is a whole official one
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'evidence-lang-'));
      const zip = join(dir, 'paquet.zip');
      const journal = join(dir, 'journal.jsonl');
      const e = await cli(
        'evidence',
        '--game',
        'les-3-gongs',
        '--stake',
        '0.5',
        '--seed',
        '7',
        '--workers',
        '1',
        '--lang',
        'fr',
        '--journal',
        journal,
        '--out',
        zip,
      );
      expect(e.stderr).toBe('');
      expect(e.code).toBe(0);
      const made = /^.+paquet\.zip écrit : 1 bloc, (\d+) fichiers, non signé\njournal : entrée 1 ajoutée à /.exec(
        e.stdout,
      );
      expect(made, e.stdout).not.toBeNull();
      const readme = new TextDecoder().decode(unzipSync(new Uint8Array(readFileSync(zip)))['README.md']);
      expect(readme).toMatch(
        /^# Paquet de preuves Instant Lab\n\nJeu : Les 3 Gongs \(les-3-gongs\), mise 0,50\u00a0€, graines 7,/,
      );
      expect(readme).toContain("- Pas de PDF du rapport dans ce paquet : la ligne de commande n'imprime pas");
      expect(readme).toContain('   - graine 7 (`exports/les-3-gongs-50-7.jsonl`) : `');
      const v = await cli('verify-bundle', zip, '--lang', 'fr');
      expect(v.code).toBe(0);
      expect(v.stdout).toContain(`verdict : INTACT (${made![1]} fichiers, non signé)`);
      expect(v.stdout).toContain('Ce que cela prouve :');
      expect(v.stdout).not.toMatch(/What|bundle:|files|proves/);
      const j = await cli('journal', 'verify', journal, '--lang', 'fr');
      expect(j.code).toBe(0);
      expect(j.stdout).toContain('verdict : VÉRIFIÉ (1 entrée, chaînée à la précédente)');
      expect(j.stdout).not.toMatch(/lines:|entries/);
    },
  );
});

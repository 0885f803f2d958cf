/**
 * The check of a whole journal (or of an excerpt of one), entry by entry: each line's form and
 * hash, each entry's number and its link to the entry before, every problem named line by line.
 */
import { GENESIS_HASH, canonicalJson, sha256Hex } from './entry';
import type { JournalEntry, JournalTip } from './entry';
import { entryNamed, lineShape, splitTextLines, splitUtf8Lines } from './lines';
import type { Line } from './lines';
import { jsonShape } from './json-shape';
import { asEntry, finding, jumpFinding, unreadWhy } from './verify-findings';
import type { Unread } from './verify-findings';
import { readExcerptMark } from './excerpt-mark';
import type { ExcerptMark } from './excerpt-mark';
import { checkExcerptInclusion } from './excerpt-inclusion';
import type { ExcerptInclusion, ExcerptLine } from './excerpt-inclusion';
import type { JournalFinding } from './finding';

export type { JournalFinding } from './finding';

/** An entry as read from its line, whether it checks or not (what a screen lists). */
export interface JournalRow {
  readonly line: number;
  readonly entry: JournalEntry;
  /** True when a finding names this line (altered, out of order, broken link…). */
  readonly broken: boolean;
}

export interface JournalVerdict {
  readonly ok: boolean;
  /** Lines read (a torn last line included). */
  readonly lines: number;
  /** Entries that read and check on their own. */
  readonly entries: number;
  /** Problems found, all of them counted. */
  readonly problems: number;
  /** The problems, line by line, in order: the first {@link MAX_FINDINGS_LISTED} of them. */
  readonly findings: readonly JournalFinding[];
  /** The first broken entry: what `journal verify` names. */
  readonly firstBroken: JournalFinding | null;
  /** The last entry read (what a new entry would chain to), or null for an empty journal. */
  readonly tip: JournalTip | null;
  /** Every line that reads as an entry, in order (those {@link JournalReading.keepRow} keeps). */
  readonly rows: readonly JournalRow[];
  /**
   * Not null when the text is an excerpt (its first line says so, or the reader knows it is one):
   * entries missing between two of its entries were left out, not removed, and are no finding.
   */
  readonly excerpt: ExcerptMark | null;
  /** An excerpt that carries its checkpoint and proofs: what they prove, once checked (else null). */
  readonly inclusion: ExcerptInclusion | null;
}

/** How {@link verifyJournal} reads its text. */
export interface JournalReading {
  /**
   * An excerpt (the entries of a journal that an evidence bundle holds): entries may be missing
   * between two of them, so a jump in numbers is no finding; every entry must still give its hash,
   * numbers must rise, and an entry that follows the one before it must chain to it. A text whose
   * first line is an excerpt's mark ({@link readExcerptMark}) is read so without being told.
   */
  readonly excerpt?: boolean;
  /**
   * Which entries to keep in {@link JournalVerdict.rows} (default: all). A reader of a large file
   * keeps none, or the few it needs, so its memory does not grow with the journal.
   */
  readonly keepRow?: (e: JournalEntry) => boolean;
  /** The SHA-256 (hex) of a text's UTF-8: the engine's own by default; a reader with a native one passes it. */
  readonly sha256Hex?: (text: string) => string;
}

/** The most findings a verdict lists (all are counted): a file of a million bad lines is named, not held. */
export const MAX_FINDINGS_LISTED = 1000;

/**
 * A journal checked line by line as it is read: {@link line} for each whole line (without its line
 * end), then {@link end} with what follows the last line end. It holds the last entry, the unread
 * lines since it, the findings listed and the rows kept: never the journal.
 */
export class JournalCheck {
  private readonly findings: JournalFinding[] = [];
  private problems = 0;
  private readonly rows: JournalRow[] = [];
  private tip: JournalTip | null = null;
  private entries = 0;
  private lines = 0;
  /** The lines whose inclusion an excerpt's proofs are checked for, in order. */
  private readonly proved: ExcerptLine[] = [];
  /**
   * The lines since the last entry read that hold no entry that can be read: a jump in numbers after
   * them may be their entries, altered past reading, not entries removed.
   */
  private unread: Unread = { listed: [], count: 0 };
  private excerpt: ExcerptMark | null;
  private mark: ReturnType<typeof readExcerptMark> = null;

  constructor(private readonly reading: JournalReading = {}) {
    this.excerpt = reading.excerpt === true ? { blocks: null } : null;
  }

  private say(f: JournalFinding): void {
    this.problems++;
    if (this.findings.length < MAX_FINDINGS_LISTED) this.findings.push(f);
  }

  /** Whether line 1 is an excerpt's mark, read as such (not as an entry). */
  private first(line: Line): boolean {
    this.mark = readExcerptMark(line);
    const mark = this.mark;
    if (mark === null) return false;
    if ('wrong' in mark)
      this.say(
        finding(
          1,
          null,
          'unreadable',
          `not the first line of a journal excerpt: ${mark.wrong}`,
          `pas la première ligne d'un extrait de journal : ${mark.wrong}`,
        ),
      );
    else this.excerpt = mark;
    return true;
  }

  private unreadLine(n: number, seq: number | null, en: string, fr: string, why: { en: string; fr: string }): void {
    this.say(finding(n, seq, 'unreadable', en, fr));
    if (this.unread.listed.length < 10) this.unread.listed.push({ line: n, ...why });
    this.unread.count++;
  }

  /** Checks one whole line. */
  line(line: Line): void {
    const n = ++this.lines;
    if (n === 1 && this.first(line)) return;
    if (this.excerpt?.proved)
      this.proved.push({
        line: n,
        text: typeof line === 'string' ? line : '',
        seq: typeof line === 'string' ? seqOf(line) : null,
      });
    const shape = lineShape(line, this.tip);
    if (shape !== null) {
      const seq = typeof line === 'object' && line !== null ? line.seq : null;
      this.unreadLine(n, seq, shape.en, shape.fr, unreadWhy(line, null));
      return;
    }
    const text = line as string;
    const tooLarge = jsonShape(text, entryNamed(text, this.tip));
    if (tooLarge !== null) {
      this.unreadLine(n, null, tooLarge.en, tooLarge.fr, unreadWhy(line, 'shape'));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.unreadLine(n, null, 'not a JSON line', "ce n'est pas une ligne JSON", unreadWhy(line, 'json'));
      return;
    }
    const e = asEntry(parsed);
    if (typeof e === 'string') {
      this.unreadLine(
        n,
        null,
        `not a journal entry: ${e}`,
        `pas une entrée du journal : ${e}`,
        unreadWhy(line, 'entry'),
      );
      return;
    }
    this.entry(n, text, e);
  }

  private entry(n: number, line: string, e: JournalEntry): void {
    const found = this.problems;
    const seqText = `entry ${e.seq}`;
    const seqFr = `entrée ${e.seq}`;
    if (canonicalJson(e) !== line)
      this.say(
        finding(
          n,
          e.seq,
          'not-canonical',
          `${seqText} is not written the one way an entry is written (a duplicate key, an edit): altered`,
          `${seqFr} n'est pas écrite de l'unique façon dont une entrée s'écrit (clé en double, modification) : altérée`,
        ),
      );
    else {
      // the line is the entry's canonical JSON (keys sorted), so its body's is the line without its
      // "hash" (always followed by "inputs"; a quote inside a value is escaped, so this is the key)
      const body = line.replace(`"hash":"${e.hash}",`, '');
      if ((this.reading.sha256Hex ?? sha256Hex)(body) !== e.hash)
        this.say(
          finding(
            n,
            e.seq,
            'altered',
            `${seqText}'s content does not give its hash: altered`,
            `le contenu de l'${seqFr} ne donne pas son empreinte : altérée`,
          ),
        );
    }
    const tip = this.tip;
    const expectedSeq = tip ? tip.seq + 1 : 1;
    if (e.seq > expectedSeq && this.excerpt === null) this.say(jumpFinding(n, expectedSeq, e.seq, this.unread));
    else if (e.seq < expectedSeq)
      this.say(
        finding(
          n,
          e.seq,
          'broken-link',
          `${seqText} comes after entry ${expectedSeq - 1}: out of order or repeated`,
          `l'${seqFr} vient après l'entrée ${expectedSeq - 1} : désordre ou doublon`,
        ),
      );
    const prev = tip ? tip.hash : GENESIS_HASH;
    if (e.prev !== prev && e.seq === expectedSeq)
      this.say(
        finding(
          n,
          e.seq,
          'broken-link',
          `${seqText} does not chain to the entry before it (its "prev" is not that entry's hash)`,
          `l'${seqFr} ne s'enchaîne pas à l'entrée précédente (son « prev » n'est pas l'empreinte de celle-ci)`,
        ),
      );
    const broken = this.problems > found;
    if (!broken) this.entries++;
    if (this.reading.keepRow?.(e) ?? true) this.rows.push({ line: n, entry: e, broken });
    // an entry out of order or repeated does not move the tip back: the entries after it are still
    // checked against the highest entry read, so an entry moved up is not also reported as removed
    if (e.seq >= expectedSeq) {
      this.tip = { seq: e.seq, hash: e.hash };
      this.unread = { listed: [], count: 0 };
    }
  }

  /**
   * The verdict, given what follows the last line end: `torn` is null when the text ended with one
   * (or was empty), else the last line, cut off.
   */
  end(torn: Line | null): JournalVerdict {
    if (torn !== null) {
      const n = ++this.lines;
      // a text of one line without its end may still be an excerpt's mark
      if (!(n === 1 && this.first(torn)))
        this.say(
          finding(
            n,
            null,
            'torn',
            'the last entry is torn (no end of line: a write was cut off); it is not part of the journal',
            'la dernière entrée est coupée (pas de fin de ligne : une écriture a été interrompue) ; elle ne fait pas partie du journal',
          ),
        );
    }
    const { findings, rows } = this;
    let entries = this.entries;
    let inclusion: ExcerptInclusion | null = null;
    if (this.excerpt?.proved) {
      const checked = checkExcerptInclusion(this.excerpt.proved, this.proved);
      inclusion = checked.inclusion;
      for (const f of checked.findings) this.say(f);
      findings.sort((a, b) => a.line - b.line);
      // an entry not proved is broken, as an altered one is
      const unproved = new Set(checked.findings.map((f) => f.line));
      for (const [i, r] of rows.entries())
        if (unproved.has(r.line) && !r.broken) {
          rows[i] = { ...r, broken: true };
          entries--;
        }
    }
    return {
      ok: this.problems === 0,
      lines: this.lines,
      entries,
      problems: this.problems,
      findings,
      firstBroken: findings[0] ?? null,
      tip: this.tip,
      rows,
      excerpt: this.excerpt,
      inclusion,
    };
  }
}

/**
 * Checks a whole journal, entry by entry: each line's form and hash, each entry's number and its
 * link to the entry before. Every problem is reported, not only the first; an entry that does not
 * read still lets the next ones be checked against the last one that did. Give a file's bytes
 * rather than its text: each line is then decoded strictly, and one that is not UTF-8 is named.
 */
export function verifyJournal(text: string | Uint8Array, reading: JournalReading = {}): JournalVerdict {
  const check = new JournalCheck(reading);
  if (text.length === 0) return check.end(null);
  const lines = typeof text === 'string' ? splitTextLines(text) : splitUtf8Lines(text);
  const last = lines.pop()!;
  for (const l of lines) check.line(l);
  return check.end(last === '' ? null : last);
}

/** The number an entry's line gives (its `seq`), read for its proof; null when the line is no entry. */
function seqOf(line: string): number | null {
  if (jsonShape(line, { en: '', fr: '' }) !== null) return null;
  try {
    const e = asEntry(JSON.parse(line));
    return typeof e === 'string' ? null : e.seq;
  } catch {
    return null;
  }
}

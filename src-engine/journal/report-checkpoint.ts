/**
 * The journal's checkpoint an audit report carries, written and read one way: in the JSON report
 * its `journalCheckpoint` field, in the HTML report one `<script type="application/json"
 * id="journal-checkpoint">` holding the checkpoint's file text (a data block, never run). A report
 * with that block twice, or with a key twice in its JSON, is refused: which of two checkpoints it
 * vouches for cannot be said.
 */
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { parseStrictJson } from '../format/strict-json';
import { asCheckpoint, checkpointText, readCheckpoint } from './checkpoint';
import type { Checkpoint } from './checkpoint';

/** An audit report is read whole to find its checkpoint: a larger file is refused unread. */
export const MAX_REPORT_BYTES = 64 * 1024 * 1024;

const OPEN = '<script type="application/json" id="journal-checkpoint">';
const CLOSE = '</script>';

/**
 * The block embedding `c` in an HTML report: its text is hex, digits, an ISO time and the format's
 * name, none of which can close the script.
 */
export function checkpointScript(c: Checkpoint): string {
  return `${OPEN}${checkpointText(c)}${CLOSE}`;
}

/** Each tag naming the id, however written (other quotes, other case, other attributes first). */
const MARKED = /<script\b[^>]*\bid\s*=\s*["']?journal-checkpoint\b/gi;
const HTML_HEAD = /^\s*<(?:!doctype\s+html|html)\b/i;
// as JSON.stringify(report, null, 2) writes it, the first field naming what it is
const JSON_HEAD = /^\s*\{\s*"kind"\s*:\s*"instant-lab-audit-report"/;

const none = (what: string, quoi: string): LocalizedText =>
  localized(
    `${what} carries no journal checkpoint (made without --journal and --sign, or by an earlier version): nothing to check the journal against`,
    `${quoi} ne porte pas de point de contrôle du journal (fait sans --journal et --sign, ou par une version antérieure) : rien à quoi comparer le journal`,
  );

function fromHtml(text: string): Checkpoint | LocalizedText {
  const marked = text.match(MARKED)?.length ?? 0;
  if (marked === 0) return none('the HTML audit report', "le rapport d'audit HTML");
  if (marked > 1)
    return localized(
      `the HTML audit report embeds ${marked} journal checkpoints (id="journal-checkpoint"); a report carries one: refused, nothing checked against it`,
      `le rapport d'audit HTML contient ${marked} points de contrôle du journal (id="journal-checkpoint") ; un rapport en porte un : refusé, rien n'a été vérifié par rapport à lui`,
    );
  const from = text.indexOf(OPEN);
  const to = from < 0 ? -1 : text.indexOf(CLOSE, from);
  if (to < 0)
    return localized(
      `the HTML audit report's journal checkpoint is not embedded as a report embeds it (${OPEN}…${CLOSE}): altered`,
      `le point de contrôle du journal du rapport d'audit HTML n'est pas inclus comme un rapport l'inclut (${OPEN}…${CLOSE}) : altéré`,
    );
  const c = readCheckpoint(text.slice(from + OPEN.length, to));
  return 'checkpoint' in c
    ? c
    : localized(
        `the HTML audit report's journal checkpoint: ${c.en}`,
        `le point de contrôle du journal du rapport d'audit HTML : ${c.fr}`,
      );
}

function fromJson(text: string): Checkpoint | LocalizedText {
  const j = parseStrictJson(text);
  if (!j.ok)
    return localized(
      `the JSON audit report is not JSON read one way only, so which checkpoint it carries cannot be said: ${j.message}`,
      `le rapport d'audit JSON n'est pas du JSON à une seule lecture, donc quel point de contrôle il porte ne peut pas se dire : ${j.fr}`,
    );
  const v = j.value as Record<string, unknown>;
  if (!('journalCheckpoint' in v)) return none('the JSON audit report', "le rapport d'audit JSON");
  const c = asCheckpoint(v.journalCheckpoint);
  return 'checkpoint' in c
    ? c
    : localized(
        `the JSON audit report's "journalCheckpoint": ${c.en}`,
        `le rapport d'audit JSON, « journalCheckpoint » : ${c.fr}`,
      );
}

/**
 * The checkpoint `text` carries when it is an audit report (HTML or JSON, told by how it starts),
 * or why it carries none; null when it is no report.
 */
export function checkpointOfReport(text: string): Checkpoint | LocalizedText | null {
  const head = text.slice(0, 256);
  if (HTML_HEAD.test(head)) return fromHtml(text);
  if (JSON_HEAD.test(head)) return fromJson(text);
  return null;
}

/**
 * Splits text fed in chunks of any size into lines (LF or CRLF), never holding more than one
 * line of {@link MAX_LINE_CHARS}: a longer line is handed on at once, cut at that length, and the
 * rest of it, up to its line end, is skipped.
 */
import { MAX_LINE_CHARS } from './types';

export class LineSplitter {
  private buffer = '';
  private skippingLongLine = false;
  private chars = 0;

  constructor(private readonly onLine: (text: string) => void) {}

  /** Characters fed so far (for progress). */
  get charsRead(): number {
    return this.chars;
  }

  /** Feeds the next piece of text; each complete line is handed to `onLine`. */
  feed(chunk: string): void {
    this.chars += chunk.length;
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', start);
      if (nl < 0) break;
      const piece = chunk.slice(start, nl);
      start = nl + 1;
      if (this.skippingLongLine) {
        this.skippingLongLine = false;
        this.buffer = '';
        continue;
      }
      const line = this.buffer + piece;
      this.buffer = '';
      this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (this.skippingLongLine) return;
    this.buffer += chunk.slice(start);
    if (this.buffer.length > MAX_LINE_CHARS) {
      // Handed on (and counted as a line) at once; the rest of it, up to its line end, is skipped.
      this.onLine(this.buffer);
      this.buffer = '';
      this.skippingLongLine = true;
    }
  }

  /** Ends the text: hands on a last line without a line end, and says whether there was one. */
  finish(): boolean {
    if (this.buffer.length === 0 || this.skippingLongLine) return false;
    const last = this.buffer;
    this.buffer = '';
    this.onLine(last);
    return true;
  }
}

/**
 * JSON read one way only (RFC 8259, strictly): a text whose meaning could depend on the reader is
 * refused instead of parsed. `JSON.parse` keeps the last of two equal keys, another reader the
 * first; so a key twice in one object, at any depth, is refused naming it. So are a `__proto__` key
 * (an object's prototype to some readers, a field to others), a `\u` escape that leaves half a
 * surrogate pair (no character: readers replace or refuse it), and a whole number beyond 2^53 (read
 * as another number by a reader of doubles). Nesting is bounded, so a hostile text cannot overflow
 * the stack. A reader whose fields hold whole numbers asks for them written in digits only
 * ({@link StrictJsonOptions.wholeNumbers}): `2e2` and `200.0` are 200 to one reader, a float to
 * another (Python's `json`), so one spelling is accepted.
 */

/** What a reader of a format asks beyond RFC 8259. */
export interface StrictJsonOptions {
  /**
   * Whether the number at a path (`a.b[2]`) must be a whole number written in digits only: asked
   * only of a number written with a fraction or an exponent, which is then refused.
   */
  readonly wholeNumbers?: (path: string) => boolean;
}

/** How deep arrays and objects may nest. */
export const MAX_JSON_DEPTH = 64;

export type StrictJson =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      /** What is wrong, in English and French. */
      readonly message: string;
      readonly fr: string;
      /** The key the problem concerns, as a path (`a.b[2].c`), when there is one. */
      readonly key?: string;
      /** A whole number written with a fraction or an exponent ({@link StrictJsonOptions.wholeNumbers}). */
      readonly spelling?: true;
    };

class Refusal {
  constructor(
    readonly message: string,
    readonly fr: string,
    readonly key?: string,
    readonly spelling?: true,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Characters a text holds as they are: no quote, backslash, control character or surrogate. */
const PLAIN = /[^"\\\u0000-\u001f\ud800-\udfff]+/y;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class Parser {
  private i = 0;
  /** Where the parser is: keys and indexes, turned into a path only for a refusal. */
  private readonly path: (string | number)[] = [];

  constructor(
    private readonly s: string,
    private readonly options: StrictJsonOptions,
  ) {}

  parse(): unknown {
    this.ws();
    const v = this.value(0);
    this.ws();
    if (this.i < this.s.length) this.fail('text after the JSON value', 'du texte après la valeur JSON');
    return v;
  }

  private fail(what: string, fr: string, key?: string): never {
    throw new Refusal(`${what} (at character ${this.i + 1})`, `${fr} (au caractère ${this.i + 1})`, key);
  }

  private where(): string | undefined {
    let p = '';
    for (const k of this.path) p += typeof k === 'number' ? `[${k}]` : p === '' ? k : `.${k}`;
    return p === '' ? undefined : p;
  }

  private ws(): void {
    const s = this.s;
    let c = s.charCodeAt(this.i);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = s.charCodeAt(++this.i);
  }

  private value(depth: number): unknown {
    const c = this.s[this.i];
    if (c === '"') return this.string();
    if (c === '{') return this.object(depth + 1);
    if (c === '[') return this.array(depth + 1);
    if (c === 't' && this.s.startsWith('true', this.i)) return ((this.i += 4), true);
    if (c === 'f' && this.s.startsWith('false', this.i)) return ((this.i += 5), false);
    if (c === 'n' && this.s.startsWith('null', this.i)) return ((this.i += 4), null);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    if (c === undefined) this.fail('unexpected end of the text', 'fin du texte inattendue');
    if (c === '\uFEFF')
      this.fail(
        'unexpected byte-order mark (U+FEFF): a file starts with one at most, and this one is data',
        "marque d'ordre des octets (U+FEFF) inattendue : un fichier commence par une au plus, et celle-ci est une donnée",
      );
    // a character that does not print is named by its code point, never written raw into a message
    const shown = /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(c)
      ? JSON.stringify(c)
      : `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    return this.fail(`unexpected ${shown}`, `${shown} inattendu`);
  }

  private object(depth: number): Record<string, unknown> {
    if (depth > MAX_JSON_DEPTH)
      this.fail(`nested deeper than ${MAX_JSON_DEPTH} levels`, `imbriqué sur plus de ${MAX_JSON_DEPTH} niveaux`);
    this.i++;
    const o: Record<string, unknown> = {};
    this.ws();
    if (this.s[this.i] === '}') return (this.i++, o);
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail('expected a key in double quotes', 'attendu une clé entre guillemets');
      const key = this.string();
      this.path.push(key);
      const at = this.where()!;
      if (key === '__proto__')
        this.fail(
          `the key "${at}" is an object's prototype to some readers and a field to others`,
          `la clé "${at}" est le prototype d'un objet pour certains lecteurs, un champ pour d'autres`,
          at,
        );
      if (Object.hasOwn(o, key))
        this.fail(
          `the key "${at}" appears twice in one object: readers disagree on which value counts`,
          `la clé "${at}" figure deux fois dans un même objet : les lecteurs ne s'accordent pas sur la valeur qui compte`,
          at,
        );
      this.ws();
      if (this.s[this.i] !== ':') this.fail('expected ":" after a key', 'attendu « : » après une clé');
      this.i++;
      this.ws();
      o[key] = this.value(depth);
      this.path.pop();
      this.ws();
      const c = this.s[this.i++];
      if (c === '}') return o;
      if (c !== ',') {
        this.i--;
        this.fail('expected "," or "}"', 'attendu « , » ou « } »');
      }
    }
  }

  private array(depth: number): unknown[] {
    if (depth > MAX_JSON_DEPTH)
      this.fail(`nested deeper than ${MAX_JSON_DEPTH} levels`, `imbriqué sur plus de ${MAX_JSON_DEPTH} niveaux`);
    this.i++;
    const a: unknown[] = [];
    this.ws();
    if (this.s[this.i] === ']') return (this.i++, a);
    for (;;) {
      this.ws();
      this.path.push(a.length);
      a.push(this.value(depth));
      this.path.pop();
      this.ws();
      const c = this.s[this.i++];
      if (c === ']') return a;
      if (c !== ',') {
        this.i--;
        this.fail('expected "," or "]"', 'attendu « , » ou « ] »');
      }
    }
  }

  private string(): string {
    const s = this.s;
    let i = ++this.i;
    let out = '';
    let from = i;
    for (;;) {
      // a run of plain characters at once
      PLAIN.lastIndex = i;
      if (PLAIN.test(s)) i = PLAIN.lastIndex;
      const c = s.charCodeAt(i);
      if (Number.isNaN(c)) {
        this.i = i;
        this.fail('a text that never ends (no closing quote)', 'un texte sans fin (pas de guillemet fermant)');
      }
      if (c === 0x22) break;
      if (c < 0x20) {
        this.i = i;
        this.fail('a control character inside a text', 'un caractère de contrôle dans un texte');
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        // a raw surrogate must be half of a pair
        const next = s.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          i += 2;
          continue;
        }
        this.i = i;
        this.fail(
          'half of a surrogate pair, which is no character',
          "une moitié de paire de substitution, qui n'est pas un caractère",
          this.where(),
        );
      }
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += s.slice(from, i);
      const e = s[i + 1];
      if (e === 'u') {
        const hex = s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          this.i = i;
          this.fail('a \\u escape without 4 hexadecimal digits', 'un échappement \\u sans 4 chiffres hexadécimaux');
        }
        const code = parseInt(hex, 16);
        i += 6;
        if (code >= 0xd800 && code <= 0xdbff && s[i] === '\\' && s[i + 1] === 'u') {
          const low = parseInt(s.slice(i + 2, i + 6), 16);
          if (low >= 0xdc00 && low <= 0xdfff) {
            out += String.fromCharCode(code, low);
            i += 6;
            from = i;
            continue;
          }
        }
        if (code >= 0xd800 && code <= 0xdfff) {
          this.i = i - 6;
          this.fail(
            `the escape \\u${hex} is half of a surrogate pair, which is no character`,
            `l'échappement \\u${hex} est une moitié de paire de substitution, qui n'est pas un caractère`,
            this.where(),
          );
        }
        out += String.fromCharCode(code);
      } else if (e !== undefined && e in ESCAPES) {
        out += ESCAPES[e];
        i += 2;
      } else {
        this.i = i;
        this.fail('an unknown escape after "\\"', 'un échappement inconnu après « \\ »');
      }
      from = i;
    }
    this.i = i + 1;
    return out + s.slice(from, i);
  }

  private number(): number {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
    if (!m) return this.fail('a malformed number', 'un nombre mal formé');
    const text = m[0];
    this.i += text.length;
    const n = Number(text);
    if (/^-?\d+$/.test(text) && !Number.isSafeInteger(n))
      this.fail(
        `the whole number ${text.length > 30 ? `${text.slice(0, 30)}…` : text} is beyond 2^53: readers of doubles read another number`,
        `le nombre entier ${text.length > 30 ? `${text.slice(0, 30)}…` : text} dépasse 2^53 : un lecteur de nombres flottants lit un autre nombre`,
        this.where(),
      );
    if (!Number.isFinite(n))
      this.fail('a number too large for any reader', 'un nombre trop grand pour tout lecteur', this.where());
    // -0 is 0 to one reader and minus zero to another: zero has one spelling, 0
    if (this.options.wholeNumbers && text === '-0') {
      const at = this.where() ?? '';
      if (this.options.wholeNumbers(at))
        throw new Refusal(
          'the number -0 is zero written with a minus sign: a whole number is written in digits only (0), the one spelling every reader reads alike',
          "le nombre -0 est zéro écrit avec un signe moins : un nombre entier s'écrit en chiffres seulement (0), la seule écriture que tout lecteur lit de même",
          at === '' ? undefined : at,
          true,
        );
    }
    if (this.options.wholeNumbers && /[.eE]/.test(text)) {
      const at = this.where() ?? '';
      if (this.options.wholeNumbers(at)) {
        const shown = text.length > 30 ? `${text.slice(0, 30)}…` : text;
        const as = Number.isSafeInteger(n) ? ` (${n})` : '';
        throw new Refusal(
          `the number ${shown} is written with a fraction or an exponent: a whole number is written in digits only${as}, the one spelling every reader reads as a whole number`,
          `le nombre ${shown} est écrit avec une partie décimale ou un exposant : un nombre entier s'écrit en chiffres seulement${as}, la seule écriture que tout lecteur lit comme un entier`,
          at === '' ? undefined : at,
          true,
        );
      }
    }
    return n;
  }
}

/** Parses `text` as one JSON value, read one way only (see the module comment). */
export function parseStrictJson(text: string, options: StrictJsonOptions = {}): StrictJson {
  try {
    return { ok: true, value: new Parser(text, options).parse() };
  } catch (e) {
    if (e instanceof Refusal)
      return {
        ok: false,
        message: e.message,
        fr: e.fr,
        ...(e.key ? { key: e.key } : {}),
        ...(e.spelling ? { spelling: true as const } : {}),
      };
    throw e;
  }
}

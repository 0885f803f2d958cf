/**
 * The entries of a zip read one way only, from its central directory, checked against each local
 * header, without inflating anything. A zip two readers could see differently is refused: two
 * entries whose names are the same after normalising (case, `\` or `/`, trailing slashes), a
 * directory entry that carries data, names that are not plainly UTF-8, overlapping or encrypted
 * entries, data before or after the archive, zip64 (a bundle made here never needs it). Entry
 * data is then inflated in pieces ({@link inflateEntry}), never past the size its entry declares.
 *
 * @see https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT (sections 4.3.7, 4.3.12, 4.3.16)
 */
import { Inflate } from 'fflate';

/** Random access to the bytes of a file (a file handle on the command line, memory in a worker). */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** At most this many entries. */
export const MAX_ZIP_ENTRIES = 10_000;
/** A central directory larger than this is refused unread. */
export const MAX_CENTRAL_DIRECTORY_BYTES = 4 * 1024 * 1024;
/** Without zip64, offsets and sizes are 32-bit. */
export const MAX_ZIP_BYTES = 0xffff_ffff;

export interface ZipEntry {
  /** The name as the zip spells it. */
  readonly name: string;
  /** Lower case, `/` separators, no trailing slash: two entries may not share it. */
  readonly key: string;
  readonly directory: boolean;
  readonly method: 0 | 8;
  readonly crc32: number;
  readonly compressedSize: number;
  /** The size the central directory declares once inflated. */
  readonly size: number;
  /** Where the entry's compressed data starts. */
  readonly dataOffset: number;
}

/** What is wrong with a zip, in English and French. */
export class ZipRefusal extends Error {
  constructor(
    message: string,
    readonly fr: string,
    /** The zip's structure cannot be found at all: not a zip (rather than an ambiguous one). */
    readonly notAZip = false,
  ) {
    super(message);
    this.name = 'ZipRefusal';
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;

const u16 = (b: Uint8Array, o: number): number => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number): number =>
  (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The key two entry names may not share: case, separators and trailing slashes normalised. */
export function entryKey(name: string): string {
  return name.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase();
}

function nameOf(bytes: Uint8Array, utf8Flag: boolean): string {
  // without the UTF-8 flag a name is CP437 to some readers and UTF-8 to others: only ASCII reads one way
  if (!utf8Flag && bytes.some((c) => c >= 0x80))
    throw new ZipRefusal(
      'an entry name holds non-ASCII bytes without the UTF-8 flag: readers decode it differently',
      "un nom d'entrée contient des octets non ASCII sans l'indicateur UTF-8 : les lecteurs le décodent différemment",
    );
  let name: string;
  try {
    name = utf8.decode(bytes);
  } catch {
    throw new ZipRefusal('an entry name is not UTF-8', "un nom d'entrée n'est pas en UTF-8");
  }
  if (name === '' || /[\u0000-\u001f]/.test(name))
    throw new ZipRefusal(
      `an entry name is empty or holds control characters: ${JSON.stringify(name)}`,
      `un nom d'entrée est vide ou contient des caractères de contrôle : ${JSON.stringify(name)}`,
    );
  if (/^[/\\]|^[A-Za-z]:|(^|[/\\])\.\.([/\\]|$)/.test(name))
    throw new ZipRefusal(
      `the entry "${name}" names a place outside the bundle's folder`,
      `l'entrée "${name}" désigne un emplacement hors du dossier du paquet`,
    );
  return name;
}

/** The entries of the zip in `src`, checked as the module comment says; throws a {@link ZipRefusal}. */
export async function readZipEntries(src: ByteSource): Promise<ZipEntry[]> {
  if (src.size > MAX_ZIP_BYTES)
    throw new ZipRefusal(
      `${src.size} bytes: a zip without zip64 is at most ${MAX_ZIP_BYTES} bytes`,
      `${src.size} octets : un zip sans zip64 fait au plus ${MAX_ZIP_BYTES} octets`,
    );
  const tailLength = Math.min(src.size, 22 + 0xffff);
  const tail = await src.read(src.size - tailLength, tailLength);
  // the end record whose comment ends the file exactly: one place only
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (u32(tail, i) === EOCD && i + 22 + u16(tail, i + 20) === tail.length) {
      at = i;
      break;
    }
  if (at < 0) {
    // an end record whose comment ends before the file does, its central directory just before
    // it: the zip is there, with bytes after it
    for (let i = tail.length - 22; i >= 0; i--)
      if (
        u32(tail, i) === EOCD &&
        i + 22 + u16(tail, i + 20) < tail.length &&
        u32(tail, i + 16) + u32(tail, i + 12) === src.size - tailLength + i
      ) {
        const after = tail.length - (i + 22 + u16(tail, i + 20));
        throw new ZipRefusal(
          `${after} bytes after the zip's end record: data was appended to the zip`,
          `${after} octets après l'enregistrement de fin du zip : des données ont été ajoutées à la fin du zip`,
        );
      }
    throw new ZipRefusal(
      'no end of central directory record: not a zip file',
      "pas d'enregistrement de fin de répertoire central : ce n'est pas un fichier zip",
      true,
    );
  }
  const eocdOffset = src.size - tailLength + at;
  const disk = u16(tail, at + 4);
  const cdDisk = u16(tail, at + 6);
  const onDisk = u16(tail, at + 8);
  const count = u16(tail, at + 10);
  const cdSize = u32(tail, at + 12);
  const cdOffset = u32(tail, at + 16);
  if (at >= 20 && u32(tail, at - 20) === ZIP64_LOCATOR)
    throw new ZipRefusal('a zip64 archive: a bundle is a plain zip', 'une archive zip64 : un paquet est un zip simple');
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count)
    throw new ZipRefusal('a zip spread over several disks', 'un zip réparti sur plusieurs disques');
  if (count > MAX_ZIP_ENTRIES)
    throw new ZipRefusal(
      `${count} entries: a bundle holds at most ${MAX_ZIP_ENTRIES}`,
      `${count} entrées : un paquet en contient au plus ${MAX_ZIP_ENTRIES}`,
    );
  if (cdSize > MAX_CENTRAL_DIRECTORY_BYTES)
    throw new ZipRefusal(
      `a central directory of ${cdSize} bytes: at most ${MAX_CENTRAL_DIRECTORY_BYTES}`,
      `un répertoire central de ${cdSize} octets : au plus ${MAX_CENTRAL_DIRECTORY_BYTES}`,
    );
  if (cdOffset + cdSize !== eocdOffset)
    throw new ZipRefusal(
      'the central directory does not end where the end record starts: data was added to the zip',
      "le répertoire central ne s'arrête pas où commence l'enregistrement de fin : des données ont été ajoutées au zip",
    );
  const cd = await src.read(cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  const byKey = new Map<string, string>();
  const ranges: [number, number, string, boolean][] = [];
  let p = 0;
  for (let k = 0; k < count; k++) {
    if (p + 46 > cd.length || u32(cd, p) !== CENTRAL)
      throw new ZipRefusal('the central directory is damaged', 'le répertoire central est endommagé');
    const madeBy = cd[p + 5]!;
    const external = u32(cd, p + 38);
    const flags = u16(cd, p + 8);
    const method = u16(cd, p + 10);
    const crc = u32(cd, p + 16);
    const compressedSize = u32(cd, p + 20);
    const size = u32(cd, p + 24);
    const nameLength = u16(cd, p + 28);
    const extraLength = u16(cd, p + 30);
    const commentLength = u16(cd, p + 32);
    const localOffset = u32(cd, p + 42);
    if (p + 46 + nameLength > cd.length)
      throw new ZipRefusal('the central directory is damaged', 'le répertoire central est endommagé');
    const nameBytes = cd.subarray(p + 46, p + 46 + nameLength);
    const name = nameOf(nameBytes, (flags & 0x800) !== 0);
    p += 46 + nameLength + extraLength + commentLength;
    // made on Unix (APPNOTE 4.4.2: 3), its mode in the high half of the external attributes
    if (madeBy === 3 && ((external >>> 16) & 0o170000) === 0o120000)
      throw new ZipRefusal(
        `the entry "${name}" is stored as a symbolic link: unzip would make a link to another file, not this one`,
        `l'entrée "${name}" est enregistrée comme un lien symbolique : unzip créerait un lien vers un autre fichier, pas ce fichier`,
      );
    if (flags & 0x41) throw new ZipRefusal(`the entry "${name}" is encrypted`, `l'entrée "${name}" est chiffrée`);
    if (method !== 0 && method !== 8)
      throw new ZipRefusal(
        `the entry "${name}" uses compression method ${method}: expected stored (0) or deflated (8)`,
        `l'entrée "${name}" utilise la méthode de compression ${method} : attendu stockée (0) ou deflate (8)`,
      );
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff)
      throw new ZipRefusal(`the entry "${name}" needs zip64`, `l'entrée "${name}" demande zip64`);
    const key = entryKey(name);
    const directory = /[/\\]$/.test(name);
    const twin = byKey.get(key);
    if (twin !== undefined)
      throw new ZipRefusal(
        twin === name
          ? `the entry "${name}" is in the zip twice: readers keep one or the other`
          : `the entries "${twin}" and "${name}" are the same name once case, separators and trailing slashes are set aside: readers keep one or the other`,
        twin === name
          ? `l'entrée "${name}" figure deux fois dans le zip : les lecteurs gardent l'une ou l'autre`
          : `les entrées "${twin}" et "${name}" ont le même nom à la casse, aux séparateurs et aux barres finales près : les lecteurs gardent l'une ou l'autre`,
      );
    byKey.set(key, name);
    // an empty stream deflates to at most 2 bytes
    if (directory && (size !== 0 || compressedSize > (method === 8 ? 2 : 0)))
      throw new ZipRefusal(
        `the directory entry "${name}" carries data (${compressedSize} bytes): a folder holds nothing of its own`,
        `l'entrée de dossier "${name}" contient des données (${compressedSize} octets) : un dossier ne contient rien par lui-même`,
      );
    // the local header must tell the same story
    const local = await src.read(localOffset, 30);
    if (local.length < 30 || u32(local, 0) !== LOCAL)
      throw new ZipRefusal(
        `the entry "${name}" has no local header where the central directory says`,
        `l'entrée "${name}" n'a pas d'en-tête local là où le répertoire central l'indique`,
      );
    const localNameLength = u16(local, 26);
    const localName = await src.read(localOffset + 30, localNameLength);
    const sameSizes = (flags & 0x8) !== 0 || (u32(local, 18) === compressedSize && u32(local, 22) === size);
    if (
      u16(local, 8) !== method ||
      localNameLength !== nameLength ||
      !localName.every((b, i) => b === nameBytes[i]) ||
      ((u16(local, 6) & 0x8) === 0 && (u32(local, 14) !== crc || !sameSizes))
    )
      throw new ZipRefusal(
        `the entry "${name}": its local header and the central directory differ`,
        `l'entrée "${name}" : son en-tête local et le répertoire central diffèrent`,
      );
    const dataOffset = localOffset + 30 + localNameLength + u16(local, 28);
    const end = dataOffset + compressedSize;
    if (end > cdOffset)
      throw new ZipRefusal(
        `the entry "${name}" runs into the central directory`,
        `l'entrée "${name}" déborde sur le répertoire central`,
      );
    ranges.push([localOffset, end, name, (flags & 0x8) !== 0]);
    entries.push({ name, key, directory, method: method as 0 | 8, crc32: crc, compressedSize, size, dataOffset });
  }
  // every byte belongs to one entry: nothing before the first, between two (but a data descriptor) or after the last
  ranges.sort((a, b) => a[0] - b[0]);
  const gapOk = (gap: number, descriptor: boolean): boolean => gap === 0 || (descriptor && (gap === 12 || gap === 16));
  if (ranges.length > 0 && ranges[0]![0] !== 0)
    throw new ZipRefusal(
      `${ranges[0]![0]} bytes before the first entry: data was added to the zip`,
      `${ranges[0]![0]} octets avant la première entrée : des données ont été ajoutées au zip`,
    );
  for (let k = 0; k < ranges.length; k++) {
    const [, end, name, descriptor] = ranges[k]!;
    const next = k + 1 < ranges.length ? ranges[k + 1]![0] : cdOffset;
    if (next < end)
      throw new ZipRefusal(
        `the entries "${name}" and "${ranges[k + 1]![2]}" overlap: the same bytes would be read as both`,
        `les entrées "${name}" et "${ranges[k + 1]![2]}" se chevauchent : les mêmes octets seraient lus pour les deux`,
      );
    if (!gapOk(next - end, descriptor))
      throw new ZipRefusal(
        `${next - end} bytes after the entry "${name}" belong to no entry: data was added to the zip`,
        `${next - end} octets après l'entrée "${name}" n'appartiennent à aucune entrée : des données ont été ajoutées au zip`,
      );
  }
  return entries;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** The CRC-32 of zip entries (ISO 3309), continued from `crc` (start with 0). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Compressed bytes read at a time. */
const PIECE = 256 * 1024;
/**
 * Compressed bytes inflated at a time: deflate expands at most about 1032 times, so one push makes
 * at most about 4 MB, whatever the entry claims.
 */
const INFLATE_PIECE = 4 * 1024;

/**
 * Inflates an entry piece by piece, handing each piece on; throws a {@link ZipRefusal} as soon as
 * it would pass the size its entry declares, and when it ends short or its CRC-32 differs.
 */
export async function inflateEntry(src: ByteSource, e: ZipEntry, onData: (piece: Uint8Array) => void): Promise<void> {
  let total = 0;
  let crc = 0;
  const take = (piece: Uint8Array): void => {
    total += piece.length;
    if (total > e.size)
      throw new ZipRefusal(
        `the entry "${e.name}" inflates to more than the ${e.size} bytes it declares: the zip was made to mislead or is damaged`,
        `l'entrée "${e.name}" se décompresse en plus des ${e.size} octets qu'elle déclare : le zip a été fait pour tromper ou est endommagé`,
      );
    crc = crc32(piece, crc);
    onData(piece);
  };
  let ended = e.method === 0;
  const inflate = new Inflate((piece, final) => {
    take(piece);
    if (final) ended = true;
  });
  for (let at = 0; at < e.compressedSize; at += PIECE) {
    const n = Math.min(PIECE, e.compressedSize - at);
    const bytes = await src.read(e.dataOffset + at, n);
    const last = at + n >= e.compressedSize;
    if (e.method === 0) take(bytes);
    else
      try {
        for (let k = 0; k < bytes.length; k += INFLATE_PIECE)
          inflate.push(bytes.subarray(k, k + INFLATE_PIECE), last && k + INFLATE_PIECE >= bytes.length);
      } catch (err) {
        if (err instanceof ZipRefusal) throw err;
        throw new ZipRefusal(
          `the entry "${e.name}" cannot be inflated (${(err as Error).message}): the zip is damaged`,
          `l'entrée "${e.name}" ne peut être décompressée (${(err as Error).message}) : le zip est endommagé`,
        );
      }
  }
  if (e.method === 8 && e.compressedSize === 0) ended = false;
  if (!ended || total !== e.size || crc !== e.crc32)
    throw new ZipRefusal(
      `the entry "${e.name}" inflates to ${total} bytes (CRC-32 ${crc.toString(16)}), not the ${e.size} bytes (CRC-32 ${e.crc32.toString(16)}) it declares: the zip is damaged`,
      `l'entrée "${e.name}" se décompresse en ${total} octets (CRC-32 ${crc.toString(16)}), non les ${e.size} octets (CRC-32 ${e.crc32.toString(16)}) qu'elle déclare : le zip est endommagé`,
    );
}

/** The whole entry inflated, at most its declared size (the caller bounds that size first). */
export async function inflateWhole(src: ByteSource, e: ZipEntry): Promise<Uint8Array> {
  const out = new Uint8Array(e.size);
  let at = 0;
  await inflateEntry(src, e, (piece) => {
    out.set(piece, at);
    at += piece.length;
  });
  return out;
}

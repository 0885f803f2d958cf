#!/usr/bin/env python3
"""Independent checker of an Instant Lab block export (R4), JSONL or CSV, in another language.

It shares no code with the TypeScript generator: it re-implements the articles of the two
rule documents as restated in docs/rules.md and reads only the official rules data
(resources/rules/<game>.json) for the prize tables and the symbols' gains.

Usage: python3 scripts/independent_check.py EXPORT.jsonl… [--rules-dir DIR] [--show N]
In an evidence bundle (copied there as check.py): `python3 check.py` with no argument first checks
the folder against manifest.json (every listed file there once, a regular file with its size and
SHA-256, nothing unlisted), then every export the manifest lists against the rules in rules/.
`python3 check.py BUNDLE.zip` checks the zip itself the same way, read one way only: no two
entries whose names are equal once case, separators and trailing slashes are set aside, no data
in a directory entry, no entry stored as a symbolic link, nothing after the zip's end record, sizes bounded before anything is inflated, then the listed exports, read
from the zip against the zip's own rules/ (so it runs from any folder). A bundle or folder whose
manifest lists no export is said and exits 2: nothing was checked.

Every JSON text is read one way only: a key twice in one object is refused (readers disagree on
which value counts), and so are NaN, Infinity and whole numbers beyond 2^53.

Input: a header line {"game", "stake_cents", "seed", "generator", ["m6_reading",] "units"}, then one line per
unit in index order: Mine d'or {"index", "ref", "prize_cents", "main", "extras"}; Les 3 Gongs
{"index", "ref", "prize_cents", "gongs", "bonus_cents"}.
A CSV export (docs/reference/file-formats.md) is read as verify reads it: its header row of the
game's columns, then one row per unit, whole numbers in digits only (no sign, no leading zero); its
block (stake, seed, generator version) is the one its first unit's reference names.
In an evidence bundle, each export's re-derived digest and Merkle root must be the ones the
manifest states of its block (a difference is counted as a mismatch).

For every unit it re-derives the lot from what the unit shows and compares it with prize_cents,
checks the unit reference (game, stake, seed, index and its two check characters), then counts
every prize level and compares the counts with the official table (art. 3).

Generator versions 1 and 2 (R5). Version 2 (instant-lab-gen/2) also requires Les 3 Gongs Bonus
amounts to be multiples of the G5 round step of their lot: the largest of 1, 2, 5 x 10^k cents that
is a multiple of a fifth of the stake (G1) and divides the lot into five steps or more, else the
fifth itself. A Mine d'or export whose header says "m6_reading": "strict" (M6) also requires the
10 EUR and 1 EUR lots (0.50 EUR table; x2, x4 at 1 EUR, 2 EUR) to show two gains or more; its
references end their version part with S (V2S).

It also recomputes the block's SHA-256 digest from the canonical records (README "Canonical
records and digests": per unit the prize as u32 little-endian, then Mine d'or the number of Extra
stages, the 9 main-grid codes and 9 codes per stage; Les 3 Gongs the 3 gong codes, a Bonus flag
and the 3 Bonus amounts as u32 LE; codes are positions in the rules' symbols, then extra = 6,
yinyang = 9; SHA-256 per segment of 10,000 units; the block digest is SHA-256 of the segment
digests one after the other), so a digest printed by the app can be checked against the file.

Prints `independent check: N units, M mismatches, levels ok|differ, digest HEX` and exits 0 only when every
unit agrees, every reference is right, the unit count is the block's and every level count
equals the table. Exit 1 otherwise, 2 on unreadable input. As verify reads an export, an empty
line and a file that ends without a line end are faults of the file (said as "line N: ...",
counted among the mismatches): an export's every line is a header or a unit, and ends with \n.

Standard library only.
"""

import argparse
import csv
import hashlib
import itertools
import io
import json
import struct
import os
import re
import sys
import zipfile
from collections import Counter

# Mine d'or art. 4.5: cells 0-8 row by row; 3 rows, 3 columns, 2 diagonals.
LINES = [
    frozenset((0, 1, 2)),
    frozenset((3, 4, 5)),
    frozenset((6, 7, 8)),
    frozenset((0, 3, 6)),
    frozenset((1, 4, 7)),
    frozenset((2, 5, 8)),
    frozenset((0, 4, 8)),
    frozenset((2, 4, 6)),
]

# Unit references (R3), as documented in src-engine/ref/unit-ref.ts: Crockford base 32 and a
# check = sum of (position + 1) * (char code - 47) mod 1021 over the payload without dashes,
# written as 2 base-32 digits.
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CHECK_MOD = 1021
GAME_CODES = {"mine-d-or": "MINE", "les-3-gongs": "GONG"}


SEGMENT_UNITS = 10000

# Bounds of a bundle (as src-engine/evidence/check-bundle.ts): nothing larger is inflated or hashed.
MAX_MANIFEST_BYTES = 4 * 1024 * 1024
MAX_ENTRY_BYTES = 1024 * 1024 * 1024
MAX_BUNDLE_INFLATED_BYTES = 8 * 1024 * 1024 * 1024
MAX_ZIP_ENTRIES = 10000
UNLISTED = ("manifest.json", "manifest.sig")


class Ambiguous(ValueError):
    """A JSON text whose meaning depends on the reader."""


def _pairs(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise Ambiguous('the key "%s" appears twice in one object' % key)
        obj[key] = value
    return obj


def _int(text):
    if text == "-0":
        raise Ambiguous("the number -0 is zero written with a minus sign: a whole number is written in digits "
                        "only (0)")
    n = int(text)
    if abs(n) > 2**53:
        raise Ambiguous("the whole number %s is beyond 2^53" % text[:30])
    return n


def _constant(name):
    raise Ambiguous("%s is not JSON" % name)


def _whole(text):
    raise Ambiguous("the number %s is written with a fraction or an exponent: a whole number is written in "
                    "digits only" % text[:30])


def strict_loads(text, fractions=True):
    """json.loads, refusing what another reader could read otherwise (see the module comment).

    With fractions=False every number must be a whole number written in digits only (an export's
    unit lines): 2e2 and 200.0 are floats here and 200 to another reader, so one spelling is read."""
    return json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_constant=_constant,
                      parse_float=float if fractions else _whole)


def open_text(raw):
    """The text of an export's bytes as verify reads it: one byte-order mark dropped (UTF-8 or
    UTF-16, whose zero bytes also tell it without a mark); a second mark is data, and refused."""
    head = raw.peek(512)[:512] if hasattr(raw, "peek") else b""
    if head.startswith(b"\xef\xbb\xbf"):
        raw.read(3)
        encoding = "utf-8"
    elif head.startswith(b"\xff\xfe"):
        raw.read(2)
        encoding = "utf-16-le"
    elif head.startswith(b"\xfe\xff"):
        raw.read(2)
        encoding = "utf-16-be"
    else:
        n = len(head) & ~1
        even = sum(1 for i in range(0, n, 2) if head[i] == 0)
        odd = sum(1 for i in range(1, n, 2) if head[i] == 0)
        encoding = "utf-8"
        if n >= 4 and odd > n / 4 and even == 0:
            encoding = "utf-16-le"
        elif n >= 4 and even > n / 4 and odd == 0:
            encoding = "utf-16-be"
    return io.TextIOWrapper(raw, encoding=encoding, newline="\n")


def entry_key(name):
    return name.replace("\\", "/").rstrip("/").lower()


# What an evidence bundle's manifest states of each export's block (path -> (digest, Merkle root)),
# set when the manifest is read: the digests re-derived from the export must be these.
CLAIMED = {}


def read_manifest(data):
    """The manifest's file list from its bytes; raises ValueError saying what is wrong."""
    manifest = strict_loads(data.decode("utf-8"))
    files = manifest.get("files") if isinstance(manifest, dict) else None
    blocks = manifest.get("blocks") if isinstance(manifest, dict) else None
    if isinstance(blocks, list) and manifest.get("kind") == "instant-lab-evidence-manifest":
        for b in blocks:
            if isinstance(b, dict):
                path = "exports/%s-%s-%s.jsonl" % (manifest.get("game"), manifest.get("stakeCents"), b.get("seed"))
                CLAIMED[path] = (b.get("digest"), b.get("merkleRoot"))
    if not isinstance(files, list):
        raise ValueError("manifest.json: no list of files")
    seen = set()
    for f in files:
        if not (isinstance(f, dict) and isinstance(f.get("path"), str) and isinstance(f.get("sha256"), str)
                and isinstance(f.get("bytes"), int) and f["bytes"] >= 0):
            raise ValueError("manifest.json: a file entry is not {path, sha256, bytes}")
        if f["path"] in seen:
            raise ValueError('manifest.json: "%s" is listed twice' % f["path"])
        seen.add(f["path"])
    if sum(f["bytes"] for f in files) > MAX_BUNDLE_INFLATED_BYTES:
        raise ValueError("manifest.json: the files it lists total more than %d bytes" % MAX_BUNDLE_INFLATED_BYTES)
    return files


def hash_stream(stream, limit):
    """SHA-256 and size of a stream, never reading past limit + 1 bytes."""
    h = hashlib.sha256()
    n = 0
    while True:
        piece = stream.read(min(1 << 20, limit + 1 - n))
        if not piece:
            return h.hexdigest(), n
        n += len(piece)
        h.update(piece)
        if n > limit:
            return h.hexdigest(), n


def check_folder(here):
    """Problems of the unzipped bundle beside this script against its manifest, and the exports it lists."""
    path = os.path.join(here, "manifest.json")
    if not os.path.isfile(path) or os.path.getsize(path) > MAX_MANIFEST_BYTES:
        return ["manifest.json: missing, not a file, or over %d bytes" % MAX_MANIFEST_BYTES], []
    with open(path, "rb") as f:
        try:
            files = read_manifest(f.read(MAX_MANIFEST_BYTES + 1))
        except ValueError as err:
            return ["manifest.json: %s" % err], []
    problems = []
    listed = {f["path"] for f in files}
    for f in files:
        full = os.path.join(here, *f["path"].split("/"))
        if os.path.islink(full) or not os.path.isfile(full):
            problems.append("%s: listed in the manifest but not a regular file here" % f["path"])
            continue
        if f["bytes"] > MAX_ENTRY_BYTES or os.path.getsize(full) != f["bytes"]:
            problems.append("%s: %d bytes, the manifest says %d" % (f["path"], os.path.getsize(full), f["bytes"]))
            continue
        with open(full, "rb") as stream:
            sha, _ = hash_stream(stream, f["bytes"])
        if sha != f["sha256"]:
            problems.append("%s: SHA-256 %s differs from the manifest's %s: the file was changed" % (f["path"], sha, f["sha256"]))
    for root, dirs, names in os.walk(here):
        for name in names + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            rel = os.path.relpath(os.path.join(root, name), here).replace(os.sep, "/")
            if rel not in listed and rel not in UNLISTED and not rel.startswith("__pycache__/"):
                problems.append("%s: in the bundle but not listed in the manifest" % rel)
        for d in dirs:
            rel = os.path.relpath(os.path.join(root, d), here).replace(os.sep, "/")
            if rel in listed:
                problems.append("%s: listed as a file, but a folder here" % rel)
        dirs[:] = [d for d in dirs if d != "__pycache__"]
    exports = sorted(p for p in listed if p.startswith("exports/") and p.endswith(".jsonl"))
    return problems, [os.path.join(here, *p.split("/")) for p in exports]


def appended_bytes(path):
    """How many bytes follow the zip's end record (0 when its comment ends the file, as verify-bundle
    wants): zipfile finds an end record anywhere in the last 64 KiB and says nothing of what follows."""
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        tail_length = min(size, 22 + 0xFFFF)
        f.seek(size - tail_length)
        tail = f.read(tail_length)
    for i in range(len(tail) - 22, -1, -1):
        if tail[i:i + 4] == b"PK\x05\x06" and i + 22 + struct.unpack_from("<H", tail, i + 20)[0] == len(tail):
            return 0
    # an end record whose comment ends before the file does, its central directory just before it
    for i in range(len(tail) - 22, -1, -1):
        if tail[i:i + 4] != b"PK\x05\x06":
            continue
        cd_size, cd_offset, comment = struct.unpack_from("<IIH", tail, i + 12)
        if i + 22 + comment < len(tail) and cd_offset + cd_size == size - tail_length + i:
            return len(tail) - (i + 22 + comment)
    return 0


def is_symlink(info):
    """A member made on Unix (APPNOTE 4.4.2: 3) whose mode, in the high half of its external
    attributes, is a symbolic link: unzip makes a link to another file, not this one."""
    return info.create_system == 3 and (info.external_attr >> 16) & 0o170000 == 0o120000


def check_zip(path):
    """Problems of a bundle zip read one way only; the open zip and the listed exports' entries."""
    try:
        zf = zipfile.ZipFile(path)
        after = appended_bytes(path)
    except (OSError, zipfile.BadZipFile) as err:
        return ["%s: not a zip file (%s)" % (path, err)], None, []
    if after:
        return ["%d bytes after the zip's end record: data was appended to the zip, so nothing in it was checked"
                % after], zf, []
    infos = zf.infolist()
    if len(infos) > MAX_ZIP_ENTRIES:
        return ["%d entries: a bundle holds at most %d" % (len(infos), MAX_ZIP_ENTRIES)], zf, []
    seen = {}
    problems = []
    for info in infos:
        key = entry_key(info.filename)
        if key in seen:
            problems.append('the entries "%s" and "%s" are the same name once case, separators and trailing slashes '
                            "are set aside: readers keep one or the other" % (seen[key], info.filename))
        seen[key] = info.filename
        if info.filename.endswith(("/", "\\")) and (info.file_size != 0 or info.compress_size > 2):
            problems.append('the directory entry "%s" carries data: a folder holds nothing of its own' % info.filename)
        if info.flag_bits & 0x1:
            problems.append('the entry "%s" is encrypted' % info.filename)
        if is_symlink(info):
            problems.append('the entry "%s" is stored as a symbolic link: unzip would make a link to another file, '
                            "not this one" % info.filename)
    if problems:
        return ["the zip can be read more than one way, so nothing in it was checked: " + p for p in problems], zf, []
    by_name = {i.filename: i for i in infos}
    m = by_name.get("manifest.json")
    if m is None or m.file_size > MAX_MANIFEST_BYTES:
        return ["manifest.json: missing, or declares over %d bytes: refused without inflating it" % MAX_MANIFEST_BYTES], zf, []
    try:
        with zf.open(m) as stream:
            files = read_manifest(stream.read(MAX_MANIFEST_BYTES + 1))
    except (ValueError, zipfile.BadZipFile, OSError) as err:
        return ["manifest.json: %s" % err], zf, []
    listed = {f["path"] for f in files}
    for f in files:
        info = by_name.get(f["path"])
        if info is None or info.filename.endswith("/"):
            problems.append("%s: listed in the manifest but missing from the bundle" % f["path"])
        elif f["bytes"] > MAX_ENTRY_BYTES or info.file_size != f["bytes"]:
            problems.append("%s: the zip declares %d bytes, the manifest %d: refused without inflating it" % (f["path"], info.file_size, f["bytes"]))
        else:
            try:
                with zf.open(info) as stream:
                    sha, n = hash_stream(stream, f["bytes"])
            except (zipfile.BadZipFile, OSError, EOFError) as err:
                problems.append("%s: cannot be inflated (%s)" % (f["path"], err))
                continue
            if sha != f["sha256"] or n != f["bytes"]:
                problems.append("%s: SHA-256 %s (%d bytes) differs from the manifest's: the file was changed" % (f["path"], sha, n))
    for info in infos:
        if not info.filename.endswith("/") and info.filename not in listed and info.filename not in UNLISTED:
            problems.append("%s: in the bundle but not listed in the manifest" % info.filename)
    exports = sorted(p for p in listed if p.startswith("exports/") and p.endswith(".jsonl"))
    return problems, zf, [by_name[p] for p in exports if p in by_name]


def record(game, unit, prize, codes):
    """The canonical record of one unit, or None when it shows a symbol the rules lack."""
    try:
        head = struct.pack("<I", prize)
        if game == "mine-d-or":
            grids = [unit["main"]] + list(unit["extras"])
            return head + bytes([len(unit["extras"])]) + bytes(codes[c] for g in grids for c in g)
        bonus = unit.get("bonus_cents")
        body = bytes(codes[c] for c in unit["gongs"]) + bytes([1 if bonus is not None else 0])
        return head + body + (struct.pack("<III", *bonus) if bonus is not None else b"")
    except (KeyError, TypeError, struct.error, ValueError):
        return None


def merkle_root(leaves):
    """The Merkle root over the segment digests, as the report states it: an inner node is
    SHA-256(0x01 || left || right), a lone node is carried up unchanged."""
    level = list(leaves)
    if not level:
        return hashlib.sha256(b"").hexdigest()
    while len(level) > 1:
        level = [hashlib.sha256(b"\x01" + level[i] + level[i + 1]).digest() if i + 1 < len(level) else level[i]
                 for i in range(0, len(level), 2)]
    return level[0].hex()


class Invalid(Exception):
    """What a unit shows is no grid the rules allow."""


def crockford(n, width):
    digits = ""
    while True:
        digits = CROCKFORD[n % 32] + digits
        n //= 32
        if n == 0:
            break
    return digits.rjust(width, "0")


def ref_check(payload):
    total = 0
    for pos, ch in enumerate(payload.replace("-", "")):
        total = (total + (pos + 1) * (ord(ch) - 47)) % CHECK_MOD
    return crockford(total, 2)


VERSIONS = (1, 2)


def expected_ref(game, stake_cents, seed, index, version, strict=False):
    payload = "-".join(
        [
            GAME_CODES[game],
            str(stake_cents).rjust(3, "0"),
            crockford(seed, 7),
            crockford(index, 4),
            "V%d%s" % (version, "S" if strict else ""),
        ]
    )
    return payload + "-" + ref_check(payload)


def ref_problem(ref, game, stake_cents, seed, index, version, strict=False):
    """None when the reference is right, else what is wrong with it."""
    if not isinstance(ref, str):
        return "no reference"
    parts = ref.split("-")
    if len(parts) != 6:
        return "reference %r has %d parts, expected 6" % (ref, len(parts))
    if ref_check("-".join(parts[:5])) != parts[5]:
        return "reference %r: check characters do not match its payload" % ref
    want = expected_ref(game, stake_cents, seed, index, version, strict)
    if ref != want:
        return "reference %r names another unit: expected %r" % (ref, want)
    return None


def mine_grid_value(cells, gains, stage):
    """Gains of one 3 x 3 grid (art. 4.4, 4.5; M1, M2), the number of EXTRA symbols and of combinations."""
    if not isinstance(cells, list) or len(cells) != 9:
        raise Invalid("a grid of %r cells, expected 9 (art. 4.1)" % (len(cells) if isinstance(cells, list) else cells))
    where = {}
    extras = 0
    for pos, sym in enumerate(cells):
        if sym == "extra":
            if stage:
                raise Invalid("EXTRA inside an Extra stage (M2)")
            extras += 1
        elif sym in gains:
            where.setdefault(sym, set()).add(pos)
        else:
            raise Invalid("unknown symbol %r" % (sym,))
    total = 0
    combos = 0
    for sym, cells_of in where.items():
        if len(cells_of) > 3:
            raise Invalid("%s shown %d times in one grid (M1)" % (sym, len(cells_of)))
        if len(cells_of) == 3:
            gain = gains[sym]
            combos += 1
            total += 2 * gain if frozenset(cells_of) in LINES else gain  # art. 4.5 doubles a line
    return total, extras, combos


def mine_lot(unit, gains, stake_cents, strict):
    main_value, extras, combos = mine_grid_value(unit.get("main"), gains, stage=False)
    stages = unit.get("extras")
    if not isinstance(stages, list):
        raise Invalid("no list of Extra stages")
    if len(stages) != extras:  # art. 4.6: as many stages as EXTRA symbols
        raise Invalid("%d Extra stages for %d EXTRA symbols (art. 4.6)" % (len(stages), extras))
    lot = main_value
    for grid in stages:
        value, _, more = mine_grid_value(grid, gains, stage=True)
        lot += value
        combos += more
    # M6 strict: the lots art. 3 reaches only "en cumulant plusieurs gains" show two gains or more
    if strict and lot in (20 * stake_cents, 2 * stake_cents) and combos < 2:
        raise Invalid("the %d cents lot shows %d gain, M6's strict reading wants two or more" % (lot, combos))
    return lot  # art. 4.7: one lot; 0 loses (art. 4.8)


def g5_step(lot, stake_cents):
    """G5: the largest round step (1, 2, 5 x 10^k cents, a multiple of the G1 fifth) giving five steps or more."""
    fifth = stake_cents // 5
    best = fifth
    power = 1
    while 5 * power <= lot:
        for step in (power, 2 * power, 5 * power):
            if step >= fifth and step % fifth == 0 and lot % step == 0 and lot // step >= 5:
                best = max(best, step)
        power *= 10
    return best


def gongs_lot(unit, gains, stake_cents, version):
    gongs = unit.get("gongs")
    bonus = unit.get("bonus_cents")
    if not isinstance(gongs, list) or len(gongs) != 3:
        raise Invalid("expected 3 gongs (art. 4.1)")
    for sym in gongs:
        if sym != "yinyang" and sym not in gains:
            raise Invalid("unknown symbol %r" % (sym,))
    three = gongs[0] == gongs[1] == gongs[2]
    if three and gongs[0] == "yinyang":  # art. 4.3.2, 4.4: the Bonus
        if not isinstance(bonus, list) or len(bonus) != 3:
            raise Invalid("three yin yang without three Bonus amounts (art. 4.4)")
        fifth = stake_cents // 5
        for amount in bonus:
            if type(amount) is not int or amount <= 0 or amount % fifth != 0:
                raise Invalid("Bonus amount %r is not a positive multiple of %d cents (G1)" % (amount, fifth))
        if version >= 2:
            step = g5_step(sum(bonus), stake_cents)
            if any(amount % step != 0 for amount in bonus):
                raise Invalid("Bonus amounts %r are not multiples of the round step %d cents (G5)" % (bonus, step))
        return sum(bonus)
    if bonus is not None:
        raise Invalid("Bonus amounts without three yin yang (art. 4.4)")
    if three:
        return gains[gongs[0]]  # art. 4.3.1
    return 0  # art. 4.5


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="Independent checker of a JSONL block export (R4).")
    parser.add_argument(
        "export",
        nargs="*",
        help="JSONL export(s): header line, then one line per unit; none: every exports/*.jsonl beside "
        "this script (an evidence bundle)",
    )
    bundled = os.path.isdir(os.path.join(here, "rules"))
    default_rules = os.path.join(here, "rules") if bundled else os.path.join(here, "..", "resources", "rules")
    parser.add_argument("--rules-dir", help="the rules data (default: a bundle's own rules/, else %s)" % default_rules)
    parser.add_argument("--show", type=int, default=10, help="mismatches to describe on stderr")
    args = parser.parse_args(argv)
    exports = args.export
    if len(exports) == 1 and exports[0].lower().endswith(".zip"):
        problems, zf, entries = check_zip(exports[0])
        for p in problems:
            print("bundle: %s" % p, file=sys.stderr)
        if zf is None:
            return 2
        if problems:
            print("bundle: %d problem(s): no export was checked" % len(problems))
            return 1
        if not entries:
            print("error: the manifest lists no exports/*.jsonl: nothing to check%s" % (
                " (a dispute case: check it with `npm run verify-bundle`)" if zf_kind(zf) == "case" else ""), file=sys.stderr)
            return 2
        # the zip's own rules (listed in its manifest, their SHA-256 checked above), wherever this script is
        rules = args.rules_dir or (lambda game: zip_rules(zf, game))
        worst = 0
        with zf:
            for info in entries:
                print("%s:" % info.filename)
                with zf.open(info) as raw:
                    worst = max(worst, check_handle(open_text(io.BufferedReader(raw)), rules, args.show,
                                                    CLAIMED.get(info.filename)))
        return worst
    if not exports:
        if not os.path.exists(os.path.join(here, "manifest.json")):
            print("error: no export given and no manifest.json beside %s" % __file__, file=sys.stderr)
            return 2
        problems, exports = check_folder(here)
        for p in problems:
            print("bundle: %s" % p, file=sys.stderr)
        if problems:
            print("bundle: %d problem(s): no export was checked" % len(problems))
            return 1
        if not exports:
            print("error: the manifest lists no exports/*.jsonl", file=sys.stderr)
            return 2
    worst = 0
    for export in exports:
        if len(exports) > 1 or not args.export:
            print("%s:" % os.path.relpath(export))
        # in a bundle's folder, what its manifest states of the export's block
        claimed = None if args.export else CLAIMED.get(os.path.relpath(export, here).replace(os.sep, "/"))
        worst = max(worst, check_file(export, args.rules_dir or default_rules, args.show, claimed))
    return worst


def zf_kind(zf):
    """"case" when the zip's manifest says it is a dispute case, else "bundle"."""
    try:
        with zf.open("manifest.json") as f:
            return "case" if strict_loads(f.read(MAX_MANIFEST_BYTES).decode("utf-8")).get("kind", "").endswith("dispute-case-manifest") else "bundle"
    except (KeyError, ValueError, AttributeError):
        return "bundle"


def zip_rules(zf, game):
    """The rules data of `game` held in the zip (rules/GAME.json, listed and hashed by check_zip)."""
    name = "rules/%s.json" % game
    try:
        info = zf.getinfo(name)
    except KeyError:
        raise ValueError("the bundle holds no %s: pass --rules-dir DIR" % name)
    if info.file_size > MAX_MANIFEST_BYTES:
        raise ValueError("%s declares %d bytes: rules data is at most %d" % (name, info.file_size, MAX_MANIFEST_BYTES))
    with zf.open(info) as f:
        return strict_loads(f.read(MAX_MANIFEST_BYTES + 1).decode("utf-8"))


def read_rules(rules, game):
    """The rules data of `game`: from a folder, or through a function (a bundle zip's own rules)."""
    if game not in GAME_CODES:
        raise ValueError("unknown game %r: expected one of %s" % (game, ", ".join(sorted(GAME_CODES))))
    if callable(rules):
        return rules(game)
    path = os.path.join(rules, game + ".json")
    if not os.path.isfile(path):
        raise ValueError("no rules data %s: pass --rules-dir DIR (resources/rules of the project, or a bundle's rules/)" % path)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def check_file(export, rules_dir, show, claimed=None):
    """Checks one export; prints its summary line; 0 agrees, 1 differs, 2 unreadable."""
    try:
        handle = open_text(open(export, "rb"))
    except OSError as err:
        print("error: cannot read %s: %s" % (export, err.strerror), file=sys.stderr)
        return 2
    with handle:
        try:
            return check_handle(handle, rules_dir, show, claimed)
        except UnicodeDecodeError as err:
            print("error: %s is not UTF-8 or UTF-16 text: %s" % (export, err), file=sys.stderr)
            return 2


GENERATOR_PREFIX = "instant-lab-gen/"
STAKES = (50, 100, 200)


def whole(value):
    """A whole number as JSON writes one in digits (bool is no number)."""
    return type(value) is int


def read_header(line):
    """(game, stake, seed, version, strict, foreign) of an export's first line; raises ValueError
    saying what is wrong. As verify reads it: a header naming no generator of ours
    (instant-lab-gen/N) or no seed is a foreign block (README « Foreign blocks »): nothing can be
    regenerated, so references are optional and only what the units show is checked."""
    if line.startswith("\ufeff"):
        raise ValueError("a second byte-order mark (U+FEFF) before the header: a file starts with one at most")
    header = strict_loads(line)
    if not isinstance(header, dict):
        raise ValueError("the first line is not a JSON object")
    for field in ("stake_cents", "seed", "units"):
        if field in header and not whole(header[field]):
            raise ValueError('field "%s": %r is not a whole number written in digits' % (field, header[field]))
    game = header.get("game")
    if game not in GAME_CODES:
        raise ValueError('field "game": expected "mine-d-or" or "les-3-gongs", got %r' % (game,))
    stake = header.get("stake_cents")
    if stake not in STAKES:
        raise ValueError('field "stake_cents": expected 50, 100 or 200, got %r' % (stake,))
    if "table" in header:
        raise ValueError('field "table": the export of a scenario table, not of an official block')
    generator = header.get("generator")
    ours = isinstance(generator, str) and generator.startswith(GENERATOR_PREFIX) \
        and generator[len(GENERATOR_PREFIX):].isdigit() and not generator[len(GENERATOR_PREFIX):].startswith("0")
    if not ours or "seed" not in header:
        return game, stake, None, 1, False, True
    version = int(generator[len(GENERATOR_PREFIX):])
    if version not in VERSIONS:
        raise ValueError("generator version %d: this checker knows %s" % (version, VERSIONS))
    seed = header["seed"]
    if not whole(seed) or not 0 <= seed <= 0xFFFFFFFF:
        raise ValueError('field "seed": expected a whole number from 0 to 4294967295, got %r' % (seed,))
    strict = "m6_reading" in header
    if strict and not (game == "mine-d-or" and header["m6_reading"] == "strict"):
        raise ValueError('field "m6_reading": expected "strict" in a Mine d\'or export, or no such field')
    if "presentation_weights" in header:
        raise ValueError("presentation weights other than the documented ones (M4, G2): this checker reads "
                         "exports of the documented weights only")
    return game, stake, seed, version, strict, False


CSV_COLUMNS = {
    "mine-d-or": ["index", "ref", "prize_cents", "main", "extra_stages", "extra_1", "extra_2", "extra_3"],
    "les-3-gongs": ["index", "ref", "prize_cents", "gong_1", "gong_2", "gong_3",
                    "bonus_1_cents", "bonus_2_cents", "bonus_3_cents"],
}
# a whole number of a CSV cell, in its one spelling: digits, no leading zero, no sign
DIGITS = re.compile(r"(0|[1-9][0-9]*)\Z")


def csv_fields(line):
    """The cells of one CSV line (its line end set aside); None when it is no CSV row."""
    text = line[:-1] if line.endswith("\n") else line
    text = text[:-1] if text.endswith("\r") else text
    try:
        rows = list(csv.reader([text], strict=True))
    except csv.Error:
        return None
    return rows[0] if len(rows) == 1 else None


def csv_game(line):
    """The game whose CSV header row `line` is, else None."""
    fields = csv_fields(line)
    return next((g for g, cols in CSV_COLUMNS.items() if fields == cols), None)


def csv_number(cell, field):
    if not DIGITS.match(cell):
        raise ValueError('field "%s": %r is not a whole number written in digits' % (field, cell))
    return int(cell)


def csv_unit(line, game):
    """The unit a CSV row shows, in the keys of a JSONL unit; raises ValueError saying what is wrong."""
    f = csv_fields(line)
    cols = CSV_COLUMNS[game]
    if f is None or len(f) != len(cols):
        raise ValueError("expected %d CSV fields (%s)" % (len(cols), ", ".join(cols)))
    unit = {"index": csv_number(f[0], "index"), "ref": f[1], "prize_cents": csv_number(f[2], "prize_cents")}
    if game == "mine-d-or":
        stages = csv_number(f[4], "extra_stages")
        if stages > 3 or any(f[5 + k] != "" for k in range(stages, 3)):
            raise ValueError("extra_stages %d and the extra_N cells disagree (M3)" % stages)
        unit["main"] = f[3].split()
        unit["extras"] = [f[5 + k].split() for k in range(stages)]
    else:
        unit["gongs"] = f[3:6]
        bonus = f[6:9]
        unit["bonus_cents"] = None if bonus == ["", "", ""] else [
            csv_number(b, "bonus_%d_cents" % (k + 1)) for k, b in enumerate(bonus)]
    return unit


def csv_block(ref, game):
    """(stake, seed, version, strict) a CSV export's first reference names: a CSV export has no header
    object, its block is the one its first unit names; raises ValueError saying what is wrong."""
    parts = ref.split("-")
    if len(parts) != 6 or parts[0] != GAME_CODES[game] or ref_check("-".join(parts[:5])) != parts[5]:
        raise ValueError("reference %r: not a reference of a %s unit of ours; the block of a CSV export is read "
                         "from its first reference" % (ref, game))
    try:
        seed = 0
        for c in parts[2]:
            seed = seed * 32 + CROCKFORD.index(c)
        stake = int(parts[1])
    except ValueError:
        raise ValueError("reference %r is not written in its one spelling" % ref)
    strict = parts[4].endswith("S")
    version = parts[4][1:-1] if strict else parts[4][1:]
    if not parts[4].startswith("V") or not version.isdigit() or int(version) not in VERSIONS:
        raise ValueError("reference %r names generator version %s: this checker knows %s (R5)"
                         % (ref, parts[4][1:], VERSIONS))
    if stake not in STAKES:
        raise ValueError("reference %r: stake %d cents, expected 50, 100 or 200" % (ref, stake))
    return stake, seed, int(version), strict


def foreign_ref_problem(ref, game, stake_cents, index):
    """A foreign block's reference is optional; a present one is one of ours, written in its one
    spelling, naming this game, stake and index (its seed cannot be checked)."""
    if ref is None or ref == "":
        return None
    parts = ref.split("-") if isinstance(ref, str) else []
    if len(parts) != 6 or ref_check("-".join(parts[:5])) != parts[5]:
        return "reference %r: not a reference of ours, or check characters that do not match" % (ref,)
    try:
        seed = 0
        for c in parts[2]:
            seed = seed * 32 + CROCKFORD.index(c)
    except ValueError:
        return "reference %r is not written in its one spelling" % ref
    version = parts[4][1:].rstrip("S")
    if not version.isdigit():
        return "reference %r: version part %r" % (ref, parts[4])
    want = expected_ref(game, stake_cents, seed, index, int(version), parts[4].endswith("S"))
    if ref != want:
        return "reference %r names another unit, or is not written in its one spelling: expected %r" % (ref, want)
    return None


def check_handle(handle, rules_dir, show, claimed=None):
    """Checks one export read from an open text stream; prints its summary line; 0, 1 or 2.
    `claimed`: the (digest, Merkle root) a bundle's manifest states of it, which it must re-derive."""
    first = handle.readline()
    game = None if first.lstrip().startswith("{") or first.startswith("\ufeff") else csv_game(first)
    lines = handle
    try:
        if game is None:
            game, stake, seed, version, strict, foreign = read_header(first)
        else:
            # the block of a CSV export is the one its first unit's reference names
            second = handle.readline()
            lines = itertools.chain([second], handle)
            try:
                stake, seed, version, strict = csv_block(csv_fields(second)[1], game)
            except (ValueError, TypeError, IndexError) as err:
                print("unit 0: %s" % err, file=sys.stderr)
                print("independent check: 0 units, 1 mismatches, levels differ, digest unavailable")
                return 1
            foreign = False
        rules = read_rules(rules_dir, game)
    except (ValueError, KeyError, IndexError, TypeError, OSError) as err:
        print("error: unreadable header or rules: %s" % err, file=sys.stderr)
        return 2
    csv_format = lines is not handle
    table = next((s for s in rules["stakes"] if s["stake_cents"] == stake), None)
    if table is None:
        print("error: no %s table at stake %r cents" % (game, stake), file=sys.stderr)
        return 2
    if foreign:
        print("foreign block (its header names no generator of ours, or no seed): nothing can be regenerated; "
              "what the units show, their references if any, and the counts are checked (placement is not tested here)")
    gains = {s["id"]: s["gain_cents"][str(stake)] for s in rules["symbols"]}
    block_units = rules["block_units"]
    codes = {s["id"]: i for i, s in enumerate(rules["symbols"])}
    codes[rules["special_symbols"][0]["id"]] = 6 if game == "mine-d-or" else 9
    segment = bytearray()
    segment_digests = []
    digest_ok = True

    units = 0
    mismatches = 0
    counts = Counter()
    line_no = 1
    last = first

    def line_problem(n, what):
        # as verify reports it: a fault of the file's lines, not of a unit; it fails the check
        nonlocal mismatches
        mismatches += 1
        if mismatches <= show:
            print("line %d: %s" % (n, what), file=sys.stderr)

    for line in lines:
        line_no += 1
        last = line
        if not line.strip():
            line_problem(line_no, "empty line: every line of an export is a header or a unit")
            continue
        problem = None
        try:
            unit = csv_unit(line, game) if csv_format else strict_loads(line, fractions=False)
            if not isinstance(unit, dict):
                raise ValueError("not an object")
        except Ambiguous as err:
            unit = {}
            problem = "line %d is JSON whose meaning depends on the reader: %s" % (line_no, err)
        except ValueError as err:
            unit = {}
            problem = "line %d: %s" % (line_no, err) if csv_format else "line %d is not JSON" % line_no
        index = unit.get("index")
        prize = unit.get("prize_cents")
        if problem is None and index != units:
            problem = "unit index %r out of order: expected %d" % (index, units)
        if problem is None:
            try:
                if game == "mine-d-or":
                    lot = mine_lot(unit, gains, stake, strict)
                else:
                    lot = gongs_lot(unit, gains, stake, version)
                if lot != prize:
                    problem = "shows %d cents, prize_cents says %r" % (lot, prize)
            except Invalid as err:
                problem = "invalid: %s" % err
        if problem is None and foreign:
            problem = foreign_ref_problem(unit.get("ref"), game, stake, units)
        elif problem is None:
            problem = ref_problem(unit.get("ref"), game, stake, seed, units, version, strict)
        if problem is not None:
            mismatches += 1
            if mismatches <= show:
                print("unit %d: %s" % (units, problem), file=sys.stderr)
        counts[prize if isinstance(prize, int) else None] += 1
        rec = record(game, unit, prize, codes) if isinstance(prize, int) else None
        if rec is None:
            digest_ok = False
        else:
            segment += rec
        units += 1
        if units % SEGMENT_UNITS == 0:
            segment_digests.append(hashlib.sha256(segment).digest())
            segment = bytearray()
    if not last.endswith("\n"):
        line_problem(line_no, "the file ends without a line end: it may have been cut short")
    if units % SEGMENT_UNITS != 0:
        segment_digests.append(hashlib.sha256(segment).digest())
    digest = hashlib.sha256(b"".join(segment_digests)).hexdigest() if digest_ok else "unavailable"

    levels_ok = units == block_units
    official = Counter({lvl["prize_cents"]: lvl["lots"] for lvl in table["levels"]})
    official[0] = block_units - sum(official.values())
    for amount in set(official) | set(counts):
        if counts.get(amount, 0) != official.get(amount, 0):
            levels_ok = False
            print(
                "level %r cents: %d units, the table says %d"
                % (amount, counts.get(amount, 0), official.get(amount, 0)),
                file=sys.stderr,
            )
    if units != block_units:
        print("%d units, a %s block has %d" % (units, game, block_units), file=sys.stderr)
    if claimed is not None and digest_ok:
        for what, found, stated in (("digest", digest, claimed[0]), ("Merkle root", merkle_root(segment_digests), claimed[1])):
            if found != stated:
                mismatches += 1
                print("the export's units' %s is %s, the manifest states %s: the export does not hold what the "
                      "manifest claims of it" % (what, found, stated), file=sys.stderr)
    print(
        "independent check: %d units, %d mismatches, levels %s, digest %s"
        % (units, mismatches, "ok" if levels_ok else "differ", digest)
    )
    return 0 if mismatches == 0 and levels_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

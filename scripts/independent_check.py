#!/usr/bin/env python3
"""Independent checker of an Instant Lab JSONL block export (R4), in another language.

It shares no code with the TypeScript generator: it re-implements the articles of the two
rule documents as restated in docs/rules.md and reads only the official rules data
(resources/rules/<game>.json) for the prize tables and the symbols' gains.

Usage: python3 scripts/independent_check.py EXPORT.jsonl… [--rules-dir DIR] [--show N]
In an evidence bundle (copied there as check.py): `python3 check.py` with no argument checks every
exports/*.jsonl beside it against the rules in rules/.

Input: a header line {"game", "stake_cents", "seed", "generator", ["m6_reading",] "units"}, then one line per
unit in index order: Mine d'or {"index", "ref", "prize_cents", "main", "extras"}; Les 3 Gongs
{"index", "ref", "prize_cents", "gongs", "bonus_cents"}.

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
equals the table. Exit 1 otherwise, 2 on unreadable input.

Standard library only.
"""

import argparse
import hashlib
import json
import struct
import os
import sys
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
    parser.add_argument("--rules-dir", default=default_rules)
    parser.add_argument("--show", type=int, default=10, help="mismatches to describe on stderr")
    args = parser.parse_args(argv)
    exports = args.export
    if not exports:
        folder = os.path.join(here, "exports")
        exports = sorted(
            os.path.join(folder, n) for n in (os.listdir(folder) if os.path.isdir(folder) else []) if n.endswith(".jsonl")
        )
        if not exports:
            print("error: no export given and no exports/*.jsonl beside %s" % __file__, file=sys.stderr)
            return 2
    worst = 0
    for export in exports:
        if len(exports) > 1 or not args.export:
            print("%s:" % os.path.relpath(export))
        worst = max(worst, check_file(export, args.rules_dir, args.show))
    return worst


def check_file(export, rules_dir, show):
    """Checks one export; prints its summary line; 0 agrees, 1 differs, 2 unreadable."""
    try:
        handle = open(export, encoding="utf-8")
    except OSError as err:
        print("error: cannot read %s: %s" % (export, err.strerror), file=sys.stderr)
        return 2
    with handle:
        try:
            header = json.loads(handle.readline())
            game = header["game"]
            stake = header["stake_cents"]
            seed = header["seed"]
            version = int(str(header["generator"]).rsplit("/", 1)[1])
            strict = header.get("m6_reading") == "strict"
            if version not in VERSIONS:
                raise ValueError("generator version %d: this checker knows %s" % (version, VERSIONS))
            with open(os.path.join(rules_dir, game + ".json"), encoding="utf-8") as f:
                rules = json.load(f)
        except (ValueError, KeyError, IndexError, OSError) as err:
            print("error: unreadable header or rules: %s" % err, file=sys.stderr)
            return 2
        table = next((s for s in rules["stakes"] if s["stake_cents"] == stake), None)
        if table is None:
            print("error: no %s table at stake %r cents" % (game, stake), file=sys.stderr)
            return 2
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
        for line in handle:
            if not line.strip():
                continue
            problem = None
            try:
                unit = json.loads(line)
            except ValueError:
                unit = {}
                problem = "line %d is not JSON" % (units + 2)
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
            if problem is None:
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
    print(
        "independent check: %d units, %d mismatches, levels %s, digest %s"
        % (units, mismatches, "ok" if levels_ok else "differ", digest)
    )
    return 0 if mismatches == 0 and levels_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

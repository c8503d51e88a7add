#!/usr/bin/python3
"""How well fenscan reports the arrows drawn over generated screens.

gen_screens.py writes each screen's arrows into its labels' notes
("arrows=e2e4;g8f6", the board from White's side). This reads the folder
with `fenscan scan --json` and counts, of the arrows drawn:

  right     found between the same squares, the head seen at the right end
  unheaded  found between the same squares, no head seen (either way round)
  reversed  found between the same squares, the head seen at the wrong end
  missed    not found

and the arrows reported that were not drawn (spurious); where the notes
give the side to move ("side=b", scripts/side_boards.py), how often fenscan
read it right, by what told it.

  /usr/bin/python3 scripts/arrow_eval.py ./fenscan build/screens [-v] [-j 2]

-v prints each screen whose arrows were not all right. Other options go to
fenscan scan.
"""
import csv
import json
import os
import subprocess
import sys


def drawn(labels):
    """Each image's arrows as (from, to) pairs, and its side to move where
    the notes give it ("side=b", scripts/side_boards.py)."""
    out, sides = {}, {}
    with open(labels) as f:
        for row in csv.DictReader(f):
            moves = []
            for part in row["notes"].split():
                if part.startswith("arrows="):
                    moves = [(m[:2], m[2:]) for m in part[len("arrows="):].split(";")]
                if part.startswith("side="):
                    sides[row["image"]] = part[len("side="):]
            out[row["image"]] = moves
    return out, sides


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    fenscan, folder = sys.argv[1], sys.argv[2]
    extra = [a for a in sys.argv[3:] if a != "-v"]
    want, sides = drawn(os.path.join(folder, "labels.csv"))
    run = subprocess.run([fenscan, "scan", "--json", "--flip", "no", *extra, folder],
                         capture_output=True, text=True, check=False)
    got, side = {}, {}
    for line in run.stdout.splitlines():
        rec = json.loads(line)
        if "fen" in rec and rec.get("board", 0) == 0:
            image = os.path.basename(rec["image"])
            got[image] = [(a["from"], a["to"], a["head"]) for a in rec.get("arrows", [])]
            side[image] = (rec["fen"].split()[1], rec["side_by"])
    if not got:
        # Every arrow would count as missed: say why instead.
        sys.exit(f"no board read: {run.stderr.strip()}")
    counts = dict(drawn=0, right=0, unheaded=0, reversed=0, missed=0, spurious=0, screens=0, screens_right=0)
    for image, moves in sorted(want.items()):
        found = list(got.get(image, []))
        counts["screens"] += 1
        ok = len(found) == len(moves)
        for a, b in moves:
            counts["drawn"] += 1
            for k, (f, t, head) in enumerate(found):
                if {f, t} == {a, b}:
                    kind = "unheaded" if not head else "right" if (f, t) == (a, b) else "reversed"
                    counts[kind] += 1
                    ok = ok and kind == "right"
                    del found[k]
                    break
            else:
                counts["missed"] += 1
                ok = False
        counts["spurious"] += len(found)
        counts["screens_right"] += ok
        if not ok and "-v" in sys.argv:
            print(image, "drawn", moves, "reported", got.get(image))
    n = max(counts["drawn"], 1)
    print(f"{folder}: {counts['screens']} screens, {counts['drawn']} arrows drawn")
    for k in ("right", "unheaded", "reversed", "missed"):
        print(f"  {k:9s} {counts[k]:4d}  {100 * counts[k] / n:5.1f}%")
    print(f"  spurious  {counts['spurious']:4d}")
    print(f"  screens with every arrow right and none spurious: {counts['screens_right']}")
    if sides:
        # The side to move, by what told it (side_by).
        by = {}
        for image, want_side in sides.items():
            s, how = side.get(image, ("", "no board"))
            right, n = by.get(how, (0, 0))
            by[how] = (right + (s == want_side), n + 1)
            if s != want_side and "-v" in sys.argv:
                print(image, "side", want_side, "read", s, "by", how)
        total = sum(r for r, _ in by.values())
        print(f"  side to move right: {total} of {len(sides)}")
        for how, (right, n) in sorted(by.items()):
            print(f"    by {how:9s} {right:4d} of {n}")


if __name__ == "__main__":
    main()

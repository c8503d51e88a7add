#!/usr/bin/env python3
"""Write some rows of a labels file (the format of ../shared/data/real/labels.csv) to
another, with absolute image paths, so that the new file can live anywhere; only the
columns fenscan eval and adapt read are kept.
  label_rows.py SRC DST [--kind KIND] [--notes PREFIX] [--from N] [--to M]
Rows of KIND, whose notes start with PREFIX, then rows N up to M of those (Python's
slice [N:M])."""
import argparse
import csv
import os


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--kind", default="")
    ap.add_argument("--notes", default="")
    ap.add_argument("--from", dest="lo", type=int, default=None)
    ap.add_argument("--to", dest="hi", type=int, default=None)
    a = ap.parse_args()
    base = os.path.dirname(os.path.abspath(a.src))
    with open(a.src, newline="") as f:
        rows = [r for r in csv.DictReader(f)
                if (not a.kind or r["kind"] == a.kind) and r["notes"].startswith(a.notes)][a.lo:a.hi]
    with open(a.dst, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["image", "fen_placement", "kind"], extrasaction="ignore")
        w.writeheader()
        for r in rows:
            r["image"] = os.path.join(base, r["image"])
            w.writerow(r)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Crop labelled boards to their squares, as a user who crops a diagram
tightly sends them: no frame, no margin, no coordinates outside. A
yardstick for the detector, which on such pictures has no outline to go
by and meets the squares' hatching at the picture's edge.

    /usr/bin/python3 scripts/tight_crops.py --out build/tight build/designs*/*/labels.csv
    fenscan eval build/tight/labels.csv

Each input row's notes must give the board's corners as
make_design_boards.py writes them ("board corners (a8,h8,h1,a1) [[x; y]; ...]");
rows without them are skipped, and so are boards that reach past the
picture's edge. The crop is the corners' bounding box, rounded to whole
pixels, saved as PNG; its labels give the corners within the crop, so a
board turned a little keeps its true corners (and the crop its slivers
of margin).
"""
import argparse
import csv
import os
import re

from PIL import Image

CORNERS = re.compile(r"corners \(a8,h8,h1,a1\) \[\[([^\]]*)\]; \[([^\]]*)\]; \[([^\]]*)\]; \[([^\]]*)\]\]")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="folder for the crops and their labels.csv")
    ap.add_argument("labels", nargs="+", help="labels CSVs with board corners in their notes")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rows, skipped = [], 0
    for lab in a.labels:
        base = os.path.dirname(os.path.abspath(lab))
        # Names keep the two folders above the picture, so that boards of
        # several sets and seeds do not collide.
        prefix = "-".join(base.split(os.sep)[-2:])
        with open(lab, newline="") as f:
            for r in csv.DictReader(f):
                m = CORNERS.search(r.get("notes", ""))
                if not m:
                    skipped += 1
                    continue
                pts = [tuple(float(v) for v in s.split(";")) for s in m.groups()]
                img = Image.open(os.path.join(base, r["image"])).convert("RGB")
                box = (round(min(p[0] for p in pts)), round(min(p[1] for p in pts)),
                       round(max(p[0] for p in pts)), round(max(p[1] for p in pts)))
                if box[0] < 0 or box[1] < 0 or box[2] > img.width or box[3] > img.height:
                    skipped += 1
                    continue
                name = "%s-%s.png" % (prefix, os.path.splitext(r["image"])[0])
                img.crop(box).save(os.path.join(a.out, name))
                corners = "; ".join("[%.1f; %.1f]" % (x - box[0], y - box[1]) for x, y in pts)
                notes = "cropped to its squares from %s; board corners (a8,h8,h1,a1) [%s]" % (
                    os.path.relpath(os.path.join(base, r["image"])), corners)
                rows.append([name, r["fen_placement"], r["kind"], notes, r.get("source", ""), r.get("license", "")])
    with open(os.path.join(a.out, "labels.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["image", "fen_placement", "kind", "notes", "source", "license"])
        w.writerows(rows)
    print("%d crops in %s (%d rows skipped: no corners, or past the edge)" % (len(rows), a.out, skipped))


if __name__ == "__main__":
    main()

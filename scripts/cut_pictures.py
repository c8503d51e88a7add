#!/usr/bin/python3
"""Pictures cropped through their board's edge squares, as a hurried crop or a board
scrolled partly off the screen leaves them: for each picture, one side (at random) is
cropped from the board's edge inwards by a share of a square drawn between LO and HI.
The board's corners are taken from `fenscan scan --json` of the same pictures (its
first board), so only pictures whose board fenscan finds whole are cut; run it from
the folder fenscan ran in, so that the paths it printed lead to the pictures. Pictures
OpenCV cannot read (HEIC, AVIF) are left out; each is written as a PNG named by its
row. With --corner, the next side clockwise is cropped by the same share too, as a
crop through a corner of the board leaves it. With --tight, the other sides are
cropped to the board's edges, as a crop meant to keep just the board leaves them.
  ./fenscan scan --json PICTURES... > SCAN.jsonl
  /usr/bin/python3 scripts/cut_pictures.py LABELS.csv SCAN.jsonl OUT LO HI [--corner] [--tight]
  ./fenscan eval OUT/labels.csv
The draws are fixed (seed 7) and follow SCAN.jsonl's order."""
import csv
import json
import os
import sys

import cv2
import numpy as np


def main():
    flags = sys.argv[6:]
    corner, tight = "--corner" in flags, "--tight" in flags
    if len(sys.argv) < 6 or any(f not in ("--corner", "--tight") for f in flags):
        sys.exit(__doc__)
    labels, scan, out, lo, hi = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5])
    base = os.path.dirname(os.path.abspath(labels))
    rows = {os.path.normpath(os.path.join(base, r["image"])): r for r in csv.DictReader(open(labels))}
    rng = np.random.default_rng(7)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "labels.csv"), "w", newline="") as fo:
        w = csv.writer(fo)
        w.writerow(["image", "fen_placement", "kind", "notes"])
        seen = set()
        for line in open(scan):
            j = json.loads(line)
            path = os.path.normpath(os.path.abspath(j["image"]))
            if "corners" not in j or path in seen or path not in rows:
                continue
            seen.add(path)
            img = cv2.imread(path, cv2.IMREAD_COLOR)
            if img is None:
                continue
            c = np.float32(j["corners"])
            x0, y0 = c[:, 0].min(), c[:, 1].min()
            x1, y1 = c[:, 0].max(), c[:, 1].max()
            side, share = int(rng.integers(4)), rng.uniform(lo, hi)
            sides = [side, (side + 1) % 4] if corner else [side]
            top, bottom, left, right = 0, img.shape[0], 0, img.shape[1]
            if tight:
                top, left = max(top, int(round(y0))), max(left, int(round(x0)))
                bottom, right = min(bottom, int(round(y1))), min(right, int(round(x1)))
            for s in sides:
                cut = share * ((x1 - x0) if s % 2 else (y1 - y0)) / 8
                if s == 0:
                    top = int(y0 + cut)
                elif s == 1:
                    right = int(x1 - cut)
                elif s == 2:
                    bottom = int(y1 - cut)
                else:
                    left = int(x0 + cut)
            name = "%03d-%s.png" % (len(seen), os.path.splitext(os.path.basename(path))[0])
            cv2.imwrite(os.path.join(out, name), img[top:bottom, left:right])
            w.writerow([name, rows[path]["fen_placement"], rows[path].get("kind", ""),
                        "%s cut by %.2f of a square" % (" and ".join(["top", "right", "bottom", "left"][s] for s in sides), share)])


if __name__ == "__main__":
    main()

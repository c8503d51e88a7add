#!/usr/bin/env python3
"""Render labelled whole boards of every HELD-OUT piece set (never trained on), one
folder per set, for measuring the whole pipeline per design (scripts/design_eval.sh).

  make_design_boards.py [--out build/designs] [--per-set 12] [--style book] [--seed 7]

Boards are positions from random games, upright (White at the bottom), with the full
damage of the chosen style (book: hatching, print and scan noise, binarization, blur,
JPEG). Each folder gets a labels.csv in the format of ../shared/data/real/labels.csv.
Needs the art prepared by scripts/build_model.sh (build/art).
"""
import argparse, csv, os, sys
import numpy as np, cv2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import render  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="build/designs")
    ap.add_argument("--per-set", type=int, default=12)
    ap.add_argument("--style", default="book", choices=["book", "screen"])
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    meta = render.all_sets()
    held = sorted(s for s in meta if s in render.HELDOUT_SETS or meta[s].get("heldout"))
    rng = np.random.default_rng(a.seed)
    kind = "diagram" if a.style == "book" else "screenshot"
    for setname in held:
        d = os.path.join(a.out, setname)
        os.makedirs(d, exist_ok=True)
        rows = []
        for i in range(a.per_set):
            img, corners, _, info = render.render(rng, setname, heldout_theme=(i % 3 == 0), style=a.style, upright=True)
            name = "%02d.png" % i
            cv2.imwrite(os.path.join(d, name), img)
            rows.append([name, render.fen_placement(info["board"]), kind,
                         "synthetic render, held-out set %s, theme %s; board corners (a8,h8,h1,a1) [%s]" % (
                             setname, info["theme"], "; ".join("[%.1f; %.1f]" % tuple(p) for p in corners)),
                         "fenscan scripts/make_design_boards.py", meta[setname]["license"]])
        with open(os.path.join(d, "labels.csv"), "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["image", "fen_placement", "kind", "notes", "source", "license"])
            w.writerows(rows)
        print("%s: %d boards" % (setname, len(rows)), flush=True)


if __name__ == "__main__":
    main()

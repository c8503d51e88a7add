#!/usr/bin/python3
"""Draw screen boards of positions from real games, two in three seen from Black's side,
with coordinates inside the edge squares as chess.com or lichess print them, and write
their labels.csv: a measure of how fenscan turns boards shown from Black's side.
  go run ./internal/gamepos -n 300 -seed 3 > build/flipped/positions.txt
  /usr/bin/python3 scripts/flipped_boards.py build/flipped/positions.txt build/flipped
  ./fenscan eval build/flipped/labels.csv
(scripts/flipped_eval.sh does all three.) Pieces from ../shared/art/lichess, as
scripts/make_testdata.py draws them."""
import os
import random

import make_testdata as mt

THEMES = [((240, 217, 181), (181, 136, 99)), ((238, 238, 210), (118, 150, 86)),
          ((222, 227, 230), (140, 162, 173)), ((234, 233, 210), (75, 115, 153))]
SETS = ["cburnett", "merida", "chessnut"]


def main():
    lines, out = mt.positions(__doc__)
    rng = random.Random(11)
    rows = ["image,fen_placement,kind"]
    for i, (placement, *_) in enumerate(lines):
        flipped = i % 3 != 0
        sq = rng.choice([32, 40, 48, 64, 80])
        light, dark = rng.choice(THEMES)
        ranks = rng.choice(["right", "left"])  # lichess, chess.com
        img = mt.board(placement, sq, rng.choice(SETS), light, dark, flipped=flipped, ranks=ranks,
                       glyph=rng.uniform(0.15, 0.25))
        name = "%03d-%s.png" % (i, "black" if flipped else "white")
        img.save(os.path.join(out, name))
        rows.append("%s,%s,screenshot" % (name, placement))
    with open(os.path.join(out, "labels.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()

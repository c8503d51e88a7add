#!/usr/bin/python3
"""Draw lichess analysis boards of positions from real games with no last-move
highlight, the move the game went on with drawn over each as lichess's engine
draws its best move (pale blue), and write their labels.csv, the side to move
and the arrows in the notes: a measure of the side to move read from arrows.

  go run ./internal/gamepos -all -next -n 300 -seed 5 > build/side/positions.txt
  /usr/bin/python3 scripts/side_boards.py build/side/positions.txt build/side
  /usr/bin/python3 scripts/arrow_eval.py ./fenscan build/side

On one board in four the reply is drawn too, as a player's green arrow: the
two arrows then name both sides, and the side to move is left to a guess.
Boards are drawn from White's side, coordinates inside the edge squares as
lichess prints them; pieces from ../shared/art/lichess (scripts/gen_screens.py's
sets)."""
import os
import random

import gen_screens as gs
import make_testdata as mt


def square(name):
    """The (file, row from the top) of a square named "e4"."""
    return "abcdefgh".index(name[0]), 8 - int(name[1])


def main():
    lines, out = mt.positions(__doc__)
    rng = random.Random(17)
    rows = ["image,fen_placement,kind,notes,source,license"]
    for i, (placement, side, *moves) in enumerate(lines):
        sq = rng.choice([40, 48, 56, 64, 80])
        light, dark = rng.choice(gs.THEMES)
        setname = rng.choice(gs.SETS)
        img = mt.board(placement, sq, setname, light, dark, ranks="right", glyph=rng.uniform(0.15, 0.25))
        drawn = [moves[0]]
        arrows = [(square(moves[0][:2]) + square(moves[0][2:]),) + gs.ENGINE_BRUSH]
        if len(moves) > 1 and rng.random() < 0.25:
            drawn.append(moves[1])
            arrows.append((square(moves[1][:2]) + square(moves[1][2:]), (21, 120, 27)) + gs.USER_BRUSH)
        gs.lichess_arrows(img, 0, 0, sq, arrows)
        name = "%03d-%s.png" % (i, side)
        img.save(os.path.join(out, name))
        rows.append('%s,%s,screenshot,"set=%s side=%s arrows=%s",fenscan scripts/side_boards.py,see models/README.md (lichess sets)'
                    % (name, placement, setname, side, ";".join(drawn)))
    with open(os.path.join(out, "labels.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Generate labelled synthetic screenshots for measuring the detector.

Layouts: phone (tall, board across the width, UI bars above and below),
desktop (board beside a move list), tight crops, and very small or very
large boards; lichess-like themes, highlights, arrows, circles and
coordinates inside or outside the board. Writes PNG/JPEG files and a
labels.csv (with the board's corners in the notes) to the output folder.

  /usr/bin/python3 scripts/gen_screens.py --out build/screens --n 200 --seed 1

--layout small --coords draws every board small (120-200 px) with its
coordinates inside, where a digit fills much of its square.
"""
import argparse
import math
import os
import random

from PIL import Image, ImageDraw

import make_testdata as mt

THEMES = [((240, 217, 181), (181, 136, 99)), ((238, 238, 210), (118, 150, 86)),
          ((222, 227, 230), (140, 162, 173)), ((234, 233, 210), (75, 115, 153)),
          ((255, 206, 158), (209, 139, 71)), ((232, 235, 239), (125, 135, 150)),
          ((240, 241, 240), (196, 216, 228)), ((205, 210, 106), (170, 162, 58))]
SETS = ["cburnett", "merida", "chessnut", "celtic", "firi", "kiwen-suwi", "mpchess",
        "pirouetti", "rhosgfx", "shapes", "fantasy", "spatial", "pixel"]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def attacked(board, sq, by_white):
    """Whether a piece of the given colour attacks square sq (0 = a8)."""
    r, c = divmod(sq, 8)

    def at(rr, cc):
        return board[rr * 8 + cc] if 0 <= rr < 8 and 0 <= cc < 8 else None

    def own(p, kinds):
        return bool(p) and p.isupper() == by_white and p.upper() in kinds

    pawn_row = r + 1 if by_white else r - 1  # white pawns attack upwards (towards row 0)
    if any(own(at(pawn_row, c + dc), "P") for dc in (-1, 1)):
        return True
    jumps = {"N": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
             "K": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]}
    for kind, steps in jumps.items():
        if any(own(at(r + dr, c + dc), kind) for dr, dc in steps):
            return True
    for kinds, dirs in (("RQ", [(0, 1), (1, 0), (0, -1), (-1, 0)]), ("BQ", [(1, 1), (1, -1), (-1, 1), (-1, -1)])):
        for dr, dc in dirs:
            rr, cc = r + dr, c + dc
            while 0 <= rr < 8 and 0 <= cc < 8:
                p = board[rr * 8 + cc]
                if p:
                    if own(p, kinds):
                        return True
                    break
                rr, cc = rr + dr, cc + dc
    return False


def random_placement(rng, unchecked=False):
    # Redrawn until neither king is attacked: an illegal truth (kings side
    # by side, both in check, a triple check) measures the assembler's
    # repair of an impossible board, not the reading (108 of 300 were).
    while True:
        board = draw_placement(rng, unchecked)
        if unchecked or (not attacked(board, board.index("K"), False) and not attacked(board, board.index("k"), True)):
            return placement(board)


def draw_placement(rng, unchecked=False):
    cells = mt.squares(START)
    # Thin out and shuffle a little: game-like, not uniform noise.
    pieces = [p for p in cells if p and p not in "Kk" and rng.random() < 0.7]
    board = [""] * 64
    if unchecked:
        for k in "Kk":  # as first written: the second king may take the first's square
            board[rng.randrange(64)] = k
    else:
        for k, i in zip("Kk", rng.sample(range(64), 2)):
            board[i] = k
    for p in pieces:
        for _ in range(10):
            i = rng.randrange(64)
            if not board[i] and not (p in "Pp" and (i < 8 or i >= 56)):
                board[i] = p
                break
    return board


def placement(board):
    rows = []
    for r in range(8):
        s, e = "", 0
        for c in range(8):
            p = board[r * 8 + c]
            if p:
                s += (str(e) if e else "") + p
                e = 0
            else:
                e += 1
        rows.append(s + (str(e) if e else ""))
    return "/".join(rows)


def overlays(img, x0, y0, sq, rng):
    d = ImageDraw.Draw(img, "RGBA")
    for _ in range(rng.choice([0, 0, 1, 2])):
        a = (x0 + (rng.randrange(8) + 0.5) * sq, y0 + (rng.randrange(8) + 0.5) * sq)
        b = (x0 + (rng.randrange(8) + 0.5) * sq, y0 + (rng.randrange(8) + 0.5) * sq)
        col = rng.choice([(21, 120, 27, 170), (136, 32, 32, 170), (0, 48, 136, 170), (230, 143, 0, 170)])
        d.line([a, b], fill=col, width=max(2, sq // 6))
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        h = sq * 0.4
        d.polygon([b, (b[0] - h * math.cos(ang - 0.5), b[1] - h * math.sin(ang - 0.5)),
                   (b[0] - h * math.cos(ang + 0.5), b[1] - h * math.sin(ang + 0.5))], fill=col)
    for _ in range(rng.choice([0, 0, 1])):
        cx, cy = x0 + rng.randrange(8) * sq, y0 + rng.randrange(8) * sq
        d.ellipse([cx + 2, cy + 2, cx + sq - 2, cy + sq - 2], outline=(21, 120, 27, 200), width=max(2, sq // 12))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="build/screens")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--unchecked", action="store_true",
                    help="keep placements as drawn, legal or not (the pictures made before placements were checked)")
    ap.add_argument("--layout", choices=["phone", "desktop", "tight", "small", "large"],
                    help="draw every screen in this layout (the random draws stay those of a mixed run)")
    ap.add_argument("--coords", action="store_true", help="print coordinates inside every board")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for i in range(args.n):
        layout = rng.choice(["phone", "desktop", "tight", "small", "large"])
        layout = args.layout or layout
        light, dark = rng.choice(THEMES)
        fen = random_placement(rng, args.unchecked)
        side = {"phone": rng.randint(360, 1080), "desktop": rng.randint(400, 900),
                "tight": rng.randint(200, 800), "small": rng.randint(120, 200),
                "large": rng.randint(1400, 2000)}[layout]
        sq = max(15, side // 8)
        last = tuple(rng.sample(["e2", "e4", "g1", "f3", "d7", "d5", "b8", "c6"], 2)) if rng.random() < 0.6 else ()
        pieces = rng.choice(SETS)
        coords = rng.random() < 0.7
        bd = mt.board(fen, sq, pieces, light, dark, last=last, coords=coords or args.coords)
        bg = rng.choice([(22, 21, 18), (48, 46, 43), (250, 250, 250), (38, 36, 33), (255, 255, 255)])
        if layout == "phone":
            w, h = bd.width + rng.choice([0, 0, 16]), int(bd.width * rng.uniform(1.8, 2.2))
            img = Image.new("RGB", (w, h), bg)
            x0, y0 = (w - bd.width) // 2, int(h * rng.uniform(0.2, 0.35))
            d = ImageDraw.Draw(img)
            d.rectangle([0, 0, w, 40], fill=(30, 30, 30))
            d.rectangle([0, y0 - 60, w, y0 - 8], fill=(60, 60, 60))
            d.rectangle([0, y0 + bd.height + 8, w, y0 + bd.height + 60], fill=(60, 60, 60))
            img.paste(bd, (x0, y0))
        elif layout == "desktop":
            img, (x0, y0) = mt.browser(bd, bd.width + rng.randint(300, 700), bd.height + rng.randint(120, 260), rng)
        elif layout == "large":
            pad = rng.randint(0, 60)
            img = Image.new("RGB", (bd.width + 2 * pad, bd.height + 2 * pad), bg)
            x0 = y0 = pad
            img.paste(bd, (x0, y0))
        else:
            pad = rng.choice([0, 0, 4, 20])
            img = Image.new("RGB", (bd.width + 2 * pad, bd.height + 2 * pad), bg)
            x0 = y0 = pad
            img.paste(bd, (x0, y0))
        overlays(img, x0, y0, sq, rng)
        ext = "jpg" if rng.random() < 0.3 else "png"
        name = f"screen-{i:04d}-{layout}.{ext}"
        if ext == "jpg":
            img.save(os.path.join(args.out, name), quality=rng.randint(60, 95))
        else:
            img.save(os.path.join(args.out, name))
        s = 8 * sq
        rows.append((name, fen, f"layout={layout} set={pieces} corners={x0},{y0},{x0 + s},{y0},{x0 + s},{y0 + s},{x0},{y0 + s}"))
    with open(os.path.join(args.out, "labels.csv"), "w") as f:
        f.write("image,fen_placement,kind,notes,source,license\n")
        for name, fen, notes in rows:
            f.write(f'{name},{fen},screenshot,"{notes}",fenscan scripts/gen_screens.py,see models/README.md (lichess sets)\n')


if __name__ == "__main__":
    main()

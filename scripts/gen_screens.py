#!/usr/bin/python3
"""Generate labelled synthetic screenshots for measuring the detector.

Layouts: phone (tall, board across the width, UI bars above and below),
desktop (board beside a move list), tight crops, and very small or very
large boards; lichess-like themes, highlights, arrows, circles and
coordinates inside or outside the board. Writes PNG/JPEG files and a
labels.csv (with the board's corners in the notes) to the output folder.

  /usr/bin/python3 scripts/gen_screens.py --out build/screens --n 200 --seed 1

--layout small --coords draws every board small (120-200 px) with its
coordinates inside, where a digit fills much of its square. --arrows lichess
draws the arrows as lichess does, --engine its engine's pale arrows too;
--arrows chesscom as chess.com does (knight moves bent into an L).
Each screen's arrows are noted in its labels ("arrows=e2e4;g8f6") for
scripts/arrow_eval.py.
"""
import argparse
import math
import os
import random

import numpy as np
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


# lichess's brushes (chessground): the four a user draws with, opaque and
# 10/64 of a square wide, and the engine's best move, paleBlue.
USER_BRUSH = (1.0, 10)
ENGINE_BRUSH = ((0, 48, 136), 0.4, 15)


def lichess_arrows(img, x0, y0, sq, arrows):
    """Draw arrows as lichess (chessground) does: each a line (a brush's
    width, in 64ths of a square) with round caps, from the first square's
    centre to 10/64 short of the second's, and a head three line widths
    long and four wide whose tip falls at the second square's centre, at
    its brush's opacity; all of them in one layer, later over earlier,
    laid over the board at opacity 0.6. Drawn four times larger and
    shrunk, as a browser smooths its edges. arrows holds ((file, row,
    file, row), colour, opacity, width) each."""
    if not arrows:
        return
    k = 4
    w = h = 8 * sq
    cover = np.zeros((h, w), np.float32)
    colour = np.zeros((h, w, 3), np.float32)
    for (fa, ra, fb, rb), col, opacity, width in arrows:
        lw = width / 64
        a = np.array([fa + 0.5, ra + 0.5])
        b = np.array([fb + 0.5, rb + 0.5])
        u = (b - a) / np.linalg.norm(b - a)
        n = np.array([-u[1], u[0]])
        end = b - u * 10 / 64
        mask = Image.new("L", (w * k, h * k), 0)
        d = ImageDraw.Draw(mask)
        px = lambda p: (float(p[0] * sq * k), float(p[1] * sq * k))
        d.line([px(a), px(end)], fill=255, width=max(1, round(lw * sq * k)))
        for c in (a, end):
            r = lw / 2 * sq * k
            d.ellipse([px(c)[0] - r, px(c)[1] - r, px(c)[0] + r, px(c)[1] + r], fill=255)
        base = end - 2.05 * lw * u
        d.polygon([px(base + 2 * lw * n), px(base - 2 * lw * n), px(end + 0.95 * lw * u)], fill=255)
        m = np.asarray(mask.resize((w, h), Image.BOX), np.float32)[..., None] / 255 * opacity
        colour = colour * (1 - m) + np.array(col[:3], np.float32) * m
        cover = cover + m[..., 0] * (1 - cover)
    region = np.asarray(img.crop((x0, y0, x0 + w, y0 + h)), np.float32)
    alpha = 0.6 * cover[..., None]
    # colour holds each arrow's colour times its cover; over partly
    # covered pixels it is brought back to the colour alone.
    colour = colour / np.maximum(cover[..., None], 1e-6)
    out = region * (1 - alpha) + colour * alpha
    img.paste(Image.fromarray(np.clip(out + 0.5, 0, 255).astype(np.uint8)), (x0, y0))


# chess.com's arrow colours (orange, and the red, green and blue of its
# modifier keys), each laid on at opacity 0.8.
CHESSCOM_COLOURS = [(255, 170, 0), (255, 170, 0), (255, 170, 0), (244, 42, 50), (159, 207, 63), (72, 193, 249)]
CHESSCOM_OPACITY = 0.8
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def chesscom_arrows(img, x0, y0, sq, arrows):
    """Draw arrows as chess.com does: a shaft a quarter of a square wide
    from 3/8 of a square past the first square's centre to half a square
    short of the second's, and a head 7/12 wide and 7/16 long whose tip
    falls 1/16 short of that centre; a knight's move is bent into an L,
    along the longer leg first, its tip at the centre. Each arrow is laid
    on by itself at opacity 0.8, over the pieces too. Drawn four times
    larger and shrunk, as a browser smooths its edges. arrows holds
    ((file, row, file, row), colour) each."""
    k = 4
    w = h = 8 * sq
    region = np.asarray(img.crop((x0, y0, x0 + w, y0 + h)), np.float32)
    for (fa, ra, fb, rb), col in arrows:
        a = np.array([fa + 0.5, ra + 0.5])
        b = np.array([fb + 0.5, rb + 0.5])
        df, dr = abs(fb - fa), abs(rb - ra)
        if sorted((df, dr)) == [1, 2]:
            # The long leg runs to the centre of the square beside the
            # target (corner), the short one turns there: its outline
            # passes the corner by half the shaft on the outside.
            corner = np.array([fa + 0.5, rb + 0.5]) if dr == 2 else np.array([fb + 0.5, ra + 0.5])
            u1, u2 = (corner - a) / 2, b - corner
            t = 0.125  # half the shaft
            tail, base = a + 0.375 * u1, b - 0.4375 * u2
            pts = [tail - t * u2, corner - t * u2 + t * u1, base + t * u1, base + 0.2917 * u1, b,
                   base - 0.2917 * u1, base - t * u1, corner - t * u1 + t * u2, tail + t * u2]
        else:
            u = (b - a) / np.linalg.norm(b - a)
            n = np.array([-u[1], u[0]])
            length = np.linalg.norm(b - a)
            tail = a + 0.375 * u
            base = a + (length - 0.5) * u
            tip = a + (length - 0.0625) * u
            pts = [tail + 0.125 * n, base + 0.125 * n, base + 0.2917 * n, tip,
                   base - 0.2917 * n, base - 0.125 * n, tail - 0.125 * n]
        mask = Image.new("L", (w * k, h * k), 0)
        ImageDraw.Draw(mask).polygon([(float(p[0] * sq * k), float(p[1] * sq * k)) for p in pts], fill=255)
        m = np.asarray(mask.resize((w, h), Image.BOX), np.float32)[..., None] / 255 * CHESSCOM_OPACITY
        region = region * (1 - m) + np.array(col, np.float32) * m
    img.paste(Image.fromarray(np.clip(region + 0.5, 0, 255).astype(np.uint8)), (x0, y0))


def move(fa, ra, fb, rb):
    """The move from file fa, row ra (from the top) to fb, rb: "e2e4"."""
    return "abcdefgh"[fa] + str(8 - ra) + "abcdefgh"[fb] + str(8 - rb)


def overlays(img, x0, y0, sq, rng, style="default", aux=None):
    """Draw arrows and rings over the board; return the arrows as moves
    ("e2e4", the board seen from White's side), those of one square left out.
    style "lichess" draws the arrows as lichess does (lichess_arrows), and,
    given aux (a random source apart from rng, so that the boards and the
    other arrows stay the same), on two boards in five the engine's best
    move under them, pale blue; style "chesscom" draws them as chess.com
    does (chesscom_arrows), in its colours, a third of them knight moves,
    drawn from aux; the default paints each arrow's line
    and head as two blends, smaller, the yardstick of sessions before 68."""
    d = ImageDraw.Draw(img, "RGBA")
    moves, drawn = [], []
    if style == "lichess" and aux and aux.random() < 0.4:
        fa, ra = aux.randrange(8), aux.randrange(8)
        fb, rb = aux.choice([(f, r) for f in range(8) for r in range(8) if (f, r) != (fa, ra)])
        moves.append(move(fa, ra, fb, rb))
        drawn.append(((fa, ra, fb, rb),) + ENGINE_BRUSH)
    for _ in range(rng.choice([0, 0, 1, 2])):
        fa, ra, fb, rb = (rng.randrange(8) for _ in range(4))
        if style == "chesscom" and aux.random() < 0.33:
            fb, rb = aux.choice([(fa + x, ra + y) for x, y in KNIGHT if 0 <= fa + x < 8 and 0 <= ra + y < 8])
        a = (x0 + (fa + 0.5) * sq, y0 + (ra + 0.5) * sq)
        b = (x0 + (fb + 0.5) * sq, y0 + (rb + 0.5) * sq)
        if a != b:
            moves.append(move(fa, ra, fb, rb))
        col = rng.choice([(21, 120, 27, 170), (136, 32, 32, 170), (0, 48, 136, 170), (230, 143, 0, 170)])
        if style == "chesscom":
            if a != b:
                drawn.append(((fa, ra, fb, rb), aux.choice(CHESSCOM_COLOURS)))
            continue
        if style == "lichess":
            if a != b:
                drawn.append(((fa, ra, fb, rb), col) + USER_BRUSH)
            continue
        d.line([a, b], fill=col, width=max(2, sq // 6))
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        h = sq * 0.4
        d.polygon([b, (b[0] - h * math.cos(ang - 0.5), b[1] - h * math.sin(ang - 0.5)),
                   (b[0] - h * math.cos(ang + 0.5), b[1] - h * math.sin(ang + 0.5))], fill=col)
    if style == "chesscom":
        chesscom_arrows(img, x0, y0, sq, drawn)
    else:
        lichess_arrows(img, x0, y0, sq, drawn)
    for _ in range(rng.choice([0, 0, 1])):
        cx, cy = x0 + rng.randrange(8) * sq, y0 + rng.randrange(8) * sq
        d.ellipse([cx + 2, cy + 2, cx + sq - 2, cy + sq - 2], outline=(21, 120, 27, 200), width=max(2, sq // 12))
    return moves


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
    ap.add_argument("--arrows", choices=["default", "lichess", "chesscom"], default="default",
                    help="draw arrows as lichess does (one layer at opacity 0.6, its line widths and heads), "
                    "or as chess.com does (opacity 0.8, knight moves bent)")
    ap.add_argument("--engine", action="store_true",
                    help="with --arrows lichess, draw the engine's best move too, on two boards in five")
    args = ap.parse_args()
    if args.engine and args.arrows != "lichess":
        ap.error("--engine draws lichess's engine arrows: give --arrows lichess too")
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
        aux = random.Random(args.seed * 100003 + i) if args.engine or args.arrows == "chesscom" else None
        moves = overlays(img, x0, y0, sq, rng, args.arrows, aux)
        ext = "jpg" if rng.random() < 0.3 else "png"
        name = f"screen-{i:04d}-{layout}.{ext}"
        if ext == "jpg":
            img.save(os.path.join(args.out, name), quality=rng.randint(60, 95))
        else:
            img.save(os.path.join(args.out, name))
        s = 8 * sq
        rows.append((name, fen, f"layout={layout} set={pieces} corners={x0},{y0},{x0 + s},{y0},{x0 + s},{y0 + s},{x0},{y0 + s}"
                     + (f" arrows={';'.join(moves)}" if moves else "")))
    with open(os.path.join(args.out, "labels.csv"), "w") as f:
        f.write("image,fen_placement,kind,notes,source,license\n")
        for name, fen, notes in rows:
            f.write(f'{name},{fen},screenshot,"{notes}",fenscan scripts/gen_screens.py,see models/README.md (lichess sets)\n')


if __name__ == "__main__":
    main()

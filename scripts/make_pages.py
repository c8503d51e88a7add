#!/usr/bin/python3
"""Render book pages with several diagrams among text, for the tests.

Each page (A4 at 150 dpi) holds two to six diagrams of different sizes in
book style: hatched or grey dark squares, a frame, sometimes coordinates
outside it, a caption below. Writes testdata/pages/page-N.png and
testdata/pages/boards.csv (page, fen_placement, x0, y0, x1, y1 of the 8x8
squares). Run from the repository root.
"""
import os
import random

from PIL import Image, ImageDraw, ImageFilter

import make_testdata as mt

OUT = "testdata/pages"
W, H = 1240, 1754
WORDS = ("white plays and wins the knight on f5 threatens mate after the queen "
         "sacrifice black cannot take because of the pin along the diagonal").split()


def diagram(fen, sq, setname, style, rng):
    """A printed diagram: the 8x8 squares only (frame drawn on the page)."""
    img = Image.new("L", (8 * sq, 8 * sq), 255)
    d = ImageDraw.Draw(img)
    pitch = rng.choice([3, 4, 5])
    tile = Image.new("L", (sq, sq), 255)
    td = ImageDraw.Draw(tile)
    if style == "hatch":
        for k in range(-sq, sq, pitch):
            td.line([(k, sq), (k + sq, 0)], fill=60, width=1)
    else:
        td.rectangle([0, 0, sq, sq], fill=rng.choice([170, 190, 205]))
    for i, p in enumerate(mt.squares(fen)):
        r, c = divmod(i, 8)
        x0, y0 = c * sq, r * sq
        if (r + c) % 2 == 1:
            img.paste(tile, (x0, y0))
        if p:
            pc = mt.piece(setname, p, sq).convert("RGBA")
            # Printed pieces stand on a white ground, even on dark squares.
            mask = pc.split()[3].point(lambda a: 255 if a > 100 else 0)
            img.paste(255, (x0, y0), mask.filter(ImageFilter.MaxFilter(3)))
            img.paste(pc.convert("L"), (x0, y0), mask)
    return img


def text_block(d, x, y, w, lines, rng, size=22):
    f = mt.font(size)
    for i in range(lines):
        d.text((x, y + i * (size + 8)), " ".join(rng.choice(WORDS) for _ in range(w // (size * 3))), fill=20, font=f)
    return y + lines * (size + 8)


def main():
    rng = random.Random(5)
    os.makedirs(OUT, exist_ok=True)
    fens = ["r1bq1rk1/pp2bppp/2nppn2/8/3NP3/2N1BP2/PPPQ2PP/2KR1B1R",
            "8/5pk1/6p1/3Pp3/1Pp1Pn2/P3BP1P/2Q1N1P1/6K1",
            "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1",
            "r4rk1/1pp2ppp/p1np1q2/2b1p3/2B1P1b1/2NP1N2/PPP2PPP/R1BQR1K1",
            "8/8/4k3/8/2K5/3R4/8/8",
            "2kr3r/ppp2ppp/2n5/2b1P3/8/2P2N2/PP3PPP/R1B2RK1",
            "rn3rk1/pbppq1pp/1p2pb2/4N2Q/3PN3/3B4/PPP2PPP/R3K2R"]
    rows = []
    layouts = [[(2, 380)], [(2, 300), (2, 300)], [(3, 250), (2, 300)], [(2, 260), (2, 260), (2, 260)], [(1, 420), (2, 300)]]
    for n, layout in enumerate(layouts):
        page = Image.new("L", (W, H), 250)
        d = ImageDraw.Draw(page)
        y = text_block(d, 90, 80, W - 180, rng.randint(2, 5), rng)
        for cols, side in layout:
            y += 40
            gap = (W - 180 - cols * side) // max(1, cols - 1) if cols > 1 else 0
            for c in range(cols):
                sq = side // 8
                x = 90 + c * (side + gap) if cols > 1 else (W - side) // 2
                fen = rng.choice(fens)
                style = rng.choice(["hatch", "hatch", "grey"])
                dg = diagram(fen, sq, rng.choice(["merida", "cburnett"]), style, rng)
                frame = rng.choice([2, 3, 5])
                d.rectangle([x - frame - 1, y - frame - 1, x + 8 * sq + frame, y + 8 * sq + frame], fill=0)
                page.paste(dg, (x, y))
                if rng.random() < 0.5:
                    f = mt.font(max(12, sq // 3))
                    for k in range(8):
                        d.text((x - frame - sq // 3 - 6, y + k * sq + sq // 3), "87654321"[k], fill=0, font=f)
                        d.text((x + k * sq + sq // 2 - 5, y + 8 * sq + frame + 4), "abcdefgh"[k], fill=0, font=f)
                d.text((x, y + 8 * sq + frame + 30), rng.choice(["White to play", "Black to play", "Position after 18...Qe7"]), fill=0, font=mt.font(20))
                rows.append((f"page-{n}.png", fen, x, y, x + 8 * sq, y + 8 * sq))
            y += side + 80
            y = text_block(d, 90, y, W - 180, rng.randint(1, 3), rng)
        page = page.filter(ImageFilter.GaussianBlur(0.6))
        page.save(os.path.join(OUT, f"page-{n}.png"), optimize=True)
    with open(os.path.join(OUT, "boards.csv"), "w") as f:
        f.write("page,fen_placement,x0,y0,x1,y1\n")
        for r in rows:
            f.write(",".join(map(str, r)) + "\n")


if __name__ == "__main__":
    main()

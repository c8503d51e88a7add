#!/usr/bin/env python3
"""Draw the framed pictures that hold no board, for the tests of boards found from
their frame alone (detect/bare.go): square frames around text, and around marks
that sit inside the squares an 8x8 board would have. fenscan's own pictures.
  /usr/bin/python3 scripts/make_framed.py [OUT_DIR]   (default testdata)"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
WORDS = ("the king moved to the queen side after white castled long and black answered "
         "with a pawn storm on the kingside while the bishop pair dominated").split()


def framed(side, width):
    im = Image.new("L", (side + 80, side + 80), 255)
    d = ImageDraw.Draw(im)
    d.rectangle([40, 40, 40 + side, 40 + side], outline=0, width=width)
    return im, d


def text(rng):
    """Widely spaced lines of text in a square frame: ink runs across where the lines
    between squares would be."""
    im, d = framed(400, 2)
    f = ImageFont.truetype(FONT, 16)
    for y in range(60, 420, 64):
        d.text((50, y), " ".join(rng.choice(WORDS) for _ in range(6)), fill=0, font=f)
    return im


def marks(rng):
    """Small rings centred in some of the squares of a square frame: nothing on the
    lines between squares, nothing that reads as a king."""
    im, d = framed(400, 4)
    step = 392 / 8
    for _ in range(7):
        c, r = rng.randrange(8), rng.randrange(8)
        x, y = 44 + (c + 0.5) * step, 44 + (r + 0.5) * step
        d.ellipse([x - 8, y - 8, x + 8, y + 8], outline=0, width=3)
    return im


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "testdata"
    rng = random.Random(5)
    text(rng).save(os.path.join(out, "framed-text.png"), optimize=True)
    marks(rng).save(os.path.join(out, "framed-marks.png"), optimize=True)


main()

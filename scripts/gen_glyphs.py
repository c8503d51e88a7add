#!/usr/bin/env python3
"""Training crops for the coordinates model (models/coords.onnx): the strip of a board's
border beside one edge square, where boards print the file letters a-h and rank
digits 1-8, as fenscan cuts it (classify/coords.go): one square wide and CELL_DEPTH
squares deep, the playing area above, warped flat, in any of the four rotations the
glyph can have there.

Classes: 0 none (no coordinate: a bare border, a frame line, a logo's letters, the
table beyond a thin border, a piece leaning over), 1-8 the letters a-h, 9-16 the digits
1-8. Each crop also shows its neighbours' glyphs (the letter or digit before and after
it, as on a board) at the cell's sides, and is degraded as photos and scans are:
outline error, blur, low resolution, noise, uneven light, JPEG.

With --inner SHARE, that share of the crops are inner cells instead (inner_sample):
corners of edge squares, where screen boards print their coordinates.

Fonts come from Debian packages (scripts/fetch_fonts.sh). DejaVu, the font of the
photo renders' coordinates (scripts/photo_render.py), is held out: --heldout draws
only from it, for a test set of a font never trained on.

  /usr/bin/python3 scripts/gen_glyphs.py --n 150000 --seed 1 --out build/coords/train.npz
  /usr/bin/python3 scripts/gen_glyphs.py --n 30000 --seed 4 --easy --out build/coords/easy.npz
  /usr/bin/python3 scripts/gen_glyphs.py --n 8000 --seed 3 --heldout --out build/coords/heldout.npz
  /usr/bin/python3 scripts/gen_glyphs.py --n 60000 --seed 5 --inner 1 --out build/coords/inner.npz
(scripts/build_coords_model.sh runs them all.)
"""
import argparse, glob, os, random, sys
from multiprocessing import Pool

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

# The crop fenscan reads: one square along the edge, CELL_DEPTH squares out from it,
# at CELL_PX pixels per square (classify/coords.go).
CELL_PX = 48
CELL_DEPTH = 40 / 48
H, W = 40, CELL_PX
S = 96  # pixels per square while drawing
GLYPHS = "abcdefgh12345678"
HELDOUT_FONTS = "/usr/share/fonts/truetype/dejavu/DejaVu*.ttf"


def fonts(heldout):
    if heldout:
        fs = sorted(glob.glob(HELDOUT_FONTS))
    else:
        fs = sorted(glob.glob("build/fonts/*/**/*.ttf", recursive=True) +
                    glob.glob("build/fonts/*/**/*.otf", recursive=True))
        fs = [f for f in fs if "DejaVu" not in f and "Math" not in f and "Symbol" not in f
              and "Dingbat" not in f and "D050000L" not in f]
    if not fs:
        sys.exit("no fonts: run scripts/fetch_fonts.sh")
    return fs


def glyph_layer(font, ch, size, angle):
    """An alpha mask of one glyph, rotated by angle degrees, tightly cropped."""
    f = ImageFont.truetype(font, size)
    im = Image.new("L", (size * 3, size * 3), 0)
    ImageDraw.Draw(im).text((size * 1.5, size * 1.5), ch, fill=255, font=f, anchor="mm")
    im = im.rotate(angle, resample=Image.BILINEAR, expand=True)
    box = im.getbbox()
    return None if box is None else np.asarray(im.crop(box), np.float32) / 255


def paste(canvas, mask, cx, cy, level):
    h, w = mask.shape
    x0, y0 = int(round(cx - w / 2)), int(round(cy - h / 2))
    X0, Y0 = max(0, x0), max(0, y0)
    X1, Y1 = min(canvas.shape[1], x0 + w), min(canvas.shape[0], y0 + h)
    if X1 <= X0 or Y1 <= Y0:
        return
    m = mask[Y0 - y0:Y1 - y0, X0 - x0:X1 - x0]
    c = canvas[Y0:Y1, X0:X1]
    canvas[Y0:Y1, X0:X1] = c * (1 - m) + level * m


def texture(rng, h, w, level, amp):
    """Low-frequency blotches and fine grain, as on wood, vinyl or paper."""
    small = rng.normal(0, 1, (max(2, h // rng.integers(8, 40)), max(2, w // rng.integers(8, 40))))
    t = cv2.resize(small.astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    if rng.random() < 0.3:  # grain along one axis
        g = rng.normal(0, 1, (1, w)).astype(np.float32)
        t = t + np.repeat(cv2.GaussianBlur(g, (0, 0), 2), h, 0) * 1.5
    return level + amp * t


def sample(rng, fontlist, label, easy=False):
    """One crop of class label (0 none, 1-16 GLYPHS[label-1]). easy crops have
    large, clear glyphs and little damage: training starts on them."""
    cw, ch = 3 * S, int(1.6 * S)  # three cells along, 0.4 square of board above the edge
    top = int(0.4 * S)
    bg = rng.uniform(20, 235)
    img = texture(rng, ch, cw, bg, rng.uniform(0, 12))
    # The playing area above the edge: squares of two shades, the cells' columns.
    light, dark = sorted(rng.uniform(30, 240, 2))[::-1]
    first = rng.integers(2)
    for i in range(3):
        img[:top, i * S:(i + 1) * S] = light if (i + first) % 2 == 0 else dark
    img[:top] += rng.normal(0, rng.uniform(0, 6), (top, cw))
    # Where the border ends (the table beyond it) and an optional frame line.
    margin = rng.choice([rng.uniform(0.3, 1.3), rng.uniform(0.05, 0.3)], p=[1.0, 0.0] if easy else [0.85, 0.15])
    end = top + int(margin * S)
    if end < ch:
        img[end:] = texture(rng, ch - end, cw, rng.uniform(0, 255), rng.uniform(0, 25))
    if rng.random() < 0.35:
        y = top + int(rng.uniform(0, 0.12) * S)
        t = max(1, int(rng.uniform(0.01, 0.05) * S))
        img[y:y + t] = rng.uniform(0, 255)
    has_text = label != 0 and margin >= 0.25
    if label != 0 and not has_text:
        label = 0
    style = dict(font=random.Random(int(rng.integers(1 << 30))).choice(fontlist),
                 size=rng.uniform(0.22 if easy else 0.1, max(0.23, min(0.5, margin * 0.85))),
                 turn=int(rng.integers(4)) * 90 + rng.normal(0, 2.5),
                 level=None)
    # The glyph's shade: against the border, mostly clear, sometimes faint.
    d = rng.choice([rng.uniform(60, 200), rng.uniform(20, 60)], p=[1.0, 0.0] if easy else [0.85, 0.15])
    style["level"] = bg + d if bg < 128 else bg - d
    if has_text:
        size = style["size"]
        dist = rng.uniform(size / 2 + 0.02, max(size / 2 + 0.03, margin - size / 2 - 0.02))
        along = rng.normal(0, 0.04)
        k = label - 1
        group = 0 if k < 8 else 8
        step = 1 if rng.random() < 0.5 else -1
        for i, off in ((1, 0), (0, -1), (2, 1)):
            j = k - group + off * step
            if not 0 <= j < 8:
                continue
            m = glyph_layer(style["font"], GLYPHS[group + j], max(6, int(size * S * 1.35)), style["turn"])
            if m is None:
                continue
            paste(img, m, (i + 0.5 + along) * S, top + dist * S, style["level"])
    elif rng.random() < 0.3 and margin >= 0.25:
        # Other print on the border: a maker's name or a logo's letters.
        word = "".join(rng.choice(list("USCHESFDRAIONTKMWLPBQVXZ90"), int(rng.integers(3, 9))))
        f = ImageFont.truetype(style["font"], max(6, int(rng.uniform(0.15, 0.4) * S)))
        im = Image.new("L", (cw, ch - top), 0)
        ImageDraw.Draw(im).text((rng.uniform(-S, S), rng.uniform(0, margin * S * 0.6)), word, fill=255, font=f)
        a = np.asarray(im, np.float32) / 255
        img[top:] = img[top:] * (1 - a) + style["level"] * a
    if rng.random() < (0 if easy else 0.15):
        # A piece leaning over the edge (photos) hides part of the border.
        cx, cy = rng.uniform(0.8, 2.2) * S, top + rng.uniform(-0.3, 0.2) * S
        ax, ay = rng.uniform(0.2, 0.45) * S, rng.uniform(0.2, 0.5) * S
        mask = np.zeros((ch, cw), np.uint8)
        cv2.ellipse(mask, (int(cx), int(cy)), (int(ax), int(ay)), 0, 0, 360, 1, -1)
        img = np.where(mask > 0, rng.uniform(0, 255) + rng.normal(0, 8, img.shape), img)
    # A glyph under 4.5 pixels high cannot be read: the source keeps it above that.
    lo = max(15.0, 4.5 / style["size"]) if has_text else 15.0
    if easy:
        lo = 40.0
    return degrade(rng, img, top, lo), label


# Inner cells (detect.InnerCells): screen boards print their coordinates inside the
# edge squares, tight in a corner, in the other square's colour. A cell spans
# INNER_SPAN of a square along the edge from one of the square's corners and 1/3 of a
# square in from the edge, turned so that the edge lies along its top, at 120 pixels
# a square: the same 48x40.
INNER_SPAN = 0.4
SI = 240  # pixels per square while drawing inner cells


def inner_sample(rng, fontlist, label, easy=False):
    """One inner cell of class label: the corner of an edge square, a glyph in it
    or not. The square spans [M, M+1] squares of the canvas both ways, the board's
    edge at y = M; beyond it the border above and the neighbouring squares (the
    other shade) at the sides, which an outline a little off shows."""
    M = 0.2
    n = int((1 + 2 * M) * SI)
    light = rng.uniform(120, 250)
    dark = max(10.0, light - rng.uniform(30, 140))
    own, other = (light, dark) if rng.random() < 0.5 else (dark, light)
    img = np.empty((n, n), np.float32)
    img[:] = other
    e0, e1 = int(M * SI), int((M + 1) * SI)
    tint = rng.uniform(-40, 40) if rng.random() < 0.15 else 0.0  # last-move or selection tint
    if abs(own + tint - other) < 25:  # a tint that hides the glyph is not drawn by any site
        tint = 0.0
    if rng.random() < 0.35:  # wood or marble squares
        img[e0:e1, e0:e1] = texture(rng, e1 - e0, e1 - e0, own + tint,
                                    rng.uniform(0, 8) if rng.random() < 0.75 else rng.uniform(8, 20))
    else:
        img[e0:e1, e0:e1] = own + tint
    img[:e0] = texture(rng, e0, n, rng.uniform(0, 255), rng.uniform(0, 15))  # beyond the edge
    corner = int(rng.integers(2))  # 0: the cell starts at the square's left corner
    x0 = M if corner == 0 else M + 1 - INNER_SPAN
    gh = 0.2  # the glyph's height in squares
    if label != 0:
        size = rng.uniform(0.16, 0.3) if easy else rng.uniform(0.1, 0.32)
        m = glyph_layer(random.Random(int(rng.integers(1 << 30))).choice(fontlist), GLYPHS[label - 1],
                        max(6, int(size * SI * 1.35)), int(rng.integers(4)) * 90 + rng.normal(0, 1.5))
        if m is None:
            label = 0
        else:
            level = other if rng.random() < 0.8 else (255.0 if own < 128 else 0.0)
            gap_edge, gap_side = rng.uniform(0.005, 0.1) * SI, rng.uniform(0.005, 0.1) * SI
            h, w = m.shape
            gh = h / SI
            cx = (M * SI + gap_side + w / 2) if corner == 0 else ((M + 1) * SI - gap_side - w / 2)
            paste(img, m, cx, e0 + gap_edge + h / 2, level)
    if rng.random() < 0.08:  # an arrow across the square
        th = max(2, int(rng.uniform(0.08, 0.2) * SI))
        p0 = tuple(int(v) for v in rng.uniform(0, n, 2))
        p1 = tuple(int(v) for v in rng.uniform(0, n, 2))
        cv2.line(img, p0, p1, float(rng.uniform(0, 255)), th)
    if rng.random() < 0.05:  # a selected square's outline
        t = max(2, int(rng.uniform(0.02, 0.06) * SI))
        cv2.rectangle(img, (e0, e0), (e1 - 1, e1 - 1), float(rng.uniform(0, 255)), t)
    # Never a glyph under 4.5 pixels high in the source (as beside the board).
    lo = 40.0 if easy else max(20.0, 4.5 / gh)
    ppsq = float(np.exp(rng.uniform(np.log(min(lo, 110)), np.log(120))))
    f = ppsq / SI
    small = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    if not easy and rng.random() < 0.3:
        small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.0))
    small += rng.normal(0, rng.uniform(0, 4), small.shape)
    small = np.clip(small, 0, 255).astype(np.uint8)
    if not easy and rng.random() < 0.4:
        ok, buf = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 95))])
        small = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    src = np.float32([[x0, M], [x0 + INNER_SPAN, M], [x0 + INNER_SPAN, M + 1 / 3], [x0, M + 1 / 3]]) * SI
    if not easy:
        src = src + rng.normal(0, 0.012 * SI, (4, 2)) + rng.normal(0, 0.012 * SI, (1, 2))
    dst = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    M_ = cv2.getPerspectiveTransform((src * f).astype(np.float32), dst)
    return cv2.warpPerspective(small, M_, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE), label


def degrade(rng, img, top, lo):
    """The cell as fenscan cuts it from a photo or scan: the outline a little off,
    resolution lost, blur, light, noise, JPEG."""
    # Outline error: the cell's corners move by a few hundredths of a square.
    src = np.float32([[S, top], [2 * S, top], [2 * S, top + CELL_DEPTH * S], [S, top + CELL_DEPTH * S]])
    jit = rng.normal(0, 0.03 * S, (4, 2)) + rng.normal(0, 0.04 * S, (1, 2))
    src = (src + jit).astype(np.float32)
    # Pixels per square in the source picture: lo to 96.
    ppsq = float(np.exp(rng.uniform(np.log(min(lo, 90)), np.log(96))))
    f = ppsq / S
    small = cv2.resize(img.astype(np.float32), None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    if rng.random() < 0.5:
        small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.2))
    small += rng.normal(0, rng.uniform(0, 8), small.shape)
    g = np.linspace(0, 1, small.shape[1])[None, :] * rng.uniform(-40, 40)
    small = small + g + rng.uniform(-20, 20)
    small = np.clip(small, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, buf = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 95))])
        small = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    dst = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    M = cv2.getPerspectiveTransform(src * f, dst)
    return cv2.warpPerspective(small, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def work(args):
    seed, n, heldout, easy, inner = args
    rng = np.random.default_rng(seed)
    random.seed(seed)
    fl = fonts(heldout)
    X = np.zeros((n, H, W), np.uint8)
    Y = np.zeros(n, np.int64)
    for i in range(n):
        label = 0 if rng.random() < 0.25 else int(rng.integers(1, 17))
        draw = inner_sample if rng.random() < inner else sample
        X[i], Y[i] = draw(rng, fl, label, easy)
    return X, Y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=150000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--heldout", action="store_true")
    ap.add_argument("--easy", action="store_true", help="large clear glyphs, to start training on")
    ap.add_argument("--inner", type=float, default=0.0,
                    help="share of inner cells: corners of edge squares, where screens print coordinates")
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    chunks = 40
    per = -(-a.n // chunks)
    jobs = [(a.seed * 1000 + i, per, a.heldout, a.easy, a.inner) for i in range(chunks)]
    with Pool(a.jobs) as p:
        parts = p.map(work, jobs)
    X = np.concatenate([x for x, _ in parts])[:a.n]
    Y = np.concatenate([y for _, y in parts])[:a.n]
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    np.savez_compressed(a.out, x=X, y=Y)
    print("wrote %s: %d crops %dx%d, none %.1f%%" % (a.out, len(Y), W, H, 100 * (Y == 0).mean()))


if __name__ == "__main__":
    main()

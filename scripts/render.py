#!/usr/bin/env python3
"""Synthetic chess board renderer + crop dataset builder for the fenscan piece classifier.

Every sample is a whole board picture (screen style, book style or odd) rendered from a
piece set in build/pieces (see prep_art.py); the true corners of the 8x8 area are jittered
and the crops are produced with fenprep.prep, exactly like the Go detector feeds them.

  render.py --split train --boards-per-set 250 --out build/data/train.npz --seed 1
  render.py --split heldout --boards-per-set 40 --out build/data/heldout.npz --seed 2
"""
import argparse, collections, json, math, os, sys, time
import numpy as np
import cv2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fenprep import prep, jitter_corners, CLASSES  # noqa: E402
from classes import STYLES  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PIECEDIR = os.path.join(ROOT, "build", "pieces")
BOARDTEX = os.environ.get("FENSCAN_BOARDS", "/work/shared/art/staunton3d/boards")
LABEL = {c: i for i, c in enumerate(CLASSES)}
P2C = {"wP": "P", "wN": "N", "wB": "B", "wR": "R", "wQ": "Q", "wK": "K",
       "bP": "p", "bN": "n", "bB": "b", "bR": "r", "bQ": "q", "bK": "k"}
C2P = {v: k for k, v in P2C.items()}

# Held-out piece sets (never used for training) and held-out board themes.
HELDOUT_SETS = ["fantasy", "pixel", "spatial"]  # extended by sets.json "heldout": true
HELDOUT_PALETTES = ["purple", "coral"]
HELDOUT_TEXTURES = ["Jade", "China-Scarlet"]
HELDOUT_TILES = ["lapis"]
TILEDIR = os.path.join(ROOT, "build", "art", "pychess", "usr", "share", "pychess", "boards")


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def hexc(h):
    h = h.lstrip("#")
    return np.array([int(h[4:6], 16), int(h[2:4], 16), int(h[0:2], 16)], np.float32) / 255.0  # BGR


PALETTES = {
    "brown": ("#f0d9b5", "#b58863"), "green": ("#eeeed2", "#769656"),
    "blue": ("#dee3e6", "#8ca2ad"), "blue2": ("#eae9d2", "#4b7399"),
    "grey": ("#e5e5e5", "#9e9e9e"), "ic": ("#ececec", "#c1c18e"),
    "wood": ("#e8c99b", "#a9794d"), "olive": ("#f0f0d6", "#8f9e6e"),
    "newspaper": ("#ffffff", "#bbbbbb"), "tan": ("#f2e1c3", "#c19a6b"),
    "dark": ("#999999", "#555555"), "teal": ("#d4e6e3", "#5d8c86"),
    "purple": ("#9f90b0", "#7d4a8d"), "coral": ("#b1e4b9", "#70a2a3"),
}


# ----------------------------------------------------------------------------- positions
START = ["rnbqkbnr", "pppppppp", "........", "........", "........", "........", "PPPPPPPP", "RNBQKBNR"]
KN = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KG = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def gen_moves(b, white):
    mv = []
    own = str.isupper if white else str.islower
    for r in range(8):
        for c in range(8):
            p = b[r][c]
            if p == "." or not own(p):
                continue
            t = p.upper()

            def add(r2, c2):
                if 0 <= r2 < 8 and 0 <= c2 < 8:
                    q = b[r2][c2]
                    if q == "." or (not own(q) and q.upper() != "K"):
                        mv.append((r, c, r2, c2, q != "."))
                        return q == "."
                return False
            if t == "P":
                d = -1 if white else 1
                r2 = r + d
                if 0 <= r2 < 8:
                    if b[r2][c] == ".":
                        mv.append((r, c, r2, c, False))
                        if (r == 6 and white or r == 1 and not white) and b[r2 + d][c] == ".":
                            mv.append((r, c, r2 + d, c, False))
                    for dc in (-1, 1):
                        if 0 <= c + dc < 8:
                            q = b[r2][c + dc]
                            if q != "." and not own(q) and q.upper() != "K":
                                mv.append((r, c, r2, c + dc, True))
            elif t == "N":
                for dr, dc in KN:
                    add(r + dr, c + dc)
            elif t == "K":
                for dr, dc in KG:
                    add(r + dr, c + dc)
            else:
                dirs = []
                if t in "RQ":
                    dirs += KG[:4]
                if t in "BQ":
                    dirs += KG[4:]
                for dr, dc in dirs:
                    r2, c2 = r + dr, c + dc
                    while add(r2, c2):
                        r2 += dr
                        c2 += dc
    return mv


def random_game(rng, plies):
    b = [list(r) for r in START]
    white = True
    last = None
    for _ in range(plies):
        mv = gen_moves(b, white)
        if not mv:
            break
        caps = [m for m in mv if m[4]]
        m = caps[rng.integers(len(caps))] if caps and rng.random() < 0.45 else mv[rng.integers(len(mv))]
        r, c, r2, c2, _ = m
        p = b[r][c]
        if p in "Pp" and r2 in (0, 7):
            p = rng.choice(list("QRBN" if white else "qrbn"), p=[0.7, 0.1, 0.1, 0.1])
        b[r2][c2] = p
        b[r][c] = "."
        last = (r, c, r2, c2)
        white = not white
    return b, last


def fen_placement(board):
    """The FEN placement of a board given as 8 rows (strings or lists), rank 8 first,
    "." for an empty square."""
    rows = []
    for r in board:
        s, n = "", 0
        for p in r:
            if p == ".":
                n += 1
            else:
                s += (str(n) if n else "") + p
                n = 0
        rows.append(s + (str(n) if n else ""))
    return "/".join(rows)


def board_rows(placement):
    """The board of a FEN placement as 8 strings, rank 8 first, "." for an empty square:
    fen_placement's inverse."""
    return ["".join("." * int(ch) if ch.isdigit() else ch for ch in row) for row in placement.split("/")]


def random_placement(rng):
    mode = rng.random()
    if mode < 0.5:
        b, last = random_game(rng, int(rng.integers(0, 140)))
        if rng.random() < 0.25:  # sprinkle extra pieces anywhere
            for _ in range(int(rng.integers(1, 12))):
                b[rng.integers(8)][rng.integers(8)] = CLASSES[1 + rng.integers(12)]
    else:
        d = rng.uniform(0.2, 0.95)
        b = [["." if rng.random() > d else CLASSES[1 + rng.integers(12)] for _ in range(8)] for _ in range(8)]
        last = None
    flipped = False
    if rng.random() < 0.3:  # shown from Black's side
        b = [row[::-1] for row in b[::-1]]
        flipped = True
        if last:
            last = tuple(7 - x for x in last)
    if last is None:
        last = tuple(int(x) for x in rng.integers(0, 8, 4))
    return b, last, flipped


# ----------------------------------------------------------------------------- art
_SETS = {}
_TEX = {}
_THEME = [""]  # name of the board theme used by the last render (for notes)


def load_set(name):
    if name in _SETS:
        return _SETS[name]
    d = os.path.join(PIECEDIR, name)
    pcs = {}
    for p in P2C:
        im = cv2.imread(os.path.join(d, p + ".png"), cv2.IMREAD_UNCHANGED).astype(np.float32) / 255.0
        if im.shape[2] == 3:
            im = np.dstack([im, np.ones(im.shape[:2], np.float32)])
        pcs[P2C[p]] = im
    diag = None
    dd = os.path.join(d, "diag")
    if os.path.isdir(dd):  # font glyph cells: ink masks for light (L) and dark (D) squares
        diag = {}
        for f in os.listdir(dd):
            diag[f[:-4]] = cv2.imread(os.path.join(dd, f), cv2.IMREAD_GRAYSCALE).astype(np.float32) / 255.0
    _SETS[name] = (pcs, diag)
    return _SETS[name]


def load_tex(name):
    if name not in _TEX:
        im = cv2.imread(os.path.join(BOARDTEX, name + ".png"), cv2.IMREAD_COLOR)
        _TEX[name] = im[:472].astype(np.float32) / 255.0
    return _TEX[name]


def tile_names():
    if not os.path.isdir(TILEDIR):
        return []
    return sorted(f[:-6] for f in os.listdir(TILEDIR) if f.endswith("_l.png"))


def load_tiles(name):
    key = "tile:" + name
    if key not in _TEX:
        _TEX[key] = tuple(cv2.imread(os.path.join(TILEDIR, name + s + ".png"), cv2.IMREAD_COLOR).astype(np.float32) / 255.0
                          for s in ("_l", "_d"))
    return _TEX[key]


def texture_names():
    return sorted(f[:-4] for f in os.listdir(BOARDTEX) if f.endswith(".png"))


def resize(im, w, h):
    interp = cv2.INTER_AREA if w < im.shape[1] else cv2.INTER_LINEAR
    return cv2.resize(im, (max(1, w), max(1, h)), interpolation=interp)


def piece_tones(rng, chance):
    """With probability chance, the ranges (lo, hi) into which a board's
    pieces' shades are mapped, by side (True for White), all of a board's
    pieces or none: a design may fill its white pieces light grey and its
    black ones mid-grey, where most sets drawn here fill them white and
    black, and the net, reading one square, took such pieces' side from
    their fill alone. White's hi lies a quarter at least above Black's lo,
    so that a set's pure white drawn for White stays lighter than its pure
    black drawn for Black; a set that fills its pieces grey may come
    closer, and Black's light details may be lighter than White's fill.
    None (no draw at all when chance is 0, so that renders without it are
    the same as before) keeps the pieces' own shades."""
    if chance <= 0 or rng.random() >= chance:
        return None
    w = (rng.uniform(0.0, 0.3), rng.uniform(0.55, 1.0))
    lo = rng.uniform(0.0, min(0.45, w[1] - 0.25))
    return {True: w, False: (lo, rng.uniform(lo + 0.3, 1.0))}


def toned(pm, tone):
    """pm (premultiplied RGBA) with its colours mapped from [0, 1] to the
    range tone, each channel alike."""
    if tone is None:
        return pm
    lo, hi = tone
    a = pm[:, :, 3:4]
    return np.dstack([(lo + (hi - lo) * pm[:, :, :3] / np.maximum(a, 1e-3)) * a, a])


def morph_set(rng, pcs, diag):
    """A design of its own made from a set, for one board: each kind of piece
    bent by its own smooth random field (4x4 normal draws upsampled, their
    standard deviation 2% to 6% of the glyph), the whole set squashed or
    stretched (up to 15% along each axis) and sheared, and its ink thickened
    or thinned, White and Black alike, as a design differs
    from its neighbours. The first model, trained on the sets with milder
    warps of each crop alone, misreads such a design the way it misreads one
    it never saw: alike on every square, which is what the whole-board head
    (scripts/context_head.py) learns to mend. Font glyph cells (diag) are
    bent by their piece's field, the glyph and its halo only: a dark cell's
    hatching around them stays as on the empty dark cells, or the head would
    learn to tell a piece from its square's hatching."""
    asp, shear = rng.uniform(0.85, 1.15), rng.uniform(-0.12, 0.12)
    amp = rng.uniform(0.02, 0.06)
    ink = rng.choice([-1, 0, 0, 1])
    fields, maps = {}, {}

    def warp(kind, h, w):
        # A kind's maps serve its glyph's colour and alpha and its font cells
        # of that size alike; its field is drawn once, when first needed.
        if (kind, h, w) not in maps:
            if kind not in fields:
                fields[kind] = rng.normal(0, 1, (2, 4, 4)).astype(np.float32)
            f = fields[kind]
            dx = cv2.resize(f[0], (w, h), interpolation=cv2.INTER_CUBIC) * amp * w
            dy = cv2.resize(f[1], (w, h), interpolation=cv2.INTER_CUBIC) * amp * h
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            cx, cy = xx - w / 2, yy - h / 2
            maps[kind, h, w] = (cx / asp + shear * cy + w / 2 + dx, cy * asp + h / 2 + dy)
        return maps[kind, h, w]

    def bend(im, kind, border):
        h, w = im.shape[:2]
        mx, my = warp(kind, h, w)
        return cv2.remap(im, mx, my, cv2.INTER_LINEAR, borderMode=border, borderValue=0)

    def inked(im, ink_dark, alpha=False):
        # Thinner ink narrows the lines by a pixel a side and leaves an alpha
        # as it is: a 5x5 kernel on both took a white piece's whole outline on
        # a light square.
        if not ink or (ink < 0 and alpha):
            return im
        k = np.ones((5, 5), np.uint8) if ink > 0 and im.shape[1] >= 100 else np.ones((3, 3), np.uint8)
        # ink_dark: where low values are ink (colour channels); else high values are.
        return cv2.erode(im, k) if (ink > 0) == ink_dark else cv2.dilate(im, k)

    new = {}
    for p, im in pcs.items():
        # Bent premultiplied, so that a glyph's edge takes no colour from its
        # transparent pixels (which then count as black: a thickened glyph's
        # rim is dark whatever its outline's colour).
        a = np.ascontiguousarray(im[:, :, 3])
        colp = bend(im[:, :, :3] * a[:, :, None], p.upper(), cv2.BORDER_CONSTANT)
        a = bend(a, p.upper(), cv2.BORDER_CONSTANT)
        col = np.where(a[:, :, None] > 1e-3, colp / np.maximum(a, 1e-3)[:, :, None], 0)
        new[p] = np.dstack([inked(np.clip(col, 0, 1), True), inked(a, False, alpha=True)]).astype(np.float32)
    nd = None
    if diag is not None:
        nd = {}
        for key, m in diag.items():
            kind = P2C.get(key[2:], "")  # "L_wK" -> "K"; empty cells stay as drawn
            if not kind:
                nd[key] = m
                continue
            empty = diag.get(key[:2] + "empty", np.zeros_like(m))
            if empty.shape != m.shape:
                empty = resize(empty, m.shape[1], m.shape[0])
            inside = glyph_region(m, empty)
            # The glyph thickened alone, so that the hatching kept around it
            # takes no dark fringe.
            glyph = inked(bend(m * inside, kind.upper(), cv2.BORDER_CONSTANT), False)
            nd[key] = np.maximum(empty * (1 - bend(inside, kind.upper(), cv2.BORDER_CONSTANT)), glyph)
    return new, nd


def glyph_region(cell, empty):
    """Where a font's glyph cell differs from its empty cell of that shade,
    closed and with its holes filled: the glyph and the halo cut into a dark
    square's hatching for it (1), and the square's own hatching (0). The
    closing (a 24th of the cell, a few of the fonts' hatching lines) joins
    a halo's strokes where the glyph's ink meets the hatching's."""
    d = (np.abs(cell - empty) > 0.3).astype(np.uint8)
    k = max(3, cell.shape[0] // 24) | 1
    d = cv2.morphologyEx(d, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    out = np.pad(d, 1)  # so that the outside is one region, reached from a corner
    mask = np.zeros((out.shape[0] + 2, out.shape[1] + 2), np.uint8)
    cv2.floodFill(out, mask, (0, 0), 2)
    return (out[1:-1, 1:-1] != 2).astype(np.float32)


def piece_img(pcs, p, size):
    im = pcs[p]
    pm = im.copy()
    pm[:, :, :3] *= pm[:, :, 3:4]  # premultiplied
    r = resize(pm, size, size)
    return r  # premultiplied RGBA


def blend(dst, y, x, pm):
    """alpha-composite premultiplied RGBA pm at (y,x) onto dst (clipped)."""
    h, w = pm.shape[:2]
    H, W = dst.shape[:2]
    y0, x0, y1, x1 = max(0, y), max(0, x), min(H, y + h), min(W, x + w)
    if y1 <= y0 or x1 <= x0:
        return
    s = pm[y0 - y:y1 - y, x0 - x:x1 - x]
    a = s[:, :, 3:4]
    dst[y0:y1, x0:x1] = dst[y0:y1, x0:x1] * (1 - a) + s[:, :, :3]


def overlay(dst, layer, alpha_mask, color, alpha):
    a = (alpha_mask * alpha)[:, :, None]
    dst[:] = dst * (1 - a) + np.asarray(color, np.float32) * a


# ----------------------------------------------------------------------------- patterns
def hatch(rng, h, w, sq):
    """dark-square pattern in [0,1] ink coverage for book diagrams."""
    kind = rng.choice(["lines", "lines", "lines", "cross", "stipple", "halftone", "flat", "flat"])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind in ("lines", "cross"):
        pitch = max(2.0, rng.uniform(0.06, 0.2) * sq)
        ang = rng.choice([45, 45, 45, -45, 0, 90, rng.uniform(0, 180)])
        th = rng.uniform(0.25, 0.6)
        t = math.radians(ang)
        u = (xx * math.cos(t) + yy * math.sin(t)) / pitch
        f = np.abs(u - np.round(u))
        ink = np.clip((th / 2 - f) * pitch + 0.5, 0, 1)
        if kind == "cross":
            u2 = (xx * math.cos(t + math.pi / 2) + yy * math.sin(t + math.pi / 2)) / pitch
            f2 = np.abs(u2 - np.round(u2))
            ink = np.maximum(ink, np.clip((th / 2 - f2) * pitch + 0.5, 0, 1))
        return ink
    if kind == "stipple":
        return (rng.random((h, w)) < rng.uniform(0.2, 0.6)).astype(np.float32)
    if kind == "halftone":
        pitch = max(2.5, rng.uniform(0.06, 0.15) * sq)
        g = rng.uniform(0.3, 0.7)
        d = np.hypot((xx % pitch) - pitch / 2, (yy % pitch) - pitch / 2)
        rad = pitch * math.sqrt(g / math.pi)
        return np.clip(rad - d + 0.5, 0, 1)
    return np.full((h, w), rng.uniform(0.2, 0.65), np.float32)


def draw_text(img, text, org, scale, color, thick, font):
    cv2.putText(img, text, (int(org[0]), int(org[1])), font, scale, color, thick, cv2.LINE_AA)


FONTS = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_PLAIN,
         cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX]


def coords_inside(rng, board, sq, light, dark, flipped):
    font = FONTS[rng.integers(len(FONTS))]
    scale = sq * rng.uniform(0.18, 0.3) / 22.0
    thick = 1 if rng.random() < 0.7 else 2
    files = "abcdefgh"[::-1] if flipped else "abcdefgh"
    ranks = "12345678" if flipped else "87654321"
    mode = rng.integers(3)
    for r in range(8):
        col = dark if r % 2 == 0 else light
        if mode < 2:
            draw_text(board, ranks[r], (sq * 0.06, r * sq + sq * 0.3), scale, col.tolist(), thick, font)
        else:
            draw_text(board, ranks[r], (7 * sq + sq * 0.75, r * sq + sq * 0.3), scale, col.tolist(), thick, font)
    for c in range(8):
        col = dark if (7 + c) % 2 == 0 else light
        if mode == 0:
            draw_text(board, files[c], (c * sq + sq * 0.78, 8 * sq - sq * 0.07), scale, col.tolist(), thick, font)
        else:
            draw_text(board, files[c], (c * sq + sq * 0.06, 8 * sq - sq * 0.07), scale, col.tolist(), thick, font)


def arrow(layer, p0, p1, th, head):
    p0 = np.float32(p0)
    p1 = np.float32(p1)
    v = p1 - p0
    L = float(np.linalg.norm(v))
    if L < 1:
        return
    u = v / L
    n = np.float32([-u[1], u[0]])
    tip = p1
    base = p1 - u * head
    cv2.line(layer, tuple(int(x) for x in p0), tuple(int(x) for x in base), 1.0, max(1, int(th)), cv2.LINE_AA)
    tri = np.int32([tip, base + n * head * 0.6, base - n * head * 0.6])
    cv2.fillConvexPoly(layer, tri, 1.0, cv2.LINE_AA)


# ----------------------------------------------------------------------------- board renderers
def sq_center(r, c, sq):
    return (c * sq + sq / 2.0, r * sq + sq / 2.0)


def jit_color(rng, col, amt=0.06):
    return np.clip(col + rng.uniform(-amt, amt, 3).astype(np.float32), 0, 1)


# Marks says how a screen board's arrows and rings are drawn: on a share
# (chance) of the boards, and with a share (aim) of the marks, where drawn as
# arrows, aimed at a piece, as a capture's arrow is (others may end on one
# by chance). paths is the share of book boards left without book_marks
# that get book_paths. The defaults are the released models'.
Marks = collections.namedtuple("Marks", "chance aim paths", defaults=(0.0,))
MARKS = Marks(0.25, 0.0)


def screen_board(rng, art, b, last, sq, heldout_theme, flipped=False, marks=MARKS, tone=0.0):
    pcs, _ = art
    N = 8 * sq
    pal_names = [p for p in PALETTES if (p in HELDOUT_PALETTES) == heldout_theme]
    tex_names = [t for t in texture_names() if (t in HELDOUT_TEXTURES) == heldout_theme]
    tiles = [t for t in tile_names() if (t in HELDOUT_TILES) == heldout_theme]
    u = rng.random()
    if tiles and rng.random() < 0.15:
        u = 2.0
    light = dark = None
    if u < 0.55:
        pn = pal_names[rng.integers(len(pal_names))]
        l, d = PALETTES[pn]
        _THEME[0] = "palette " + pn
        light, dark = jit_color(rng, hexc(l), 0.05), jit_color(rng, hexc(d), 0.07)
    elif u < 0.75 and not heldout_theme:
        h = rng.uniform(0, 180)
        hsv = np.uint8([[[h, rng.uniform(0, 120), rng.uniform(200, 250)]], [[h + rng.uniform(-10, 10), rng.uniform(30, 200), rng.uniform(80, 190)]]])
        rgb = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)[:, 0] / 255.0
        light, dark = rgb[0], rgb[1]
        _THEME[0] = "random two-colour palette"
    if light is not None:
        board = np.empty((N, N, 3), np.float32)
        for r in range(8):
            for c in range(8):
                board[r * sq:(r + 1) * sq, c * sq:(c + 1) * sq] = light if (r + c) % 2 == 0 else dark
        if rng.random() < 0.15:  # subtle gradient / noise texture
            board *= 1 + rng.uniform(-0.04, 0.04) * np.linspace(-1, 1, N, dtype=np.float32)[None, :, None]
    elif u > 1.5:  # pychess square tiles (wood, marble, ...)
        tn = tiles[rng.integers(len(tiles))]
        _THEME[0] = "pychess tiles " + tn
        tl, td = load_tiles(tn)
        tl, td = resize(tl, sq, sq), resize(td, sq, sq)
        board = np.empty((N, N, 3), np.float32)
        for r in range(8):
            for c in range(8):
                board[r * sq:(r + 1) * sq, c * sq:(c + 1) * sq] = tl if (r + c) % 2 == 0 else td
        light, dark = tl.mean((0, 1)), td.mean((0, 1))
    else:
        tn = tex_names[rng.integers(len(tex_names))]
        _THEME[0] = "staunton3d texture " + tn
        tex = load_tex(tn)
        board = resize(tex, N, N).copy()
        light = board[sq // 2, sq // 2].copy()
        dark = board[sq // 2, sq + sq // 2].copy()
        if rng.random() < 0.3:  # colour variation of texture
            board = np.clip(board * rng.uniform(0.85, 1.15, 3).astype(np.float32), 0, 1)
    # highlights
    if rng.random() < 0.6:
        col = [hexc("#cdd26a"), hexc("#f6f669"), hexc("#9bc700"), hexc("#aaa23a"), hexc("#ffff33"), hexc("#6fb3d2")][rng.integers(6)]
        a = rng.uniform(0.3, 0.75)
        for (r, c) in ((last[0], last[1]), (last[2], last[3])):
            s = board[r * sq:(r + 1) * sq, c * sq:(c + 1) * sq]
            s[:] = s * (1 - a) + col * a
    occ = [(r, c) for r in range(8) for c in range(8) if b[r][c] != "."]
    emp = [(r, c) for r in range(8) for c in range(8) if b[r][c] == "."]
    if rng.random() < 0.2 and occ:
        r, c = occ[rng.integers(len(occ))]
        s = board[r * sq:(r + 1) * sq, c * sq:(c + 1) * sq]
        a = rng.uniform(0.3, 0.6)
        s[:] = s * (1 - a) + hexc(["#14551e", "#ffff00", "#6495ed"][rng.integers(3)]) * a
    if rng.random() < 0.15:  # check glow
        ks = [(r, c) for (r, c) in occ if b[r][c] in "Kk"] or occ
        if ks:
            r, c = ks[rng.integers(len(ks))]
            yy, xx = np.mgrid[0:sq, 0:sq].astype(np.float32)
            d = np.hypot(yy - sq / 2, xx - sq / 2) / (sq * rng.uniform(0.5, 0.75))
            a = np.clip(1 - d, 0, 1) ** rng.uniform(0.6, 1.5) * rng.uniform(0.6, 1.0)
            s = board[r * sq:(r + 1) * sq, c * sq:(c + 1) * sq]
            s[:] = s * (1 - a[:, :, None]) + np.float32([0, 0, 1]) * a[:, :, None]
    # capture rings (under pieces) and move dots
    if rng.random() < 0.2:
        layer = np.zeros((N, N), np.float32)
        for (r, c) in [occ[i] for i in rng.permutation(len(occ))[:rng.integers(0, 4)]]:
            cx, cy = sq_center(r, c, sq)
            if rng.random() < 0.5:
                cv2.circle(layer, (int(cx), int(cy)), int(sq * 0.46), 1.0, max(1, int(sq * 0.08)), cv2.LINE_AA)
            else:
                t = int(sq * 0.25)
                x0, y0 = c * sq, r * sq
                for tri in ([(0, 0), (t, 0), (0, t)], [(sq, 0), (sq - t, 0), (sq, t)], [(0, sq), (t, sq), (0, sq - t)], [(sq, sq), (sq - t, sq), (sq, sq - t)]):
                    cv2.fillConvexPoly(layer, np.int32([(x0 + a, y0 + bb) for a, bb in tri]), 1.0)
        for (r, c) in [emp[i] for i in rng.permutation(len(emp))[:rng.integers(0, 9)]]:
            cx, cy = sq_center(r, c, sq)
            cv2.circle(layer, (int(cx), int(cy)), max(1, int(sq * rng.uniform(0.1, 0.18))), 1.0, -1, cv2.LINE_AA)
        overlay(board, None, layer, [0.1, 0.1, 0.1] if rng.random() < 0.7 else [0.2, 0.5, 0.2], rng.uniform(0.15, 0.5))
    if rng.random() < 0.5:
        rng.random()  # (kept so the random stream matches the released model's data)
        coords_inside(rng, board, sq, light, dark, flipped)
    # pieces
    scale = rng.uniform(0.72, 1.0)
    ps = max(4, int(round(sq * scale)))
    cache = {}
    tones = piece_tones(rng, tone)
    for (r, c) in occ:
        p = b[r][c]
        if p not in cache:
            cache[p] = toned(piece_img(pcs, p, ps), tones[p.isupper()] if tones else None)
        off = (sq - ps) // 2
        dy = int(rng.integers(-1, 2)) if rng.random() < 0.1 else 0
        blend(board, r * sq + off + dy, c * sq + off, cache[p])
    # arrows & circles
    if rng.random() < marks.chance:
        col = [hexc("#15781b"), hexc("#882020"), hexc("#003088"), hexc("#e68f00")][rng.integers(4)]
        layer = np.zeros((N, N), np.float32)
        for _ in range(rng.integers(1, 4)):
            r0, c0, r1, c1 = rng.integers(0, 8, 4)
            if marks.aim > 0 and occ and rng.random() < marks.aim:
                r1, c1 = occ[rng.integers(len(occ))]
            # A third of the marks are rings round one square, as lichess
            # draws them (empty squares too): before, a ring came only when
            # an arrow's two ends met, 1 in 64, and fenscan read rings on
            # small boards' empty squares as pieces.
            if (r0, c0) == (r1, c1) or rng.random() < 1 / 3:
                cx, cy = sq_center(r0, c0, sq)
                cv2.circle(layer, (int(cx), int(cy)), int(sq * rng.uniform(0.36, 0.47)), 1.0,
                           max(1, int(round(sq * rng.uniform(0.05, 0.1)))), cv2.LINE_AA)
            else:
                arrow(layer, sq_center(r0, c0, sq), sq_center(r1, c1, sq), sq * rng.uniform(0.12, 0.25), sq * rng.uniform(0.35, 0.5))
        overlay(board, None, np.minimum(layer, 1), col, rng.uniform(0.4, 0.85))
    return board, light, dark


def ink_cross(cov, x, y, h, th, upright=False):
    """A cross of arms h long from (x, y) drawn on cov: slanted, or upright."""
    for d in (1, -1):
        if upright:
            a, e = ((x - h, y), (x + h, y)) if d > 0 else ((x, y - h), (x, y + h))
        else:
            a, e = (x - h, y - d * h), (x + h, y + d * h)
        cv2.line(cov, (int(a[0]), int(a[1])), (int(e[0]), int(e[1])), 1.0, th, cv2.LINE_AA)


def dashes(cov, p0, u, length, dash, th):
    """Dashes dash long and as far apart drawn on cov from p0 along u, the last
    ending within length."""
    t = 0.0
    while t < length - dash:
        a, e = p0 + u * t, p0 + u * (t + dash)
        cv2.line(cov, tuple(int(v) for v in a), tuple(int(v) for v in e), 1.0, th, cv2.LINE_AA)
        t += 2 * dash


def book_marks(rng, board, b, sq, ink):
    """Ink marks of instructional diagrams, drawn over the board in place: crosses and
    dots on empty squares, and dashed or solid arrows from a piece. Labels stay: a
    square under a mark holds what it held."""
    N = 8 * sq
    cov = np.zeros((N, N), np.float32)
    empty = [(r, c) for r in range(8) for c in range(8) if b[r][c] == "."]
    occ = [(r, c) for r in range(8) for c in range(8) if b[r][c] != "."]
    th = max(1, int(round(sq * rng.uniform(0.04, 0.1))))
    rng.shuffle(empty)
    for (r, c) in empty[:int(rng.integers(0, 7))]:
        x, y = sq_center(r, c, sq)
        x, y = x + rng.uniform(-0.1, 0.1) * sq, y + rng.uniform(-0.1, 0.1) * sq
        if rng.random() < 0.6:  # a cross
            ink_cross(cov, x, y, sq * rng.uniform(0.12, 0.25), th)
        else:  # a dot or a ring
            rad = max(1, int(sq * rng.uniform(0.06, 0.18)))
            cv2.circle(cov, (int(x), int(y)), rad, 1.0, -1 if rng.random() < 0.6 else th, cv2.LINE_AA)
    if occ:
        for _ in range(int(rng.integers(0, 4))):
            r0, c0 = occ[int(rng.integers(len(occ)))]
            r1, c1 = int(rng.integers(8)), int(rng.integers(8))
            if (r1, c1) == (r0, c0):
                continue
            p0, p1 = np.float32(sq_center(r0, c0, sq)), np.float32(sq_center(r1, c1, sq))
            L = float(np.linalg.norm(p1 - p0))
            u = (p1 - p0) / L
            p0 = p0 + u * sq * 0.35  # from the piece's edge
            if rng.random() < 0.6:  # dashed
                dashes(cov, p0, u, L - sq * 0.35, sq * rng.uniform(0.08, 0.2), th)
                if rng.random() < 0.5:
                    arrow(cov, p1 - u * sq * 0.3, p1, 0, sq * rng.uniform(0.15, 0.3))
            else:
                arrow(cov, p0, p1, th, sq * rng.uniform(0.15, 0.3))
    cov = np.clip(cov, 0, 1)[:, :, None]
    board[:] = board * (1 - cov) + ink * cov


def book_paths(rng, board, b, sq, ink):
    """Ink marks of old instructional diagrams, drawn over the board in place:
    upright and slanted crosses, dots and rings on empty squares, and routes
    from pieces in one style a diagram, dotted, dashed or solid (a knight's
    bent, one or two moves; others along a rank, file or diagonal), some
    forking from one piece, some ending in an arrowhead or a cross. Labels
    stay. A square a route crosses holds only its dots or dashes, which a
    whole-board head that saw only pieces and hatching there took for a pawn
    (tsoj-089)."""
    N = 8 * sq
    cov = np.zeros((N, N), np.float32)
    th = max(1, int(round(sq * rng.uniform(0.03, 0.09))))
    style = rng.choice(["dotted", "dashed", "solid"], p=[0.45, 0.35, 0.2])
    step, dash = th * rng.uniform(2.2, 3.5), sq * rng.uniform(0.08, 0.2)

    def line(p0, p1):
        L = float(np.linalg.norm(p1 - p0))
        u = (p1 - p0) / max(L, 1.0)
        if style == "dotted":
            for t in np.arange(0, L, step):
                q = p0 + u * t
                cv2.circle(cov, (int(q[0]), int(q[1])), max(1, th // 2 + 1), 1.0, -1, cv2.LINE_AA)
        elif style == "dashed":
            dashes(cov, p0, u, L, dash, th)
        else:
            cv2.line(cov, (int(p0[0]), int(p0[1])), (int(p1[0]), int(p1[1])), 1.0, th, cv2.LINE_AA)

    def route(r, c):
        # The squares a piece's route turns at and ends on, or None off the board.
        # A knight's second move may undo its first (one in eight), as drawn
        # for the shipped head.
        if b[r][c] in "Nn":
            out = []
            for _ in range(1 if rng.random() < 0.7 else 2):
                dr, dc = (1, 2) if rng.random() < 0.5 else (2, 1)
                dr, dc = dr * rng.choice([-1, 1]), dc * rng.choice([-1, 1])
                if not (0 <= r + dr < 8 and 0 <= c + dc < 8):
                    break
                out += [(r + dr, c) if rng.random() < 0.5 else (r, c + dc), (r + dr, c + dc)]
                r, c = r + dr, c + dc
            return out or None
        dr, dc = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)][int(rng.integers(8))]
        n = 0
        while 0 <= r + (n + 1) * dr < 8 and 0 <= c + (n + 1) * dc < 8:
            n += 1
        if n == 0:
            return None
        k = int(rng.integers(1, n + 1))
        return [(r + k * dr, c + k * dc)]

    empty = [(r, c) for r in range(8) for c in range(8) if b[r][c] == "."]
    occ = [(r, c) for r in range(8) for c in range(8) if b[r][c] != "."]
    rng.shuffle(empty)
    for (r, c) in empty[:int(rng.integers(0, 9))]:
        x, y = sq_center(r, c, sq)
        x, y = x + rng.uniform(-0.1, 0.1) * sq, y + rng.uniform(-0.1, 0.1) * sq
        u = rng.random()
        if u < 0.7:
            ink_cross(cov, x, y, sq * rng.uniform(0.1, 0.25), th + 1, upright=u < 0.45)
        else:
            rad = max(1, int(sq * rng.uniform(0.06, 0.18)))
            cv2.circle(cov, (int(x), int(y)), rad, 1.0, -1 if rng.random() < 0.5 else th, cv2.LINE_AA)
    rng.shuffle(occ)
    for (r0, c0) in occ[:int(rng.integers(1, 4))]:
        start = np.float32(sq_center(r0, c0, sq))
        for _ in range(int(rng.integers(1, 4))):  # forks from one piece
            turns = route(r0, c0)
            if not turns:
                continue
            pts = [start] + [np.float32(sq_center(r, c, sq)) for r, c in turns]
            u = (pts[1] - start) / float(np.linalg.norm(pts[1] - start))
            pts[0] = start + u * sq * rng.uniform(0.3, 0.5)  # from the piece's edge
            for p0, p1 in zip(pts, pts[1:]):
                line(p0, p1)
            end, v = pts[-1], pts[-1] - pts[-2]
            v = v / max(1.0, float(np.linalg.norm(v)))
            w = rng.random()
            if w < 0.3:
                ink_cross(cov, end[0], end[1], sq * rng.uniform(0.1, 0.2), th + 1, upright=rng.random() < 0.6)
            elif w < 0.6:
                head = sq * rng.uniform(0.15, 0.3)
                arrow(cov, end - v * head * 1.05, end, 1, head)  # the head alone, whatever the line's style
    cov = np.clip(cov, 0, 1)[:, :, None]
    board[:] = board * (1 - cov) + ink * cov


def book_board(rng, art, b, sq, heldout_theme, tone=0.0, marks=MARKS):
    board, paper, ink = book_board_plain(rng, art, b, sq, heldout_theme, tone)
    if rng.random() < 0.25:
        book_marks(rng, board, b, sq, ink)
    elif marks.paths > 0 and rng.random() < marks.paths:
        book_paths(rng, board, b, sq, ink)
    return board, paper, ink


def book_board_plain(rng, art, b, sq, heldout_theme, tone=0.0):
    pcs, diag = art
    N = 8 * sq
    paper = np.float32([1, 1, 1]) * rng.uniform(0.88, 1.0)
    if rng.random() < 0.3:
        paper = np.clip(paper * np.float32([rng.uniform(0.85, 1), rng.uniform(0.92, 1), 1]), 0, 1)
    ink = np.float32([1, 1, 1]) * rng.uniform(0.0, 0.25)
    use_font = diag is not None and rng.random() < 0.75
    if use_font:
        cov = np.zeros((N, N), np.float32)
        cells = {}
        for r in range(8):
            for c in range(8):
                key = ("L" if (r + c) % 2 == 0 else "D") + "_" + (C2P.get(b[r][c], "empty"))
                if key not in diag:
                    key = key[:2] + "empty"
                if key not in cells:
                    cells[key] = resize(diag[key], sq, sq)
                cov[r * sq:(r + 1) * sq, c * sq:(c + 1) * sq] = cells[key]
        board = paper * (1 - cov[:, :, None]) + ink * cov[:, :, None]
        _THEME[0] = "book, font glyph squares"
        return board, paper, ink
    # generated dark squares
    board = np.empty((N, N, 3), np.float32)
    board[:] = paper
    pat = hatch(rng, N, N, sq) if rng.random() < 0.85 else np.zeros((N, N), np.float32)
    if pat.max() < 0.01 or rng.random() < 0.1:  # grey dark squares instead
        pat = np.full((N, N), rng.uniform(0.15, 0.5), np.float32)
    mask = np.zeros((N, N), np.float32)
    for r in range(8):
        for c in range(8):
            if (r + c) % 2 == 1:
                mask[r * sq:(r + 1) * sq, c * sq:(c + 1) * sq] = 1
    cov = pat * mask
    _THEME[0] = "book, generated dark squares"
    scale = rng.uniform(0.78, 1.0)
    ps = max(4, int(round(sq * scale)))
    off = (sq - ps) // 2
    halo = rng.random() < 0.5
    binar = rng.random() < 0.5
    grey_pieces = rng.random() < 0.8
    tones = piece_tones(rng, tone) if grey_pieces else None
    cache = {}
    occ = [(r, c) for r in range(8) for c in range(8) if b[r][c] != "."]
    if halo:
        for (r, c) in occ:
            if (r + c) % 2 == 1:
                p = b[r][c]
                if p not in cache:
                    cache[p] = piece_img(pcs, p, ps)
                a = cache[p][:, :, 3]
                k = max(1, int(sq * 0.06))
                a = cv2.dilate((a > 0.3).astype(np.uint8), np.ones((2 * k + 1, 2 * k + 1), np.uint8)).astype(np.float32)
                y, x = r * sq + off, c * sq + off
                cov[y:y + ps, x:x + ps] *= 1 - a
    board = paper * (1 - cov[:, :, None]) + ink * cov[:, :, None]
    for (r, c) in occ:
        p = b[r][c]
        if p not in cache:
            cache[p] = piece_img(pcs, p, ps)
        pm = cache[p]
        if grey_pieces or binar:
            a = pm[:, :, 3:4]
            col = np.where(a > 1e-3, pm[:, :, :3] / np.maximum(a, 1e-3), 0)
            g = col @ np.float32([0.114, 0.587, 0.299])
            if binar:
                g = (g > rng.uniform(0.35, 0.6)).astype(np.float32)
                a = (a > 0.5).astype(np.float32)
            lo, hi = tones[p.isupper()] if tones else (0, 1)
            g = ink[0] + (paper[0] - ink[0]) * (lo + (hi - lo) * g)
            pm = np.dstack([np.repeat((g[:, :, None] * a), 3, 2), a])
        blend(board, r * sq + off, c * sq + off, pm)
    return board, paper, ink


def compose(rng, board, sq, bg, book, light, dark, flipped):
    """put the board on a page with margin / frame / outside coordinates / shadow."""
    N = board.shape[0]
    margins = [0, 0, 0, 0]
    if rng.random() < 0.8:
        margins = [int(rng.uniform(0, 1.3) * sq) + int(rng.integers(0, 6)) for _ in range(4)]
    frame = 0
    if rng.random() < (0.7 if book else 0.25):
        frame = max(1, int(rng.choice([rng.uniform(0.02, 0.06), rng.uniform(0.06, 0.3)]) * sq))
        gap = int(rng.integers(0, max(1, sq // 8))) if rng.random() < 0.4 else 0
        margins = [max(m, frame + gap + 2) for m in margins]
    H, W = N + margins[0] + margins[2], N + margins[1] + margins[3]
    img = np.empty((H, W, 3), np.float32)
    img[:] = bg
    y0, x0 = margins[0], margins[3]
    if not book and rng.random() < 0.25:  # drop shadow
        sh = np.zeros((H, W), np.float32)
        o = max(1, int(sq * 0.08))
        sh[y0 + o:y0 + N + o, x0 + o:x0 + N + o] = 1
        sh = cv2.GaussianBlur(sh, (0, 0), max(0.5, sq * 0.1))
        img *= (1 - 0.5 * sh)[:, :, None]
    if frame:
        col = dark * 0.6 if not book else np.float32([0.05, 0.05, 0.05])
        g = gap
        cv2.rectangle(img, (x0 - g - frame, y0 - g - frame), (x0 + N + g + frame - 1, y0 + N + g + frame - 1), col.tolist(), -1)
        img[y0 - g:y0 + N + g, x0 - g:x0 + N + g] = bg if book else dark * 0.6
        if book and rng.random() < 0.3:  # thin inner line
            cv2.rectangle(img, (x0 - 1, y0 - 1), (x0 + N, y0 + N), col.tolist(), 1)
    img[y0:y0 + N, x0:x0 + N] = board
    if rng.random() < 0.4 and min(margins[2], margins[3]) > sq * 0.3:  # outside coordinates
        font = FONTS[rng.integers(len(FONTS))]
        scale = sq * rng.uniform(0.2, 0.35) / 22.0
        files = "abcdefgh"[::-1] if flipped else "abcdefgh"
        ranks = "12345678" if flipped else "87654321"
        tc = (np.float32([1, 1, 1]) - bg) * 0.8 + bg * 0.2
        for i in range(8):
            draw_text(img, files[i], (x0 + i * sq + sq * 0.4, y0 + N + min(margins[2] * 0.8, sq * 0.4)), scale, tc.tolist(), 1, font)
            draw_text(img, ranks[i], (x0 - min(margins[3] * 0.8, sq * 0.35), y0 + i * sq + sq * 0.6), scale, tc.tolist(), 1, font)
    corners = np.float32([[x0, y0], [x0 + N, y0], [x0 + N, y0 + N], [x0, y0 + N]])
    return img, corners


def degrade(rng, img, corners, sq, book, mild=False):
    H, W = img.shape[:2]
    if rng.random() < (0.4 if book else 0.15):  # slight rotation
        ang = rng.uniform(-1, 1)
        M = cv2.getRotationMatrix2D((W / 2, H / 2), ang, 1.0)
        img = cv2.warpAffine(img, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        corners = (np.hstack([corners, np.ones((4, 1), np.float32)]) @ M.T.astype(np.float32)).astype(np.float32)
    if rng.random() < 0.2:  # rescale whole screenshot
        f = rng.uniform(0.6, 1.5)
        img = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
        corners = corners * f
    if book:
        g = img.mean(axis=2)
        if rng.random() < 0.3 and not mild:  # ink bleed / thinning
            k = np.ones((2, 2), np.uint8)
            g = cv2.erode(g, k) if rng.random() < 0.6 else cv2.dilate(g, k)
        if rng.random() < 0.5:
            # A phone's or scanner's blur spans a share of a square, not a
            # fixed number of pixels: half the blurs are drawn in pixels,
            # half in squares (up to a twenty-fifth), so that a large
            # board's hatching also arrives at the net as grey mush.
            sigma = rng.uniform(0.3, 1.2) if rng.random() < 0.5 else sq * rng.uniform(0.01, 0.04)
            g = cv2.GaussianBlur(g, (0, 0), max(0.3, sigma))
        if rng.random() < 0.5:  # paper texture
            n = cv2.GaussianBlur(rng.standard_normal(g.shape).astype(np.float32), (0, 0), rng.uniform(1, 4))
            g = g * (1 + n * rng.uniform(0.02, 0.12))
        if rng.random() < 0.4:  # uneven illumination
            h, w = g.shape
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            a = rng.uniform(0, 2 * math.pi)
            ramp = (np.cos(a) * xx / w + np.sin(a) * yy / h)
            g = g * (1 - rng.uniform(0.05, 0.35) * (ramp - ramp.min()) / max(1e-6, np.ptp(ramp)))
        if rng.random() < 0.1 and not mild:  # halftone / moire
            h, w = g.shape
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            per = rng.uniform(2.2, 5)
            a = rng.uniform(0, math.pi)
            g = g * (1 - rng.uniform(0.05, 0.2) * (0.5 + 0.5 * np.sin((xx * np.cos(a) + yy * np.sin(a)) * 2 * math.pi / per)))
        if rng.random() < 0.3 and not mild:  # speckle
            m = rng.random(g.shape)
            dens = rng.uniform(0.001, 0.02)
            g[m < dens / 2] = rng.uniform(0, 0.3)
            g[m > 1 - dens / 2] = rng.uniform(0.8, 1)
        if rng.random() < 0.2 and not mild:  # binarized scan
            g8 = np.clip(g * 255, 0, 255).astype(np.uint8)
            if rng.random() < 0.5:
                _, g8 = cv2.threshold(g8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
            else:
                bs = int(max(3, sq // 2)) | 1
                g8 = cv2.adaptiveThreshold(g8, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, bs, 10)
            g = g8.astype(np.float32) / 255
        img = np.repeat(g[:, :, None], 3, 2)
        if rng.random() < 0.2:  # sepia-ish scan tint
            img = img * np.float32([rng.uniform(0.8, 0.95), rng.uniform(0.9, 1), 1])
    else:
        if rng.random() < 0.15:
            img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.0))
        if rng.random() < 0.15:
            img = img + rng.normal(0, rng.uniform(0.005, 0.03), img.shape).astype(np.float32)
    # global colour / brightness / contrast / gamma jitter
    if rng.random() < 0.7:
        img = np.clip(img, 0, 1)
        img = img ** rng.uniform(0.7, 1.4)
        img = (img - 0.5) * rng.uniform(0.75, 1.2) + 0.5 + rng.uniform(-0.1, 0.1)
        img = img * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    img8 = np.clip(img * 255 + 0.5, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        q = int(rng.integers(20, 91))
        q = max(q, 60) if mild else q
        img8 = cv2.imdecode(cv2.imencode(".jpg", img8, [cv2.IMWRITE_JPEG_QUALITY, q])[1], cv2.IMREAD_COLOR)
    return img8, corners


def render(rng, setname, heldout_theme=False, style=None, upright=False, sq=None, mild=False, marks=MARKS, tone=0.0, morph=0.0):
    """-> (bgr uint8 image, corners TL,TR,BR,BL float32 [4,2], labels int [64] (r*8+c), info)"""
    art = load_set(setname)
    if morph > 0 and rng.random() < morph:
        art = morph_set(rng, *art)
    if style is None:
        u = rng.random()
        style = "screen" if u < 0.45 else "book" if u < 0.9 else "odd"
    b, last, flipped = random_placement(rng)
    if upright:
        b, last = random_game(rng, int(rng.integers(6, 90)))
        last = last or (0, 0, 0, 0)
        flipped = False
    odd = None
    if style == "odd":
        # No inverted pictures: a negative turns white pieces black while
        # their labels stay, teaching the net to ignore piece colour.
        odd = rng.choice(["lowcontrast", "tiny"])
        sq = int(rng.integers(12, 17)) if odd == "tiny" else int(round(math.exp(rng.uniform(math.log(14), math.log(120)))))
        book = rng.random() < 0.5
    else:
        sq = sq or int(round(math.exp(rng.uniform(math.log(12), math.log(150)))))
        book = style == "book"
    if book:
        board, light, dark = book_board(rng, art, b, sq, heldout_theme, tone, marks)
        bg = light.copy()
    else:
        board, light, dark = screen_board(rng, art, b, last, sq, heldout_theme, flipped, marks, tone)
        bg = [np.float32([1, 1, 1]), np.float32([0.19, 0.18, 0.17]), np.float32([0.95, 0.95, 0.95]),
              np.float32([0.15, 0.15, 0.15]), rng.random(3).astype(np.float32)][rng.integers(5)]
    img, corners = compose(rng, board, sq, bg, book, np.asarray(light, np.float32), np.asarray(dark, np.float32), flipped)
    if odd == "lowcontrast":
        c = rng.uniform(0.2, 0.45)
        img = 0.5 + (img - 0.5) * c + rng.uniform(-0.2, 0.2)
    img8, corners = degrade(rng, img, corners, sq, book, mild)
    labels = np.array([LABEL[b[r][c]] if b[r][c] != "." else 0 for r in range(8) for c in range(8)], np.int64)
    return img8, corners, labels, dict(style=style if odd is None else "odd-" + odd, sq=sq, book=book, board=b, flipped=flipped, theme=_THEME[0])


def sample_crops(rng, setname, heldout_theme=False, njit=1, marks=MARKS, tone=0.0, morph=0.0):
    img, corners, labels, info = render(rng, setname, heldout_theme, marks=marks, tone=tone, morph=morph)
    bw = float(np.linalg.norm(corners[1] - corners[0]))
    out = []
    for _ in range(njit):
        out.append(prep(img, jitter_corners(rng, corners, bw)))
    return out, labels, info


# ----------------------------------------------------------------------------- dataset builder
def all_sets():
    with open(os.path.join(PIECEDIR, "sets.json")) as f:
        return json.load(f)


def split_sets():
    meta = all_sets()
    held = [s for s in meta if s in HELDOUT_SETS or meta[s].get("heldout")]
    train = [s for s in meta if s not in held and not meta[s].get("skip")]
    return sorted(train), sorted(held), meta


def _work(args):
    seed, jobs, keep_empty, njit, heldout_theme, marks, tone, morph = args
    rng = np.random.default_rng(seed)
    X, Y, S, ST = [], [], [], []
    for (si, setname) in jobs:
        crops_list, labels, info = sample_crops(rng, setname, heldout_theme, njit, marks, tone, morph)
        for crops in crops_list:
            keep = (labels != 0) | (rng.random(64) < keep_empty)
            X.append(crops[keep])
            Y.append(labels[keep])
            S.append(np.full(int(keep.sum()), si, np.int16))
            ST.append(np.full(int(keep.sum()), STYLES.index(info["style"].split("-")[0]), np.int8))
    return np.concatenate(X), np.concatenate(Y), np.concatenate(S), np.concatenate(ST)


def build(sets, boards_per_set, seed, keep_empty, njit, out, heldout_theme_frac=0.0, procs=2, marks=MARKS, tone=0.0, morph=0.0):
    from multiprocessing import Pool
    rng = np.random.default_rng(seed)
    jobs = [(i, s) for i, s in enumerate(sets) for _ in range(boards_per_set)]
    order = rng.permutation(len(jobs))
    jobs = [jobs[i] for i in order]
    chunk = 50
    tasks = []
    for k in range(0, len(jobs), chunk):
        ht = rng.random() < heldout_theme_frac
        tasks.append((int(rng.integers(1 << 31)), jobs[k:k + chunk], keep_empty, njit, ht, marks, tone, morph))
    X, Y, S, ST = [], [], [], []
    t0 = time.time()
    with Pool(procs) as pool:
        for i, (x, y, s, st) in enumerate(pool.imap(_work, tasks)):
            X.append(x)
            Y.append(y)
            S.append(s)
            ST.append(st)
            if i % 10 == 0 or i == len(tasks) - 1:
                log("rendered %d/%d boards, %.0fs" % (min(len(jobs), (i + 1) * chunk), len(jobs), time.time() - t0))
    X, Y, S, ST = np.concatenate(X), np.concatenate(Y), np.concatenate(S), np.concatenate(ST)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    np.savez(out, x=X, y=Y, s=S, st=ST, sets=np.array(sets))
    log("wrote %s: %d crops, empty %.1f%%" % (out, len(Y), 100 * np.mean(Y == 0)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", choices=["train", "heldout"], required=True)
    ap.add_argument("--boards-per-set", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep-empty", type=float, default=0.4)
    ap.add_argument("--njit", type=int, default=1)
    ap.add_argument("--sets", default="")
    ap.add_argument("--marks", type=float, default=MARKS.chance,
                    help="share of screen boards with arrows and rings drawn over them")
    ap.add_argument("--marks-aim", type=float, default=MARKS.aim,
                    help="share of those marks drawn as an arrow ending on a piece, if it is an arrow (the rest end anywhere)")
    ap.add_argument("--book-paths", type=float, default=MARKS.paths,
                    help="share of book boards without book_marks' crosses and arrows (a quarter have them) "
                         "that have book_paths' crosses and pieces' dotted, dashed or bent routes drawn over them")
    ap.add_argument("--tone", type=float, default=0.0,
                    help="chance that a board's pieces are drawn in other shades, White's lighter (piece_tones; "
                         "book boards only where their pieces are drawn in grey, not font glyph squares)")
    ap.add_argument("--morph", type=float, default=0.0,
                    help="chance that a board's set is bent into a design of its own (morph_set), for the whole-board head")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    train, held, meta = split_sets()
    sets = train if a.split == "train" else held
    if a.sets:
        sets = [s for s in a.sets.split(",") if s in sets]
    log("%s sets (%d): %s" % (a.split, len(sets), " ".join(sets)))
    build(sets, a.boards_per_set, a.seed, a.keep_empty, a.njit, a.out,
          heldout_theme_frac=0.0 if a.split == "train" else 0.3, marks=Marks(a.marks, a.marks_aim, a.book_paths), tone=a.tone, morph=a.morph)


if __name__ == "__main__":
    main()

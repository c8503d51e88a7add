#!/usr/bin/python3
"""Render the pictures in testdata/ that the Go tests read.

They are made here, from piece sets whose licences allow it (see
testdata/README.md), so the repository ships no third-party pictures.
Run from the repository root: /usr/bin/python3 scripts/make_testdata.py
"""
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

ART = os.environ.get("FENSCAN_ART", "../shared/art/lichess")
OUT = "testdata"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

PIECES = {c: ("w" if c.isupper() else "b") + c.upper() for c in "PNBRQKpnbrqk"}


def piece(setname, letter, size, cache={}):
    key = (setname, letter, size)
    if key not in cache:
        svg = os.path.join(ART, setname, PIECES[letter] + ".svg")
        png = subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), svg],
                             check=True, capture_output=True).stdout
        cache[key] = Image.open(io.BytesIO(png)).convert("RGBA")
    return cache[key]


def squares(placement):
    out = []
    for rank in placement.split("/"):
        for ch in rank:
            out.extend([""] * int(ch) if ch.isdigit() else [ch])
    return out


def font(size):
    return ImageFont.truetype(FONT, size)


def board(placement, sq, setname, light, dark, flipped=False, last=(), coords=True, ranks="left", glyph=None):
    """A screen board: flat colours, last-move highlight, coordinates inside
    the edge squares: files in the bottom right corners, ranks in the top left
    corners of the left column (chess.com) or the top right of the right one
    (ranks="right", lichess). glyph is their height as a share of a square,
    drawn into the corners; by default a sixth, drawn as testdata's were."""
    img = Image.new("RGB", (8 * sq, 8 * sq))
    d = ImageDraw.Draw(img, "RGBA")
    cells = squares(placement)
    if flipped:
        cells = cells[::-1]
    f = font(max(9, sq // 6) if glyph is None else max(8, round(sq * glyph)))
    # Where each glyph goes in its square, and which of its corners.
    at = {"file": ((sq - sq // 6, sq - sq // 5), "la"), "left": ((2, 1), "la"), "right": ((sq - sq // 6, 1), "la")}
    if glyph is not None:
        at = {"file": ((sq - 2, sq - 2), "rd"), "left": ((2, 1), "lt"), "right": ((sq - 2, 1), "rt")}
    for i, p in enumerate(cells):
        r, c = divmod(i, 8)
        name = "abcdefgh"[c if not flipped else 7 - c] + "87654321"[r if not flipped else 7 - r]
        col = light if (r + c) % 2 == 0 else dark
        d.rectangle([c * sq, r * sq, (c + 1) * sq - 1, (r + 1) * sq - 1], fill=col)
        if name in last:
            d.rectangle([c * sq, r * sq, (c + 1) * sq - 1, (r + 1) * sq - 1], fill=(155, 199, 0, 105))
        if coords:
            other = dark if (r + c) % 2 == 0 else light
            for where, text in (("file", name[0] if r == 7 else ""),
                                (ranks, name[1] if c == (0 if ranks == "left" else 7) else "")):
                if text:
                    (x, y), anchor = at[where]
                    d.text((c * sq + x, r * sq + y), text, fill=other, font=f, anchor=anchor)
        if p:
            im = piece(setname, p, sq)
            img.paste(im, (c * sq, r * sq), im)
    return img


def browser(bd, width, height, rng):
    """Put a board in a mock browser window with a move list beside it."""
    img = Image.new("RGB", (width, height), (22, 21, 18))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, width, 38], fill=(53, 54, 58))
    for i, x in enumerate(range(12, 300, 95)):
        d.rounded_rectangle([x, 6, x + 85, 32], 6, fill=(80, 82, 88) if i else (38, 36, 33))
    d.rectangle([0, 39, width, 70], fill=(38, 36, 33))
    d.text((20, 46), "lichess.org  Play  Puzzles  Learn  Watch  Community  Tools", fill=(190, 190, 190), font=font(15))
    x0, y0 = 30, 90
    img.paste(bd, (x0, y0))
    px = x0 + bd.width + 30
    d.rectangle([px, y0, width - 20, y0 + bd.height], fill=(38, 36, 33))
    moves = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7".split()
    for i in range(0, len(moves), 2):
        d.text((px + 14, y0 + 14 + 14 * i), f"{i // 2 + 1}.  {moves[i]}   {moves[i + 1] if i + 1 < len(moves) else ''}",
               fill=(200, 200, 200), font=font(18))
    return img, (x0, y0)


def positions(doc):
    """The command line's positions file, each non-empty line split into
    its fields (a placement first), and its output folder, made; without
    both, exit with doc."""
    if len(sys.argv) != 3:
        sys.exit(doc)
    os.makedirs(sys.argv[2], exist_ok=True)
    with open(sys.argv[1]) as f:
        return [l.split() for l in f if l.strip()], sys.argv[2]


def kept_lines(out, made):
    """The lines of out/labels.csv after its header for pictures that are in
    out but not among made, the names a script writes rows for: rows added
    otherwise (screens from gen_screens.py, a photo from photo_variants.py)
    survive the script's next run. Lines, not parsed rows, so that each is
    written back as it stands (testdata's licences hold unquoted commas)."""
    path = os.path.join(out, "labels.csv")
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        lines = f.read().splitlines()[1:]
    kept = []
    for line in lines:
        name = line.split(",", 1)[0]
        if name and name not in made and os.path.exists(os.path.join(out, name)):
            kept.append(line)
    return kept


def main():
    rng = random.Random(7)
    os.makedirs(OUT, exist_ok=True)
    rows = []
    # A 1000 px wide browser screenshot: the benchmark picture.
    fen = "r1bq1rk1/pp2bppp/2nppn2/8/3NP3/2N1BP2/PPPQ2PP/2KR1B1R"
    bd = board(fen, 70, "cburnett", (240, 217, 181), (181, 136, 99), last=("e1", "c1"))
    img, _ = browser(bd, 1000, 700, rng)
    img.save(os.path.join(OUT, "browser-cburnett.png"), optimize=True)
    rows.append(("browser-cburnett.png", fen, "screenshot", "mock browser window, last move highlighted, coordinates inside"))
    # A tight crop from Black's side, another set and palette.
    fen2 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R"
    bd = board(fen2, 48, "merida", (234, 233, 210), (75, 115, 153), flipped=True, last=("g1", "f3"))
    bd.save(os.path.join(OUT, "black-side-merida.png"), optimize=True)
    rows.append(("black-side-merida.png", fen2, "screenshot", "tight crop seen from Black's side (FLIPPED), last move Nf3 highlighted"))
    # A small board without coordinates, saved as JPEG.
    fen3 = "8/5pk1/6p1/3Pp3/1Pp1Pn2/P3BP1P/2Q1N1P1/6K1"
    bd = board(fen3, 16, "chessnut", (238, 238, 210), (118, 150, 86), coords=False)
    canvas = Image.new("RGB", (200, 180), (49, 46, 43))
    canvas.paste(bd, (30, 20))
    canvas.save(os.path.join(OUT, "small-chessnut.jpg"), quality=85)
    rows.append(("small-chessnut.jpg", fen3, "screenshot", "128 px board on a dark page, no coordinates, JPEG"))

    # A composition seen from Black's side: its pieces say nothing of the
    # side, the coordinates printed around the board (h to a below, 1 to 8
    # down the left) do. DejaVu, the font, is one the coordinates model
    # never saw in training.
    fen4 = "8/8/8/4k3/8/8/8/R3K3"
    sq, m = 40, 30
    bd = board(fen4, sq, "cburnett", (240, 217, 181), (181, 136, 99), flipped=True, coords=False)
    page = Image.new("RGB", (8 * sq + 2 * m, 8 * sq + 2 * m), (250, 250, 248))
    page.paste(bd, (m, m))
    d = ImageDraw.Draw(page)
    for i in range(8):
        d.text((m + i * sq + sq // 2, m + 8 * sq + m // 2), "hgfedcba"[i], fill=(40, 40, 40), font=font(15), anchor="mm")
        d.text((m // 2, m + i * sq + sq // 2), "12345678"[i], fill=(40, 40, 40), font=font(15), anchor="mm")
    page.save(os.path.join(OUT, "composition-black-coords.png"), optimize=True)
    rows.append(("composition-black-coords.png", fen4, "diagram",
                 "composition seen from Black's side (FLIPPED), coordinates printed outside the board"))

    # Endgames seen from Black's side, as puzzle sites show them when Black
    # is to move: the pieces cannot tell the side, the coordinates in the
    # corners of the edge squares can (chess.com's corners, then lichess's).
    for name, fen5, sq, setname, ranks in (("endgame-black-chesscom.png", "4k3/8/8/8/8/8/4P3/4K3", 56, "cburnett", "left"),
                                          ("endgame-black-lichess.png", "8/p7/8/8/8/8/7P/K6k", 60, "merida", "right")):
        bd = board(fen5, sq, setname, (240, 217, 181), (181, 136, 99), flipped=True, ranks=ranks)
        bd.save(os.path.join(OUT, name), optimize=True)
        rows.append((name, fen5, "screenshot", "endgame seen from Black's side (FLIPPED), coordinates inside the edge squares"))
    # The same from two game positions of scripts/flipped_eval.sh, with glyphs
    # the coordinates model read only once it trained on corners of squares:
    # 5 pixels high on 32-pixel squares, and a quarter of an 80-pixel square
    # set tight in its corner.
    for name, fen6, sq, setname, light, dark, glyph in (
            ("endgame-black-small.png", "8/8/4kQ2/7N/8/3K4/8/8", 32, "merida", (240, 217, 181), (181, 136, 99), 0.157),
            ("endgame-black-large.png", "6R1/pk5p/3p4/8/2p5/2N1K3/PPr5/8", 80, "merida", (238, 238, 210), (118, 150, 86), 0.216)):
        bd = board(fen6, sq, setname, light, dark, flipped=True, ranks="right", glyph=glyph)
        bd.save(os.path.join(OUT, name), optimize=True)
        rows.append((name, fen6, "screenshot", "endgame seen from Black's side (FLIPPED), small or large coordinates tight in the edge squares' corners"))

    # A diagram scanned a little turned, as a page on a scanner's glass
    # lies: the lattice search fits rows and columns parallel to the
    # picture's edges, and cuts the corner squares' pieces unless the
    # outline is refitted to the crossings of the board's lines.
    fen7 = "1n4n1/8/8/8/8/8/8/1N4N1"  # a knights' exercise: no king to anchor the rules
    sq, m = 48, 40
    bd = board(fen7, sq, "merida", (236, 236, 236), (168, 168, 168), coords=False)
    page = Image.new("RGB", (8 * sq + 2 * m, 8 * sq + 2 * m), (252, 252, 250))
    page.paste(bd, (m, m))
    page = page.rotate(3, resample=Image.BICUBIC, fillcolor=(252, 252, 250))
    page.save(os.path.join(OUT, "turned-scan.png"), optimize=True)
    rows.append(("turned-scan.png", fen7, "diagram", "grey diagram turned 3 degrees, as scanned"))

    # A random placement drawn from White's side, coordinates in the edge
    # squares: its pawns lead the margins for Black's side, and the
    # coordinates must overrule them.
    fen9 = "K7/4R1kn/2P1P1n1/8/1pP1PpPB/2p2pR1/3p1N2/4b3"
    bd = board(fen9, 40, "cburnett", (238, 238, 210), (118, 150, 86))
    bd.save(os.path.join(OUT, "random-coords.png"), optimize=True)
    rows.append(("random-coords.png", fen9, "screenshot", "random placement from White's side whose pieces would turn it; coordinates inside the edge squares"))

    # A pale theme (lichess's blue-grey) cropped tight, in a piece set whose
    # pixel-art pieces cover most of the squares' corners, where their
    # shades are read: the lattice fits, the shades alternate faintly.
    fen8 = "r1bq1rk1/pp2bppp/2nppn2/8/3NP3/2N1BP2/PPPQ2PP/2KR1B1R"
    bd = board(fen8, 30, "pixel", (240, 241, 240), (196, 216, 228))
    bd.save(os.path.join(OUT, "pale-pixel.png"), optimize=True)
    rows.append(("pale-pixel.png", fen8, "screenshot", "pale theme cropped tight, pixel-art pieces: squares alternate faintly"))

    # An endgame in lichess's firi set, gold against silver: in grey, which
    # the classifier reads, the black pawns shade like white ones, and the
    # square prior makes advanced pawns white; the pieces' two hues
    # (package tint) say which side each is on.
    fen10 = "8/5k2/8/8/1p4p1/p1p3P1/6K1/8"
    bd = board(fen10, 40, "firi", (238, 238, 210), (118, 150, 86))
    bd.save(os.path.join(OUT, "firi-endgame.png"), optimize=True)
    rows.append(("firi-endgame.png", fen10, "screenshot", "gold and silver pieces (firi), advanced black pawns, coordinates inside"))

    # A phone screenshot whose board sits between two dark bars, olive theme,
    # pixel-art pieces and an empty first rank: the lattice search lands a
    # square high, the bar above taken for a row (picture 160 of
    # scripts/gen_screens.py --seed 1 --unchecked, copied as made there). For the
    # finder's tests only (testdata/screens, with the board's corners): its
    # random placement is not a position the assembler can be held to.
    os.makedirs(os.path.join(OUT, "screens"), exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "scripts/gen_screens.py", "--out", tmp, "--n", "161", "--seed", "1", "--unchecked"], check=True)
        shutil.copy(os.path.join(tmp, "screen-0160-phone.png"), os.path.join(OUT, "screens", "phone-bars.png"))
    with open(os.path.join(OUT, "screens", "labels.csv"), "w") as f:
        f.write("image,fen_placement,kind,notes,source,license\n")
        f.write('phone-bars.png,8/Q4Kp1/p2rrnPp/4RP1B/2P1q3/1b1PRp2/2p1Pnpk/8,screenshot,"phone layout, board between '
                'dark bars, first rank empty; board corners (a8,h8,h1,a1) [[8; 522]; [1000; 522]; [1000; 1514]; [8; 1514]]",'
                'fenscan scripts/gen_screens.py,AGPL-3.0+ (pixel pieces, therealqtpi)\n')

    # The small board again as WebP, and as a JPEG stored rotated with an
    # EXIF Orientation tag (6: rotate 90 degrees clockwise to view), as
    # phones save photos.
    small = Image.open(os.path.join(OUT, "small-chessnut.jpg"))
    small.save(os.path.join(OUT, "small-chessnut.webp"), quality=90)
    rows.append(("small-chessnut.webp", fen3, "screenshot", "the small board as WebP"))
    exif = Image.Exif()
    exif[0x0112] = 6
    small.transpose(Image.Transpose.ROTATE_90).save(os.path.join(OUT, "exif-rotated.jpg"), quality=90, exif=exif)
    rows.append(("exif-rotated.jpg", fen3, "screenshot", "stored rotated, EXIF Orientation=6"))

    # A page with no board: text, a table and buttons, for "no board" tests.
    page = Image.new("RGB", (800, 600), (250, 250, 248))
    d = ImageDraw.Draw(page)
    words = "the quick brown fox jumps over the lazy dog while a knight waits on e5".split()
    for y in range(30, 400, 26):
        d.text((40, y), " ".join(rng.choice(words) for _ in range(11)), fill=(30, 30, 30), font=font(18))
    for r in range(5):
        for c in range(4):
            d.rectangle([40 + c * 120, 420 + r * 30, 160 + c * 120, 450 + r * 30], outline=(90, 90, 90))
    d.rounded_rectangle([600, 520, 760, 570], 8, fill=(60, 120, 200))
    page.save(os.path.join(OUT, "text-page.png"), optimize=True)

    # The PGN standard's FEN examples as online boards draw them, the last
    # move tinted, from each side.
    std = [("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", (), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
           ("e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", ("e2", "e4"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3"),
           ("c5", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR", ("c7", "c5"), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6"),
           ("nf3", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R", ("g1", "f3"), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -"),
           ("foolsmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR", ("d8", "h4"), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -")]
    os.makedirs(os.path.join(OUT, "standard"), exist_ok=True)
    with open(os.path.join(OUT, "standard", "fens.csv"), "w") as f:
        f.write("image,fen4\n")
        for name, placement, last, fen4 in std:
            for flipped in (False, True):
                img = f"{name}-{'black' if flipped else 'white'}.png"
                bd = board(placement, 44, "cburnett", (240, 217, 181), (181, 136, 99), flipped=flipped, last=last)
                bd.save(os.path.join(OUT, "standard", img), optimize=True)
                f.write(f"{img},{fen4}\n")

    kept = kept_lines(OUT, {r[0] for r in rows})
    with open(os.path.join(OUT, "labels.csv"), "w") as f:
        f.write("image,fen_placement,kind,notes,source,license\n")
        lic = {"browser-cburnett.png": "GPLv2+ (cburnett pieces, Colin M.L. Burnett)",
               "black-side-merida.png": "GPLv2+ (merida pieces, Armando Hernandez Marroquin)",
               "composition-black-coords.png": "GPLv2+ (cburnett pieces, Colin M.L. Burnett)",
               "turned-scan.png": "GPLv2+ (merida pieces, Armando Hernandez Marroquin)",
               "pale-pixel.png": "AGPL-3.0+ (pixel pieces, therealqtpi)",
               "firi-endgame.png": "CC BY 4.0 (firi pieces, James Faure)",
               "random-coords.png": "GPLv2+ (cburnett pieces, Colin M.L. Burnett)",
               "endgame-black-chesscom.png": "GPLv2+ (cburnett pieces, Colin M.L. Burnett)",
               "endgame-black-lichess.png": "GPLv2+ (merida pieces, Armando Hernandez Marroquin)",
               "endgame-black-small.png": "GPLv2+ (merida pieces, Armando Hernandez Marroquin)",
               "endgame-black-large.png": "GPLv2+ (merida pieces, Armando Hernandez Marroquin)",
               "small-chessnut.jpg": "Apache-2.0 (chessnut pieces, Alexis Luengas)",
               "small-chessnut.webp": "Apache-2.0 (chessnut pieces, Alexis Luengas)",
               "exif-rotated.jpg": "Apache-2.0 (chessnut pieces, Alexis Luengas)"}
        for name, fen, kind, notes in rows:
            f.write(f'{name},{fen},{kind},"{notes}",fenscan scripts/make_testdata.py,{lic[name]}\n')
        for line in kept:
            f.write(line + "\n")


if __name__ == "__main__":
    sys.exit(main())

"""Piece sets and chess diagram fonts from Debian packages (unpacked by fetch_art.sh into
build/art/PKG). Called by prep_art.py. Every set gets an entry in sets.json with package,
author, license (from /usr/share/doc/PKG/copyright), family (sets of the same design share a
family; held-out families are never trained on) and kind (svg / sprite / font)."""
import base64, glob, gzip, os, subprocess
import xml.etree.ElementTree as ET
import numpy as np, cv2

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ART = os.path.join(ROOT, "build", "art")
S = 160
PIECES = ["wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP"]

# Families held out from training (design families, so the same design from another
# package cannot leak into training).
HELDOUT_FAMILIES = {"fantasy", "spatial", "pixel", "magnetic", "kingdom", "condal", "lucena",
                    "goodcompanion", "xboard", "kosal", "eboard-jumbo", "chessicons"}

PYCHESS_SVG = ["ada", "alfonso", "alpha", "chessicons", "chessmonk", "freestaunton", "kilfiger",
               "kosal", "leipzig", "magnetic", "maya", "merida_new", "metaltops", "pirat", "regular"]
# chess diagram fonts in pychess (mapping ' +pnbrqkomvtwlPNBRQKOMVTWL' verified by rendering);
# cheq.ttf skipped: several black-on-light glyphs missing.
PYCHESS_TTF = ["adventurer", "cases", "condal", "harlequin", "kingdom", "leipzig", "line", "lucena",
               "magnetic", "mark", "maroquin", "maya", "medieval", "merida", "millenia", "motif", "usual"]
FONT_AUTHORS = {"adventurer": "Armando H. Marroquin", "cases": "David L. Brown", "condal": "Armando H. Marroquin",
                "harlequin": "Armando H. Marroquin", "kingdom": "Armando H. Marroquin", "leipzig": "Armando H. Marroquin",
                "line": "Armando H. Marroquin", "lucena": "Armando H. Marroquin", "magnetic": "Armando H. Marroquin",
                "mark": "Armando H. Marroquin", "maroquin": "Armando H. Marroquin", "maya": "Armando H. Marroquin",
                "medieval": "Armando H. Marroquin", "merida": "Armando H. Marroquin", "millenia": "Armando H. Marroquin",
                "motif": "Armando H. Marroquin", "usual": "Armando H. Marroquin"}
SCID = {  # dir: (file, family, author)
    "Alpha": ("alpha2_200.png", "alpha", "Eric Bentzen (font); images Shane Hudson"),
    "Good Companion": ("good_companion_200.png", "goodcompanion", "scid contributors"),
    "Leipzig": ("Leibzig_200.png", "leipzig", "Armando H. Marroquin (font); images marcelk.net"),
    "Merida1": ("Merida1_114.png", "merida", "Armando H. Marroquin (font)"),
    "Eboard": ("Eboard_120.png", "eboard", "Felipe Bergo"),
    "Fantasy2": ("fantasy2_200.png", "fantasy", "Maurizio Monge"),
    "Kingdom": ("Kingdom_80.gif", "kingdom", "Armando H. Marroquin (font)"),
    # Bauhaus skipped: abstract geometric shapes, white pieces are bare outlines.
}
# knights (KDE) themes: theme -> family. plain and gray are Colin Burnett's design (gray only
# recoloured). xboard2 ("variation of XBoard") is not the xboard default SVG design: its shapes
# match SkakNew-Diagram (silhouette IoU 0.93, near-identical overlay) and are no closer to
# xboard-default than cburnett is (0.90 vs 0.92).
KNIGHTS = {"plain": "cburnett", "gray": "cburnett", "xboard2": "skaknew", "east_west": "east_west",
           "knights": "knights"}
KNIGHTS_LICENSE = "GPL-2 or GPL-3 (or later approved by KDE e.V.)"
# texlive-games skaknew diagram fonts: (file, family, author). Their mapping follows skak, not
# pychess: light-square piece KQRBNP/kqrbnp, dark-square JLSAMO/jlsamo, '0' light, 'Z' dark empty
# (verified by rendering all glyphs).
SKAKNEW = {"skaknew": ("SkakNew-Diagram.otf", "skaknew",
                       "Ulrich Dirr (after skak by Torben Hoffmann, Dirk Baechle; chess by Piet Tutelaers)"),
           "alphadia": ("AlphaDia.otf", "alpha", "Ulrich Dirr (after ChessAlpha by Eric Bentzen)")}
# texlive-games' bartel-chess-fonts: Elmar Bartel's METAFONT diagram fonts (GPL-1+), drawn by
# mf at 600 dpi and read back with gftype -i. Each font holds its pieces in groups of six
# (P N B R Q K): white on light 0-5, black on light 12-17, white on dark 18-23, black on dark
# 30-35 (6-11 and 24-29 are half-white "neutral" pieces, 36 on turned ones); 144 is the dark
# (diagonally hatched) empty square, and a light empty square is no glyph at all (verified by
# drawing all glyphs). fselch and pkelch are two designs of his; 30 and 34 pt fselch are broken.
BARTEL = {"fselch": "fselch20", "pkelch": "pkelch16"}
BARTEL_CODES = {"w": (0, 18), "b": (12, 30)}

# Fonts whose chess symbols (U+2654-U+265F) are a design of their own, as a web page or a
# document shows a board drawn in text: white pieces outlined, black ones filled. They have no
# square glyphs, so book renders hatch their dark squares themselves. name: (package, file,
# author, license, from the package's copyright file). DejaVu Sans Bold draws DejaVu's design,
# and FreeSans, FreeMono and OpenSymbol have no chess symbols.
UNICODE_FONTS = {
    "dejavu": ("fonts-dejavu-core", "usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
               "DejaVu fonts team (after Bitstream Vera)", "Bitstream Vera"),
    "symbola": ("fonts-symbola", "usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
                "George Douros", "free for any use (Symbola 2.60)"),
    "noto": ("fonts-noto-core", "usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
             "Google (Noto fonts)", "OFL-1.1"),
    "freeserif": ("fonts-freefont-ttf", "usr/share/fonts/truetype/freefont/FreeSerif.ttf",
                  "GNU FreeFont contributors", "GPL-3+ with font exception"),
    # Fonts for Japanese (JIS X 0213 has the chess symbols), Chinese and Korean, and GNU
    # Unifont: five designs of their own (Ume's and WenQuanYi's crowned kings, Unifont's
    # 16-pixel grid). Umeplus and Komatuna copy Ume's and Konatu's; Kiloji's and the Aoyagi
    # fonts' symbols draw nothing.
    "unifont": ("fonts-unifont", "usr/share/fonts/opentype/unifont/unifont.otf",
                "Roman Czyborra, Paul Hardy and GNU Unifont contributors", "GPL-2+"),
    "ume": ("fonts-horai-umefont", "usr/share/fonts/truetype/horai-umefont/ume-tgo4.ttf",
            "Wataru Hourai", "UmeFont (use, copy, modify, distribute freely)"),
    "konatu": ("fonts-konatu", "usr/share/fonts/truetype/konatu/Konatu.ttf",
               "Mitiya Masuda", "MIT"),
    "d2coding": ("fonts-naver-d2coding", "usr/share/fonts/truetype/naver-d2coding/D2Coding-Ver1.3.2-20180524-all.ttc",
                 "NAVER Corporation", "OFL-1.1"),
    "wqy": ("fonts-wqy-microhei", "usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
            "The WenQuanYi Project Board of Trustees", "Apache-2.0 or GPL-3+ with font exception"),
    # Four more of their own: a Caslon revival, a Uyghur font and two Japanese ones.
    "caslon": ("fonts-georgewilliams", "usr/share/fonts/truetype/fonts-georgewilliams/CaslonRoman.ttf",
               "George Williams", "OFL-1.1 or BSD-3-clause"),
    "tughra": ("fonts-ukij-uyghur", "usr/share/fonts/truetype/fonts-ukij-uyghur/UKIJTughra.ttf",
               "Uyghur Computer Science Association", "OFL-1.1 or LGPL-3"),
    "seto": ("fonts-seto", "usr/share/fonts/truetype/seto/setofont.ttf", "Nozomi Seto", "OFL-1.1"),
    "yoz": ("fonts-yozvox-yozfont-new-kana", "usr/share/fonts/truetype/yozvox-yozfont/YOzRN_.ttf",
            "Y.Oz (Y.OzVox)", "OFL-1.1"),
}
UNICODE_CHARS = "".join(chr(0x2654 + i) for i in range(12))  # K Q R B N P, white then black
# tagua's Enquil font: one outline glyph per piece type (k q r b n p); tagua fills it white for
# White and dark, with a white outline, for Black (themes/pieces/EnquilTTF/theme_eboard.lua).
# eboard's Enquil sheet is skipped (its layout); the font gives the design.
ENQUIL = "tagua-data/usr/share/tagua/themes/pieces/EnquilTTF/Enquil.ttf"

EBOARD_SKIP = {"Altinov", "Primepov", "Enquil", "classic", "Dominical72",  # non-standard sheet layouts
               "ghouls", "Rastapov"}  # noisy chroma key / ambiguous blurry 3D pov pieces
EBOARD_FAMILY = {"Kingdom": "kingdom", "Leipzig": "leipzig", "Alpha": "alpha", "Usual": "usual",
                 "Harlequin": "harlequin", "Adventurer": "adventurer", "Jumbo": "eboard-jumbo"}


def fit(im_rgba, fill=0.92):
    """place RGBA piece bottom-centred-ish in an SxS box, scaled so its bbox fits fill*S."""
    a = im_rgba[:, :, 3]
    ys, xs = np.nonzero(a > 10)
    if len(ys) == 0:
        return None
    im = im_rgba[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    h, w = im.shape[:2]
    f = fill * S / max(h, w)
    im = cv2.resize(im, (max(1, int(round(w * f))), max(1, int(round(h * f)))), interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC)
    out = np.zeros((S, S, 4), np.uint8)
    h, w = im.shape[:2]
    y = (S - h) // 2
    x = (S - w) // 2
    out[y:y + h, x:x + w] = im
    return out


def write_set(outdir, name, pieces):
    d = os.path.join(outdir, name)
    os.makedirs(d, exist_ok=True)
    for p, im in pieces.items():
        cv2.imwrite(os.path.join(d, p + ".png"), im)


def entry(meta, name, package, author, lic, family, kind, style="colour"):
    meta[name] = dict(source="debian:" + package, package=package, author=author, license=lic,
                      family=family, kind=kind, style=style, heldout=family in HELDOUT_FAMILIES)


def do_pychess_svg(meta, outdir, log):
    base = os.path.join(ART, "pychess/usr/share/pychess/pieces")
    for s in PYCHESS_SVG:
        name = "pychess-" + s
        d = os.path.join(outdir, name)
        if not os.path.exists(os.path.join(d, "bP.png")):
            os.makedirs(d, exist_ok=True)
            for p in PIECES:
                svg = os.path.join(base, s, p[0] + p[1].lower() + ".svg")
                subprocess.run(["rsvg-convert", "-w", str(S), "-h", str(S), "-o", os.path.join(d, p + ".png"), svg], check=True)
        fam = {"merida_new": "merida"}.get(s, s)
        entry(meta, name, "pychess", "pychess contributors (see package)", "GPL-3+", fam, "svg")


def do_pychess_sheet(meta, outdir, log):
    """pychess sets drawn as one 1200x400 sheet: black K Q R B N P on the top row, white below,
    in 200 px cells. Only eyes: fantasy_alt is the held-out fantasy design, and freak, prmi and
    skulls draw pieces as drummers, cats and tombstones, which teach nothing about real sets."""
    base = os.path.join(ART, "pychess/usr/share/pychess/pieces")
    for s in ["eyes"]:
        name = "pychess-" + s
        d = os.path.join(outdir, name)
        if not os.path.exists(os.path.join(d, "bP.png")):
            tmp = os.path.join(outdir, name + ".png")
            subprocess.run(["rsvg-convert", "-w", "1200", "-h", "400", "-o", tmp, os.path.join(base, s, s + ".svg")], check=True)
            sheet = cv2.imread(tmp, cv2.IMREAD_UNCHANGED)
            os.remove(tmp)
            pcs = {}
            for row, side in enumerate("bw"):
                for col, t in enumerate("KQRBNP"):
                    cell = sheet[row * 200:(row + 1) * 200, col * 200:(col + 1) * 200]
                    pcs[side + t] = cv2.resize(cell, (S, S), interpolation=cv2.INTER_AREA)
            write_set(outdir, name, pcs)
        entry(meta, name, "pychess", "pychess contributors (see package)", "GPL-3+", s, "svg")


def do_xboard(meta, outdir, log):
    base = os.path.join(ART, "xboard/usr/share/games/xboard/themes/default")
    names = {"K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight", "P": "Pawn"}
    d = os.path.join(outdir, "xboard-default")
    if not os.path.exists(os.path.join(d, "bP.png")):
        os.makedirs(d, exist_ok=True)
        for p in PIECES:
            svg = os.path.join(base, ("White" if p[0] == "w" else "Black") + names[p[1]] + ".svg")
            tmp = os.path.join(d, "tmp.png")
            subprocess.run(["rsvg-convert", "-w", "400", "-h", "400", "-a", "-o", tmp, svg], check=True)
            im = cv2.imread(tmp, cv2.IMREAD_UNCHANGED)
            cv2.imwrite(os.path.join(d, p + ".png"), fit(im, 0.9))
        os.remove(os.path.join(d, "tmp.png"))
    entry(meta, "xboard-default", "xboard", "GNU XBoard contributors", "GPL-3+", "xboard", "svg")


def load_any(path):
    im = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if im is None:  # gif
        from PIL import Image
        im = np.array(Image.open(path).convert("RGBA"))[:, :, [2, 1, 0, 3]]
    if im.ndim == 2:
        im = cv2.cvtColor(im, cv2.COLOR_GRAY2BGRA)
    if im.shape[2] == 3:
        im = np.dstack([im, np.full(im.shape[:2], 255, np.uint8)])
    return im


def do_scid(meta, outdir, log):
    base = os.path.join(ART, "scid-data/usr/share/scid/img/pieces")
    order = ["wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"]
    for dname, (fname, fam, author) in SCID.items():
        path = os.path.join(base, dname, fname)
        if not os.path.exists(path):
            log("scid missing", path)
            continue
        name = "scid-" + dname.lower().replace(" ", "")
        im = load_any(path)
        n = im.shape[0]
        pcs = {}
        for i, p in enumerate(order):
            f = fit(im[:, i * n:(i + 1) * n], 0.92)
            if f is None:
                break
            pcs[p] = f
        if len(pcs) != 12:
            log("scid bad", name)
            continue
        write_set(outdir, name, pcs)
        entry(meta, name, "scid-data", author, "GPL-2.0", fam, "sprite")


def do_eboard(meta, outdir, log):
    base = os.path.join(ART, "eboard/usr/share/games/eboard")
    order = ["wR", "wN", "wB", "wQ", "wK", "wP"]
    for f in sorted(glob.glob(os.path.join(base, "*.png"))):
        nm = os.path.basename(f)[:-4]
        if nm in EBOARD_SKIP:
            continue
        im = cv2.imread(f, cv2.IMREAD_COLOR)
        h, w = im.shape[:2]
        if abs(w / h - 3.5) > 0.05:
            continue
        cs = w // 7
        key = im[0, 0].astype(np.int32)
        pcs = {}
        for row, col in ((0, "w"), (1, "b")):
            for i, p in enumerate(order):
                cell = im[row * (h // 2):(row + 1) * (h // 2), i * cs:(i + 1) * cs]
                dist = np.abs(cell.astype(np.int32) - key).sum(2)
                a = np.where(dist > 60, 255, 0).astype(np.uint8)
                # keep only the component(s) touching the centre region
                rgba = np.dstack([cell, a])
                pcs[col + p[1]] = fit(rgba, 0.92)
        if any(v is None for v in pcs.values()):
            continue
        name = "eboard-" + nm.lower()
        write_set(outdir, name, pcs)
        entry(meta, name, "eboard", "Felipe Bergo / eboard contributors", "GPL-2+",
              EBOARD_FAMILY.get(nm, "eboard-" + nm.lower()), "sprite")


PYCHESS_MAP = {"empty": (" ", "+"), **dict(zip(PIECES, zip("kqrbnplwtvmo", "KQRBNPLWTVMO")))}
SKAK_MAP = {"empty": ("0", "Z"), **dict(zip(PIECES, zip("KQRBNPkqrbnp", "JLSAMOjlsamo")))}


def font_cells(path, log, mapping=PYCHESS_MAP):
    """render diagram-font glyphs; mapping: key -> (light-square char, dark-square char) for keys
    empty, wK...bP; the cell is the ink bbox of the dark empty square. Returns dict key->ink mask
    (SxS uint8) for keys L_empty, D_empty, L_wK..., D_bP, or None if the cell cannot be determined."""
    from PIL import Image, ImageDraw, ImageFont
    size = 400
    ft = ImageFont.truetype(path, size)

    def ink(ch):
        img = Image.new("L", (size * 2, size * 2), 0)
        ImageDraw.Draw(img).text((size // 2, size // 2), ch, font=ft, fill=255)
        return np.array(img)
    dark = ink(mapping["empty"][1])
    ys, xs = np.nonzero(dark > 127)
    if len(ys) == 0:
        return None
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    if abs((y1 - y0) - (x1 - x0)) > 0.05 * (x1 - x0):
        log("font cell not square", path, y1 - y0, x1 - x0)
        return None
    cells = {}
    for p, (l, d) in mapping.items():
        for sc, ch in (("L", l), ("D", d)):
            m = ink(ch)[y0:y1, x0:x1]
            cells[sc + "_" + p] = cv2.resize(m, (S, S), interpolation=cv2.INTER_AREA)
    # sanity: the dark-empty cell has ink, light empty is (nearly) blank, pieces differ
    if cells["L_empty"].mean() > 20 or cells["D_empty"].mean() < 10:
        log("font sanity failed", path)
        return None
    return cells


def piece_from_cell(m):
    """RGBA piece from a light-square ink mask: ink black, enclosed interior white."""
    ink = m > 100
    free = (~ink).astype(np.uint8)
    h, w = free.shape
    ff = free.copy()
    mask = np.zeros((h + 2, w + 2), np.uint8)
    for (x, y) in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        if ff[y, x] == 1:
            cv2.floodFill(ff, mask, (x, y), 2)
    outside = ff == 2
    alpha = np.where(outside, 0, 255).astype(np.uint8)
    # antialiased edge: use ink coverage at the outside boundary
    alpha = np.maximum(alpha, np.where(outside, m, 0)).astype(np.uint8)
    col = 255 - m
    return np.dstack([col, col, col, alpha])


def write_font_set(outdir, name, path, log, mapping=PYCHESS_MAP):
    """diag/ cells plus the 12 pieces; False if the font is unusable."""
    d = os.path.join(outdir, name)
    if os.path.exists(os.path.join(d, "diag", "D_bK.png")):
        return True
    cells = font_cells(path, log, mapping)
    if cells is None:
        return False
    save_font_cells(d, cells)
    return True


def save_font_cells(d, cells):
    """diag/ cells and the 12 pieces cut from the light-square glyphs."""
    os.makedirs(os.path.join(d, "diag"), exist_ok=True)
    for k, m in cells.items():
        cv2.imwrite(os.path.join(d, "diag", k + ".png"), m)
    for p in PIECES:
        cv2.imwrite(os.path.join(d, p + ".png"), piece_from_cell(cells["L_" + p]))


def do_fonts(meta, outdir, log):
    base = os.path.join(ART, "pychess/usr/share/pychess/pieces/ttf")
    for s in PYCHESS_TTF:
        name = "font-" + s
        if not write_font_set(outdir, name, os.path.join(base, s + ".ttf"), log):
            continue
        fam = {"maroquin": "maroquin"}.get(s, s)
        entry(meta, name, "pychess", FONT_AUTHORS.get(s, "?"), "GPL-3+", fam, "font", style="bw")


def do_skaknew(meta, outdir, log):
    base = os.path.join(ART, "texlive-games/usr/share/texlive/texmf-dist/fonts/opentype/public/skaknew")
    for s, (fname, fam, author) in SKAKNEW.items():
        name = "font-" + s
        if write_font_set(outdir, name, os.path.join(base, fname), log, SKAK_MAP):
            # Licenses.gz lists skaknew as lppl; SkakNew.tex: LPPL 1.2 or later
            entry(meta, name, "texlive-games", author, "LPPL-1.2+", fam, "font", style="bw")


def gf_glyphs(mf_name, log):
    """code -> ink mask of each glyph of a METAFONT font, on its qs x qs cell (the cell is the
    extent of the hatched empty square, code 144), or None if mf made no usable font."""
    import re, tempfile
    src = os.path.join(ART, "texlive-games/usr/share/texlive/texmf-dist/fonts/source/public/bartel-chess-fonts")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, MFINPUTS=src + ":")
        # mf exits 1 on the fonts' harmless warnings (strange paths); the glyph file is what
        # counts. batchmode first: mf must never stop to ask.
        subprocess.run(["mf", "\\batchmode; mode=ljfour; mag=1; input " + mf_name], cwd=tmp, env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, timeout=300)
        gf = os.path.join(tmp, mf_name + ".600gf")
        if not os.path.exists(gf):
            log("mf wrote no glyphs for", mf_name)
            return None
        out = subprocess.run(["gftype", "-i", gf], env=env,
                             capture_output=True, text=True, check=True).stdout.split("\n")
    # gftype -i prints each glyph as rows of '*' between two markers; the first gives the METAFONT
    # coordinates of the top-left pixel's lower-left corner.
    raw, i = {}, 0
    while i < len(out):
        m = re.search(r"beginning of char (\d+)", out[i])
        c = m and re.search(r"lower left corner is at \((-?\d+),(-?\d+)\)", out[i + 1])
        if not c:
            i += 1
            continue
        j = i + 2
        while not out[j].startswith(".<--"):
            j += 1
        raw[int(m.group(1))] = (int(c.group(1)), int(c.group(2)), out[i + 2:j])
        i = j + 1
    if 144 not in raw:
        log("bartel font without its hatched square", mf_name)
        return None
    x0, top, rows = raw[144]
    qs = max(len(rows), max(len(r) for r in rows))
    glyphs = {}
    for code, (gx, gy, rows) in raw.items():
        im = np.zeros((qs, qs), np.uint8)
        for r, line in enumerate(rows):
            y = top - gy + r
            for c, v in enumerate(line):
                if v == "*" and 0 <= y < qs and 0 <= gx - x0 + c < qs:
                    im[y, gx - x0 + c] = 255
        glyphs[code] = cv2.resize(im, (S, S), interpolation=cv2.INTER_AREA)
    return glyphs


def do_bartel(meta, outdir, log):
    import shutil
    for s, mf_name in BARTEL.items():
        name = "font-" + s
        d = os.path.join(outdir, name)
        if not os.path.exists(os.path.join(d, "diag", "D_bK.png")):
            if not (shutil.which("mf") and shutil.which("gftype")):
                log("no mf/gftype (apt-get install texlive-binaries texlive-base); bartel fonts skipped")
                return
            g = gf_glyphs(mf_name, log)
            if g is None:
                continue
            cells = {"L_empty": np.zeros((S, S), np.uint8), "D_empty": g[144]}
            for p in PIECES:
                light, dark = BARTEL_CODES[p[0]]
                k = "PNBRQK".index(p[1])
                cells["L_" + p], cells["D_" + p] = g[light + k], g[dark + k]
            save_font_cells(d, cells)
        entry(meta, name, "texlive-games", "Elmar Bartel", "GPL-1+", "elch", "font", style="bw")


def glyph_cells(path, chars):
    """Ink masks (SxS) of one glyph per piece, in one square cell for all: the glyphs keep
    their places on the font's baseline, each is centred across, and the cell's side is the
    span from the highest top to the lowest bottom (or the widest glyph, if wider) over
    0.85, so that pieces keep their sizes relative to each other as a diagram font's do.
    None if the font lacks a glyph (PIL would draw its placeholder box)."""
    from PIL import Image, ImageDraw, ImageFont
    from fontTools.ttLib import TTFont
    cmap = TTFont(path, fontNumber=0).getBestCmap()  # the first font of a collection (.ttc)
    if any(ord(ch) not in cmap for ch in chars):
        return None
    size = 400
    ft = ImageFont.truetype(path, size)
    inks, boxes = [], []
    for ch in chars:
        img = Image.new("L", (size * 3, size * 3), 0)
        ImageDraw.Draw(img).text((size, size), ch, font=ft, fill=255)
        m = np.array(img)
        ys, xs = np.nonzero(m > 127)
        if len(ys) == 0:
            return None
        inks.append(m)
        boxes.append((ys.min(), ys.max() + 1, xs.min(), xs.max() + 1))
    top, bottom = min(b[0] for b in boxes), max(b[1] for b in boxes)
    side = int(max(bottom - top, max(b[3] - b[2] for b in boxes)) / 0.85)
    y0 = top - (side - (bottom - top)) // 2
    cells = []
    for m, (_, _, x0, x1) in zip(inks, boxes):
        x = (x0 + x1) // 2 - side // 2
        cell = np.zeros((side, side), np.uint8)
        src = m[max(y0, 0):y0 + side, max(x, 0):x + side]
        cell[max(0, -y0):max(0, -y0) + src.shape[0], max(0, -x):max(0, -x) + src.shape[1]] = src
        cells.append(cv2.resize(cell, (S, S), interpolation=cv2.INTER_AREA))
    return cells


def do_glyph_fonts(meta, outdir, log):
    for s, (pkg, rel, author, lic) in UNICODE_FONTS.items():
        name = "font-" + s
        d = os.path.join(outdir, name)
        if not os.path.exists(os.path.join(d, "bP.png")):
            cells = glyph_cells(os.path.join(ART, pkg, rel), UNICODE_CHARS)
            if cells is None:
                log("no chess symbols in", rel)
                continue
            write_set(outdir, name, {p: piece_from_cell(c) for p, c in zip(PIECES, cells)})
        entry(meta, name, pkg, author, lic, s, "font", style="bw")
    name = "font-enquil"
    d = os.path.join(outdir, name)
    if not os.path.exists(os.path.join(d, "bP.png")):
        cells = glyph_cells(os.path.join(ART, ENQUIL), "kqrbnp")
        if cells is None:
            log("no glyphs in", ENQUIL)
            return
        pcs = {}
        for t, c in zip("KQRBNP", cells):
            white = piece_from_cell(c)
            black = white.copy()
            # ink white, the enclosed body dark
            black[:, :, :3] = (55 + (200 * (c.astype(np.float32) / 255))).astype(np.uint8)[:, :, None]
            pcs["w" + t], pcs["b" + t] = white, black
        write_set(outdir, name, pcs)
    entry(meta, name, "tagua-data", "tagua contributors (Enquil font; see package)", "GPL-2+",
          "enquil", "font")


# GNUstep Chess.app's 2D pieces: NeXT's Chess of 1989 (Apple's licence: use, modify and
# redistribute). 64x64 TIFFs of grey and associated alpha, LZW, most at 2 bits a sample in
# separate planes, which neither OpenCV nor PIL reads: read_tiff reads them.
NEXT_DIR = "chess.app/usr/share/GNUstep/Chess.app/English.lproj"
NEXT_NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}


def tiff_lzw(data):
    """Decompress one TIFF LZW strip (codes MSB first, 9 to 12 bits, widened one code early)."""
    out, pos, nbits, prev = bytearray(), 0, 9, None
    table = [bytes([i]) for i in range(256)] + [b"", b""]
    while pos + nbits <= 8 * len(data):
        chunk = int.from_bytes(data[pos >> 3:(pos >> 3) + 3].ljust(3, b"\0"), "big")
        code = (chunk >> (24 - nbits - (pos & 7))) & ((1 << nbits) - 1)
        pos += nbits
        if code == 256:  # clear
            table, nbits, prev = table[:258], 9, None
            continue
        if code == 257:  # end of information
            break
        entry = table[code] if code < len(table) else prev + prev[:1]
        if prev is not None:
            table.append(prev + entry[:1])
        out += entry
        prev = entry
        if len(table) + 1 >= 1 << nbits and nbits < 12:
            nbits += 1
    return bytes(out)


def read_tiff(path):
    """The first image of a grey TIFF, black zero, with or without alpha (1-8 bits a sample,
    chunky or planar, uncompressed or LZW without predictor) as uint8 HxWxSAMPLES."""
    import struct
    b = open(path, "rb").read()
    bo = "<" if b[:2] == b"II" else ">"
    ifd = struct.unpack(bo + "I", b[4:8])[0]
    tags = {}
    for i in range(struct.unpack(bo + "H", b[ifd:ifd + 2])[0]):
        tag, typ, cnt = struct.unpack(bo + "HHI", b[ifd + 2 + 12 * i:ifd + 10 + 12 * i])
        f = {3: "H", 4: "I"}.get(typ, "B")
        size = struct.calcsize(f) * cnt
        at = ifd + 10 + 12 * i if size <= 4 else struct.unpack(bo + "I", b[ifd + 10 + 12 * i:ifd + 14 + 12 * i])[0]
        tags[tag] = struct.unpack(bo + f * cnt, b[at:at + size])
    w, h, bits = tags[256][0], tags[257][0], tags[258][0]
    spp, planar, comp, predictor, photometric = (tags.get(t, (1,))[0] for t in (277, 284, 259, 317, 262))
    if comp not in (1, 5) or predictor != 1 or photometric != 1:
        raise ValueError("%s: TIFF compression %d, predictor %d, photometric %d not read" % (
            path, comp, predictor, photometric))
    rps = min(tags.get(278, (h,))[0], h)
    strips = [b[o:o + n] for o, n in zip(tags[273], tags[279])]
    if comp == 5:
        strips = [tiff_lzw(x) for x in strips]
    per_row = spp if planar == 1 else 1

    def samples(raw, rows):
        stride = (w * per_row * bits + 7) // 8
        a = np.frombuffer(raw[:stride * rows].ljust(stride * rows, b"\0"), np.uint8).reshape(rows, stride)
        v = np.unpackbits(a, axis=1)[:, :w * per_row * bits].reshape(rows, w * per_row, bits)
        v = (v * (1 << np.arange(bits - 1, -1, -1))).sum(2)
        return (v * 255 // ((1 << bits) - 1)).astype(np.uint8).reshape(rows, w, per_row)
    n = len(strips) * per_row // spp  # strips a plane
    planes = [strips[k:k + n] for k in range(0, len(strips), n)]
    return np.concatenate([np.concatenate([samples(x, min(rps, h - k * rps)) for k, x in enumerate(plane)])
                           for plane in planes], 2)


def do_nextstep(meta, outdir, log):
    name = "chessapp-next"
    d = os.path.join(outdir, name)
    if not os.path.exists(os.path.join(d, "bP.png")):
        pcs = {}
        for p in PIECES:
            ga = read_tiff(os.path.join(ART, NEXT_DIR, "%s_%s.tiff" % ("white" if p[0] == "w" else "black",
                                                                      NEXT_NAMES[p[1]]))).astype(np.float32)
            alpha = ga[:, :, 1]
            grey = np.where(alpha > 0, 255 * ga[:, :, 0] / np.maximum(alpha, 1), 0).clip(0, 255)  # unpremultiply
            pcs[p] = fit(np.dstack([grey, grey, grey, alpha]).astype(np.uint8), 0.9)
        write_set(outdir, name, pcs)
    entry(meta, name, "chess.app", "NeXT Computer / Apple Computer (Chess.app), GNUstep port by Gregory Casamento",
          "Apple sample code licence, APPLE-BSD in Debian's copyright file (use, modify, redistribute)", "next", "sprite")


def knights_piece(svg, pid, images, tmp):
    """RGBA render of one theme element at about 400 px piece size."""
    if pid in images:  # raster piece embedded as data: URI (rsvg cannot export <image> by id)
        data = base64.b64decode(images[pid].split(",", 1)[1])
        return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    w = 400
    for _ in range(2):  # rsvg's element bbox can be far larger than the ink; re-render bigger
        subprocess.run(["rsvg-convert", "-i", pid, "-w", str(w), "-h", str(w), "-a", "-o", tmp, svg], check=True)
        im = cv2.imread(tmp, cv2.IMREAD_UNCHANGED)
        ys, xs = np.nonzero(im[:, :, 3] > 10)
        e = max(np.ptp(ys), np.ptp(xs)) + 1
        if e >= 360:
            break
        w = w * 400 // e
    return im


def do_knights(meta, outdir, log):
    base = os.path.join(ART, "knights/usr/share/knights/themes")
    names = {"K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight", "P": "Pawn"}
    authors = {}
    for f in glob.glob(os.path.join(base, "*.desktop")):
        kv = dict(l.strip().split("=", 1) for l in open(f, encoding="utf-8") if "=" in l)
        authors[kv["FileName"][:-5]] = kv.get("Author", "?")
    for t, fam in KNIGHTS.items():
        name = "knights-" + t
        svg = os.path.join(base, t + ".svgz")
        d = os.path.join(outdir, name)
        if not os.path.exists(os.path.join(d, "bP.png")):
            os.makedirs(d, exist_ok=True)
            root = ET.fromstring(gzip.open(svg).read())
            images = {e.get("id"): e.get("{http://www.w3.org/1999/xlink}href")
                      for e in root.iter("{http://www.w3.org/2000/svg}image")}
            tmp = os.path.join(d, "tmp.png")
            pcs = {p: fit(knights_piece(svg, ("White" if p[0] == "w" else "Black") + names[p[1]], images, tmp), 0.9)
                   for p in PIECES}
            if os.path.exists(tmp):
                os.remove(tmp)
            write_set(outdir, name, pcs)
        author = authors.get(t, "?")
        if fam == "cburnett" and "Burnett" not in author:
            author += " (design: Colin M. L. Burnett)"
        entry(meta, name, "knights", author, KNIGHTS_LICENSE, fam, "svg")


def run(meta, outdir, log):
    if not os.path.isdir(ART):
        log("no build/art; run scripts/fetch_art.sh")
        return
    for fn in (do_pychess_svg, do_pychess_sheet, do_xboard, do_scid, do_eboard, do_fonts, do_skaknew, do_bartel, do_knights,
               do_glyph_fonts, do_nextstep):
        try:
            fn(meta, outdir, log)
            log(fn.__name__, "ok, total sets", len(meta))
        except Exception as e:  # keep going; report
            log(fn.__name__, "FAILED", repr(e))
    # lichess sets: tag families
    for s in list(meta):
        if meta[s].get("source", "").startswith("lichess"):
            meta[s]["family"] = s
            meta[s]["style"] = "colour"
            meta[s]["heldout"] = s in HELDOUT_FAMILIES

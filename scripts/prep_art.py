#!/usr/bin/env python3
"""Rasterize every piece set / chess font we may use into build/pieces/<set>/<piece>.png
(RGBA, 160x160, piece centred in its square box) and write build/pieces/sets.json with
metadata (source, author, license, style). Sources: /work/shared/art (lichess sets) and
Debian packages unpacked by fetch_art.sh under build/art/."""
import json, os, subprocess, sys, time
import numpy as np, cv2

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "pieces")
SHARED = os.environ.get("FENSCAN_ART", "/work/shared/art")
PIECES = ["wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP"]
S = 160

LICHESS = {
    "cburnett": ("Colin M.L. Burnett", "GPL-2.0+"),
    "merida": ("Armando Hernandez Marroquin", "GPL-2.0+"),
    "chessnut": ("Alexis Luengas", "Apache-2.0"),
    "pirouetti": ("pirouetti", "AGPL-3.0+"),
    "pixel": ("therealqtpi", "AGPL-3.0+"),
    "shapes": ("flugsio", "CC BY-SA 4.0"),
    "rhosgfx": ("RhosGFX", "CC0 1.0"),
    "fantasy": ("Maurizio Monge", "MIT"),
    "spatial": ("Maurizio Monge", "MIT"),
    "celtic": ("Maurizio Monge", "MIT"),
    "kiwen-suwi": ("neverRare", "CC BY 4.0"),
    "firi": ("James Faure", "CC BY 4.0"),
    "mpchess": ("Maxime Chupin", "GPL-3.0+"),
}


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def norm_rgba(im, pad=0.0):
    """Fit RGBA image (alpha bbox) into SxS keeping aspect, bottom-centred like a piece."""
    a = im[:, :, 3]
    ys, xs = np.nonzero(a > 8)
    if len(ys) == 0:
        return None
    return im


def svg_to_png(svg, png):
    subprocess.run(["rsvg-convert", "-w", str(S), "-h", str(S), "-o", png, svg], check=True)


def do_lichess(meta):
    for s, (author, lic) in LICHESS.items():
        d = os.path.join(OUT, s)
        os.makedirs(d, exist_ok=True)
        for p in PIECES:
            dst = os.path.join(d, p + ".png")
            if not os.path.exists(dst):
                svg_to_png(os.path.join(SHARED, "lichess", s, p + ".svg"), dst)
        meta[s] = dict(source="lichess (shared/art)", package="-", author=author, license=lic, kind="svg")


def main():
    os.makedirs(OUT, exist_ok=True)
    meta = {}
    do_lichess(meta)
    try:
        import prep_art_debian
        prep_art_debian.run(meta, OUT, log)
    except ImportError:
        log("no debian art module")
    with open(os.path.join(OUT, "sets.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
    log("sets:", len(meta))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()

#!/usr/bin/env python3
"""Write testdata/heldout/: ~24 whole-board PNGs rendered from HELD-OUT piece sets (never
trained on), upright (White at the bottom), mild degradations (no binarization/speckle/ink bleed, JPEG q>=60), with labels.csv and corners.csv for the Go
regression test. Optionally checks models/digital.onnx on them via cv2.dnn."""
import csv, os, sys
import numpy as np, cv2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import render  # noqa: E402
from fenprep import prep, to_input, CLASSES  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "testdata", "heldout")

PLAN = [  # (set, style)
    ("fantasy", "screen"), ("pixel", "screen"), ("spatial", "screen"), ("pychess-kosal", "screen"),
    ("pychess-chessicons", "screen"), ("xboard-default", "screen"), ("eboard-jumbo", "screen"),
    ("scid-goodcompanion", "screen"), ("scid-fantasy2", "screen"), ("pychess-magnetic", "screen"),
    ("eboard-kingdom", "screen"), ("scid-kingdom", "screen"),
    ("font-condal", "book"), ("font-condal", "book"), ("font-lucena", "book"), ("font-lucena", "book"),
    ("font-kingdom", "book"), ("font-kingdom", "book"), ("font-magnetic", "book"), ("font-magnetic", "book"),
    ("pixel", "book"), ("xboard-default", "book"), ("scid-goodcompanion", "book"), ("pychess-kosal", "book"),
]


def main():
    meta = render.all_sets()
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(2024)
    rows, crows = [], []
    net = None
    mp = os.path.join(ROOT, "models", "digital.onnx")
    if os.path.exists(mp):
        net = cv2.dnn.readNetFromONNX(mp)
    total_err = 0
    check = []
    for i, (setname, style) in enumerate(PLAN):
        for attempt in range(60):
            img, corners, labels, info = render.render(rng, setname, heldout_theme=(i % 3 == 0), style=style,
                                                       upright=True, sq=int(rng.integers(26, 46)), mild=True)
            H, W = img.shape[:2]
            f = min(1.0, 400.0 / max(H, W))
            if f < 1:
                img = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
                corners = corners * f
            side = float(np.linalg.norm(corners[1] - corners[0]))
            if side < 200 or max(img.shape[:2]) > 400:
                continue
            if info["book"]:
                img = img[:, :, 1]
            ok, enc = cv2.imencode(".png", img, [cv2.IMWRITE_PNG_COMPRESSION, 9])
            if len(enc) > 58000:
                continue
            break
        name = "%02d_%s_%s.png" % (i + 1, setname, "diagram" if info["book"] else "screenshot")
        with open(os.path.join(OUT, name), "wb") as fh:
            fh.write(enc.tobytes())
        m = meta[setname]
        rows.append([name, render.fen_placement(info["board"]), "diagram" if info["book"] else "screenshot",
                     "synthetic render, set %s (%s), theme %s" % (setname, m["source"], info["theme"]),
                     "fenscan render", m["license"]])
        crows.append([name] + ["%.2f" % v for v in corners.reshape(-1)])
        if net is not None:
            net.setInput(to_input(prep(img, corners)))
            pred = net.forward("logits").argmax(1)
            err = int((pred != labels).sum())
            total_err += err
            check.append((name, err))
            print("%-40s %6d bytes  errors %d" % (name, len(enc), err), flush=True)
    with open(os.path.join(OUT, "labels.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["image", "fen_placement", "kind", "notes", "source", "license"])
        w.writerows(rows)
    with open(os.path.join(OUT, "corners.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["image", "x0", "y0", "x1", "y1", "x2", "y2", "x3", "y3"])
        w.writerows(crows)
    if check:
        import json
        os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
        json.dump(check, open(os.path.join(ROOT, "build", "testdata_check.json"), "w"))
    print("wrote %d images; total square errors with current model: %d / %d" % (len(rows), total_err, 64 * len(rows)))


if __name__ == "__main__":
    main()

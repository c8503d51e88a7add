#!/usr/bin/env python3
"""Write models/README.md (model card) from build/report.json, build/pieces/sets.json,
build/data/train.npz and build/build_time.txt. Sections of the card this script does not
write (added by hand) are kept where they were."""
import json, os, sys, collections
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fenprep import CLASSES  # noqa: E402


DESIGN_INTRO = ("## Whole boards per held-out design, with and without consistency\n\n"
                "`sh scripts/design_eval.sh` renders 12 upright boards of game positions for each held-out design in "
                "book style with its full damage (scripts/make_design_boards.py, seed 7) and reads them end to end "
                "with `fenscan eval` (board found by fenscan, read, assembled), then again with `--consistency`.")


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", default="build/report.json")
    ap.add_argument("--train", default="build/data/train.npz")
    ap.add_argument("--out", default="models/README.md")
    a = ap.parse_args()
    rep = json.load(open(os.path.join(ROOT, a.report)))
    meta = json.load(open(os.path.join(ROOT, "build/pieces/sets.json")))
    tr = np.load(os.path.join(ROOT, a.train))
    tsets = list(tr["sets"])
    cnt = np.bincount(tr["s"].astype(np.int64), minlength=len(tsets))
    import re
    bt = open(os.path.join(ROOT, "build/build_time.txt")).read().strip() if os.path.exists(os.path.join(ROOT, "build/build_time.txt")) else "?"
    mm = re.search(r"(\d+) s", bt)
    secs = int(mm.group(1)) if mm else 0
    bt = "%d s" % secs if mm else bt
    by_pkg = collections.Counter()
    for s, c in zip(tsets, cnt):
        by_pkg[meta[s].get("package", "-") if meta[s].get("package", "-") != "-" else "lichess (shared/art)"] += int(c)
    L = []
    w = L.append
    w("# models/digital.onnx — fenscan square classifier (model card)")
    w("")
    w("(The photo model, `models/photo.onnx`, has its own card: [photo.md](photo.md). The second digital model, "
      "`models/digital2.onnx`, which reads a flat board's doubtful squares with this one, is described under "
      "[Second model](#second-model-modelsdigital2onnx).)")
    w("")
    w("Classifies each of the 64 square crops of a rectified chess board picture into 13 classes "
      "`%s` (uppercase = White). Trained only on synthetic renders of freely licensed piece art; "
      "no real screenshots or scans were used." % ", ".join(CLASSES))
    w("")
    w("## Architecture")
    w("")
    import torch.nn as nn
    import train as trainmod
    net = trainmod.Net(bn=False)
    hw, cin = 32, 1
    w("| layer | output |")
    w("|---|---|")
    w("| input `input` float32 [64,1,32,32] | 1x32x32 |")
    for l in net.features:
        if isinstance(l, nn.Conv2d):
            cin = l.out_channels
            w("| conv3x3(%d→%d, pad 1) + ReLU | %dx%dx%d |" % (l.in_channels, l.out_channels, cin, hw, hw))
        elif isinstance(l, nn.MaxPool2d):
            hw //= 2
            w("| maxpool 2x2 | %dx%dx%d |" % (cin, hw, hw))
    w("| flatten, linear(%d→%d) + ReLU → output `embedding` | [64,%d] |" % (net.fc1.in_features, net.fc1.out_features, net.fc1.out_features))
    w("| linear(%d→13), divided by T → output `logits` (pre-softmax) | [64,13] |" % net.fc2.in_features)
    w("")
    import onnx
    mo = onnx.load(os.path.join(ROOT, "models/digital.onnx"))
    rep["onnx_ops"] = sorted(set(n.op_type for n in mo.graph.node))
    rep["onnx_bytes"] = os.path.getsize(os.path.join(ROOT, "models/digital.onnx"))
    w("%d parameters; BatchNorm used in training and folded into the convolutions at export. "
      "ONNX opset 11, fixed input shape, weights as initializers, graph ops: %s "
      "(no Shape/Gather/Pad/Clip/Dropout/BatchNormalization). File size %d bytes. "
      "The `embedding` output is routed through an Identity node (scripts/embedding_output.py), because onnx-go only "
      "fills graph outputs that no other node consumes. Verified with onnx.checker, OpenCV DNN 4.6 (max abs diff vs "
      "torch %.1e) and owulveryck/onnx-go v0.5.0 with the gorgonia backend (logits and embedding within 4e-6 of OpenCV)."
      % (rep["params"], ", ".join(rep["onnx_ops"]), rep["onnx_bytes"], rep["cv2_diff"]))
    w("")
    w("## Input contract (same code in scripts/fenprep.py and the Go side)")
    w("")
    w("1. `grey = cvtColor(BGR→GRAY)` of the uint8 picture.")
    w("2. `side` = longest of the 4 edges of the detected 8x8 quad (TL,TR,BR,BL, no frame); if side > 384: "
      "resize grey by f = 256/side with INTER_AREA and scale the corners by f.")
    w("3. `warpPerspective` to 256x256 (INTER_LINEAR, BORDER_REPLICATE), corners → (0,0),(256,0),(256,256),(0,256).")
    w("4. square (r,c), r=0 top row of the picture: `warped[32r:32r+32, 32c:32c+32]`; batch order r*8+c.")
    w("5. float32 pixel/255, shape [64,1,32,32]. The classifier is orientation-agnostic (boards from Black's side are in the training data).")
    w("")
    w("Training and evaluation crops are produced by exactly this function from whole rendered boards whose "
      "true corners were jittered independently per corner (uniform, amplitude up to ±2.5% of the board width, "
      "skewed towards small; 15% exact) to mimic detector error.")
    w("")
    w("## Training data")
    w("")
    w("`scripts/render.py` renders whole boards: ~45% screen style (flat lichess/chess.com-like palettes with "
      "colour jitter, random two-colour palettes, staunton3d wood/marble/etc. board textures, pychess square tiles; "
      "last-move highlights, selected square, check glow, move dots, capture rings/corner marks, arrows and circles, "
      "coordinates inside edge squares and outside the board, drop shadows, frames), ~45% book style (paper/ink, "
      "diagram-font glyph squares with authentic hatching, or generated hatching/cross-hatching/stipple/halftone/flat grey "
      "dark squares, white halos around pieces, thick/double frames, outside coordinates; print and scan noise: blur, ink "
      "bleed/thinning, paper texture, uneven illumination, moire, speckle, Otsu/adaptive binarization, slight rotation <1°), "
      "~10% odd (inverted, very low contrast, tiny 12-16 px squares; the released model's data still had inverted "
      "boards, render.py no longer makes them because a negative flips piece colour while the label stays). Square size 12-150 px, optional whole-image rescale, "
      "JPEG quality 20-90, brightness/contrast/gamma/colour jitter. Positions: random pseudo-legal games (0-140 plies, "
      "promotions, captures) and fully random placements (density 0.2-0.95, all piece types on all squares), 30% shown "
      "from Black's side. Empty crops are subsampled to keep classes balanced.")
    w("")
    cc = rep["class_counts"]
    w("Training crops: %d (+%d validation crops for temperature fitting) from %d training sets; empty %.1f%%. "
      "Per class: %s." % (rep["train_crops"], rep["val_crops"], len(tsets), 100.0 * cc[0] / sum(cc),
                           ", ".join("%s %d" % (c, n) for c, n in zip(CLASSES, cc))))
    w("")
    w("| source | training crops |")
    w("|---|---|")
    for k, v in sorted(by_pkg.items(), key=lambda kv: -kv[1]):
        w("| %s | %d |" % (k, v))
    w("")
    stage = {}
    for n in (1, 2):
        sp = os.path.join(ROOT, "build/report_stage%d.json" % n)
        if os.path.exists(sp):
            stage[n] = json.load(open(sp))
    if 1 in stage and 2 in stage and rep.get("steps") == 0:
        # make model's two stages and their average: the card's report is the average's, which
        # trains no steps, so each stage's own report gives its time and steps.
        s1, s2 = stage[1], stage[2]
        w("Training: AdamW (weight decay 1e-4), batch 256, label smoothing 0.02, light per-crop contrast/brightness "
          "augmentation, 2 CPU threads, two time-budgeted cosine stages: stage 1 from scratch at lr 3e-3 for %.1f min "
          "(%d steps; held-out %.4f%%), stage 2 from stage 1 at lr 1e-3 for %.1f min on boards of another seed, its "
          "crops warped and their strokes thickened or thinned (`--shape-aug`; %d steps; held-out %.4f%%); then the "
          "two stages' weights averaged and the temperature refitted (held-out %.4f%%). Validation accuracy "
          "(held-apart crops of the training sets) %.4f."
          % (s1["train_seconds"] / 60, s1["steps"], 100 * s1["heldout_overall"], s2["train_seconds"] / 60,
             s2["steps"], 100 * s2["heldout_overall"], 100 * rep["heldout_overall"], rep["val_acc"]))
    else:
        w("Training: AdamW (lr 3e-3, cosine, wd 1e-4), batch 256, label smoothing 0.02, light contrast/brightness "
          "augmentation, %.1f min on 2 CPU threads (%d steps, %d crops seen). Validation accuracy (training sets, "
          "held-apart crops) %.4f." % (rep["train_seconds"] / 60, rep["steps"], rep["seen"], rep["val_acc"]))
    w("")
    w("## License table: every art source used for training")
    w("")
    w("| set | package / source | author | license |")
    w("|---|---|---|---|")
    for s in tsets:
        m = meta[s]
        w("| %s | %s | %s | %s |" % (s, m.get("package", "-") if m.get("package", "-") != "-" else m["source"], m["author"], m["license"]))
    w("| board textures (18 boards) | staunton3d (clarkerubber/Staunton-Pieces), shared/art | clarkerubber | MIT |")
    w("| square tiles (wood, marble, ...) | debian: pychess /usr/share/pychess/boards | pychess contributors | GPL-3+ |")
    w("| coordinate text | OpenCV Hershey fonts (built in) | OpenCV | Apache-2.0 |")
    w("")
    w("Licenses of Debian art are taken from each package's /usr/share/doc/PKG/copyright, and the table above "
      "gives each set's licence (pychess: GPL-3+ for all files; scid-data: GPL-2.0, piece images derived from freeware "
      "fonts by Eric Bentzen / Armando H. Marroquin and from Maurizio Monge's set; eboard: GPL-2+; xboard: "
      "GPL-3+; knights: GPL-2/GPL-3 or later approved by KDE e.V.; texlive-games SkakNew/AlphaDia fonts: LPPL "
      "1.2+; tagua-data: GPL-2+; fonts-dejavu-core: Bitstream Vera licence; fonts-symbola: free for any use; "
      "fonts-noto-core: OFL-1.1; fonts-freefont-ttf: GPL-3+ with the font exception; texlive-games "
      "bartel-chess-fonts, Elmar Bartel's METAFONT sources drawn by mf: GPL-1+, in each source's header; the "
      "fonts and Chess.app pieces added for the second model: the table's rows). The art itself is not "
      "redistributed in this repository (only the trained weights and the 24 synthetic held-out test renders in "
      "testdata/heldout/).")
    w("")
    w("Not used: chess.app's 3D sprite sheet (its 2D pieces are drawn since session 45, for the second model), "
      "tagua's Skulls and Prmi themes (tombstones and cats, left out as pychess's sheets of them are), its fonts "
      "of designs held out (Lucena, XBoard) or already drawn from other packages (Alpha, Berlin, Mayan, Yahoo) "
      "and its copies of the held-out Fantasy and Spatial sets, pgn2web piece images (the same Marroquin font "
      "designs as the pychess TTFs), texlive-games SkakNew-DiagramT (small-size variant of SkakNew-Diagram) and "
      "SkakNew-Figurine (notation glyphs), gnome-chess (the Debian package ships no piece SVGs), pychess "
      "single-file SVG sheets other than eyes (celtic/fantasy/spatial: the lichess sets; fantasy_alt: the "
      "held-out fantasy design; freak/prmi/skulls: drummers, cats and tombstones), pychess makruk/sittuyin "
      "(other games), cheq.ttf (incomplete glyph mapping), millenia.ttf (non-square cell), scid Bauhaus "
      "(abstract shapes), eboard ghouls/Rastapov and 3D/pov sheets (unusable chroma key or layout), ChessX's "
      "piece sheets (inside its binary: alpha, berlin, leipzig and merida copy designs drawn from other "
      "packages, fantasy and spatial are held out, fritzSWS looks like a ChessBase design of unclear origin), "
      "and the piece sets of npm packages (chessboard.js's and pgn-viewer's uscf, pgn-viewer's beyer and "
      "react-native-chessboard's: sources not stated; cm-chessboard's staunty: CC BY-NC-SA; the rest copies of "
      "sets drawn from other packages).")
    w("")
    w("## Held-out evaluation (sets never trained on)")
    w("")
    hs = sorted(rep["per_set"])
    w("Held-out piece sets are held out by design family (e.g. the Kingdom font, its eboard and scid renderings are all "
      "held out). Held-out board themes (palettes purple/coral, textures Jade/China-Scarlet, pychess lapis tiles) appear only "
      "in held-out renders (30% of them). Held-out boards keep ALL 64 squares (empty included); 'pieces' = occupied squares only.")
    w("")
    w("| held-out set | source | license | crops | accuracy | errors | accuracy on pieces |")
    w("|---|---|---|---|---|---|---|")
    for s in sorted(hs, key=lambda s: rep["per_set"][s]["acc"]):
        p = rep["per_set"][s]
        m = meta[s]
        w("| %s | %s | %s | %d | %.4f%% | %d | %.4f%% |" % (s, m["source"], m["license"], p["n"], 100 * p["acc"], p["errors"], 100 * p["acc_pieces"]))
    w("| **overall** | | | %d | **%.4f%%** | %d | %.4f%% |" % (rep["heldout_n"], 100 * rep["heldout_overall"],
                                                            sum(rep["per_set"][s]["errors"] for s in hs), 100 * rep["heldout_overall_pieces"]))
    w("")
    st = rep["by_style"]
    w("By style: " + ", ".join("%s %.4f%% (n=%d)" % (k, 100 * v["acc"], v["n"]) for k, v in st.items() if v["acc"] is not None) + ".")
    w("")
    w("Worst held-out set: **%s** (%.4f%%); its misclassified crops are saved by the build as build/worst_set.png "
      "(label>prediction above each crop)." % (rep["worst_set"], 100 * rep["per_set"][rep["worst_set"]]["acc"]))
    w("")
    conf = np.array(rep["confusion"])
    off = [(conf[i, j], CLASSES[i], CLASSES[j]) for i in range(13) for j in range(13) if i != j and conf[i, j] > 0]
    off.sort(reverse=True)
    w("Most frequent held-out confusions (true→predicted: count): " + ", ".join("%s→%s: %d" % (a, b, n) for n, a, b in off[:10]) + ".")
    w("")
    bp = os.path.join(ROOT, "build/buckets.json")
    if os.path.exists(bp):
        bk = json.load(open(bp))
        w("Breakdown on %d fresh held-out boards (scripts/eval_buckets.py; effective square size after all rescaling):" % bk["all"]["boards"])
        w("")
        w("| subset | boards | accuracy (all squares) | accuracy (pieces) |")
        w("|---|---|---|---|")
        for k, v in bk.items():
            w("| %s | %d | %.2f%% | %.2f%% |" % (k, v["boards"], 100 * v["acc"], 100 * v["acc_pieces"]))
        w("")
    tp = os.path.join(ROOT, "build/testdata_check.json")
    if os.path.exists(tp):
        tc = json.load(open(tp))
        w("testdata/heldout/ (24 upright boards from held-out sets, mild degradations; for the Go regression test "
          "classify/heldout_test.go, which fails if a shipped flat model reads fewer than 98%% of their squares): %d of %d squares "
          "misclassified by this model with the exact corners from corners.csv; per image: %s."
          % (sum(e for _, e in tc), 64 * len(tc), ", ".join("%s %d" % (n.split("_")[0], e) for n, e in tc)))
        w("")
    dp = os.path.join(ROOT, "build/design_eval.md")
    if os.path.exists(dp):
        w(DESIGN_INTRO)
        w("")
        w(open(dp).read().strip())
        w("")
    w("## Calibration")
    w("")
    w("Temperature T = %.3f fitted by NLL on the validation split of the training sets and folded into the last layer "
      "(logits are already divided by T). 15-bin expected calibration error on the held-out sets after temperature "
      "scaling: **%.4f**." % (rep["T"], rep["heldout_ece"]))
    w("")
    w("## Rebuild")
    w("")
    w("`make model` (= `sh scripts/build_model.sh`): fetch art with apt-get download (scripts/fetch_art.sh), rasterize "
      "(scripts/prep_art.py, prep_art_debian.py), render (scripts/render.py), train+calibrate+export+evaluate "
      "(scripts/train.py) in two stages, stage 1 from scratch (TRAIN_MIN=35 min) and stage 2 from stage 1 on boards "
      "rendered with a second seed (`--shape-aug`; FINE_MIN=30 min; FINE_MIN=0 skips it and the average), then the two stages' "
      "weights averaged and calibrated (`train.py --average ... --minutes 0`); then regenerate testdata/heldout "
      "(scripts/make_heldout_testdata.py) and this card (scripts/model_card.py). Fixed seeds; needs /usr/bin/python3 "
      "with torch 1.13, onnx, OpenCV 4.6, numpy, PIL, fonttools, and rsvg-convert. Training is time-budgeted, so "
      "the number of steps, and the exact weights, depend on machine speed and load. This model: %s from fetch to "
      "export on 2 CPU cores, i.e. about %d min; the whole `make model` adds a few minutes for testdata, the "
      "breakdown, the design boards and this card. `make second-model` (scripts/build_second_model.sh) then "
      "makes models/digital2.onnx from this model (hours; see its comment)." % (bt, secs // 60))
    w("")
    w("## Limitations")
    w("")
    w("- Synthetic data only; real photographs (perspective, lighting, 3D pieces) are out of scope.")
    w("- The classifier sees one square at a time: it cannot use board context, and sets whose pieces are very "
      "different from anything in training (abstract/3D-perspective sets) are the weakest.")
    w("- The held-out accuracy is far below the 99.9%% target. Errors are dominated by piece designs unlike any "
      "training set (Magnetic/Kingdom/Condal/Lucena glyphs, pixel art, chessicons) and by white/black confusions "
      "for designs whose white pieces carry heavy black ink or whose black pieces are drawn light (3D sprites), not "
      "by small squares. `scripts/design_gap.py` splits the error between the design (fresh renders of the "
      "designs trained on against the held-out ones) and the renders' damage, style by style. Likely next steps: "
      "more distinct training designs, a larger network (the released one is the slim "
      "pool-first variant, %d parameters), longer training, and dropping colour inversion (it makes a crop's colour "
      "genuinely ambiguous)." % rep["params"])
    w("- The renderer's optional whole-image rescale (0.6-1.5x) can push the effective square size below the 12 px "
      "minimum of the contract; such crops are in both training and evaluation data.")
    w("- Debian package copyright files give one license for a whole package; upstream origins of some piece sets "
      "(e.g. freeware fonts converted by scid/pychess) are only as reliable as those files.")
    out = os.path.join(ROOT, a.out)
    card = "\n".join(L) + "\n"
    if os.path.exists(out):
        card = keep_written(open(out).read(), card)
    with open(out, "w") as f:
        f.write(card)
    print("wrote", a.out)


def sections(text):
    """A card's text cut at its "## " headings: (heading, text) pairs, the first
    heading "" for what comes before any."""
    out = [["", ""]]
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            out.append([line.strip(), ""])
        out[-1][1] += line
    return out


def keep_written(old, new):
    """The new card with the sections of the old one that this script does not write
    (written by hand as later models were added: profiles, the second model, the real
    pictures), each after the section it followed in the old card, so that rebuilding
    the model does not lose them."""
    made = sections(new)
    names = {h for h, _ in made}
    after = ""
    extra = {}
    for h, body in sections(old):
        if h in names:
            after = h
        else:
            extra.setdefault(after, []).append(body)
    parts = []
    for h, body in made:
        parts.append(body)
        parts.extend(extra.get(h, []))
    return "".join(parts)


if __name__ == "__main__":
    main()

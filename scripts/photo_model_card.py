#!/usr/bin/env python3
"""Write models/photo.md (the photo model's card) from what scripts/build_photo_model.sh
left in build/photos: report.json (training), the render labels, and the `fenscan eval
--json` results on held-out renders and on the real photo rows of ../shared/data/real.
Those figures are kept in models/photo_reports.json, from which the card is written when
build/photos holds no rebuild, so that an edit to the card's text can be made here and
checked on any machine:
  /usr/bin/python3 scripts/photo_model_card.py [--check]
--check writes nothing and fails if models/photo.md is not what this script writes from
models/photo_reports.json."""
import collections, csv, json, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from classes import CLASSES  # noqa: E402

B = os.path.join(ROOT, "build", "photos")
CARD = os.path.join(ROOT, "models", "photo.md")
SAVED = os.path.join(ROOT, "models", "photo_reports.json")
REPORTS = ("report.json", "report_stage1.json", "report_stage2.json", "report_stage3.json",
           "report_stage4.json", "eval_heldout.json", "eval_games.json", "eval_real.json")


def load(name):
    p = os.path.join(B, name)
    return json.load(open(p)) if os.path.exists(p) else None


def boards(labels):
    n, kinds = 0, collections.Counter()
    if not os.path.exists(labels):
        return 0, kinds
    for r in csv.DictReader(open(labels)):
        n += 1
        m = re.search(r"board (flat|texture [A-Za-z-]+)", r["notes"])
        kinds[m.group(1) if m else "flat"] += 1
    return n, kinds


def table(ev, kind):
    k = ev.get(kind) or ev.get("overall")
    return "%d pictures, %d boards found, %.2f%% of squares right, %.1f%% of boards entirely right, median %.0f ms" % (
        k["images"], k["found"], 100 * k["square_acc"], 100 * k["board_acc"], k["median_ms"])


def rate(lr):
    """1e-3 rather than Python's 1e-03."""
    return ("%.0e" % lr).replace("e-0", "e-")


def gather(saved):
    """The figures the card is written from: build/photos after a rebuild (its renders' labels
    reduced to counts of pictures and boards), or models/photo_reports.json when saved is set
    or build/photos holds no report. The second value says which."""
    if saved or load("report.json") is None:
        if not os.path.exists(SAVED):
            sys.exit("no build/photos/report.json nor models/photo_reports.json: run scripts/build_photo_model.sh")
        return json.load(open(SAVED)), False
    g = {name: load(name) for name in REPORTS}
    # A build left by a rebuild of fewer stages would be written up as this one, its last
    # stage as the fifth.
    missing = [name for name in REPORTS if g[name] is None]
    if missing or g["report.json"].get("init") != "build/photos/photo_stage4.onnx":
        sys.exit("build/photos is not a complete rebuild by scripts/build_photo_model.sh (%s): rerun it, "
                 "or move build/photos/report.json aside to write the card from models/photo_reports.json" % (
                     "missing " + ", ".join(missing) if missing else "report.json is not the fifth stage's"))
    for split in ("train", "heldout"):
        n, kinds = boards(os.path.join(B, split, "labels.csv"))
        g[split] = {"pictures": n, "boards": dict(kinds)}
    return g, True


def card(g):
    """The card's text."""
    rep = g["report.json"]
    s1 = g.get("report_stage1.json") or {}
    s2 = g.get("report_stage2.json") or {}
    s3 = g.get("report_stage3.json") or {}
    s4 = g.get("report_stage4.json") or {}
    ntrain, tk = g["train"]["pictures"], g["train"]["boards"]
    nheld, hk = g["heldout"]["pictures"], g["heldout"]["boards"]
    conf = rep["confusion"]
    L = []
    w = L.append
    w("# models/photo.onnx: the photo model (model card)")
    w("")
    w("Reads photos of real boards: for each square, a crop of the square and the space above it "
      "where a piece stands (`detect.Columns`: the camera is recovered from the board's outline, "
      "and each crop is turned so that up in the crop is up in the world, and keeps the crop's "
      "shape, so that a piece seen from above is not stretched), 32 wide and 64 high, "
      "grey. 13 classes `%s` (upper case White). Chosen for `--kind photo`, and with "
      "`--kind auto` (the default) for boards the digital model reads doubtfully." % ", ".join(c or "empty" for c in CLASSES))
    w("")
    w("## Architecture")
    w("")
    a, b, c, d, e = rep.get("channels", (16, 32, 32, 64, 64))
    emb = rep.get("emb", 96)
    w("The digital model's network (scripts/train.py `Net`), wider, on a 64x32 input: conv3x3 1-%d, "
      "maxpool, conv %d-%d, conv %d-%d, maxpool, conv %d-%d, conv %d-%d, maxpool, linear "
      "%d-%d (output `embedding`), linear %d-13 divided by T (output `logits`). "
      "%d parameters, BatchNorm folded, ONNX ops %s; OpenCV DNN agrees with torch within %.1e." % (
          a, a, b, b, c, c, d, d, e, e * 8 * 4, emb, emb,
          rep["params"], ", ".join(rep["onnx_ops"]), rep["cv2_diff"]))
    w("")
    w("## Training data")
    w("")
    w("- **Renders** (`scripts/photo_render.py`, Blender 3.4 Cycles on the CPU, 24 samples, "
      "640x480 or 480x640 JPEG): %d pictures. The MIT Staunton pieces of ../shared/art/staunton3d "
      "scaled per picture (base 0.6-0.8 of a square, height x0.9-1.15) and per piece type "
      "(x0.9-1.1 wide, x0.88-1.12 high; renders from number 80 on), turned at random "
      "(knights facing the other side), placed off centre; piece colours around ivory, white, "
      "boxwood, black, ebony, mahogany; boards flat in 14 palettes around vinyl tournament "
      "boards, lichess and wood, or one of 15 staunton3d textures (the other 3 held out), "
      "borders of 0 to 1 square with or without coordinates; a noise-textured table; sky, "
      "sun and area lights; camera 40 to 90 degrees above the board (52-58 held out), any "
      "side, a third from 78 degrees up (renders from number 144 on), 22-45 mm lens on "
      "36 mm, roll. Textured boards among the first 80 renders were dropped: their squares "
      "were misplaced before `texture_area` found the textures' true grid. Boards: %s." % (
          ntrain, ", ".join("%s %d" % kv for kv in sorted(tk.items(), key=lambda kv: (-kv[1], kv[0])))))
    w("- **Real photos**: the 34 labelled photos of ../shared/data/photos (github.com/afka2d/chesscog, "
      "MIT; one vinyl board and plastic set, angled), crops from the labelled corners, weighted "
      "4x. The samryan photos of ../shared/data/real are never trained on.")
    w("- **Renders for the fifth stage** (sessions 30-34): the 512 Staunton scenes of `photo_render.py "
      "--seed 5` in a harder tone (`--tone mixed`: the Standard view in 40% of the pictures, else Filmic "
      "with a contrast look; exposure -0.3 to +0.8 stops) and 800 more (`--seed 11 --play 0.25 --tone "
      "mixed`) drawn three quarters from random placements of all twelve pieces alike, because in play "
      "a queen stands on about one square in a hundred.")
    w("- Crops are cut by fenscan's own Go code (`scripts/photocrops`), from the true corners "
      "moved by Gaussian noise of 0.8% of the board's side to match the detector, both with up as "
      "the camera says and as the picture's up (`detect.Columns`' two readings). Augmented in "
      "training: mirror, brightness, contrast, gamma, blur, noise, shifts of up to 3 pixels.")
    w("")
    w("%d training crops in the first four stages and %d in the fifth, drawn by 1/sqrt(class "
      "frequency) (seven squares in ten are empty; the prior shift is undone on the output bias "
      "before calibration); AdamW, batch 128, label smoothing 0.02, cosine schedules in five stages: "
      "%.0f minutes from scratch at lr 3e-3 (with BatchNorm, folded at export), then %.0f minutes "
      "more from that export at lr 1e-3 (`--init-onnx`: the folded net, without BatchNorm), then "
      "%.0f more at lr 1e-3, then %.0f more at lr %s (%d steps), then %.0f more at lr %s on the "
      "fifth stage's renders, the real crops still among them (%d steps); validation split by picture: "
      "%.2f%%, temperature T = %.2f. The first stage alone read the held-out renders at %.2f%%, the "
      "first two at %.2f%%, the first three at %.2f%%, the first four (the release until session 35) "
      "at %.2f%%. The first two stages of the released model read crops cut from boxes as wide as 1.5 "
      "squares whatever their height, which from high above squeezed a piece's top into a blob twice "
      "as tall as wide; the third read crops that keep their shape (`detect.Columns` now). The first "
      "three saw the first 433 renders (82752 crops), the fourth all of them. At lr 1e-3 a fifth stage "
      "read the renders a little better still but real boards seen from straight above worse (session "
      "34, below)." % (
          s4.get("train_crops", 0), rep["train_crops"], s1.get("minutes", 0), s2.get("minutes", 0),
          s3.get("minutes", 0), s4.get("minutes", 0), rate(s4.get("lr", 0)), s4.get("steps", 0),
          rep.get("minutes", 0), rate(rep.get("lr", 0)), rep["steps"], 100 * rep["val_acc"], rep["T"],
          100 * s1.get("heldout_acc", 0), 100 * s2.get("heldout_acc", 0), 100 * s3.get("heldout_acc", 0),
          100 * s4.get("heldout_acc", 0)))
    w("")
    w("## Accuracy")
    w("")
    w("- Held-out renders (%d pictures: textures %s and flat boards, camera 52-58 degrees, never "
      "trained on), crops from the true corners: **%.2f%%** of squares (pieces only %.2f%%)." % (
          nheld, ", ".join(sorted(k[8:] for k in hk if k.startswith("texture"))),
          100 * rep["heldout_acc"], 100 * rep["heldout_pieces"]))
    w("")
    w("| class | squares | right |")
    w("|---|---|---|")
    for i, c in enumerate(CLASSES):
        n = sum(conf[i])
        if n:
            w("| %s | %d | %.2f%% |" % (c or "empty", n, 100 * conf[i][i] / n))
    w("")
    w("The table is the training script's reading of the held-out renders as rendered again in session 32 (the same 60 scenes); OpenCV (`scripts/crop_accuracy.py`) reads the same. The fourth stage, the release until session 35, read them at 97.16% (pieces 89.79%), queens 57.78% (Q) and 61.54% (q), kings 92.65% and 87.69%, bishops 83.33% and 90.91%; in the paragraphs of sessions 27 to 34 below, \"the release\" is that model, and the comparisons are with these figures.")
    w("")
    ev = g.get("eval_heldout.json")
    if ev:
        w("- The same renders end to end (`fenscan eval --kind photo build/photos/heldout/labels.csv`: "
          "the board found by fenscan, read, oriented): %s. Squares count as right only in the "
          "orientation fenscan chose; a quarter of the renders are random placements, seen from a "
          "random side, which nothing in the picture can orient." % table(ev, "photo"))
        w("- Rendered again in session 50 (`scripts/render_photos.sh`'s held-out scenes, which it "
          "reproduces: the model alone reads the 60's crops at 98.05% again): 10 of the 60 are random "
          "placements that no set can show (two to five kings a side, or more pieces than a side has), "
          "which the assembler, holding a photo to what a real set can show, reads at 71.25% of squares "
          "(91.41% with the orientation aside); the other 50 read 98.47% end to end and **99.59%** with "
          "the orientation aside (40 boards entirely right; 99.25% without the square prior). The 120 "
          "scenes of games below read 99.24% as before (99.53% with the orientation aside), and the 30 "
          "held-out scenes from 80 to 90 degrees above (`--seed 3 --elev 80,90`, a random mix) 92.71% "
          "by default, 95.52% with `--kind photo`. Orientation aside: each board scored in the best of "
          "its four turns.")
    ev = g.get("eval_games.json")
    if ev:
        w("- 120 held-out scenes with the boards players photograph (build/photos/heldout_games): drawn "
          "as the held-out renders are (`photo_render.py --heldout --seed 2`: the camera range and board "
          "not in training; the first 60 on the same boards as the scenes above, but, their pieces being "
          "others, under other lights and cameras), each with a position from a real game "
          "(`--positions`); `internal/gamepos -all` draws each game, then a ply of it, from the "
          "1,000 lichess games of corentings/chess's fixtures/pgns/big.pgn, leaving out the 6 also in "
          "big_big.pgn, from which the assembler's square prior was counted. End to end by default "
          "(`fenscan eval build/photos/heldout_games/labels.csv`): %s. The first 60 read 99.69%% "
          "of squares and 85.0%% of boards, none turned wrong; the other 60 98.80%% and 75.0%% (session 39; 99.58%%, "
          "78.3%%, 98.80%% and 75.0%% before a photo's doubtful squares were read the other way up too; 99.43%%, "
          "76.7%%, 98.75%% and 76.7%% before they were read in a mirror; "
          "94.69%% and 73.3%% in session 36, the loss then mostly the detector's, since mended in "
          "fenscan, not this model: two pale boards crowded with pieces not found, found since "
          "neighbouring squares' alternation counts (detect/grid.go); one framed by auto mode's outline "
          "ranks off and read flat, read since from the grid holding half that outline; a sparse ending "
          "read flat as 4 of its 14 pieces, a little surer than as a photo, read since as a photo unless "
          "the flat reading is surer by 0.05, its grid being in perspective (fenscan.go); one more was "
          "framed a rank off until the grid window's edges weighed less). Still lost: a sparse ending "
          "turned wrong (00076, 42 of 64), and pieces misread, most of them bishops and queens. "
          "A second draw of 60 (`--seed 4`, positions `internal/gamepos -seed 2`; build/s36, not "
          "kept) reads 99.35%% and 80.0%% (session 39; 99.27%% and 75.0%% before the other way up; 98.20%% and 73.3%% before fenscan also read the "
          "grid windows a square off the best and kept a far likelier position: a board whose lines fit "
          "best a file off, onto its coordinates' border, read 25 of 64); one ending is turned wrong "
          "(00032, a lone pawn). From true corners, by the "
          "model alone (`scripts/crop_accuracy.py`, session 36): 97.71%% of squares (pieces 94.12%%). "
          "60 more held-out scenes of game positions seen from 80 to 90 degrees above (`photo_render.py "
          "--heldout --seed 6 --elev 80,90`, positions `internal/gamepos -all -seed 3`; build/s39, not kept) "
          "read 97.60%% of squares and 48.3%% of boards by default, 98.23%% and 48.3%% with `--kind photo` "
          "(session 39): from straight above a board is square in the picture, or nearly, and read flat unless its "
          "photo reading holds the kings or makes a likelier game and is surer (fenscan.go, below); one of the 60 is still "
          "read flat (00055, 33 of 64, 57 as a photo: its flat reading the surer and likelier)." % table(ev, "photo"))
    ev = g.get("eval_real.json")
    if ev:
        w("- Real photos never trained on (the 5 samryan top-down photos of ../shared/data/real, "
          "`fenscan eval`, default `--kind auto`): %s (samryan-005's c1 bishop, seen from the side, read as "
          "empty until its doubtful squares were read the other way up too, session 39); 95.00%% by the model alone (`--no-square-prior --kind photo`). "
          "samryan-003, whose c8 bishop every earlier model lost (and with it, until session 31, its f3 "
          "knight and d1 queen, read as each other), is exact. With the fourth stage, the release until "
          "session 35: 99.69%%, samryan-003's c8 bishop alone lost. Most of that is the assembler's, not "
          "this model's; with the first four stages: before its square prior 90.00%% and 0.0%%; with it "
          "95.00%%; since a photo read with more pawns or kings than a real set has is refitted at any odds "
          "(`physicalLoss`, assemble/material.go) 95.62%% (91.88%% without the prior, `--no-square-prior`); "
          "since the board is read again at five sizes (readScales) 97.19%%; since photos are held to where "
          "pawns and bishops can have come from (below) 99.06%% (92.50%% without the prior; 94.69%% since "
          "the material fit weighs whether a square holds a piece above which piece it is, "
          "assemble/material.go). The prior turns back-rank pieces seen from straight above, which the "
          "model alone reads as pawns or the wrong piece, into the pieces that stand there in real games." % table(ev, "photo"))
        w("- The same five photos as users send them, which tells luck from reading: each shrunk "
          "(upright) to 1024, 1280, 1600, 2016 and 3024 pixels on its long side and, at 1600, turned a "
          "quarter, a half and three quarters (`scripts/photo_variants.py`, 40 JPEGs of quality 92): "
          "99.77% of squares and 90.0% of boards entirely right (`fenscan eval "
          "build/photo_variants/labels.csv`, session 39). samryan-001 and -005 are right in all eight versions, -002 "
          "and -003 in seven (-002 not at 1600, -003 not turned three quarters), -004 in six (not turned a quarter "
          "or a half). Session 38's fenscan read 99.61% and 82.5% (-003 in all eight, -004 in seven, -005 in three: at 1024 "
          "and turned a quarter and a half, elsewhere its c1 bishop lost). Session 35's fenscan read 99.53% and 75.0% (-003 not "
          "turned a quarter, -004 nor turned a half, -005 nor turned a quarter); since a photo's squares still "
          "doubtful after their nine readings (below 0.9) are read in a mirror too, from the same outlines "
          "(fenscan.go readScales, `classify.Mirror`; session 38), 82.5%. That reading, from true corners on "
          "the model alone, takes the held-out renders from 98.05% to 98.39% of squares, the games renders from "
          "97.71% to 98.23% and the top-down ones from 96.98% to 97.86% (each crop's probabilities and its "
          "mirror image's, geometric mean); end to end it moves squares little (games renders 99.09% -> 99.19%, "
          "held-out renders 93.96% -> 93.85%, chesscog 99.82% -> 99.77%) but boards more (held-out renders 36 -> 39 "
          "of 60, top-down 10 -> 11 of 30, chesscog 31 either way), for a fifth more time on a photo. Since the "
          "squares still doubtful are also read from the nine outlines' crops cut the other way up (detect.Columns: "
          "the picture's up for the camera's, or the reverse; the model trained on both; session 39): the samryan "
          "photos 99.69% -> 100% (all five right), their 40 versions 82.5% -> 90.0% of boards, games renders 99.19% "
          "-> 99.24% (boards 76.7% -> 80.0%), the second draw 99.27% -> 99.35% (75.0% -> 80.0%), the top-down game "
          "renders 97.50% -> 97.60% (43.3% -> 48.3%), chesscog the same, but the random mix of the held-out renders "
          "(`--kind photo`) 93.85% -> 93.93% of squares and 65.0% -> 61.7% of boards, and of the 30 top-down ones "
          "93.75% -> 92.71% (36.7% -> 40.0% of boards; a random placement of three queens turned otherwise, 63 -> 42 of "
          "64), for about a tenth more time (BenchmarkPhoto12MP/photo 526-576 -> 553-665 ms, alternating, on a slow "
          "day; the medians above were taken two pictures at a time that day, see photo_reports.json). Reading the other way up's mirror images too read the samryan versions at 77.5% and chesscog at 88.2% "
          "of boards; not kept.")
    w("- The same versions with the fourth stage: 98.67% of squares and 65.0% of boards entirely right with the fenscan of session 31 (98.79% and 72.5% when the change below came; the 65.0% of session 27's trials, below, was already today's). samryan-001 and -005 are right in all eight versions, -004 in six (not turned a quarter or a half), -002 in four (not at 1280 or 1600, nor turned a quarter either way), -003 (f3's knight and d1's queen read as each other, c8's bishop lost) in none. Before the assembler's material fit weighed whether a square holds a piece above which piece it is (assemble.occupancyWeight, 1.5; not this model), 97.50% and 45.0%: -002 and -004 were right only at their own size, their back-rank bishops, read surely as pawns, emptied by the fit. That change leaves every other figure here as it was. Reading a top-down photo with each of the picture's four sides as up and averaging (tried in session 20) read the turned versions at 97.58% and 50% of boards but lost a board of the five at their own size; not kept. The models tried below, measured before that change on 25 shrunk and 20 turned versions of the five: the release 44% and 45% of boards, stage 5 36% and 45%, its average with the release 44% and 45%, the 48x96 crops 16% and 20%.")
    w("- History of the end-to-end figures, which include the assembler: the first photo model (the digital model's widths, 267k parameters, 30 + 40 minutes of training) read the held-out renders at 93.57% from true corners and 81.74% end to end, and the samryan photos at 83.75% (82.50% before the assembler's material refit). With the next model (two stages, below), the samryan photos went from 85.94% to 89.38% when the assembler stopped letting a pawn read on a back rank anchor the material fit in photos (`assemble.Input.Photo`); the held-out renders end to end from 81.64% to 81.28% (one random placement oriented otherwise). The two-stage model before the third stage, on the squeezed crops: held-out renders 94.66% from true corners and 81.28% end to end, samryan photos 89.38%, 30 held-out renders from 80-90 degrees above (build/photos/heldout_top, `scripts/crop_accuracy.py`) 94.48% from true corners (pieces 73.87%); the three-stage model read the last at 95.57% (pieces 78.89%), and the samryan photos at two squares fewer. A control that went on 30 minutes from the same weights on the squeezed crops read 94.84%, 95.10% (top-down), 81.51% end to end and the samryan photos at 86.88%: the gain is the crops' shape more than the longer training. Then photos stopped needing a diagram's margins to be turned (a camera may stand on any side; `assemble/orient.go`): with the three-stage model, the held-out renders end to end went from 82.53% to 88.07% of squares (boards 10.0% to 16.7%) and the top-down ones from 80.57% to 90.31%, the samryan photos unchanged. The fourth stage, on 500 more renders (933 in all): held-out renders from true corners 95.78% -> 97.16% (pieces 84.73% -> 89.88%), top-down 95.57% -> 96.51% (pieces 78.89% -> 83.42%), end to end 88.07% -> 86.35% of squares but 16.7% -> 30.0% of boards, top-down end to end 90.31% -> 92.24% (boards 6.7% -> 16.7%), samryan photos 88.75% -> 90.00%, chesscog photos (trained on) 99.82% -> 99.77%. Since fenscan reads each photo's board again from outlines 1% and 2% smaller and larger and takes each square's geometric mean (readScales, in fenscan, not this model): the samryan photos 95.62% -> 97.19% of squares (boards 20% -> 40%: samryan-004 and -005), the held-out renders end to end (as of this session 88.07% and 38.3%) 88.62% and 43.3%, the top-down ones 92.29% -> 92.60%, the chesscog photos (trained on) 99.68% -> 99.77%. Since the assembler holds a photo to what a game's history allows (assemble/rules.go, not this model: pawns each from a file of their own, one file per capture, no more captures than the other side has lost; a second bishop on one colour of square counted as promoted; a bishop behind its two unmoved pawns taken to be on its square, as 999 in 1000 such positions of the 10,000 lichess games have it): the samryan photos 97.19% -> 99.06% of squares (boards 40% -> 80%: -001 and -002 now exact; without the pawns' files 98.12%, without the bishops' colours 95.00%, without the shut-in bishops 98.75%), the chesscog photos (trained on) 99.77% -> 99.82% (boards 85.3% -> 91.2%), the held-out renders end to end unchanged (89.45% and 43.3% with `--kind photo` on this session's renders of them), the top-down ones 92.60% -> 92.55% (one random placement). Since a photo's sides are narrowed to two by the shade of its squares read surely empty (a1 is dark on every board laid right; `detect.Shades`, `assemble.Input.TopLeft`; the two shades differ by 30 grey levels or more in all but one of the 90 held-out renders, and a difference under 12 is taken to say nothing): held-out renders end to end 89.45% -> 90.26% of squares (boards 43.3% -> 45.0%), top-down 92.55% -> 94.06%, the samryan and chesscog photos unchanged. Since default auto also reads as a photo a doubtful board whose outline is a degree or more off square (fenscan.go, cameraSkew), the top-down held-out renders read by default went from 83.44% to 89.27% of squares (boards 13.3% -> 16.7%). Since the coordinates printed around a board orient it (`models/coords.md`), the held-out renders end to end with `--kind photo` went from 90.26% to 91.82% of squares (boards 45.0% either way), the top-down ones from 94.06% to 95.68% (boards 23.3% -> 30.0%; default auto 89.27% -> 90.83%); the samryan and chesscog photos read the same, every one of the 39 now turned by its coordinates, rightly. Since default auto also reads as a photo every board whose outline is more than 8 degrees off square, however surely the digital model reads it flat (fenscan.go, `photoSkew`; the digital model of session 24 read a nearly empty held-out render, five pieces, surer than the old threshold and flat), the chesscog photos and the held-out renders (`fenscan eval` with default auto on ../shared/data/photos and build/photos/heldout and heldout_top, 124 pictures) read 93.59% of squares and 53.2% of boards (93.37% and 51.6% with the digital model before, 93.40% and 50.8% with the new one before this); the samryan photos the same. Since a doubtful board square in the picture whose flat reading lacks one king a side is read as a photo too, and taken as one when that reading holds them (fenscan.go, session 38; 11 of the 30 top-down renders were read flat, 4 of them without the kings), the top-down renders by default went from 91.98% to 93.70% of squares (boards 33.3% either way; 96.51% and 43.3% with `--kind photo`), every other set the same. Since a board found from its lines whose flat reading lacks one king a side and whose photo reading makes a position likelier by 0.05 than the flat one, after the game's rules, is favoured as a photo as the kings favour it, and one square in the picture taken as a photo so when that reading is also surer by 0.03 (fenscan.go, photoLikelier and photoClear; session 39), the 60 top-down renders of game positions above went from 94.71% to 97.27% of squares (boards 41.7% -> 43.3%; four read flat as a few scattered pieces, 23 to 54 of 64, now 63, 64, 63 and 63), every other set the same (the 30 top-down renders' random placements among them). Since the grid of a photo's lines is the same board as an outline it holds half of up to 64/9 of the outline's area, not 4 times (fenscan.go photoBoard; one of them was framed by a block of 3.5 by 3.5 of its squares, turned 28 degrees in the picture, and read flat, 51 of 64), 97.50%, every other set the same.")
    w("")
    w("## Limits")
    w("")
    w("One piece design (Staunton) in the renders and one real set: sets far from Staunton "
      "(abstract, themed, flat-topped travel sets) are not covered. Boards are found from their "
      "lines; a board whose lines are hidden (a cloth, glare over most of it) is not found. "
      "Crops assume the principal point at the photo's centre; a cropped photo is also read "
      "with the picture's up as the pieces' up, and the surer reading kept.")
    w("")
    w("The renders alone do not carry over to a real set: the same network trained 20 minutes on "
      "the renders only (`train_photo.py` without `--real`, 93.75% on the held-out renders; measured on the squeezed crops of the time) read the "
      "32 chesscog photos after the first two at 84.18% of squares end to end, no board entirely "
      "right, most white pieces as pawns, and the samryan photos at 85.94%. The real chesscog crops "
      "in training are what reads that set; a profile made from two of its photos (which show no "
      "bishop, rook or white king) does not replace them: 82.37% with it "
      "(`scripts/profile_eval.sh MODEL`).")
    w("")
    w("Nor is the pieces' size what keeps the renders from that set (session 29). Its bases are narrower than the renders' (pawns under half a square across, against 0.48-0.64), and a renders-only model reads its bishops, knights and queens mostly as pawns, so the 512 scenes of `photo_render.py --seed 5` were rendered again with smaller, taller pieces (`--pieces 0.45,0.8,0.9,1.35`: the big pieces' base 0.45-0.8 of a square, heights x0.9-1.35; everything else the same), and the same network trained on each for the same 6200 steps (`train_photo.py --steps 6200 --seed 0 --ch 24,48,48,96,96 --emb 128`, no real crops, so the runs differ in their pictures only):")
    w("")
    w("| renders | chesscog crops (34 photos, true corners) | chesscog end to end (the 32 after the first two) | samryan end to end (5) | held-out render crops |")
    w("|---|---|---|---|---|")
    w("| default sizes | 82.96% | 88.33% of squares | 99.38%, 4 of 5 boards | 95.91% |")
    w("| smaller, taller pieces | 81.33% | 76.71% | 94.06%, 1 | 95.26% |")
    w("| half of the scenes each way | 81.57% | 76.37% | 95.94%, 2 | 95.78% |")
    w("")
    w("Session 28's renders-only model (the first row's pictures and number of steps, its schedule by the clock) read 82.40%, 90.82%, 99.06% with 4 boards, and 95.89%: a second draw of the first row, which puts the noise of the end-to-end figures at a few points, under the 12-point drop.")
    w("")
    w("Against the default sizes, the smaller pieces took the real white knights from 17% to 60% of their crops (black 33% to 45%) and black rooks from 58% to 83%, but white and black pawns from 89% and 86% to 70% and 68%, and black kings from 32% to 2%; bishops and queens stayed under 12% in every run: the real set's bishops and queens are read as pawns whatever their size, so it is their shapes, which one Staunton mesh cannot teach, not their size. Per class, the runs swing by tens of points between them, a sign of how little the renders pin down pieces of another design. The defaults stay.")
    w("")
    w("Nor is it the one design (session 30). The same 512 scenes were rendered with each picture's pieces drawn from four designs, about a quarter each: the Staunton meshes, the GPL 3D sets of Debian's dreamchess-data and brutalchess, and a turned set generated afresh for each picture (`photo_render.py --designs staunton,dreamchess,brutalchess,lathe`: random feet, stems, collars and proportions, battlements, a slit mitre, a coronet, a cross), and trained for the same 6200 steps: chesscog crops 83.96% (white and black bishops 2% and 13%, queens 3% and 24%, knights 23% and 53%), chesscog end to end 83.40% of squares, the samryan photos 98.75% and 3 of 5 boards, held-out render crops 92.29% (they are Staunton, of which it saw a quarter as many; its validation split 88.2%). It reads the real set no better. A profile of the first two chesscog photos (`scripts/profile_eval.sh`, issue 8) took it from 83.40% to 93.60% of the other 32 photos' squares, where session 28's Staunton-only model went from 90.82% to 91.26%, but most of that is the profile reading every picture as a photo, as its labels say: default auto read some of them flat with the digital model, this less sure model more often. Read as photos (`--kind photo`) without a profile, it reads them at 92.53% (the harder tone's model below 91.41%, 91.60% with its profile): the embedding adapts by a point (session 31).")
    w("")
    w("Nor, measured on the real set, is it Blender's soft default tone (session 30), though the renders look greyer than photos of white plastic: the same 512 Staunton scenes with `photo_render.py --tone mixed` (the Standard view in 40% of the pictures, else Filmic with a contrast look; exposure -0.3 to +0.8 stops), the same 6200 steps: chesscog crops 82.38% (bishops and queens 0-1%), chesscog end to end 90.58% (91.60% with a profile of the first two photos), held-out render crops 96.35%, all within the two draws of the default tone above; the samryan photos 100.00% and 5 of 5 boards, the first renders-only model to read all five (4 for the release), one draw.")
    w("")
    w("Nor the two together (session 31): the 1024 pictures of both sets of renders above, four designs and harder tone, the same 6200 steps (`train_photo.py --train build/photos/crops_train5d build/photos/crops_train5t --steps 6200 --seed 0 --ch 24,48,48,96,96 --emb 128`): chesscog crops 84.75% (white and black bishops 0%, queens 8%), chesscog end to end 92.19% of squares (92.77% read as photos, `--kind photo`; 93.90% with a profile of the first two photos, the best fair figure for issue 8 yet), the samryan photos 99.69% and 4 of 5 boards, as the release, held-out render crops 95.00%. Twice the pictures and both changes leave the real bishops and queens read as pawns.")
    w("")
    w("What holds the held-out renders at 97% is not their size (session 31). The same 60 held-out scenes rendered twice as large (`photo_render.py --seed 2 --heldout --scale 200`, 1280x960), their crops cut as before (32x64, from the true corners), read 97.03% against 97.16% at 640x480, queens 58% and 59% either way; the commonest errors are queens read as kings (Q>K 9, q>k 6). Cut at 64x128 from those renders, a queen's coronet and a king's cross are plain to the eye; at 32x64 a piece's head is a few pixels across. End to end with `--kind photo`, the larger renders read 92.66% of squares and 48.3% of boards, all 60 found (92.03%, 50.0% and 59 at 640x480).")
    w("")
    w("But how finely the network sees is (session 32). The same 1024 pictures and 6200 steps as the row above, the crops cut at 48x96 instead of 32x64 (`photocrops -w 48 -h 96`, `train_photo.py --hw 96,48`; the same convolutions, the first linear layer 6912-128, 1,042,901 parameters): held-out render crops 96.82% against 95.00% (queens 58% and 49% against 27% and 36%, pawns 99% and 98% against 97% and 96%), its validation split 95.65% against 92.56%, chesscog crops 87.41% against 84.75% (bishops 9% and 45% against 0% and 0%; white queens 38% against 8%), chesscog end to end 93.90% of squares against 92.19% (94.34% with a profile of the first two photos, the best fair figure for issue 8 yet; `scripts/profile_eval.sh`), but the samryan photos 96.25% and 2 of 5 boards against 99.69% and 4, one draw each. `scripts/photo_gap_eval.sh` cuts the crops at the size the model reads.")
    w("")
    w("Nor does more of the same make that model a release (session 33), tried two ways, each one draw. (a) A second stage, as the release's was at 32x64: the 48x96 model above trained 35 minutes more at lr 1e-3 with the real crops of the 34 chesscog photos cut at 48x96 (`train_photo.py --init-onnx` that model `--hw 96,48 --real` those crops `--minutes 35 --seed 1 --lr 1e-3`, about 4,900 steps): held-out render crops 97.14% (the release 97.16%; queens 64% and 54%), held-out renders end to end with `--kind photo` 91.93% and 45.0% of boards, but the samryan photos 93.75% and 1 of 5 boards (87.81% by the model alone, against the release's 93.75%) and their 40 shrunk and turned versions 93.75% and 15.0% of boards (the release 98.79% and 72.5%). It misreads the samryan set's back-rank pieces seen from above as other pieces (d1's queen as a rook, e1's king as a queen, a2's pawn as a bishop) whichever up the crops are cut with: read with the camera's up alone it is 87.81% by itself, with the picture's up alone 79.38% (the release 93.75% and 77.19%; a temporary switch in readPhoto, not kept). (b) Augmentation sized for the finer crops, in case the 48x96 network leans on detail that another set's pieces lack: shifts of up to 5 pixels instead of 3 (as large in squares as at 32x64) and half of the batches shrunk by a random factor up to 1.5 and enlarged back (down to a 32x64 crop's detail); the same 1024 renders, 6200 steps and seed as the model above: held-out render crops 96.61% against 96.82% (queens 69% and 46%), end to end 92.66% and 50.0% of boards against 92.24% and 45.0%, chesscog crops 85.78% against 87.41%, chesscog end to end 93.51% against 93.90%, the samryan photos 95.62% and 0 of 5 boards against 96.25% and 2, their 40 versions 96.72% and 5.0% of boards. Not kept (train_photo.py is as before).")
    w("")
    w("What the renders lack most is queens (session 34). In play a queen stands on about one square in a hundred, so the 1024 renders above hold about 460 queen squares of each colour. 800 new scenes drawn three quarters from random placements of all twelve pieces alike (`photo_render.py --seed 11 --play 0.25 --tone mixed`, Staunton pieces; about 3.6 s a picture, 48 minutes; three times the queen crops) and a fifth stage of 35 minutes at lr 1e-3 from the release on them, the harder-tone renders and the real crops (`train_photo.py --init-onnx models/photo.onnx --train build/photos/crops_bal build/photos/crops_train5t --real build/photos/crops_real --minutes 35 --seed 5 --lr 1e-3`, about 16,400 steps): held-out render crops 98.12% (pieces 93.29%; queens 78% and 77% against 58% and 62%), the largest gain of any trial, end to end with `--kind photo` 93.44% and 58.3% of boards (the release 92.03% and 50.0%), chesscog 99.71% and 87.5%, the samryan photos by the model alone 96.56% (the release 93.75%), but end to end 97.81% and 2 of 5 boards, and their 40 versions 98.05% and 47.5% of boards (the release 98.79% and 72.5%). It reads the samryan set's bishops seen from straight above as pawns, surely (c8 0.997, c1 0.91); the assembler's rules, allowing eight pawns a side, then send some of them to bishops and, with the square prior, some to empty squares. Its weights averaged with the release's (the exports' weights, release : fifth stage): 1:1 held-out render crops 98.02%, end to end 92.42% and 53.3%, chesscog 99.85% and 93.8%, samryan 99.38% and 4 of 5 boards (95.31% by the model alone), their 40 versions 98.63% and 60.0%; 6:4 98.02%, samryan 2 of 5, versions 50.0%; 4:6 98.07%, samryan 4 of 5, versions 57.5%. None of these is released: each reads 5 to 10 fewer of the real versions entirely right than the release's 29 of 40, for under a point on renders. A gentler fifth stage keeps them: 20 minutes at lr 3e-4 from the release on the same crops (`--minutes 20 --seed 6 --lr 3e-4`, 8,800 steps): held-out render crops 98.05% (queens 71% and 82%), end to end 92.60% and 60.0% of boards, chesscog 99.80% and 90.6%, the samryan photos 99.69% and 4 of 5 boards (95.00% by the model alone), their 40 versions 99.53% and 75.0% (the release 98.79% and 72.5%), the rest of ../shared/data/real as before (diagrams and screenshots 100%). It is at least the release's equal on every set neither trained on (on chesscog, which both trained on, one board fewer: the release 99.82% and 91.2%) and was released in session 35 as the fifth stage (above; `scripts/build_photo_model.sh` renders and trains it), with the figures at the head of this card.")
    w("")
    w("Nor do more of the balanced renders move it (session 35). 800 more scenes drawn as session 34's (`photo_render.py --seed 12 --play 0.25 --tone mixed`, 3.9 s a picture) and a sixth stage as gentle as the fifth, from it (`train_photo.py --init-onnx models/photo.onnx --train build/photos/crops_bal2 build/photos/crops_bal build/photos/crops_train5t --real build/photos/crops_real --minutes 20 --seed 7 --lr 3e-4`, 8,441 steps): held-out render crops 98.07% (the release 98.05%; queens 76% and 82%, black kings 86% against 91%), end to end with `--kind photo` 92.60% and 61.7% of boards (the release 60.0%), the samryan photos 99.69% and 4 of 5 boards, their 40 versions 99.41% and 67.5% of boards (the release 99.53% and 75.0%); its weights averaged 1:1 with the release's: 98.18%, 92.55% and 58.3%, samryan 3 of 5, versions 67.5%. Not released. At 32x64 the model has stopped gaining from more renders of the same kind: queen against king (Q>K, k>q, q>k, K>Q: 23 of the sixth stage's 74 errors) turns on the few pixels of a coronet or a cross. Fresh scenes with more seen from above did no better (session 43): 387 drawn as session 34's (`--seed 31 --play 0.25 --tone mixed`) and 158 from 78 to 90 degrees above, half of them random placements (`--seed 32 --elev 78,90 --play 0.5 --tone mixed`), and a stage of 25 minutes at lr 3e-4 from the release on them and the real crops (`--seed 7`, about 4,300 steps): held-out render crops 97.55% (the release 98.05%; queens 69% and 74% against 71% and 82%), the 30 top-down held-out renders' crops 97.45% against 96.98%, but end to end the 60 top-down game renders 96.56% against 97.60% of squares (48.3% of boards both) and the samryan photos' 40 versions 99.02% and 72.5% of boards (the release 99.77% and 90.0%); averaged 1:1 with the release (`train_photo.py --average models/photo.onnx,STAGE.onnx --minutes 0`): 97.89% of the held-out crops and 97.14% of the top-down ones, not measured end to end. Not released.")
    w("Nor does a finer network on all the balanced renders, alone or beside the release (session 36, one draw each). The 48x96 crops of all 2,493 renders (the four-design, harder-tone and both balanced sets; 478,656 crops) and the 48x96 network of session 32 from scratch, 6200 steps (`train_photo.py --train build/hr/crops_train5d build/hr/crops_train5t build/hr/crops_bal build/hr/crops_bal2 --steps 6200 --seed 0 --ch 24,48,48,96,96 --emb 128 --hw 96,48`, 44 minutes): held-out render crops 98.39% (pieces 94.26%; queens 87% and 85%), against 96.82% for the same recipe on 1,024 renders, but the samryan photos 96.25% and 1 of 5 boards. A second stage of 25 minutes at lr 3e-4 with the chesscog crops cut at 48x96 (`--init-onnx` it `--train` the two balanced sets and the harder-tone one `--real` those crops `--minutes 25 --seed 7 --lr 3e-4`, about 3,500 steps): held-out render crops 98.78% (pieces 95.62%), 99.04% with each crop's mirror image averaged in, and the samryan photos 96.25% and none of 5: it reads the samryan set's white queen and king, seen from straight above, as other pieces (d1's queen as a king or a rook, e1's king as a queen), and 37 of their 40 shrunk and turned versions wrong. Beside the release, its readings averaged with the release's as the digital models are paired (a `--second-photo-model` of that session, not kept; session 61's, below, reads otherwise): on the held-out render crops 99.35% (each square's probabilities averaged), 99.19% when only squares the release reads below 0.9 are averaged; end to end with the second model reading r's outline alone, equally weighted, the 50 held-out renders from play 98.72% and 86.0% of boards (the release 98.44% and 72.0%), but the samryan photos 96.56% and 1 of 5 boards; with only the squares below 0.9 averaged, all 60 held-out renders 92.79% and 68.3% (the release 92.60% and 60.0%), the samryan photos 97.19% and 1 of 5, their 40 versions 97.97% and 37.5% (the release 99.53% and 75.0%). The first stage alone beside the release read the samryan photos at 99.38% and 3 of 5, and lost testdata's chesscog-4750 (its d1 queen read as a king). Nor is it the crops' size alone: the release's network from scratch on the same 2,493 renders and the real crops, 12,000 steps (`train_photo.py --train` the four sets `--real build/photos/crops_real --steps 12000 --seed 0 --ch 24,48,48,96,96 --emb 128`, 32x64): held-out render crops 97.97%, the samryan photos 95.62% and 1 of 5 boards. Renders of the one Staunton design teach a finer network the design, and the release's coarser crops, with the assembler's priors on back-rank pieces, still read a set it never saw better. The 99% on renders that issue 6 asks for is in reach only of models that read the one real set we hold out worse; none is released.")
    w("")
    w("Nor does such a second model fine-tuned from the release (session 61, one draw), now that fenscan can be given one: `--second-photo-model FILE` (Options.SecondPhotoModel; none is embedded) reads a photo's squares still doubtful (below 0.9) after the release's nine readings, from the nine outlines cut at its own crop size and in a mirror, 18 readings beside the release's 27. 347 fresh scenes drawn as session 34's (`photo_render.py --seed 13 --play 0.25 --tone mixed`), their crops and the chesscog crops cut at 48x96, and the release resampled to them (`train_photo.py --init-onnx models/photo.onnx --hw 96,48 --train` those crops `--real` the chesscog ones `--minutes 38 --seed 21 --lr 1e-3`, 3,526 steps; 4.2 MB): held-out render crops 97.71% alone (queens 73% and 79%); beside the release as fenscan weighs them (for the squares the release reads below 0.9, its crop, mirror image and crop cut the other way up, and the second's crop and mirror image at 0.4 of the weight) **98.93%** (41 errors of 3,840; the release with its mirror images 98.39%, 62). End to end: the 60 held-out renders (`--kind photo`) 93.93% -> 94.11% of squares and 61.7% -> 68.3% of boards, chesscog 99.77% and 91.2% both, but the samryan photos' 40 versions 99.77% -> 99.41% and 90.0% -> 77.5% of boards (samryan-003's c8 bishop lost in five versions, samryan-004's back rank in three), testdata/photos 75.0% -> 70.0%, and the samryan photos' median time 1.5 s -> 2.1 s; with the second's crops alone (0.25 of the weight) the versions read 80.0%. Session 36's finding stands: renders of the one design teach a finer network to read pieces seen from straight above worse than the release does.")
    w("")
    w("Nor do marks printed on the renders' boards teach a renders-only model the chesscog board's logo (session 31): every renders-only model reads the US Chess device on h1 as a white rook, in 24-28 of the 32 photos (11 have a rook there). The 96 scenes of `photo_render.py --seed 9 --tone mixed` were rendered with and without a mark on every board (`--emblems 1`: letters and a bold device, rings, a lozenge of squares or a shield, mostly on h1), and the harder-tone model fine-tuned 1000 steps on each with its own renders (lr 1e-3): a rook read on h1 in 25 photos with the marks and 26 without, chesscog end to end 91.89% and 91.55% of squares, the samryan photos 99.38% and 4 of 5 boards both.")
    w("")
    w("Tried and not released, each better on renders and worse on the only real photos it never saw (the samryan photos, 99.06% of squares and 4 of 5 boards with the release; 92.50% by the model alone): (1) a fifth stage, 25 minutes at lr 1e-3 on 347 fresh renders (`photo_render.py --seed 7`) and the real crops: held-out renders from true corners 97.32%, samryan 98.44% and 2 of 5 boards; (2) the same from the released weights resampled to crops 48x96 (`train_photo.py --init-onnx models/photo.onnx --hw 96,48`; train.py `resample_fc1`), 50 minutes: held-out renders 97.40% (pieces 90.47%), top-down 97.55% (88.19%), end to end 92.99% and 46.7% of boards (top-down 96.56% and 43.3%), chesscog 99.86% and 94.1%, but samryan 97.19% and 1 of 5 boards (90.94% by the model alone), a file of 4.2 MB and photos read a quarter slower; queens read no better (75.6% and 66.7% on the held-out renders); again in session 32, 30 minutes on the 1024 four-design and harder-tone renders and the real crops (seed 1): held-out renders 96.95%, samryan 97.81% and 1 of 5 boards, so a photo model at 48x96 needs the rebuild from scratch; (3) each board's pieces also read from their mirror images, the log-probabilities averaged (the model trains on mirrored crops): held-out render crops 97.16% -> 97.66%, top-down 96.51% -> 97.19%, end to end 91.82% -> 91.95%, but samryan 96.88% and 1 of 5 boards (92.50% by the model alone, unchanged: the averaged probabilities mislead the assembler's priors on back-rank pieces seen from above; again in session 32, each board's mirrored crops averaged in with its eight moved outlines: held-out renders end to end 92.03% -> 92.24%, samryan 99.69% -> 97.81% and 4 -> 2 boards; in session 38, with the fifth stage, only the squares still below 0.9 after the nine readings, read from the nine crops mirrored too: samryan unchanged, 99.69% and 4 of 5, and their 40 shrunk and turned versions 30 -> 33 entirely right, so that is done since, above). (4) a fifth stage of 35 minutes at lr 1e-3 on 512 fresh renders (`photo_render.py --seed 5`, 4 s each on this machine) and the real crops, and its averages with the release (weights of the exports, release : fifth stage): held-out render crops 97.42% (5:5 97.63%, 7:3 97.47%, 8:2 97.37%; release 97.16%), top-down 96.72% (96.98%, 96.77%, 96.72%; 96.51%), chesscog 99.91% and 94.1% of boards (99.86%, 99.82%, 99.82%; 99.82% and 91.2%), held-out renders end to end with `--kind photo` 48.3% of boards (50.0%, 48.3%, 50.0%; 46.7%), but the samryan photos 1 of 5 boards (1, 3, 3; 4) and their 40 shrunk and turned versions (`scripts/photo_variants.py`) 22.5% (22.5%, 55.0%, 67.5%; 72.5%): the black bishop on c8, a dark piece on a light square seen from straight above, read as empty. Renders alone keep moving the model away from the one real set it never saw. (5) (4) as a second model beside the release, as the digital models are paired (its readings of a photo's squares below 0.9 averaged in, from the same nine outlines; session 27, fenscan built with a `--second-photo-model` flag that was not kept): held-out render crops 97.16% -> 97.68% (pieces 89.79% -> 91.73%; below 0.9 alone, without shifts), top-down 96.51% -> 97.19%, held-out renders end to end with `--kind photo` 50.0% -> 53.3% of boards, top-down 30.0% -> 36.7%, default auto on both 41.1% -> 43.3%, chesscog the same (91.2%), but the samryan photos 4 -> 3 of 5 boards (99.69% -> 99.06% of squares) and their 40 variants 65.0% -> 60.0%. Not kept, for the same reason.")
    w("")
    w("Also tried in session 31 and worse on both: a fifth stage of 40 minutes at lr 1e-3 from the release on the 1024 four-design and harder-tone renders and the real crops (`train_photo.py --init-onnx models/photo.onnx --train build/photos/crops_train5d build/photos/crops_train5t --real build/photos/crops_real --minutes 40 --seed 4 --lr 1e-3`): held-out render crops 96.82% (queens 60% and 49%), the samryan photos 97.19% and 1 of 5 boards, their 40 versions 22.5% of boards (the release 65.0%).")
    w("")
    w("## Licences of what it was trained on")
    w("")
    w("| source | licence |")
    w("|---|---|")
    w("| ../shared/art/staunton3d pieces (STL) and board textures, clarkerubber | MIT |")
    w("| ../shared/data/photos, github.com/afka2d/chesscog | MIT |")
    w("| board palettes, coordinates (DejaVu Sans Bold, Bitstream Vera licence), table noise: generated | - |")
    w("")
    w("Rebuild: `make photo-model` (scripts/build_photo_model.sh), about 190 minutes of rendering "
      "and %.0f of training (the five stages) on 2 CPU cores." % (
          s1.get("minutes", 0) + s2.get("minutes", 0) + s3.get("minutes", 0) + s4.get("minutes", 0) + rep.get("minutes", 0)))
    return "\n".join(L) + "\n"


def main():
    check = "--check" in sys.argv[1:]
    g, rebuilt = gather(check)
    text = card(g)
    if check:
        if open(CARD).read() != text:
            sys.exit("models/photo.md differs from what scripts/photo_model_card.py writes from "
                     "models/photo_reports.json: edit the script's text, then run it")
        return
    open(CARD, "w").write(text)
    if rebuilt:
        with open(SAVED, "w") as f:
            json.dump(g, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()

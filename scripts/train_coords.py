#!/usr/bin/env python3
"""Train the coordinates model (models/coords.onnx) on crops from scripts/gen_glyphs.py:
17 classes (none, a-h, 1-8) from the border strip beside each edge square. The same
network shape as the square classifiers (train.Net), narrower, exported the same way.

  /usr/bin/python3 scripts/train_coords.py --minutes 25
"""
import argparse, json, math, os, sys, time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train import Net, fold, export, predict, fit_T, ece, log, train_step, load_onnx  # noqa: E402
from gen_glyphs import H, W, GLYPHS  # noqa: E402

CLASSES = ["none"] + list(GLYPHS)
CH = (16, 32, 32, 48, 48)
EMB = 64


def load(paths):
    """The crops of one file, or of several joined by commas."""
    ds = [np.load(p) for p in paths.split(",")]
    return np.concatenate([d["x"] for d in ds]), np.concatenate([d["y"] for d in ds])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", default="build/coords/train.npz", help="crops; several files joined by commas")
    ap.add_argument("--easy", default="build/coords/easy.npz",
                    help="large clear glyphs: most of the first batches, while the network finds glyphs at all")
    ap.add_argument("--val", default="build/coords/val.npz")
    ap.add_argument("--heldout", default="build/coords/heldout.npz")
    ap.add_argument("--val-inner", default="", help="inner cells of the training fonts (gen_glyphs.py --inner 1)")
    ap.add_argument("--heldout-inner", default="", help="inner cells of the held-out font")
    ap.add_argument("--minutes", type=float, default=25)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--bs", type=int, default=64)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--init-onnx", default="", help="go on training an exported model (its BatchNorm folded)")
    ap.add_argument("--out", default="models/coords.onnx")
    ap.add_argument("--report", default="build/coords/report.json")
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    np.random.seed(a.seed)
    torch.set_num_threads(2)
    X, Y = load(a.train)
    Xe, Ye = load(a.easy)
    Xv, Yv = load(a.val)
    Xh, Yh = load(a.heldout)
    tests = [("val", (Xv, Yv)), ("heldout", (Xh, Yh))]
    for name, path in (("val_inner", a.val_inner), ("heldout_inner", a.heldout_inner)):
        if path:
            tests.append((name, load(path)))
    log("train %d, val %d, held-out font %d crops of %dx%d" % (len(Y), len(Yv), len(Yh), W, H))
    model = load_onnx(a.init_onnx, (H, W)) if a.init_onnx else Net(CH, EMB, hw=(H, W), classes=len(CLASSES))
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    t0, step, budget = time.time(), 0, a.minutes * 60
    while time.time() - t0 < budget:
        frac = (time.time() - t0) / budget
        for g in opt.param_groups:
            g["lr"] = a.lr * 0.5 * (1 + math.cos(math.pi * frac))
        # Tiny, faint glyphs teach nothing until the network knows glyphs:
        # the first third of the time is mostly easy crops.
        ne = int(a.bs * (0.7 if frac < 0.33 and not a.init_onnx else 0.15))
        ie, ih = np.random.randint(0, len(Ye), ne), np.random.randint(0, len(Y), a.bs - ne)
        xs = np.concatenate([Xe[ie], X[ih]])
        ys = np.concatenate([Ye[ie], Y[ih]])
        xb = torch.from_numpy(xs.astype(np.float32) / 255).unsqueeze(1)
        # Glyphs may be dark on light or light on dark: show both.
        flip = torch.rand(a.bs) < 0.3
        xb[flip] = 1 - xb[flip]
        loss = train_step(model, opt, xb, torch.from_numpy(ys))
        step += 1
        if step % 1000 == 0:
            log("step %d loss %.4f lr %.2e" % (step, loss, opt.param_groups[0]["lr"]))
    model.eval()
    lv, _ = predict(model, Xv)
    T = fit_T(lv, torch.from_numpy(Yv))
    fm = fold(model, T)
    res = {}
    for name, (x, y) in tests:
        lo, _ = predict(fm, x)
        p = F.softmax(lo, 1)
        yt = torch.from_numpy(y)
        pred = p.argmax(1)
        res[name] = dict(accuracy=float((pred == yt).float().mean()),
                         glyph_accuracy=float((pred == yt)[yt > 0].float().mean()),
                         none_as_glyph=float((pred > 0)[yt == 0].float().mean()),
                         ece=ece(p, yt))
        log(name, res[name])
    export(fm, a.out)
    rep = dict(steps=step, minutes=a.minutes, T=T, params=sum(p.numel() for p in fm.parameters()),
               classes=CLASSES, hw=[H, W], **res)
    with open(a.report, "w") as f:
        json.dump(rep, f, indent=1)
    log("wrote", a.out, a.report)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Train the photo model: square-and-column crops (64 high, 32 wide) of board photos.

  train_photo.py --train DIR [DIR...] --heldout DIR --minutes 20 --out models/photo.onnx

Each DIR holds x.npy, y.npy and group.npy from `go run ./scripts/photocrops` (the crops
fenscan itself reads). A validation split is taken by picture, never by crop: crops of
one picture share lighting and pieces, and would flatter the score.
"""
import argparse, json, math, os, sys, time
import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train import Net, fold, export, predict, fit_T, ece, log, train_step, load_onnx, soup, soup_args, \
    schedule_args, Schedule  # noqa: E402
from fenprep import CLASSES  # noqa: E402


def load(dirs):
    xs, ys, gs = [], [], []
    off = 0
    for d in dirs:
        x, y, g = (np.load(os.path.join(d, n + ".npy")) for n in ("x", "y", "group"))
        xs.append(x)
        ys.append(y.astype(np.int64))
        gs.append(g + off)
        off += int(g.max()) + 1
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)


def augment(xb, gen):
    """Photometric and geometric changes a phone photo makes: mirror (no piece depends
    on it), brightness, contrast, gamma, blur, noise, small shifts."""
    n = xb.shape[0]
    flip = torch.rand(n, generator=gen) < 0.5
    xb = torch.where(flip[:, None, None, None], xb.flip(3), xb)
    c = torch.empty(n, 1, 1, 1).uniform_(0.6, 1.4, generator=gen)
    b = torch.empty(n, 1, 1, 1).uniform_(-0.15, 0.15, generator=gen)
    xb = ((xb - 0.5) * c + 0.5 + b).clamp(0, 1)
    gam = torch.empty(n, 1, 1, 1).uniform_(-0.4, 0.4, generator=gen).exp()
    xb = xb.clamp_min(1e-4) ** gam
    if torch.rand(1, generator=gen).item() < 0.4:
        k = torch.tensor([1.0, 2.0, 1.0])
        k = (k[:, None] * k[None, :]) / 16
        xb = F.conv2d(F.pad(xb, (1, 1, 1, 1), mode="replicate"), k[None, None])
    sig = torch.empty(n, 1, 1, 1).uniform_(0, 0.05, generator=gen)
    xb = xb + torch.randn(xb.shape, generator=gen) * sig
    dy, dx = torch.randint(-3, 4, (2,), generator=gen).tolist()
    xb = torch.roll(xb, shifts=(dy, dx), dims=(2, 3))
    return xb.clamp(0, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", nargs="+", required=True)
    ap.add_argument("--real", nargs="*", default=[], help="real photo crops, weighted up")
    ap.add_argument("--real-weight", type=float, default=4.0)
    ap.add_argument("--heldout", required=True)
    schedule_args(ap, 20)
    ap.add_argument("--out", default="models/photo.onnx")
    ap.add_argument("--report", default="build/photo_report.json")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bs", type=int, default=128)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--init-onnx", default="", help="go on training an exported photo model (one for other crops than --hw is resampled to them)")
    soup_args(ap, "photo model exports fine-tuned from one start (exports for other crops are resampled)",
              "--minutes 0 and no --steps")
    ap.add_argument("--ch", default="16,32,32,64,64", help="the five convolutions' widths")
    ap.add_argument("--emb", type=int, default=96, help="the embedding's width")
    ap.add_argument("--hw", default="64,32", help="the crops' height and width (photocrops -h, -w); "
                    "fenscan reads the size from the model")
    a = ap.parse_args()
    if a.average and (a.init_onnx or any(not p.endswith(".onnx") for p in a.average.split(","))):
        sys.exit("--average: photo model exports (.onnx) only, and without --init-onnx (the first of them is the start)")
    torch.set_num_threads(2)
    torch.manual_seed(a.seed)
    gen = torch.Generator().manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    t_start = time.time()

    X, Y, G = load(a.train)
    W = np.ones(len(Y))
    if a.real:
        Xr, Yr, Gr = load(a.real)
        X, Y, G = np.concatenate([X, Xr]), np.concatenate([Y, Yr]), np.concatenate([G, Gr + G.max() + 1])
        W = np.concatenate([W, np.full(len(Yr), a.real_weight)])
    pics = np.unique(G)
    val_pics = set(rng.choice(pics, size=max(1, len(pics) // 20), replace=False).tolist())
    vm = np.array([g in val_pics for g in G])
    Xv, Yv = X[vm], torch.from_numpy(Y[vm])
    Xt, Yt, Wt = X[~vm], Y[~vm], W[~vm]
    log("train crops %d from %d pictures, val %d; classes %s" % (
        len(Yt), len(pics) - len(val_pics), len(Yv), np.bincount(Yt, minlength=13).tolist()))

    ch = tuple(int(c) for c in a.ch.split(","))
    hw = tuple(int(v) for v in a.hw.split(","))
    if X.shape[1:] != hw:
        sys.exit("crops are %dx%d (height x width), --hw says %dx%d" % (X.shape[1:] + hw))
    if a.average:
        model = soup(None, a.average, a.average_weights, hw)
    else:
        model = load_onnx(a.init_onnx, hw) if a.init_onnx else Net(ch, a.emb, hw=hw)
    nparams = sum(p.numel() for p in model.parameters())
    log("params %d" % nparams)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    Xt_t, Yt_t = torch.from_numpy(Xt), torch.from_numpy(Yt)
    # Seven squares in ten are empty: crops are drawn with weight 1/sqrt(class
    # frequency), which shows the pieces, the hard part, more often.
    freq = np.bincount(Yt, minlength=13).astype(np.float64)
    p = Wt / np.sqrt(np.maximum(freq[Yt], 1))
    p /= p.sum()
    sched, step = Schedule(a), 0
    while True:
        frac = sched.frac(step)
        if frac >= 1:
            break
        warm = 1.0 if a.init_onnx or a.average else min(1.0, step / 200)
        lr = a.lr * warm * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * frac)))
        for g in opt.param_groups:
            g["lr"] = lr
        idx = torch.from_numpy(rng.choice(len(Yt), size=a.bs, p=p))
        xb = augment(Xt_t[idx].float().div_(255).unsqueeze(1), gen)
        loss = train_step(model, opt, xb, Yt_t[idx])
        step += 1
        if step % 200 == 0:
            log("step %d loss %.4f lr %.2e (%.0f%% of %s)" % (step, loss.item(), lr, 100 * frac, sched.unit))
        if step % 1000 == 0:
            lv, _ = predict(model, Xv[:4000])
            log("  val acc %.4f" % (lv.argmax(1) == Yv[:4000]).float().mean().item())
    # Undo the sampling's shift of the class prior: the network learnt
    # p(class | crop) / sqrt(frequency); its bias gets the square root back.
    # Exports loaded (--init-onnx, --average) and not trained on already hold it.
    if step:
        with torch.no_grad():
            model.fc2.bias += torch.from_numpy(0.5 * np.log(np.maximum(freq, 1))).float()
    lv, _ = predict(model, Xv)
    val_acc = (lv.argmax(1) == Yv).float().mean().item()
    T = fit_T(lv, Yv)
    log("val acc %.5f T %.3f ECE %.4f -> %.4f" % (val_acc, T, ece(F.softmax(lv, 1), Yv), ece(F.softmax(lv / T, 1), Yv)))
    fm = fold(model, T)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    ops, cvdiff = export(fm, a.out)

    Xh, Yh, _ = load([a.heldout])
    lh, _ = predict(fm, Xh)
    pred = lh.argmax(1).numpy()
    ok = pred == Yh
    conf = np.zeros((13, 13), np.int64)
    np.add.at(conf, (Yh, pred), 1)
    log("held-out renders: %.5f of %d squares (pieces %.5f)" % (ok.mean(), len(ok), ok[Yh != 0].mean()))
    for i, c in enumerate(CLASSES):
        m = Yh == i
        if m.any():
            log("  %-5s n=%5d acc %.4f" % (c or "empty", m.sum(), ok[m].mean()))
    rep = dict(params=nparams, channels=list(fm.cfg[0]), emb=fm.cfg[1], minutes=a.minutes, schedule_steps=a.steps, lr=a.lr,
               init=a.init_onnx, average=a.average, average_weights=a.average_weights, crop_hw=hw, train_crops=int(len(Yt)), steps=step, val_acc=val_acc, T=T,
               heldout_acc=float(ok.mean()), heldout_pieces=float(ok[Yh != 0].mean()), heldout_n=int(len(ok)),
               confusion=conf.tolist(), onnx_ops=ops, cv2_diff=float(cvdiff), seconds=time.time() - t_start)
    with open(a.report, "w") as f:
        json.dump(rep, f, indent=1)
    log("done in %.0fs" % (time.time() - t_start))


if __name__ == "__main__":
    main()

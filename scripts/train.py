#!/usr/bin/env python3
"""Train the fenscan square classifier on rendered crops, calibrate, export ONNX, evaluate.

  train.py --train build/data/train.npz --heldout build/data/heldout.npz --minutes 30 \
           --out models/digital.onnx --report build/report.json
"""
import argparse, json, math, os, sys, time
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fenprep import CLASSES  # noqa: E402
from classes import STYLES  # noqa: E402

# Pooling right after the first layer keeps the cost near 7.5M multiply-adds
# per crop (about 0.5 GMAC a board): a few ms on one core in OpenCV DNN.
CH = (16, 32, 32, 64, 64)
EMB = 96


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


class Net(nn.Module):
    """hw is the crop's height and width: 32x32 squares for screens and books, taller
    crops for photos (scripts/train_photo.py), wide ones for the coordinates printed
    beside a board (scripts/train_coords.py, which has its own classes)."""

    def __init__(self, ch=CH, emb=EMB, bn=True, hw=(32, 32), classes=len(CLASSES)):
        super().__init__()
        a, b, c, d, e = ch
        self.bn = bn
        self.cfg = (ch, emb, hw, classes)

        def cbr(i, o):
            layers = [nn.Conv2d(i, o, 3, padding=1, bias=not bn)]
            if bn:
                layers.append(nn.BatchNorm2d(o))
            layers.append(nn.ReLU())
            return layers
        self.features = nn.Sequential(*cbr(1, a), nn.MaxPool2d(2),
                                      *cbr(a, b), *cbr(b, c), nn.MaxPool2d(2),
                                      *cbr(c, d), *cbr(d, e), nn.MaxPool2d(2))
        self.fc1 = nn.Linear(e * (hw[0] // 8) * (hw[1] // 8), emb)
        self.fc2 = nn.Linear(emb, classes)

    def forward(self, x):
        h = torch.flatten(self.features(x), 1)
        emb = F.relu(self.fc1(h))
        return self.fc2(emb), emb


def load_onnx(path, hw=(32, 32)):
    """A Net without BatchNorm holding the weights of an exported model (a path or a
    loaded onnx.ModelProto; to train it further): the export's convolutions already
    hold the folded BatchNorm. A model exported for smaller or larger crops than hw is
    resampled (resample_fc1)."""
    import onnx
    from onnx import numpy_helper
    import join_models
    mo = path if isinstance(path, onnx.ModelProto) else onnx.load(path)
    if len(join_models.joined_shares(mo)) > 1:
        # Read as one network it would be the first part with its last layer scaled.
        name = path if isinstance(path, str) else "model"
        raise ValueError(f"{name}: a joined model (scripts/join_models.py); load its parts (join_models.split)")
    dims = mo.graph.input[0].type.tensor_type.shape.dim
    src = (dims[2].dim_value, dims[3].dim_value)
    if src != tuple(hw):
        return resample_fc1(load_onnx(path, src), hw)
    init = {i.name: numpy_helper.to_array(i) for i in mo.graph.initializer}
    conv_nodes = [n for n in mo.graph.node if n.op_type == "Conv"]
    gemm_nodes = [n for n in mo.graph.node if n.op_type == "Gemm"]
    # The widths are read from the weights, so any Net's export loads.
    ch = tuple(int(init[n.input[1]].shape[0]) for n in conv_nodes)
    emb = int(init[gemm_nodes[0].input[2]].shape[0])
    classes = int(init[gemm_nodes[1].input[2]].shape[0])
    m = Net(ch, emb, bn=False, hw=hw, classes=classes)
    convs = [l for l in m.features if isinstance(l, nn.Conv2d)]
    with torch.no_grad():
        for l, n in zip(convs, conv_nodes):
            l.weight.copy_(torch.from_numpy(init[n.input[1]]))
            l.bias.copy_(torch.from_numpy(init[n.input[2]]))
        for l, n in zip([m.fc1, m.fc2], gemm_nodes):
            w = torch.from_numpy(init[n.input[1]])
            trans = any(a.name == "transB" and a.i == 1 for a in n.attribute)
            l.weight.copy_(w if trans else w.T)
            l.bias.copy_(torch.from_numpy(init[n.input[2]]))
    return m


def resample_fc1(m, hw):
    """m for crops of size hw: the convolutions, which do not depend on the crop's size,
    carry over; the first linear layer's weights, one map per feature channel over the
    last pooled grid, are resized to the new grid and scaled so that a feature spread
    over the same part of the crop adds up to the same. The start for a model that
    reads finer crops, so that it need not be trained from scratch."""
    ch, emb, src, classes = m.cfg
    n = Net(ch, emb, bn=False, hw=hw, classes=classes)
    old_grid, new_grid = (src[0] // 8, src[1] // 8), (hw[0] // 8, hw[1] // 8)
    with torch.no_grad():
        for a, b in zip(m.features, n.features):
            if isinstance(a, nn.Conv2d):
                b.weight.copy_(a.weight)
                b.bias.copy_(a.bias)
        w = m.fc1.weight.view(emb, ch[-1], *old_grid)
        w = F.interpolate(w, size=new_grid, mode="bilinear", align_corners=False)
        n.fc1.weight.copy_(w.reshape(emb, -1) * (old_grid[0] * old_grid[1]) / (new_grid[0] * new_grid[1]))
        n.fc1.bias.copy_(m.fc1.bias)
        n.fc2.load_state_dict(m.fc2.state_dict())
    return n


def widen(m, ch, emb, seed=0):
    """m with more channels (ch, one width per convolution) and a wider embedding (emb),
    computing the same function (Net2Net's wider layers: each new unit copies a random old
    one, and the next layer shares the old unit's outgoing weights among its copies), with a
    little noise so that copies can part. The start for a larger model that need not be
    trained from scratch. m has no BatchNorm (an export loaded by load_onnx)."""
    och, oemb, hw, classes = m.cfg
    if any(n < o for n, o in zip(ch, och)) or emb < oemb:
        raise SystemExit("--widen: %s, %d is narrower than the model's %s, %d" % (ch, emb, och, oemb))
    g = torch.Generator().manual_seed(seed)

    def mapping(old, new):
        idx = torch.cat([torch.arange(old), torch.randint(old, (new - old,), generator=g)])
        return idx, torch.bincount(idx, minlength=old).float()

    def noisy(w):
        return w + 1e-3 * w.std() * torch.randn(w.shape, generator=g)

    n = Net(ch, emb, bn=False, hw=hw, classes=classes)
    olds = [l for l in m.features if isinstance(l, nn.Conv2d)]
    news = [l for l in n.features if isinstance(l, nn.Conv2d)]
    prev, cnt = torch.arange(1), torch.ones(1)
    with torch.no_grad():
        for a, b, width in zip(olds, news, ch):
            idx, c = mapping(a.out_channels, width)
            w = a.weight[idx][:, prev] / cnt[prev][None, :, None, None]
            b.weight.copy_(noisy(w))
            b.bias.copy_(a.bias[idx])
            prev, cnt = idx, c
        cells = (hw[0] // 8) * (hw[1] // 8)
        idx, c = mapping(oemb, emb)
        w = m.fc1.weight.view(oemb, och[-1], cells)[idx][:, prev] / cnt[prev][None, :, None]
        n.fc1.weight.copy_(noisy(w.reshape(emb, -1)))
        n.fc1.bias.copy_(m.fc1.bias[idx])
        n.fc2.weight.copy_(m.fc2.weight[:, idx] / c[idx][None, :])
        n.fc2.bias.copy_(m.fc2.bias)
    return n


def schedule_args(ap, minutes):
    """The --minutes and --steps options of a training script (minutes its default),
    refused when negative as they are parsed, before any data is loaded."""
    def at_least_zero(kind):
        def parse(v):
            x = kind(v)
            if x < 0:
                raise argparse.ArgumentTypeError("%s is negative" % v)
            return x
        return parse
    ap.add_argument("--minutes", type=at_least_zero(float), default=minutes)
    ap.add_argument("--steps", type=at_least_zero(int), default=0,
                    help="run the schedule over this many steps instead of --minutes: the same training "
                    "whatever else the machine runs")


class Schedule:
    """How far training has gone, 0 to 1 (done at 1): by steps with --steps, else by the
    clock over --minutes."""

    def __init__(self, a):
        self.steps, self.budget, self.t0 = a.steps, a.minutes * 60, time.time()
        self.unit = "steps" if a.steps else "budget"

    def frac(self, step):
        if self.steps:
            return step / self.steps
        return (time.time() - self.t0) / self.budget if self.budget > 0 else 1

    def seconds(self):
        return time.time() - self.t0


def soup_args(ap, what, untrained="--minutes 0"):
    """The --average and --average-weights options of a training script; what says which
    models --average takes, untrained which options train no step."""
    ap.add_argument("--average", default="",
                    help="comma-separated %s to average into the model (a weight 'soup'); with %s "
                         "it is only calibrated, exported and evaluated" % (what, untrained))
    ap.add_argument("--average-weights", default="",
                    help="comma-separated weights for --average's models (default: equal); they are normalized")


def soup(model, paths, weights="", hw=(32, 32)):
    """model holding the weighted mean of the weights of paths (comma-separated state
    dicts, .pt, or exports, .onnx; weights comma-separated, equal by default). Runs
    fine-tuned from one start often average into a model better than each (a weight "soup");
    exports hold no BatchNorm, so with an .onnx first the model is rebuilt without it."""
    def state(p):
        return load_onnx(p, hw).state_dict() if p.endswith(".onnx") else torch.load(p)
    paths = paths.split(",")
    if paths[0].endswith(".onnx"):
        model = load_onnx(paths[0], hw)
    sds = [state(p) for p in paths]
    ws = [float(w) for w in weights.split(",")] if weights else [1.0] * len(sds)
    if len(ws) != len(sds):
        raise SystemExit("--average-weights: %d weights for %d models" % (len(ws), len(sds)))
    ws = [w / sum(ws) for w in ws]
    avg = {k: sum(w * sd[k].float() for w, sd in zip(ws, sds)).to(sds[0][k].dtype)
           if sds[0][k].is_floating_point() else sds[0][k] for k in sds[0]}
    model.load_state_dict(avg)
    log("averaged %d state dicts: %s, weights %s" % (len(sds), ",".join(paths), ws))
    return model


def train_step(model, opt, xb, yb, teachers=(), distill=0.0, dT=2.0):
    """One optimiser step on a batch; returns the loss. With teachers, a share
    distill of the loss is the KL divergence from the teachers' averaged
    probabilities at temperature dT (knowledge distillation: an ensemble's
    answers carry which wrong classes a crop resembles)."""
    model.train()
    logits, _ = model(xb)
    loss = F.cross_entropy(logits, yb, label_smoothing=0.02)
    if teachers:
        with torch.no_grad():
            pt = sum(F.softmax(t(xb)[0] / dT, 1) for t in teachers) / len(teachers)
        kl = F.kl_div(F.log_softmax(logits / dT, 1), pt, reduction="batchmean") * dT * dT
        loss = (1 - distill) * loss + distill * kl
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss


def shape_augment(xb, share=0.7, elastic=0.0):
    """Piece designs differ from one another in proportions and stroke weight more than
    any photometric change can show: warp a share of the crops a little (scale, aspect,
    shear, rotation, shift) and thicken or thin their dark strokes, so that the net
    learns the pieces' shapes rather than one drawing's exact lines. elastic > 0 also
    bends each warped crop by a smooth random field of about that many pixels (a 4x4
    field of normal draws, upsampled), as one design's curves differ from another's."""
    n = xb.shape[0]
    u = lambda lo, hi: torch.empty(n).uniform_(lo, hi)
    s, asp, rot, shear = u(0.9, 1.1), u(0.93, 1.07), u(-0.05, 0.05), u(-0.08, 0.08)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = s * asp * torch.cos(rot)
    theta[:, 0, 1] = -s * torch.sin(rot) + shear
    theta[:, 1, 0] = s * torch.sin(rot)
    theta[:, 1, 1] = s / asp * torch.cos(rot)
    theta[:, 0, 2], theta[:, 1, 2] = u(-0.05, 0.05), u(-0.05, 0.05)
    grid = F.affine_grid(theta, list(xb.shape), align_corners=False)
    if elastic > 0:
        h, w = xb.shape[2], xb.shape[3]
        field = F.interpolate(torch.randn(n, 2, 4, 4), size=(h, w), mode="bicubic", align_corners=False)
        # Pixels to the grid's units (2 across the crop).
        scale = torch.tensor([elastic * 2 / w, elastic * 2 / h])
        grid = grid + field.permute(0, 2, 3, 1) * scale
    warped = F.grid_sample(xb, grid, padding_mode="border", align_corners=False)
    # Half a pixel's change of stroke weight: a blend with a 3x3 minimum (ink
    # spreads) or maximum (ink thins) filter.
    w = u(0, 1)
    heavy = 0.5 * warped + 0.5 * -F.max_pool2d(-warped, 3, 1, 1)
    light = 0.5 * warped + 0.5 * F.max_pool2d(warped, 3, 1, 1)
    warped = torch.where((w < 0.25)[:, None, None, None], heavy,
                         torch.where((w > 0.75)[:, None, None, None], light, warped))
    pick = (torch.rand(n) < share)[:, None, None, None]
    return torch.where(pick, warped, xb)


def fold(model, T):
    """copy of model without BatchNorm (folded into conv) and with logits divided by T."""
    ch, emb, hw, classes = model.cfg
    m = Net(ch, emb, bn=False, hw=hw, classes=classes)
    if not model.bn:  # nothing to fold
        m.load_state_dict(model.state_dict())
        with torch.no_grad():
            m.fc2.weight /= T
            m.fc2.bias /= T
        return m.eval()
    src = list(model.features)
    dst = [l for l in m.features if isinstance(l, nn.Conv2d)]
    convs = []
    i = 0
    while i < len(src):
        if isinstance(src[i], nn.Conv2d):
            conv, bn = src[i], src[i + 1]
            w = conv.weight.detach().clone()
            b = torch.zeros(w.shape[0]) if conv.bias is None else conv.bias.detach().clone()
            s = bn.weight.detach() / torch.sqrt(bn.running_var + bn.eps)
            w = w * s[:, None, None, None]
            b = (b - bn.running_mean) * s + bn.bias.detach()
            convs.append((w, b))
            i += 2
        else:
            i += 1
    for l, (w, b) in zip(dst, convs):
        l.weight.data.copy_(w)
        l.bias.data.copy_(b)
    m.fc1.load_state_dict(model.fc1.state_dict())
    m.fc2.weight.data.copy_(model.fc2.weight.detach() / T)
    m.fc2.bias.data.copy_(model.fc2.bias.detach() / T)
    return m.eval()


def to_t(x):
    return torch.from_numpy(x.astype(np.float32) / 255.0).unsqueeze(1)


@torch.no_grad()
def predict(model, X, bs=1024):
    model.eval()
    L, E = [], []
    for k in range(0, len(X), bs):
        l, e = model(to_t(X[k:k + bs]))
        L.append(l)
        E.append(e)
    return torch.cat(L), torch.cat(E)


def ece(probs, y, bins=15):
    conf, pred = probs.max(1)
    acc = (pred == y).float()
    e = 0.0
    edges = torch.linspace(0, 1, bins + 1)
    for i in range(bins):
        m = (conf > edges[i]) & (conf <= edges[i + 1])
        if m.any():
            e += m.float().mean().item() * abs(conf[m].mean().item() - acc[m].mean().item())
    return e


def fit_T(logits, y):
    logT = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([logT], lr=0.1, max_iter=200)

    def closure():
        opt.zero_grad()
        loss = F.cross_entropy(logits / logT.exp(), y)
        loss.backward()
        return loss
    opt.step(closure)
    return float(logT.exp())


def export(m, path):
    import onnx
    h, w = m.cfg[2]
    x = torch.rand(64, 1, h, w)
    torch.onnx.export(m, x, path, input_names=["input"], output_names=["logits", "embedding"],
                      opset_version=11, export_params=True, do_constant_folding=True,
                      keep_initializers_as_inputs=False)
    # onnx-go only fills graph outputs no other node consumes: route "embedding" through Identity.
    import embedding_output
    embedding_output.main(path)
    mo = onnx.load(path)
    onnx.checker.check_model(mo)
    ops = sorted(set(n.op_type for n in mo.graph.node))
    bad = [o for o in ops if o not in ("Conv", "Relu", "MaxPool", "Gemm", "MatMul", "Add", "Flatten", "Reshape", "Mul", "Identity")]
    assert not bad, "unsupported ops in graph: %s" % bad
    import cv2
    net = cv2.dnn.readNetFromONNX(path)
    xs = torch.rand(64, 1, h, w)
    net.setInput(xs.numpy())
    lo, em = net.forward(["logits", "embedding"])
    with torch.no_grad():
        tl, te = m(xs)
    d = max(np.abs(lo - tl.numpy()).max(), np.abs(em - te.numpy()).max())
    assert d < 1e-4, "cv2.dnn mismatch %g" % d
    log("exported %s: ops %s, %d bytes, cv2.dnn max diff %.2e" % (path, ops, os.path.getsize(path), d))
    return ops, d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", required=True)
    ap.add_argument("--heldout", required=True)
    schedule_args(ap, 30)
    ap.add_argument("--out", default="models/digital.onnx")
    ap.add_argument("--report", default="build/report.json")
    ap.add_argument("--worst-png", default="build/worst_set.png")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bs", type=int, default=256)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--init", default="")
    ap.add_argument("--init-onnx", default="",
                    help="go on training an exported model (its BatchNorm already folded, so trained without)")
    ap.add_argument("--widen", default="",
                    help="with --init-onnx: widen the model first to these six widths (five convolutions "
                         "and the embedding, e.g. 24,48,48,96,96,128), computing the same function (widen)")
    ap.add_argument("--mirror", action="store_true",
                    help="mirror half the crops left to right (knights facing either way)")
    ap.add_argument("--shape-aug", action="store_true",
                    help="warp crops and change their stroke weight (shape_augment) as well")
    ap.add_argument("--elastic", type=float, default=0.0,
                    help="with --shape-aug: also bend crops by a smooth random field of about this many pixels")
    ap.add_argument("--teacher", default="",
                    help="comma-separated ONNX models whose averaged answers the net also learns (see --distill)")
    ap.add_argument("--distill", type=float, default=0.5,
                    help="share of the loss taken by the teachers' answers, with --teacher")
    soup_args(ap, "state dicts (.pt), or exports (.onnx) for a model trained with --init-onnx, of runs from one start",
              "--minutes 0 and no --steps")
    a = ap.parse_args()
    if a.elastic and not a.shape_aug:
        raise SystemExit("--elastic bends the crops that --shape-aug warps: give both")
    if a.widen and (not a.init_onnx or len(a.widen.split(",")) != 6):
        raise SystemExit("--widen: six widths (five convolutions and the embedding) for the export given by --init-onnx")
    torch.set_num_threads(2)
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    t_start = time.time()

    d = np.load(a.train)
    X, Y = d["x"], d["y"]
    n = len(Y)
    perm = rng.permutation(n)
    nval = min(20000, n // 20)
    vi, ti = perm[:nval], perm[nval:]
    Xv, Yv = X[vi], torch.from_numpy(Y[vi])
    Xt, Yt = X[ti], Y[ti]
    log("train crops %d, val %d, class counts %s" % (len(Yt), nval, np.bincount(Yt, minlength=13).tolist()))

    model = load_onnx(a.init_onnx) if a.init_onnx else Net()
    if a.widen:
        w = [int(v) for v in a.widen.split(",")]
        model = widen(model, tuple(w[:5]), w[5], a.seed)
    if a.init:
        model.load_state_dict(torch.load(a.init))
    if a.average:
        model = soup(model, a.average, a.average_weights)
    teachers = [load_onnx(p).eval() for p in a.teacher.split(",")] if a.teacher else []
    nparams = sum(p.numel() for p in model.parameters())
    log("params %d" % nparams)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    sched = Schedule(a)
    step = 0
    seen = 0
    ep = 0
    done = sched.frac(0) >= 1
    Xt_t = torch.from_numpy(Xt)
    Yt_t = torch.from_numpy(Yt)
    while not done:
        order = torch.from_numpy(rng.permutation(len(Yt)))
        ep += 1
        for k in range(0, len(order) - a.bs + 1, a.bs):
            frac = sched.frac(step)
            if frac >= 1:
                done = True
                break
            warm = min(1.0, step / 300)
            lr = a.lr * warm * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * frac)))
            for g in opt.param_groups:
                g["lr"] = lr
            idx = order[k:k + a.bs]
            xb = Xt_t[idx].float().div_(255).unsqueeze(1)
            # light photometric augmentation (per-crop contrast/brightness, occasional inversion-free)
            if rng.random() < 0.5:
                c = torch.empty(len(idx), 1, 1, 1).uniform_(0.8, 1.2)
                bb = torch.empty(len(idx), 1, 1, 1).uniform_(-0.08, 0.08)
                xb = ((xb - 0.5) * c + 0.5 + bb).clamp_(0, 1)
            if a.shape_aug:
                xb = shape_augment(xb, elastic=a.elastic)
            if a.mirror:
                # Every piece is its own mirror image but the knight, and
                # some designs draw their knights facing right.
                flip = (torch.rand(len(idx)) < 0.5)[:, None, None, None]
                xb = torch.where(flip, xb.flip(3), xb)
            loss = train_step(model, opt, xb, Yt_t[idx], teachers, a.distill)
            step += 1
            seen += len(idx)
            if step % 200 == 0:
                log("ep %d step %d seen %d loss %.4f lr %.2e (%.0f%% of %s)" % (ep, step, seen, loss.item(), lr, 100 * frac, sched.unit))
            if step % 1500 == 0:
                lv, _ = predict(model, Xv[:5000])
                log("  val acc (5k) %.4f" % (lv.argmax(1) == Yv[:5000]).float().mean().item())
    train_s = sched.seconds()
    os.makedirs("build", exist_ok=True)
    torch.save(model.state_dict(), "build/model.pt")

    # calibration on validation split of training sets
    lv, _ = predict(model, Xv)
    val_acc = (lv.argmax(1) == Yv).float().mean().item()
    T = fit_T(lv, Yv)
    log("val acc %.5f  T %.3f  val ECE before %.4f after %.4f" % (val_acc, T, ece(F.softmax(lv, 1), Yv), ece(F.softmax(lv / T, 1), Yv)))

    fm = fold(model, T)
    with torch.no_grad():
        l1, _ = model.eval()(to_t(Xv[:512]))
        l2, _ = fm(to_t(Xv[:512]))
    log("fold check max diff %.2e" % (l1 / T - l2).abs().max().item())
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    ops, cvdiff = export(fm, a.out)

    # held-out evaluation
    h = np.load(a.heldout)
    Xh, Yh, Sh, STh, hsets = h["x"], torch.from_numpy(h["y"]), h["s"], h["st"], list(h["sets"])
    lh, _ = predict(fm, Xh)
    ph = F.softmax(lh, 1)
    pred = ph.argmax(1)
    ok = (pred == Yh).numpy()
    per = {}
    for i, s in enumerate(hsets):
        m = Sh == i
        mp = m & (Yh.numpy() != 0)
        per[s] = dict(n=int(m.sum()), acc=float(ok[m].mean()) if m.any() else None,
                      errors=int((~ok[m]).sum()), n_pieces=int(mp.sum()),
                      acc_pieces=float(ok[mp].mean()) if mp.any() else None)
    styles = {}
    for k, nm in enumerate(STYLES):
        m = STh == k
        styles[nm] = dict(n=int(m.sum()), acc=float(ok[m].mean()) if m.any() else None)
    overall = float(ok.mean())
    overall_pieces = float(ok[Yh.numpy() != 0].mean())
    he = ece(ph, Yh)
    conf = np.zeros((13, 13), np.int64)
    np.add.at(conf, (Yh.numpy(), pred.numpy()), 1)
    worst = min(per, key=lambda s: per[s]["acc"])
    log("held-out overall acc %.5f (n=%d), ECE %.4f" % (overall, len(ok), he))
    for s in sorted(per, key=lambda s: per[s]["acc"]):
        log("  %-24s n=%6d acc %.5f errors %d  (pieces only: %.5f)" % (s, per[s]["n"], per[s]["acc"], per[s]["errors"], per[s]["acc_pieces"]))
    log("  pieces-only overall %.5f" % overall_pieces)
    log("  by style: %s" % styles)
    # save a picture of the worst set: its misclassified crops (first 64) + labels
    try:
        import cv2
        wi = hsets.index(worst)
        bad = np.nonzero((Sh == wi) & ~ok)[0][:64]
        tiles = []
        for j in bad:
            t = cv2.cvtColor(cv2.resize(Xh[j], (64, 64), interpolation=cv2.INTER_NEAREST), cv2.COLOR_GRAY2BGR)
            t = cv2.copyMakeBorder(t, 14, 0, 0, 0, cv2.BORDER_CONSTANT, value=(255, 255, 255))
            cv2.putText(t, "%s>%s" % (CLASSES[Yh[j]], CLASSES[pred[j]]), (2, 11), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 255), 1)
            tiles.append(t)
        good = np.nonzero((Sh == wi) & ok)[0]
        for j in good[:max(0, 16 - len(tiles))]:
            t = cv2.cvtColor(cv2.resize(Xh[j], (64, 64), interpolation=cv2.INTER_NEAREST), cv2.COLOR_GRAY2BGR)
            t = cv2.copyMakeBorder(t, 14, 0, 0, 0, cv2.BORDER_CONSTANT, value=(255, 255, 255))
            cv2.putText(t, "%s ok" % CLASSES[Yh[j]], (2, 11), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 128, 0), 1)
            tiles.append(t)
        while len(tiles) % 8:
            tiles.append(np.full_like(tiles[0], 255))
        rows = [np.hstack(tiles[i:i + 8]) for i in range(0, len(tiles), 8)]
        cv2.imwrite(a.worst_png, np.vstack(rows))
    except Exception as e:  # noqa
        log("worst png failed", e)
    rep = dict(params=nparams, channels=CH, emb=EMB, train_crops=int(len(Yt)), val_crops=int(nval),
               class_counts=np.bincount(Yt, minlength=13).tolist(), minutes=a.minutes, schedule_steps=a.steps,
               steps=step, epochs=ep, seen=seen,
               train_seconds=train_s, total_seconds=time.time() - t_start, val_acc=val_acc, T=T,
               heldout_overall=overall, heldout_overall_pieces=overall_pieces, heldout_n=int(len(ok)), heldout_ece=he, per_set=per, by_style=styles,
               worst_set=worst, onnx_bytes=os.path.getsize(a.out), onnx_ops=ops, cv2_diff=float(cvdiff),
               confusion=conf.tolist())
    with open(a.report, "w") as f:
        json.dump(rep, f, indent=1)
    log("done in %.0fs" % (time.time() - t_start))


if __name__ == "__main__":
    main()

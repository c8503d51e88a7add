"""Train the whole-board head (package wholeboard, models/wholeboard.bin): a
small attention network that reads a flat board's 64 squares together, the
first digital model's log-probabilities and embeddings of all of them,
each square's shade and (--second-input) the second digital model's
log-probabilities of all of them too (--second-sure: of those the first reads
doubtfully, the first's standing in for the rest), and corrects each square's
log-probabilities (with a second reader, the two models' geometric mean)
from the others (how a design draws White against Black, its empty squares
of each shade, one glyph one piece).

Boards come from render.py with --keep-empty 1 (64 crops a board, in
order). The head is trained on boards of designs the first model misreads
as it misreads designs it never saw (its own bent, render.py --morph; for
a head without a second reader also the second model's ten designs, which
a head with one leaves out because the second model trained on them) and
of designs it trained on, and measured
on the held-out designs: alone, per set and style, and (unless --second
none) paired with the second model as fenscan reads doubtful squares.
--export writes the file fenscan reads and, beside it (PATH.check.json), one
board's inputs and the head's output for the Go test. scripts/build_wholeboard.sh
(make whole-board) runs it as the shipped head was made.

usage: /usr/bin/python3 scripts/context_head.py --train A.npz[,B.npz...] [--steps N] [--shuffle 0.7]
           [--kingless 0.15] [--second-input models/digital2.onnx [--second-sure 0.99]] [--seed N]
           [--heldout build/data/heldout.npz] [--export models/wholeboard.bin]
"""
import argparse
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, "scripts")
import render  # noqa: E402
import train  # noqa: E402
from classes import STYLES  # noqa: E402


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def cached(cache, compute):
    """compute()'s result, kept in the file cache (none if "") once computed."""
    import os
    if cache and os.path.exists(cache):
        return torch.load(cache)
    out = compute()
    if cache:
        torch.save(out, cache)
    return out


def features(model, X, cache=""):
    """log-probabilities and embeddings of each crop, boards of 64 (kept in
    cache, a file named for the crops and the model, once computed)."""
    def compute():
        L, E = train.predict(model, X)
        return torch.log_softmax(L, 1).view(-1, 64, 13), E.view(-1, 64, E.shape[1])
    return cached(cache, compute)


def second_features(model_path, X, cache=""):
    """The log-probabilities of each crop by the model at model_path (a joined
    model read as fenscan reads it), boards of 64, cached as features are."""
    import pair_eval
    return cached(cache, lambda: torch.from_numpy(
        pair_eval.log_probs(model_path, {(0, 0): X})[(0, 0)]).float().view(-1, 64, 13))


def stand_in(Z, Z2, sure):
    """Z2 (the second model's log-probabilities) with the first's, Z, on the
    squares the first reads at probability sure or more: the readings the head
    gets when the second model reads only the others (None: it reads all)."""
    if sure is None:
        return Z2
    return torch.where((Z.exp().max(2).values >= sure).unsqueeze(2), Z, Z2)


def cache_name(npz, model_path):
    """The cache of npz's features by the model at model_path: named for the
    model's bytes and the file's size and time, so that crops rendered again
    (render.py changed) are read again."""
    import hashlib
    import os
    st = os.stat(npz)
    key = open(model_path, "rb").read() + b"%d %d" % (st.st_size, st.st_mtime_ns)
    return npz + "." + hashlib.sha256(key).hexdigest()[:8] + ".feat"


def lp_cache_name(npz, model_path):
    """The cache of second_features: apart from features' (a model may be
    read as the first in one run and as the second in another)."""
    return cache_name(npz, model_path)[:-len(".feat")] + ".lp.feat"


PARITY = torch.tensor([[(r + c) % 2 for c in range(8)] for r in range(8)], dtype=torch.float32).view(1, 64, 1)


class Head(nn.Module):
    """emb is the width of E, the first model's embedding of a square and,
    with second, the second model's log-probabilities of it after that."""

    def __init__(self, emb=96, d=64, heads=4, layers=2, second=False):
        super().__init__()
        self.second = second
        self.norm = nn.LayerNorm(emb + 13)
        self.inp = nn.Linear(emb + 13 + 1, d)
        self.enc = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(d, heads, 2 * d, dropout=0.1, batch_first=True), layers)
        self.out = nn.Linear(d, 13)
        nn.init.zeros_(self.out.weight)
        nn.init.zeros_(self.out.bias)

    def forward(self, Z, E):
        base = Z
        if self.second:
            # The second model's reading travels in E, so that shuffle_pieces and
            # drop_kings move it with its square's.
            Z2 = E[:, :, -13:]
            E = torch.cat([E[:, :, :-13], Z2.clamp(min=-20)], 2)
            base = torch.log_softmax((Z + Z2) / 2, 2)
        x = self.norm(torch.cat([E, Z.clamp(min=-20)], 2))
        p = PARITY.expand(Z.shape[0], 64, 1)
        h = self.enc(self.inp(torch.cat([x, p], 2)))
        return base + self.out(h)


PAR = PARITY.view(64).bool()


def shuffle_pieces(Z, E, Y, share):
    """Boards whose pieces are taken away and copied elsewhere, square by square
    (each square's readings are its crop's alone, so a crop's readings moved
    to another square of the same shade are that crop drawn there): with
    chance share a board loses each piece with a chance of up to 0.6, its
    kings among them, and has each empty square take a copy of one of its
    pieces of that shade with a chance of up to 0.1. Positions then hold
    any number of each piece, none or three kings, as instructional
    diagrams do, and the head cannot lean on how many there should be."""
    Z, E, Y = Z.clone(), E.clone(), Y.clone()
    for b in range(len(Y)):
        if np.random.rand() >= share:
            continue
        drop, add = np.random.uniform(0, 0.6), np.random.uniform(0, 0.1)
        for par in (False, True):
            sq = torch.nonzero(PAR == par).view(-1)
            empty = sq[Y[b, sq] == 0]
            piece = sq[Y[b, sq] != 0]
            if len(empty) == 0:
                continue
            src_e = empty[torch.randint(0, len(empty), (64,))]
            if len(piece):
                src_p = piece[torch.randint(0, len(piece), (64,))]
            for j, t in enumerate(sq.tolist()):
                if Y[b, t] != 0 and np.random.rand() < drop:
                    s = src_e[j]
                elif Y[b, t] == 0 and len(piece) and np.random.rand() < add:
                    s = src_p[j]
                else:
                    continue
                Z[b, t], E[b, t], Y[b, t] = Z[b, s], E[b, s], Y[b, s]
    return Z, E, Y


KINGS = (render.LABEL["K"], render.LABEL["k"])


def drop_kings(Z, E, Y, share):
    """Boards whose kings are taken away (their squares given the readings of
    an empty square of the same shade) with chance share each: instructional
    diagrams often show no king, and a head that has always seen one per
    side, most of all on designs it cannot read, learns to make one of the
    likeliest crop there is (a diagram of four knights, JPEG-damaged, got
    two)."""
    Z, E, Y = Z.clone(), E.clone(), Y.clone()
    for b in range(len(Y)):
        if np.random.rand() >= share:
            continue
        for t in torch.nonzero((Y[b] == KINGS[0]) | (Y[b] == KINGS[1])).view(-1).tolist():
            empty = torch.nonzero((PAR == PAR[t]) & (Y[b] == 0)).view(-1)
            if len(empty):
                s = empty[np.random.randint(len(empty))]
                Z[b, t], E[b, t], Y[b, t] = Z[b, s], E[b, s], Y[b, s]
    return Z, E, Y


def boards(path):
    d = np.load(path)
    X, y = d["x"], d["y"]
    assert len(y) % 64 == 0, "%s: not whole boards (render with --keep-empty 1)" % path
    return X, y.reshape(-1, 64), d["s"].reshape(-1, 64)[:, 0], [str(s) for s in d["sets"]], d["st"].reshape(-1, 64)[:, 0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="models/digital.onnx")
    ap.add_argument("--train", required=True)
    ap.add_argument("--heldout", default="build/data/heldout.npz")
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--steps", type=int, default=0, help="train this many steps instead of --minutes (the same head whatever else the machine runs)")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--d", type=int, default=64)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shuffle", type=float, default=0.0,
                    help="share of training boards whose pieces are taken away and copied onto empty squares "
                         "(shuffle_pieces), so that the head learns looks, not how many of each piece a position has")
    ap.add_argument("--kingless", type=float, default=0.0,
                    help="share of training boards whose kings are taken away (drop_kings), after --shuffle")
    ap.add_argument("--save", default="")
    ap.add_argument("--export", default="", help="write the head for fenscan (package wholeboard's format) here")
    ap.add_argument("--load", default="", help="a head saved before: measure it, no training")
    ap.add_argument("--second", default="models/digital2.onnx", help="the second model, read on doubtful squares as fenscan does")
    ap.add_argument("--second-input", default="",
                    help="a second digital model whose log-probabilities of every square the head reads too "
                         "(fenscan then reads every flat board with both; see --second-sure)")
    ap.add_argument("--second-sure", type=float, default=None,
                    help="with --second-input: squares the first model reads at this probability or more are "
                         "not read by the second, the first's reading standing in for its (fenscan then runs "
                         "the second model on the other squares only)")
    a = ap.parse_args()
    if a.second_sure is not None and not (a.second_input and 0 < a.second_sure <= 1):
        ap.error("--second-sure takes a probability above 0 and at most 1, with --second-input")
    torch.set_num_threads(2)
    model = train.load_onnx(a.model)
    Zt, Et, Yt = [], [], []
    for p in a.train.split(","):
        X, y, _, _, _ = boards(p)
        Z, E = features(model, X, cache_name(p, a.model))
        Zt.append(Z); Yt.append(torch.from_numpy(y.astype(np.int64)))
        msg = ""
        if a.second_input:
            Z2 = stand_in(Z, second_features(a.second_input, X, lp_cache_name(p, a.second_input)), a.second_sure)
            E = torch.cat([E, Z2], 2)
            msg = ", second %.4f" % (Z2.argmax(2) == Yt[-1]).float().mean()
        Et.append(E)
        log("%s: %d boards, first model %.4f%s" % (p, len(y), (Z.argmax(2) == Yt[-1]).float().mean(), msg))
    Zt, Et, Yt = torch.cat(Zt), torch.cat(Et), torch.cat(Yt)
    Xh, yh, sh, hsets, sth = boards(a.heldout)
    Zh, Eh = features(model, Xh, cache_name(a.heldout, a.model))
    Yh = torch.from_numpy(yh.astype(np.int64))
    if a.second_input:
        Z2raw = second_features(a.second_input, Xh, lp_cache_name(a.heldout, a.second_input))
        Z2h = stand_in(Zh, Z2raw, a.second_sure)
        Eh = torch.cat([Eh, Z2h], 2)
        log("held-out: second model %.4f%s, both (geometric mean) %.4f" % (
            (Z2h.argmax(2) == Yh).float().mean(), "" if a.second_sure is None else " (the first's above --second-sure)",
            ((Zh + Z2h).argmax(2) == Yh).float().mean()))
    base = (Zh.argmax(2) == Yh)
    log("held-out: %d boards, first model %.4f, boards right %d" % (len(yh), base.float().mean(), base.all(1).sum()))

    # Seeded here, not before the readings are taken: the second model is
    # loaded only when its readings are not cached, and loading builds
    # networks that draw random weights, which would change the head.
    torch.manual_seed(a.seed)
    np.random.seed(a.seed)
    head = Head(Et.shape[2], a.d, 4, a.layers, second=bool(a.second_input))
    if a.load:
        head.load_state_dict(torch.load(a.load))
        a.minutes, a.steps = 0, 0
    opt = torch.optim.AdamW(head.parameters(), lr=a.lr, weight_decay=1e-4)
    t0, step, n = time.time(), 0, len(Yt)
    budget = a.minutes * 60
    while (step < a.steps) if a.steps else (time.time() - t0 < budget):
        frac = step / a.steps if a.steps else (time.time() - t0) / budget
        for g in opt.param_groups:
            g["lr"] = a.lr * 0.5 * (1 + np.cos(np.pi * frac))
        idx = torch.randint(0, n, (64,))
        Z, E, Y = Zt[idx], Et[idx], Yt[idx]
        if a.shuffle:
            Z, E, Y = shuffle_pieces(Z, E, Y, a.shuffle)
        if a.kingless:
            Z, E, Y = drop_kings(Z, E, Y, a.kingless)
        head.train()
        loss = F.cross_entropy(head(Z, E).reshape(-1, 13), Y.reshape(-1), label_smoothing=0.02)
        opt.zero_grad(); loss.backward(); opt.step()
        step += 1
        if step % 1000 == 0:
            head.eval()
            with torch.no_grad():
                out = torch.cat([head(Zh[k:k + 256], Eh[k:k + 256]) for k in range(0, len(Zh), 256)])
            ok = out.argmax(2) == Yh
            log("step %d loss %.4f held-out %.4f boards %d" % (step, loss.item(), ok.float().mean(), ok.all(1).sum()))
    head.eval()
    with torch.no_grad():
        out = torch.cat([head(Zh[k:k + 256], Eh[k:k + 256]) for k in range(0, len(Zh), 256)])
    ok = out.argmax(2) == Yh
    log("final held-out %.4f (first model %.4f), boards %d (%d)" % (ok.float().mean(), base.float().mean(), ok.all(1).sum(), base.all(1).sum()))
    for i, s in enumerate(STYLES):
        m = torch.from_numpy(sth == i)
        log("  style %-16s %.4f -> %.4f, boards %d -> %d of %d" % (s, base[m].float().mean(), ok[m].float().mean(),
                                                               base[m].all(1).sum(), ok[m].all(1).sum(), m.sum()))
    # the head's correction only where the first model doubts
    P0 = torch.exp(Zh).max(2).values
    for tau in (0.9, 0.99, 0.999, 1.01):
        g = torch.where((P0 < tau).unsqueeze(2), out, Zh).argmax(2) == Yh
        log("  gated below %.3f: %.4f, boards %d; screen %.4f" % (tau, g.float().mean(), g.all(1).sum(), g[torch.from_numpy(sth == 0)].float().mean()))
    for i, s in enumerate(hsets):
        m = torch.from_numpy(sh == i)
        if m.any():
            log("  %-22s %.4f -> %.4f" % (s, base[m].float().mean(), ok[m].float().mean()))
    if a.save:
        torch.save(head.state_dict(), a.save)
    if a.export:
        export(head, a, Zh[:1], Eh[:1], Z2raw[:1] if a.second_input else None)
    if a.second and a.second != "none":
        pair(a, model, Xh, yh.reshape(-1), torch.log_softmax(out, 2).reshape(-1, 13).numpy(), sh)


def export(head, a, Z, E, Z2):
    """The head's weights as package wholeboard reads them: a JSON line, then
    float32 little-endian tensors in its order; and beside it (PATH.check.json)
    one board's inputs and the head's output, which the Go test compares.
    A head with a second reader is version 2 and names that model too, and
    version 3 when it reads that model on doubtful squares only; Z2 is
    that model's reading of the board, every square (for the check: Go must
    put the first's in place of the squares --second-sure leaves out)."""
    import hashlib
    import json

    def model_id(path):
        return "sha256:" + hashlib.sha256(open(path, "rb").read()).hexdigest()[:12]
    sd = head.state_dict()
    names = [k for k in sd if not k.endswith("num_batches_tracked")]
    lay = head.enc.layers[0]
    emb = int(E.shape[2]) - (13 if head.second else 0)
    hd = {"format": "fenscan-wholeboard", "version": 3 if a.second_sure is not None else 2 if head.second else 1,
          "model": model_id(a.model)}
    if head.second:
        hd["second"] = model_id(a.second_input)
        if a.second_sure is not None:
            hd["second_sure"] = a.second_sure
    hd.update({"emb": emb, "d": a.d, "heads": lay.self_attn.num_heads, "layers": len(head.enc.layers),
               "ffn": lay.linear1.out_features, "tensors": [[k, list(sd[k].shape)] for k in names]})
    with open(a.export, "wb") as f:
        f.write((json.dumps(hd, separators=(",", ":")) + "\n").encode())
        for k in names:
            f.write(sd[k].detach().numpy().astype("<f4").tobytes())
    with torch.no_grad():
        out = torch.softmax(head(Z, E), 2)
    check = {"probs": torch.exp(Z[0]).tolist(), "emb": E[0, :, :emb].tolist(), "out": out[0].tolist()}
    if head.second:
        check["probs2"] = torch.exp(Z2[0]).tolist()
    with open(a.export + ".check.json", "w") as f:
        json.dump(check, f)
    log("wrote %s" % a.export)


def pair(a, model, X, y, headlp, sh):
    """As pair_eval.py reads a board's doubtful squares (below 0.9): the crop and
    its four 1-pixel shifts by the first model and by the second, log-probabilities
    averaged. With the head, as fenscan reads (withHead): each square's reading
    and the head's are averaged so (a geometric mean), which tells the doubtful
    squares; for those, the head's reading is averaged with the mean of the ten.
    Unlike fenscan: four shifts, not eight moved outlines; no 1e-9 floor on the
    probabilities; every board taken as read surely (only squares below 0.9 read
    again, never all its pieces)."""
    import pair_eval
    views = {s: X if s == (0, 0) else pair_eval.shifted(X, *s) for s in pair_eval.SHIFTS}
    first = pair_eval.log_probs(a.model, views)
    second = pair_eval.log_probs(a.second, views)
    mean = (sum(first.values()) + sum(second.values())) / (len(first) + len(second))
    lp0 = first[(0, 0)]
    ways = [("first model", lp0, mean), ("head", (lp0 + headlp) / 2, (mean + headlp) / 2)]
    if a.second_input:
        # The head that reads both models, blended with their mean reading: a
        # comparison; fenscan blends with the first model's (the line above).
        ways.append(("head and both models", ((lp0 + second[(0, 0)]) / 2 + headlp) / 2, (mean + headlp) / 2))
    for name, lp, reread in ways:
        # lp is unnormalised where the head is blended in; the doubt is judged on its softmax.
        doubt = torch.softmax(torch.from_numpy(lp), 1).max(1).values.numpy() < pair_eval.DOUBT
        pred = np.where(doubt, reread.argmax(1), lp.argmax(1))
        ok = (pred == y).reshape(-1, 64)
        log("paired with %s from the %s: %.4f, boards %d (doubtful %.1f%%)" % (a.second, name, ok.mean(), ok.all(1).sum(), 100 * doubt.mean()))


if __name__ == "__main__":
    main()

"""Join digital models into one ONNX file that reads as their average.

fenscan reads a flat board's doubtful squares with one second model
(fenscan.go, readScales). Two networks trained apart err on different
crops, so a second model made of two reads more than either. The joined
graph runs each network on the same crops and outputs the mean of their
logits: its softmax is the normalised geometric mean of theirs, as
fenscan itself averages readings. Each network's last layer is scaled by
its weight, 1/n unless --weights says otherwise (no new operator but Add,
which both runtimes run), and the embedding output is the first network's.
The weights are kept in the model's metadata (join_weights) so that
split() can undo them.

usage: join_models.py A.onnx B.onnx [...] [--weights 2,1] -o OUT.onnx

split() takes a joined model apart again, for the scripts that load a
network's weights (train.load_onnx).
"""
import argparse
import math

import onnx
from onnx import numpy_helper


# The metadata key that keeps each network's share of a joined model.
SHARES = "join_weights"


def prefix(k):
    return f"m{k}_"


def last_layer(graph, logits):
    """The names of the weight and bias of graph's Gemm that writes logits."""
    return set(next(n for n in graph.node if logits in n.output).input[1:])


def renamed(node, f):
    """A copy of node with f applied to its name and its tensors' names."""
    c = onnx.NodeProto()
    c.CopyFrom(node)
    c.name = f(node.name)
    c.input[:] = [f(i) for i in node.input]
    c.output[:] = [f(o) for o in node.output]
    return c


def weights(graph, keep, rename, scaled, factor):
    """graph's initializers whose names pass keep, renamed, those in scaled
    multiplied by factor."""
    out = []
    for t in graph.initializer:
        if keep(t.name):
            a = numpy_helper.to_array(t)
            if t.name in scaled:
                a = (a * factor).astype(a.dtype)
            out.append(numpy_helper.from_array(a, rename(t.name)))
    return out


def model(nodes, inits, like, name):
    """A model of nodes and inits with like's input, outputs, opset and IR version."""
    graph = onnx.helper.make_graph(nodes, name, list(like.graph.input), list(like.graph.output), inits)
    m = onnx.helper.make_model(graph, opset_imports=like.opset_import)
    m.ir_version = like.ir_version
    return m


def join(paths, shares=None):
    """The model whose logits are the mean of the networks' at paths,
    weighted by shares (normalised; equal by default)."""
    # A joined model given is joined by its parts, its own shares dropped:
    # shares, like the default, name one weight a network, not a path.
    models = [part for p in paths for part in split(p)]
    if len(models) < 2:
        raise ValueError("join needs at least two networks")
    shares = shares or [1] * len(models)
    if len(shares) != len(models) or not all(0 < w < math.inf for w in shares):
        raise ValueError(f"join needs {len(models)} positive weights, got {shares}")
    shares = [w / sum(shares) for w in shares]
    nodes, inits = [], []
    logits = []
    for k, m in enumerate(models):
        pre = prefix(k)

        def add(x):
            return x if x in ("input", "") else pre + x
        inits += weights(m.graph, lambda _: True, add, last_layer(m.graph, "logits"), shares[k])
        nodes += [renamed(n, add) for n in m.graph.node if k == 0 or "embedding" not in n.output]
        logits.append(pre + "logits")
    # A chain of Adds: both runtimes have Add; neither needs Sum.
    acc = logits[0]
    for k, name in enumerate(logits[1:], 1):
        out = "logits" if k == len(logits) - 1 else f"sum{k}"
        nodes.append(onnx.helper.make_node("Add", [acc, name], [out], name=f"join{k}"))
        acc = out
    nodes.append(onnx.helper.make_node("Identity", ["m0_embedding"], ["embedding"], name="join_embedding"))
    out = model(nodes, inits, models[0], "joined")
    onnx.helper.set_model_props(out, {SHARES: ",".join(repr(w) for w in shares)})
    onnx.checker.check_model(out)
    return out


def joined_shares(m):
    """The share of each network joined in model m, in split's order ([1.0]
    for a model not joined)."""
    names = {t.name for t in m.graph.initializer}
    n = 0
    while any(x.startswith(prefix(n)) for x in names):
        n += 1
    if n == 0:
        return [1.0]
    props = {p.key: p.value for p in m.metadata_props}
    # Files joined before weights existed carry none: their shares are equal.
    return [float(w) for w in props[SHARES].split(",")] if SHARES in props else [1 / n] * n


def split(path):
    """The networks joined in the model at path (or the loaded model), each
    a model of its own as it was before the join (its last layer's weights up
    to rounding); a model not joined comes back alone."""
    m = path if isinstance(path, onnx.ModelProto) else onnx.load(path)
    shares = joined_shares(m)
    if len(shares) == 1:
        return [m]
    parts = []
    for k, w in enumerate(shares):
        pre = prefix(k)

        def strip(x):
            return x[len(pre):] if x.startswith(pre) else x
        inits = weights(m.graph, lambda x: x.startswith(pre), strip, last_layer(m.graph, pre + "logits"), 1 / w)
        nodes = [renamed(x, strip) for x in m.graph.node if x.output[0].startswith(pre)]
        if k > 0:
            # join kept only the first network's embedding.
            nodes.append(onnx.helper.make_node("Identity", ["embedding_features"], ["embedding"]))
        parts.append(model(nodes, inits, m, f"part{k}"))
    return parts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="+")
    ap.add_argument("--weights", help="each network's share, comma-separated, one for each network of a "
                    "joined model given (its own shares are dropped; default: equal)")
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args()
    if len(a.models) < 2:
        ap.error("give at least two models")
    shares = [float(w) for w in a.weights.split(",")] if a.weights else None
    onnx.save(join(a.models, shares), a.out)


if __name__ == "__main__":
    main()

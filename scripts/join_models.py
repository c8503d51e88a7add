"""Join digital models into one ONNX file that reads as their average.

fenscan reads a flat board's doubtful squares with one second model
(fenscan.go, readScales). Two networks trained apart err on different
crops, so a second model made of two reads more than either. The joined
graph runs each network on the same crops and outputs the mean of their
logits: its softmax is the normalised geometric mean of theirs, as
fenscan itself averages readings. Each network's last layer is scaled by
1/n (no new operator but Add, which both runtimes run), and the embedding
output is the first network's.

usage: join_models.py A.onnx B.onnx [...] -o OUT.onnx

split() takes a joined model apart again, for the scripts that load a
network's weights (train.load_onnx).
"""
import argparse

import onnx
from onnx import numpy_helper


def prefix(k):
    return f"m{k}_"


def join(paths):
    # A joined model given is joined by its parts, so that each network
    # keeps an equal share.
    models = [part for p in paths for part in split(p)]
    if len(models) < 2:
        raise ValueError("join needs at least two networks")
    first = models[0]
    nodes, inits = [], []
    logits = []
    for k, m in enumerate(models):
        g = m.graph
        pre = prefix(k)
        last = next(n for n in g.node if "logits" in n.output)
        scaled = set(last.input[1:])  # the last Gemm's weight and bias
        for t in g.initializer:
            a = numpy_helper.to_array(t)
            if t.name in scaled:
                a = (a / len(models)).astype(a.dtype)
            inits.append(numpy_helper.from_array(a, pre + t.name))
        for n in g.node:
            c = onnx.NodeProto()
            c.CopyFrom(n)
            c.name = pre + n.name
            c.input[:] = [i if i in ("input", "") else pre + i for i in n.input]
            c.output[:] = [pre + o for o in n.output]
            if k > 0 and "embedding" in n.output:
                continue
            nodes.append(c)
        logits.append(pre + "logits")
    # A chain of Adds: both runtimes have Add; neither needs Sum.
    acc = logits[0]
    for k, name in enumerate(logits[1:], 1):
        out = "logits" if k == len(logits) - 1 else f"sum{k}"
        nodes.append(onnx.helper.make_node("Add", [acc, name], [out], name=f"join{k}"))
        acc = out
    nodes.append(onnx.helper.make_node("Identity", ["m0_embedding"], ["embedding"], name="join_embedding"))
    graph = onnx.helper.make_graph(nodes, "joined", list(first.graph.input), list(first.graph.output), inits)
    out = onnx.helper.make_model(graph, opset_imports=first.opset_import)
    out.ir_version = first.ir_version
    onnx.checker.check_model(out)
    return out


def split(path):
    """The networks joined in the model at path, each a model of its own as
    it was before the join (its last layer's weights up to rounding); a
    model not joined comes back alone."""
    m = onnx.load(path)
    names = {t.name for t in m.graph.initializer}
    n = 0
    while any(x.startswith(prefix(n)) for x in names):
        n += 1
    if n == 0:
        return [m]
    parts = []
    for k in range(n):
        pre = prefix(k)
        last = next(x for x in m.graph.node if pre + "logits" in x.output)
        scaled = set(last.input[1:])
        inits = []
        for t in m.graph.initializer:
            if t.name.startswith(pre):
                a = numpy_helper.to_array(t)
                if t.name in scaled:
                    a = (a * n).astype(a.dtype)
                inits.append(numpy_helper.from_array(a, t.name[len(pre):]))
        nodes = []
        for x in m.graph.node:
            if x.output[0].startswith(pre):
                c = onnx.NodeProto()
                c.CopyFrom(x)
                c.name = x.name[len(pre):]
                c.input[:] = [i[len(pre):] if i.startswith(pre) else i for i in x.input]
                c.output[:] = [o[len(pre):] for o in x.output]
                nodes.append(c)
        if k > 0:
            # join kept only the first network's embedding.
            nodes.append(onnx.helper.make_node("Identity", ["embedding_features"], ["embedding"]))
        graph = onnx.helper.make_graph(nodes, f"part{k}", list(m.graph.input), list(m.graph.output), inits)
        part = onnx.helper.make_model(graph, opset_imports=m.opset_import)
        part.ir_version = m.ir_version
        parts.append(part)
    return parts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="+")
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args()
    if len(a.models) < 2:
        ap.error("give at least two models")
    onnx.save(join(a.models), a.out)


if __name__ == "__main__":
    main()

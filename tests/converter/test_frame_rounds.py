"""The order graphs with TF1 loop frames run in (frames.py): as TF.js's executor, the
results of control-flow ops (and of dynamic and hash-table ops) land in the next round,
once the stack of ready nodes is empty, so a loop's counter cannot run ahead of a
loop-invariant value (an `Enter` with is_constant) its body reads."""

from __future__ import annotations

import base64

import numpy as np
import pytest

import tfjs as tf

FRAME = {"s": base64.b64encode(b"map/while/while_context").decode()}
F32, I32 = {"type": "DT_FLOAT"}, {"type": "DT_INT32"}


def _const(name, values, dims):
    proto = {"dtype": "DT_INT32", "tensorShape": {"dim": [{"size": str(d)} for d in dims]}, "intVal": values}
    return {"name": name, "op": "Const", "attr": {"dtype": {"type": "DT_INT32"}, "value": {"tensor": proto}}}


def _enter(name, source, constant=False):
    attr = {"frame_name": FRAME, **({"is_constant": {"b": True}} if constant else {})}
    return {"name": name, "op": "Enter", "input": [source], "attr": attr}


def _node(name, op, *inputs, **attr):
    return {"name": name, "op": op, "input": list(inputs), "attr": attr}


def _loop_var(suffix, enter_source, next_source):
    """Enter, Merge, Switch (on the loop condition), Identity, NextIteration and Exit of one
    loop variable, as TF1's while_loop writes them."""
    w = "map/while/"
    return [
        _enter(f"{w}Enter{suffix}", enter_source),
        _node(f"{w}Merge{suffix}", "Merge", f"{w}Enter{suffix}", f"{w}NextIteration{suffix}"),
        _node(f"{w}Switch{suffix}", "Switch", f"{w}Merge{suffix}", f"{w}LoopCond"),
        _node(f"{w}Identity{suffix}", "Identity", f"{w}Switch{suffix}:1"),
        _node(f"{w}NextIteration{suffix}", "NextIteration", next_source),
        _node(f"{w}Exit{suffix}", "Exit", f"{w}Switch{suffix}"),
    ]


def _row_sum_model() -> tf.GraphModel:
    """x [n, 2] -> the sum of its rows, by a TF1 loop over a TensorArray that x is
    scattered into (as tf.map_fn writes it): the array's handle and flow enter the loop
    as constants, and reach it later than the loop's counter does."""
    array_attrs = {"dtype": F32, "element_shape": {"shape": {"dim": [{"size": "2"}]}}}
    nodes = [
        _node("x", "Placeholder", dtype=F32, shape={"shape": {"dim": [{"size": "-1"}, {"size": "2"}]}}),
        _const("zero", [0], []),
        _const("one", [1], []),
        _const("begin", [0], [1]),
        _const("end", [1], [1]),
        _const("zeros", [0, 0], [2]),
        _node("shape", "Shape", "x", out_type=I32),
        _node(
            "n", "StridedSlice", "shape", "begin", "end", "end", shrink_axis_mask={"i": "1"}, Index=I32, T=I32
        ),
        _node("indices", "Range", "zero", "n", "one", Tidx=I32),
        _node("array", "TensorArrayV3", "n", **array_attrs),
        _node("scatter", "TensorArrayScatterV3", "array", "indices", "x", "array:1", T=F32),
        _node("zeros_f", "Cast", "zeros", SrcT=I32, DstT=F32),
        _enter("map/while/Enter_n", "n", constant=True),
        _enter("map/while/Enter_array", "array", constant=True),
        _enter("map/while/Enter_flow", "scatter", constant=True),
        *_loop_var("", "zero", "map/while/add"),
        *_loop_var("_sum", "zeros_f", "map/while/add_sum"),
        _node("map/while/Less", "Less", "map/while/Merge", "map/while/Enter_n"),
        _node("map/while/LoopCond", "LoopCond", "map/while/Less"),
        {**_const("map/while/one", [1], []), "input": ["^map/while/Identity"]},
        _node("map/while/add", "AddV2", "map/while/Identity", "map/while/one"),
        _node(
            "map/while/read",
            "TensorArrayReadV3",
            "map/while/Enter_array",
            "map/while/Switch:1",
            "map/while/Enter_flow",
            dtype=F32,
        ),
        _node("map/while/add_sum", "AddV2", "map/while/Identity_sum", "map/while/read"),
        _node("out", "Identity", "map/while/Exit_sum"),
    ]
    handler = tf.io.from_memory({"modelTopology": {"node": nodes}, "weightSpecs": [], "weightData": b""})
    return tf.load_graph_model(handler)


@pytest.mark.parametrize("rows", [1, 2, 5])
def test_a_loop_reads_every_row_of_an_array_its_counter_reaches_first(backend, rows):
    model = _row_sum_model()
    values = np.arange(rows * 2, dtype=np.float32).reshape(rows, 2)
    x = tf.tensor(values)
    for _ in range(2):  # node by node, then with the kernels recorded
        out = model.execute(x, "out")
        assert out.array_sync() == values.sum(axis=0).tolist()
        out.dispose()
    x.dispose()
    model.dispose()


def test_an_output_made_inside_a_loop_frame_is_an_error_that_says_so(backend):
    model, x = _row_sum_model(), tf.tensor([[1.0, 2.0], [3.0, 4.0]])
    counts = []
    for _ in range(2):  # (the model keeps what it folds in its first call)
        with pytest.raises(
            ValueError,
            match=r"The output 'map/while/read' is made inside the loop frame 'map/while/while_context', "
            r"once per iteration, and is gone when the loop ends: ask for what the loop gives out",
        ):
            model.execute(x, ["out", "map/while/read"])
        counts.append(tf.memory()["num_tensors"])
    assert counts[0] == counts[1]
    exit_sum = model.execute(x, "map/while/Exit_sum")  # what the loop gives out
    assert exit_sum.array_sync() == [4.0, 6.0]
    tf.dispose([exit_sum, x])
    model.dispose()

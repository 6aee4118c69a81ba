"""The rewrites of a joined plan (converter/plan_folding.py). Zero padding folded into
the convolution that reads it, -Infinity padding into the max pool that reads it, on a
backend whose kernels need not give the graph's floats to the bit (torch), never on
`cpu`: which paddings fold, the slots the program then frees, and the values. On every
backend, the kernels that read no feed (values from weights and the feeds' shapes) run
once when the plan is lowered: the same values, outputs still new tensors, what they
made freed with the model."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

import tfjs as tf
from tests.converter.test_constant_folding import node, placeholder, write_model
from tests.converter.test_constant_reads import (
    INT,
    int_node,
    on_backend,  # noqa: F401 (a fixture)
)
from tfjs.converter.plan_folding import fold_for_backend, fold_pads
from tfjs.converter.plan_program import PlanKernel, PlanProgram

PAD = {"paddings": ((0, 0), (1, 1), (2, 0), (0, 0)), "constant_value": 0.0}
CONV = {
    "strides": (1, 1),
    "pad": "valid",
    "data_format": "NHWC",
    "dilations": (1, 1),
    "dim_rounding_mode": None,
}


def _program(pad_attrs=PAD, conv_attrs=CONV, also_read: bool = False, outputs=(3,)) -> PlanProgram:
    """slot 0 (feed) -> PadV2 -> 2 -> Conv2D(x=2, filter=1) -> 3 [-> Relu(2) -> 4]."""
    steps = [
        PlanKernel("PadV2", None, (("x", 0, False),), dict(pad_attrs), (2,), ()),
        PlanKernel("Conv2D", None, (("x", 2, False), ("filter", 1, False)), dict(conv_attrs), (3,), (2,)),
    ]
    if also_read:
        steps.append(PlanKernel("Relu", None, (("x", 2, False),), {}, (4,), (2,)))
    backend = SimpleNamespace(folds_plans=True)
    return PlanProgram(backend, 5, (0,), ((1, None),), tuple(steps), tuple(outputs))


def test_a_zero_padding_of_height_and_width_becomes_the_convolutions_padding():
    folded = fold_pads(_program())
    assert [step.kernel_name for step in folded.steps] == ["Conv2D"]
    conv = folded.steps[0]
    assert dict((name, slot) for name, slot, _ in conv.inputs) == {"x": 0, "filter": 1}
    assert conv.attrs["pad"] == [[0, 0], [1, 1], [2, 0], [0, 0]]
    assert conv.release == ()  # the feed and the weight stay; the output is the program's


@pytest.mark.parametrize(
    "program",
    [
        _program(pad_attrs={**PAD, "constant_value": 1.0}),
        _program(pad_attrs={**PAD, "paddings": ((0, 0), (1, 1), (1, 1), (0, 1))}),  # channels too
        _program(pad_attrs={**PAD, "paddings": ((0, 0), (-1, 1), (1, 1), (0, 0))}),  # a crop
        _program(conv_attrs={**CONV, "pad": "same"}),
        _program(conv_attrs={**CONV, "data_format": "NCHW"}),
        _program(also_read=True, outputs=(3, 4)),  # another kernel reads the padded input
        _program(outputs=(2, 3)),  # the padded input is an output
    ],
    ids=["not zeros", "channels", "negative", "same", "nchw", "read twice", "an output"],
)
def test_a_padding_that_cannot_fold_stays(program):
    assert fold_pads(program) is program


POOL = {"filter_size": (3, 3), "strides": (2, 2), "pad": "valid", "dim_rounding_mode": None}
NEG_INF_PAD = {**PAD, "constant_value": float("-inf")}


def _pool_program(pad_attrs=NEG_INF_PAD, kernel="MaxPool", attrs=POOL) -> PlanProgram:
    """slot 0 (feed) -> PadV2 -> 2 -> `kernel`(x=2) -> 3."""
    steps = (
        PlanKernel("PadV2", None, (("x", 0, False),), dict(pad_attrs), (2,), ()),
        PlanKernel(kernel, None, (("x", 2, False),), dict(attrs), (3,), (2,)),
    )
    return PlanProgram(SimpleNamespace(folds_plans=True), 5, (0,), (), steps, (3,))


def test_a_negative_infinity_padding_becomes_the_max_pools_padding():
    folded = fold_pads(_pool_program())
    assert [step.kernel_name for step in folded.steps] == ["MaxPool"]
    pool = folded.steps[0]
    assert pool.inputs == (("x", 0, False),)
    assert pool.attrs["pad"] == [[0, 0], [1, 1], [2, 0], [0, 0]]


@pytest.mark.parametrize(
    "program",
    [
        _pool_program(pad_attrs=PAD),  # zeros could win a max
        _pool_program(pad_attrs={**PAD, "constant_value": -1e30}),
        _pool_program(kernel="AvgPool"),  # -Infinity would be averaged in
        _pool_program(attrs={**POOL, "pad": "same"}),
        _program(pad_attrs=NEG_INF_PAD),  # a convolution would multiply -Infinity
    ],
    ids=["zeros", "finite", "avg pool", "same", "convolution"],
)
def test_a_padding_a_pool_cannot_take_stays(program):
    assert fold_pads(program) is program


NCHW_PAD = {"paddings": ((0, 0), (0, 0), (1, 1), (2, 0)), "constant_value": 0.0}


def _transposed_program(pad_attrs=NCHW_PAD, perm=(0, 2, 3, 1), outputs=(4,)) -> PlanProgram:
    """slot 0 (NCHW feed) -> PadV2 -> 2 -> Transpose(perm) -> 3 -> Conv2D(x=3, filter=1) -> 4."""
    steps = (
        PlanKernel("PadV2", None, (("x", 0, False),), dict(pad_attrs), (2,), ()),
        PlanKernel("Transpose", None, (("x", 2, False),), {"perm": perm}, (3,), (2,)),
        PlanKernel("Conv2D", None, (("x", 3, False), ("filter", 1, False)), dict(CONV), (4,), (3,)),
    )
    return PlanProgram(SimpleNamespace(folds_plans=True), 5, (0,), ((1, None),), steps, tuple(outputs))


def test_a_padding_before_a_transpose_to_nhwc_becomes_the_convolutions_padding():
    folded = fold_pads(_transposed_program())
    assert [step.kernel_name for step in folded.steps] == ["Transpose", "Conv2D"]
    transpose, conv = folded.steps
    assert transpose.inputs == (("x", 0, False),) and transpose.attrs == {"perm": (0, 2, 3, 1)}
    assert dict((name, slot) for name, slot, _ in conv.inputs) == {"x": 3, "filter": 1}
    assert conv.attrs["pad"] == [[0, 0], [1, 1], [2, 0], [0, 0]]


@pytest.mark.parametrize(
    "program",
    [
        _transposed_program(pad_attrs={**NCHW_PAD, "paddings": ((0, 0), (1, 0), (1, 1), (0, 0))}),  # channels
        _transposed_program(perm=(0, 1, 2, 3)),  # the padded axes stay NCHW's: not height and width
        _transposed_program(outputs=(3, 4)),  # the transposed input is an output
    ],
    ids=["channels", "not to nhwc", "an output"],
)
def test_a_padding_before_a_transpose_that_cannot_fold_stays(program):
    assert fold_pads(program) is program


def test_a_backend_that_keeps_the_graphs_floats_folds_nothing():
    program = _program()._replace(backend=SimpleNamespace(folds_plans=False))
    assert fold_for_backend(program) is program


def _pad_conv_model(tmp_path, nchw: bool = False) -> tf.GraphModel:
    """x -> Pad -> a VALID depthwise convolution; with `nchw`, x is NCHW and padded so,
    then transposed to NHWC for the convolution (as a converted NCHW graph is)."""
    transposed = [{**node("nhwc", "Transpose", ["padded", "perm"]), "attr": {"T": {"type": "DT_FLOAT"}}}]
    nodes = [
        placeholder("x", [1, 2, 5, 6] if nchw else [1, 5, 6, 2]),
        {**node("padded", "Pad", ["x", "paddings"]), "attr": {"T": {"type": "DT_FLOAT"}}},
        *(transposed if nchw else []),
        node(
            "conv",
            "DepthwiseConv2dNative",
            ["nhwc" if nchw else "padded", "filter"],
            strides={"list": {"i": ["1", "2", "2", "1"]}},
            padding={"s": "VkFMSUQ="},  # VALID
            data_format={"s": "TkhXQw=="},  # NHWC
            dilations={"list": {"i": ["1", "1", "1", "1"]}},
        ),
    ]
    paddings = [[0, 0], [0, 0], [1, 1], [2, 1]] if nchw else [[0, 0], [1, 1], [1, 1], [0, 0]]
    weights = {
        "paddings": np.array(paddings, np.int32),
        "filter": np.random.default_rng(5).standard_normal((3, 3, 2, 2)).astype(np.float32),
        **({"perm": np.array([0, 2, 3, 1], np.int32)} if nchw else {}),
    }
    return tf.load_graph_model(write_model(tmp_path / "pad_conv", nodes, weights))


@pytest.mark.parametrize("nchw", [False, True])
@pytest.mark.parametrize("backend", ["cpu", "torch"])
def test_a_folded_padding_gives_the_graphs_values(tmp_path, backend, nchw):
    if backend == "torch":
        pytest.importorskip("torch", reason="the torch backend needs PyTorch")
    previous = tf.get_backend()
    assert tf.set_backend(backend)
    try:
        model = _pad_conv_model(tmp_path, nchw)
        shape = (1, 2, 5, 6) if nchw else (1, 5, 6, 2)
        x = tf.tensor(np.random.default_rng(6).standard_normal(shape).astype(np.float32))
        results = []
        for _ in range(4):  # recorded, then joined (and folded where the backend may)
            out = model.execute(x)
            results.append(out.numpy())
            out.dispose()
        lowered = [p for p in model.executor.plan_programs.by_key.values() if p is not None]
        kernels = [step.kernel_name for step in lowered[0].program.steps]
        assert ("PadV2" in kernels) == (backend == "cpu")
        for values in results[1:]:
            np.testing.assert_allclose(values, results[0], rtol=1e-5, atol=1e-5)
        tf.dispose(x)
        model.dispose()
    finally:
        tf.set_backend(previous)


def _pad_pool_model(tmp_path) -> tf.GraphModel:
    """x (NCHW) -> PadV2 with -Infinity -> Transpose to NHWC -> a VALID 3x3 max pool of
    stride 2: an ONNX model's padded pool, as nanodet's."""
    nodes = [
        placeholder("x", [1, 2, 6, 7]),
        {**node("padded", "PadV2", ["x", "paddings", "least"]), "attr": {"T": {"type": "DT_FLOAT"}}},
        {**node("nhwc", "Transpose", ["padded", "perm"]), "attr": {"T": {"type": "DT_FLOAT"}}},
        node(
            "pool",
            "MaxPool",
            ["nhwc"],
            strides={"list": {"i": ["1", "2", "2", "1"]}},
            ksize={"list": {"i": ["1", "3", "3", "1"]}},
            padding={"s": "VkFMSUQ="},  # VALID
            data_format={"s": "TkhXQw=="},  # NHWC
        ),
    ]
    weights = {
        "paddings": np.array([[0, 0], [0, 0], [1, 1], [1, 1]], np.int32),
        "least": np.array(-np.inf, np.float32),
        "perm": np.array([0, 2, 3, 1], np.int32),
    }
    return tf.load_graph_model(write_model(tmp_path / "pad_pool", nodes, weights))


def test_a_folded_pool_padding_gives_cpus_values_to_the_bit(tmp_path):
    """NaN, ±Infinity and -0 on the edges too: the folded pool never reads its padding."""
    pytest.importorskip("torch", reason="the torch backend needs PyTorch")
    x = np.random.default_rng(8).standard_normal((1, 2, 6, 7)).astype(np.float32)
    x[0, 0, 0, :4] = [np.nan, -np.inf, -0.0, np.inf]
    x[0, 1, :3, :3] = np.nan  # a corner window of NaN only: -Infinity
    previous = tf.get_backend()
    values, kernels = {}, {}
    try:
        for backend in ("cpu", "torch"):
            assert tf.set_backend(backend)
            model = _pad_pool_model(tmp_path)
            feed = tf.tensor(x)
            for _ in range(4):  # recorded, then joined (and folded where the backend may)
                out = model.execute(feed)
                values.setdefault(backend, []).append(out.numpy())
                out.dispose()
            lowered = [p for p in model.executor.plan_programs.by_key.values() if p is not None]
            kernels[backend] = [step.kernel_name for step in lowered[0].program.steps]
            tf.dispose(feed)
            model.dispose()
    finally:
        tf.set_backend(previous)
    assert "PadV2" in kernels["cpu"] and "PadV2" not in kernels["torch"]
    assert values["cpu"][0][0, 0, 0, 1] == -np.inf
    for got in values["torch"]:
        np.testing.assert_array_equal(got, values["cpu"][0])
        assert np.array_equal(np.signbit(got), np.signbit(values["cpu"][0]))


# anchors = Cast(Range(0, columns of Shape(x), 1)) * 0.5, from x's shape alone;
# out = x + anchors, and anchors is an output too.
ANCHORS = [
    placeholder("x", [1, -1]),
    node("x_shape", "Shape", ["x"], out_type=INT),
    int_node("columns", "StridedSlice", ["x_shape", "one", "two", "one"], shrink_axis_mask={"i": "1"}),
    {
        "name": "positions",
        "op": "Range",
        "input": ["zero", "columns", "one_scalar"],
        "attr": {"Tidx": INT},
    },
    node("positions_f", "Cast", ["positions"], SrcT=INT, DstT={"type": "DT_FLOAT"}),
    node("anchors", "Mul", ["positions_f", "half"]),
    node("out", "AddV2", ["x", "anchors"]),
]
ANCHOR_WEIGHTS = {
    "one": np.array([1], np.int32),
    "two": np.array([2], np.int32),
    "zero": np.array(0, np.int32),
    "one_scalar": np.array(1, np.int32),
    "half": np.array(0.5, np.float32),
}


@pytest.mark.usefixtures("on_backend")
def test_kernels_that_read_no_feed_run_once_when_the_plan_is_lowered(tmp_path):
    start = tf.memory()["num_tensors"]
    model = tf.load_graph_model(write_model(tmp_path / "anchors", ANCHORS, ANCHOR_WEIGHTS))
    for columns in (4, 4, 4, 7, 7, 7, 4):
        values = np.arange(columns, dtype=np.float32).reshape(1, columns) * 3.0
        x = tf.tensor(values)
        out, anchors = model.execute(x, ["out", "anchors"])
        expected = np.arange(columns, dtype=np.float32) * np.float32(0.5)
        np.testing.assert_array_equal(anchors.numpy(), expected)
        np.testing.assert_array_equal(out.numpy(), values + expected)
        tf.dispose([x, out, anchors])  # the caller owns both, anchors too
    lowered = [p for p in model.executor.plan_programs.by_key.values() if p is not None]
    assert len(lowered) == 2  # one program per shape of x
    for plan in lowered:
        kernels = [getattr(step, "kernel_name", "constant") for step in plan.program.steps]
        assert "Range" not in kernels and "Cast" not in kernels  # run once, when lowered
        assert kernels.count("Multiply") == 1 and "Add" in kernels  # anchors, an output, runs
        assert len(plan.program.owned) == 1  # Cast's float positions, which Multiply reads
    model.dispose()
    assert tf.memory()["num_tensors"] == start

"""Shape computations evaluated on the host (converter/host_shapes.py): each op's value
as TensorFlow's kernel gives it, worked out by hand; None where the kernels' arithmetic
would differ from NumPy's (they then run and are read); and a padding a run computes
from an image's size in float32 (a detector's pad to a multiple of 32) read without a
download."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
from tests.converter.test_constant_folding import node, placeholder, write_model
from tests.converter.test_constant_reads import (
    INT,
    ReadSpy,
    constant_data_ids,
    int_node,
    on_backend,  # noqa: F401 (a fixture)
)
from tfjs.converter.host_shapes import evaluate, known_in
from tfjs.converter.model_graph import Node
from tfjs.converter.ops._values import HostValues, nested


def host(values) -> HostValues:
    array = np.asarray(values, np.int32)
    return HostValues(array.reshape(-1), array.shape, "int32")


# op, attributes, inputs (HostValues, or a tensor's shape for Shape and Size), and the
# value TensorFlow's op gives (worked out by hand).
HOST_CASES = [
    ("Shape", {}, [(2, 3, 4)], [2, 3, 4]),
    ("Size", {}, [(2, 3, 4)], 24),
    ("StridedSlice", {"shrink_axis_mask": 1}, [[5, 6, 7], [1], [2], [1]], 6),
    ("StridedSlice", {"begin_mask": 1}, [[5, 6, 7, 8], [3], [-1], [1]], [5, 6, 7]),
    ("StridedSlice", {}, [[5, 6, 7, 8], [-1], [0], [-2]], [8, 6]),
    ("Pack", {"axis": 0}, [3, -1], [3, -1]),
    ("Pack", {"axis": 1}, [[1, 2], [3, 4]], [[1, 3], [2, 4]]),
    ("AddV2", {}, [[1, 2], 10], [11, 12]),
    ("Sub", {}, [[7, 9], [1, 2]], [6, 7]),
    ("Mul", {}, [[2, 3], [[1], [2]]], [[2, 3], [4, 6]]),
    ("Mul", {}, [2**30, 4], 0),  # int32 wraps around
    ("Minimum", {}, [[1, 9], 5], [1, 5]),
    ("Maximum", {}, [[1, 9], 5], [5, 9]),
    ("Reshape", {}, [[1, 2, 3, 4], [2, -1]], [[1, 2], [3, 4]]),
    ("ExpandDims", {}, [[1, 2], -1], [[1], [2]]),
]


@pytest.mark.parametrize(("op", "attrs", "inputs", "expected"), HOST_CASES)
def test_shape_arithmetic_evaluated_on_the_host(op, attrs, inputs, expected):
    node = Node(name="n", op=op, raw_inputs=[], attrs={}, mapper=None, keywords=attrs)
    args = [tf.zeros(inputs[0])] if op in ("Shape", "Size") else [host(v) for v in inputs]
    result = evaluate(node, [None] * len(args), args, {})
    assert result is not None and result.dtype == "int32"
    assert nested(result) == expected
    assert result.shape == np.shape(expected)
    tf.dispose([a for a in args if isinstance(a, tf.Tensor)])


def test_a_cast_shape_evaluated_on_the_host_is_the_kernels_cast():
    """Range(0, Cast(StridedSlice(Shape(x)), float32), 1): movenet-multipose's limit."""
    node = Node(name="n", op="Cast", raw_inputs=[], attrs={}, mapper=None, keywords={"DstT": "float32"})
    result = evaluate(node, [None], [host([[3, 17]])], {})
    assert result is not None and result.dtype == "float32" and result.shape == (1, 2)
    assert result.flat.dtype == np.float32 and result.flat.tolist() == [3.0, 17.0]
    same = Node(name="i", op="Cast", raw_inputs=[], attrs={}, mapper=None, keywords={"DstT": "int32"})
    assert nested(evaluate(same, [None], [host([4, 5])], {})) == [4, 5]
    for to, values in (("bool", [1]), ("float32", [2**24])):  # not evaluated: the kernel casts
        other = Node(name="b", op="Cast", raw_inputs=[], attrs={}, mapper=None, keywords={"DstT": to})
        assert evaluate(other, [None], [host(values)], {}) is None


def test_host_evaluation_leaves_other_dtypes_to_the_kernels():
    node = Node(name="n", op="Mul", raw_inputs=[], attrs={}, mapper=None)
    floats = HostValues(np.array([1.5], np.float32), (1,), "float32")
    assert evaluate(node, [None, None], [floats, host([2])], {}) is None
    pack = Node(name="p", op="Pack", raw_inputs=[], attrs={}, mapper=None)
    assert evaluate(pack, [None, None], [host([1, 2]), host(3)], {}) is None  # shapes differ


def floats(values) -> HostValues:
    array = np.asarray(values, np.float32)
    return HostValues(array.reshape(-1), array.shape, "float32")


def _node(op: str, **keywords) -> Node:
    return Node(name="n", op=op, raw_inputs=[], attrs={}, mapper=None, keywords=keywords)


# op, attributes, float32 inputs, and the float32 value the kernel gives
FLOAT_CASES = [
    ("Mul", {}, [[224.0, 7.0], 0.03125], [7.0, 0.21875]),
    ("Mul", {}, [[0.1], [3.0]], [np.float32(0.1) * np.float32(3.0)]),  # rounded to float32
    ("RealDiv", {}, [[7.0, 1.0, -1.0], [2.0, 0.0, 0.0]], [3.5, math.inf, -math.inf]),
    ("AddV2", {}, [[16777216.0], [1.0]], [16777216.0]),  # float32: 2**24 + 1 rounds back
    ("Sub", {}, [[1.5], [2.0]], [-0.5]),
    ("Ceil", {}, [[0.5, 2.0, -0.5]], [1.0, 2.0, -0.0]),
    ("Floor", {}, [[1.5, -0.5]], [1.0, -1.0]),
    ("Maximum", {}, [[1.0, -3.0], [0.0]], [1.0, 0.0]),
]


@pytest.mark.parametrize(("op", "attrs", "inputs", "expected"), FLOAT_CASES)
def test_float32_arithmetic_evaluated_on_the_host(op, attrs, inputs, expected):
    result = evaluate(_node(op, **attrs), [None] * len(inputs), [floats(v) for v in inputs], {})
    assert result is not None and result.dtype == "float32" and result.flat.dtype == np.float32
    np.testing.assert_array_equal(result.flat, np.asarray(expected, np.float32))
    assert np.signbit(result.flat).tolist() == np.signbit(np.asarray(expected, np.float32)).tolist()


def test_a_float32_cast_to_int32_on_the_host_truncates_as_the_kernel():
    cast = _node("Cast", DstT="int32")
    assert nested(evaluate(cast, [None], [floats([2.9, -2.9, 7.0])], {})) == [2, -2, 7]
    # the kernels make NaN 0 and wrap what int32 cannot hold: left to them
    for values in ([math.nan], [math.inf], [2.0**31], [-(2.0**31) - 256]):
        assert evaluate(cast, [None], [floats(values)], {}) is None
    assert nested(evaluate(_node("Cast", DstT="float32"), [None], [floats([1.5])], {})) == [1.5]


def test_mixed_dtypes_and_integer_division_are_left_to_the_kernels():
    assert evaluate(_node("Mul"), [None, None], [floats([1.5]), host([2])], {}) is None
    assert evaluate(_node("RealDiv"), [None, None], [host([7]), host([2])], {}) is None  # floor_div
    assert evaluate(_node("Ceil"), [None], [host([3])], {}) is None


def test_each_output_of_an_unpack_is_known_on_the_host():
    outputs = evaluate(_node("Unpack", axis=1), [None], [host([[1, 2], [3, 4]])], {})
    assert isinstance(outputs, tuple) and [nested(o) for o in outputs] == [[1, 3], [2, 4]]
    known = known_in({"parts": outputs})
    assert nested(known("parts")) == [1, 3] and nested(known("parts:1")) == [2, 4]
    assert known("parts:2") is None and known("other") is None
    assert evaluate(_node("Unpack"), [None], [host(5)], {}) is None  # a scalar has no axis


# out = Pad(x, paddings): x's height and width padded up to multiples of 4, the paddings
# computed from Shape(x) through float32 (Cast, Mul by 1/4, Ceil, Cast, Mul by 4, Sub)
# and an Unpack of the shape, as faceboxes pads its image.
F = {"T": {"type": "DT_FLOAT"}}
ROUND_UP_PADDING = [
    placeholder("x", [1, -1, -1, 3]),
    node("x_shape", "Shape", ["x"], out_type=INT),
    int_node("sizes", "StridedSlice", ["x_shape", "one", "three", "one_step"]),
    node("sizes_f", "Cast", ["sizes"], SrcT=INT, DstT={"type": "DT_FLOAT"}),
    node("scaled", "Mul", ["sizes_f", "quarter"], **F),
    node("blocks", "Ceil", ["scaled"], **F),
    node("blocks_i", "Cast", ["blocks"], SrcT={"type": "DT_FLOAT"}, DstT=INT),
    int_node("rounded", "Mul", ["blocks_i", "four"]),
    int_node("extra", "Sub", ["rounded", "sizes"]),
    int_node("parts", "Unpack", ["extra"], num={"i": "2"}, axis={"i": "0"}),
    int_node("rows", "Pack", ["zeros2", "pair_h", "pair_w", "zeros2"], N={"i": "4"}, axis={"i": "0"}),
    int_node("pair_h", "Pack", ["zero", "parts"], N={"i": "2"}, axis={"i": "0"}),
    int_node("pair_w", "Pack", ["zero", "parts:1"], N={"i": "2"}, axis={"i": "0"}),
    node("out", "Pad", ["x", "rows"], Tpaddings=INT),
]
ROUND_UP_WEIGHTS = {
    "one": np.array([1], np.int32),
    "three": np.array([3], np.int32),
    "one_step": np.array([1], np.int32),
    "quarter": np.array(0.25, np.float32),
    "four": np.array(4, np.int32),
    "zero": np.array(0, np.int32),
    "zeros2": np.array([0, 0], np.int32),
}


@pytest.mark.usefixtures("on_backend")
def test_a_padding_computed_in_float32_from_a_shape_is_read_without_a_download(tmp_path, monkeypatch):
    model = tf.load_graph_model(write_model(tmp_path / "pad", ROUND_UP_PADDING, ROUND_UP_WEIGHTS))
    constants = constant_data_ids(model)
    spy = ReadSpy(monkeypatch)
    reads = []
    for height, width in ((5, 8), (5, 8), (9, 3)):
        values = np.arange(height * width * 3, dtype=np.float32).reshape(1, height, width, 3)
        x = tf.tensor(values)
        out = spy.during(lambda x=x: model.execute(x, "out"))
        rows, cols = -height % 4, -width % 4
        np.testing.assert_array_equal(out.numpy(), np.pad(values, [[0, 0], [0, rows], [0, cols], [0, 0]]))
        reads.append(spy.data_ids)
        tf.dispose([x, out])
    assert reads[0] and set(reads[0]) <= constants  # the plan read its constants once
    assert reads[1:] == [[], []]  # the paddings, computed by each run, were known on the host
    model.dispose()


MORE_CASES = [
    ("FloorMod", [[7, -7, 7, -7], [3, 3, -3, -3]], [1, 2, -2, -1]),  # floored, as TF.js's
    ("FloorDiv", [[7, -7, 7, -7], [3, 3, -3, -3]], [2, -3, -3, 2]),
    ("Equal", [[1, 2], [1, 3]], [True, False]),
    ("Less", [[1, 2], [2, 2]], [True, False]),
    ("GreaterEqual", [[1, 2], [2, 2]], [False, True]),
]


@pytest.mark.parametrize(("op", "inputs", "expected"), MORE_CASES)
def test_integer_and_comparison_ops_evaluated_on_the_host(op, inputs, expected):
    result = evaluate(_node(op), [None, None], [host(v) for v in inputs], {})
    assert result is not None and nested(result) == [int(v) for v in expected]
    assert result.dtype == ("bool" if isinstance(expected[0], bool) else "int32")


def test_what_the_host_leaves_to_the_kernels_among_them():
    assert evaluate(_node("FloorMod"), [None, None], [host([4]), host([0])], {}) is None  # x % 0
    assert evaluate(_node("Equal"), [None, None], [floats([1.0]), host([1])], {}) is None
    nan_equal = evaluate(_node("Equal"), [None, None], [floats([math.nan]), floats([math.nan])], {})
    assert nested(nan_equal) == [0]
    squeezed = evaluate(_node("Squeeze", axis=[0]), [None], [host([[5, 6]])], {})
    assert squeezed.shape == (2,) and nested(squeezed) == [5, 6]
    assert evaluate(_node("Squeeze", axis=[1]), [None], [host([[5, 6]])], {}) is None  # size 2
    everything = evaluate(_node("Squeeze"), [None], [host([[[7]]])], {})
    assert everything.shape == () and nested(everything) == 7


# out = Tile(x, Pack(1, Squeeze(Cast(scale)))): the multiples come from a feed's value
TILED_BY_FEED = [
    placeholder("x", [2, 3]),
    placeholder("scale", [1]),
    node("reps_i", "Cast", ["scale"], SrcT={"type": "DT_FLOAT"}, DstT=INT),
    int_node("reps", "Squeeze", ["reps_i"], squeeze_dims={"list": {"i": ["0"]}}),
    int_node("multiples", "Pack", ["one", "reps"], N={"i": "2"}, axis={"i": "0"}),
    node("out", "Tile", ["x", "multiples"], Tmultiples=INT),
]


@pytest.mark.usefixtures("on_backend")
def test_a_feed_read_on_the_host_keys_the_plans_program_by_its_values(tmp_path, monkeypatch):
    model = tf.load_graph_model(write_model(tmp_path / "tile", TILED_BY_FEED, {"one": np.array(1, np.int32)}))
    x_values = np.arange(6, dtype=np.float32).reshape(2, 3)
    x = tf.tensor(x_values)
    spy = ReadSpy(monkeypatch)
    for reps in (2, 3, 2, 3, 2, 3):
        scale = tf.tensor([reps + 0.75])  # truncated by the cast
        out = spy.during(lambda scale=scale: model.execute({"x": x, "scale": scale}))
        np.testing.assert_array_equal(out.numpy(), np.tile(x_values, [1, reps]))
        assert spy.data_ids[-1:] == [scale.data_id] and scale.data_id not in spy.data_ids[:-1]
        tf.dispose([out, scale])
    lowered = [p for p in model.executor.plan_programs.by_key.values() if p is not None]
    assert len(lowered) == 2  # one program for each value of the feed
    tf.dispose(x)
    model.dispose()


@pytest.mark.parametrize(
    ("op", "keywords", "inputs"),
    [
        ("Equal", {}, [[1, 2], [1, 2, 3]]),  # shapes that do not broadcast
        ("AddV2", {}, [[1, 2], [1, 2, 3]]),
        ("Squeeze", {"axis": [3]}, [[[5, 6]]]),  # an axis past the rank
        ("Squeeze", {"axis": [0]}, [7]),  # a scalar has no axis
        ("Unpack", {"axis": 2}, [[1, 2]]),
    ],
)
def test_inputs_numpy_refuses_are_left_to_the_op(op, keywords, inputs):
    """None, not NumPy's error: the op checks its inputs and says what is wrong."""
    assert evaluate(_node(op, **keywords), [None] * len(inputs), [host(v) for v in inputs], {}) is None

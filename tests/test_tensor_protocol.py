"""The Python protocols of tf.Tensor (operators, indexing, len, bool, NumPy interop,
chained methods) and printing.

Expected values come from TF.js's semantics (JavaScript numbers are float32 tensors,
Int32Array truncates, Uint8Array holds bools, ...) or from NumPy computing the same thing.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import scope

# ---- the Python protocols -------------------------------------------------------------

A = [[1.0, 2.0], [3.0, 4.0]]
B = [[2.0, 2.0], [5.0, -3.0]]

ARITHMETIC = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "%": operator.mod,
    "**": operator.pow,
    "//": operator.floordiv,
    "@": operator.matmul,
}
COMPARISONS = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le}
# Which kinds of operand stand left and right of the operator.
TENSOR_PAIRS = [("tensor", "tensor"), ("tensor", "ndarray"), ("ndarray", "tensor")]
SCALAR_PAIRS = [("tensor", "number"), ("number", "tensor"), ("tensor", "npscalar"), ("npscalar", "tensor")]


def _operand(kind: str, values: list[list[float]]) -> Any:
    if kind == "tensor":
        return tf.tensor(values)
    if kind == "ndarray":
        return np.array(values)  # float64: becomes a float32 tensor
    if kind == "number":
        return values[1][1]
    return np.float64(values[1][1])


def _as_float64(kind: str, values: list[list[float]]) -> np.ndarray:
    """The operand as TF.js's kernel sees it: float32 values, computed on as doubles."""
    picked = values if kind in ("tensor", "ndarray") else values[1][1]
    return np.asarray(picked, np.float32).astype(np.float64)


def _operator_cases(symbols: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [
        (symbol, left, right)
        for symbol in symbols
        for left, right in TENSOR_PAIRS + ([] if symbol == "@" else SCALAR_PAIRS)
    ]


@pytest.mark.parametrize(("symbol", "left", "right"), _operator_cases(ARITHMETIC))
def test_arithmetic_operators(symbol, left, right, backend):
    fn = ARITHMETIC[symbol]
    with scope():
        result = fn(_operand(left, A), _operand(right, B))
        assert isinstance(result, tf.Tensor)
        # JavaScript computes in doubles and a Float32Array rounds the result.
        exact = fn(_as_float64(left, A), _as_float64(right, B))
        if symbol == "//":
            expected, dtype = exact.astype(np.int32), "int32"  # TF.js's floorDiv gives int32
        else:
            expected, dtype = exact.astype(np.float32), "float32"
        assert result.dtype == dtype
        assert result.shape == expected.shape
        np.testing.assert_array_equal(result.numpy(), expected)


def test_arithmetic_operator_values_by_hand(backend):
    with scope():
        a, b = tf.tensor(A), tf.tensor(B)
        assert (a % b).array_sync() == [[1, 0], [3, -2]]  # the sign of the divisor
        assert (a // b).array_sync() == [[0, 1], [0, -2]]
        assert (a @ b).array_sync() == [[12, -4], [26, -6]]
        assert (a**b).array_sync() == [[1, 4], [243, 0.015625]]
        assert (10 - a).array_sync() == [[9, 8], [7, 6]]
        assert (1 / tf.tensor([4.0, -8.0])).array_sync() == [0.25, -0.125]


def test_int32_division_floors(backend):
    with scope():
        a = tf.tensor([7, -7, 6], None, "int32")
        b = tf.tensor([2, 2, 3], None, "int32")
        q = a / b  # TF.js's div of two int32 tensors is floorDiv
        assert (q.dtype, q.array_sync()) == ("int32", [3, -4, 2])


def test_number_operand_is_float32(backend):
    with scope():
        i = tf.tensor([1, 2], None, "int32")
        assert (i + 2).dtype == "float32"  # 2 is a JavaScript number: float32
        assert (i + tf.scalar(2, "int32")).dtype == "int32"
        assert (i * np.array([3, 4])).dtype == "int32"  # a NumPy int array is int32


@pytest.mark.parametrize(("symbol", "left", "right"), _operator_cases(COMPARISONS))
def test_comparison_operators(symbol, left, right, backend):
    fn = COMPARISONS[symbol]
    with scope():
        result = fn(_operand(left, A), _operand(right, B))
        assert isinstance(result, tf.Tensor)
        expected = fn(_as_float64(left, A), _as_float64(right, B))
        assert result.dtype == "bool"
        assert result.shape == expected.shape
        np.testing.assert_array_equal(result.numpy(), expected)


def test_comparison_values_by_hand(backend):
    with scope():
        a, b = tf.tensor(A), tf.tensor(B)
        assert (a > b).array_sync() == [[False, False], [False, True]]
        assert (a >= b).array_sync() == [[False, True], [False, True]]
        assert (a < 2).array_sync() == [[True, False], [False, False]]
        assert (2 <= a).array_sync() == [[False, True], [True, True]]  # noqa: SIM300 - reflected


def test_ndarray_on_the_left_gives_a_tensor(backend):
    with scope():
        for result in (
            np.array([1.0, 2.0]) + tf.tensor([1.0, 1.0]),
            np.array([[1.0, 1.0]]) @ tf.tensor([[1.0], [2.0]]),
            np.array([3, 4]) > tf.tensor([3.5, 3.5]),
            np.float32(2) * tf.tensor([1.0, 2.0]),
        ):
            assert isinstance(result, tf.Tensor)
        assert (np.array([10.0]) - tf.tensor([1.0, 2.0])).array_sync() == [9.0, 8.0]
        assert (np.array([3, 4]) > tf.tensor([3.5, 3.5])).array_sync() == [False, True]


def test_unary_operators(backend):
    with scope():
        a = tf.tensor([[1, -2], [0, 3.5]])
        neg = -a
        assert (neg.dtype, neg.array_sync()) == ("float32", [[-1, 2], [0, -3.5]])
        assert abs(a).array_sync() == [[1, 2], [0, 3.5]]
        i = tf.tensor([-3, 4], None, "int32")
        assert ((-i).dtype, (-i).array_sync()) == ("int32", [3, -4])
        assert (abs(i).dtype, abs(i).array_sync()) == ("int32", [3, 4])
        c = abs(tf.tensor([3 + 4j]))
        assert (c.dtype, c.array_sync()) == ("float32", [5.0])


X = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
KEYS = [
    0,
    1,
    -1,
    -2,
    (1, 2),
    (-1, -2, -3),
    (0, 1, 3),
    slice(None),
    slice(1, None),
    slice(None, None, 2),
    slice(None, None, -1),
    (slice(None), slice(None, None, -1)),
    (slice(None), slice(2, 0, -1)),
    (slice(None), slice(None), slice(3, None, -2)),
    (slice(None), slice(-2, None)),
    (slice(None), slice(1, -1), slice(None, None, 3)),
    (slice(10, 20),),
    (slice(None), slice(5, 1)),
    (None,),
    (0, None, slice(1, 3)),
    (Ellipsis, 1),
    (Ellipsis, None),
    (1, Ellipsis, slice(None, None, -1)),
    (slice(None, None, -1), 0),
    (None, Ellipsis, None),
    (np.int64(1), np.int32(-1)),
    Ellipsis,
]


@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_indexing_matches_numpy(key, backend):
    with scope():
        t = tf.tensor(X)
        got = t[key]
        expected = X[key]
        assert isinstance(got, tf.Tensor)
        assert got.dtype == "int32"
        assert got.shape == expected.shape
        np.testing.assert_array_equal(got.numpy(), expected)


def test_indexing_strings_and_scalars(backend):
    with scope():
        s = tf.tensor([["a", "b"], ["c", "d"]])
        assert s[1].array_sync() == ["c", "d"]
        assert s[1, 0].array_sync() == "c"
        assert s[-1, -1].shape == ()
        assert s[:, ::-1].array_sync() == [["b", "a"], ["d", "c"]]
        assert s[1:, :1].array_sync() == [["c"]]
        assert tf.scalar(5)[...].shape == ()
        assert tf.scalar(5)[None].array_sync() == [5.0]


@pytest.mark.parametrize(
    ("key", "bad"),
    [(2, "2"), (-3, "-3"), ((0, 3), "3"), ((slice(None), slice(None), 4), "4"), ((Ellipsis, -5), "-5")],
    ids=repr,
)
def test_out_of_range_index_is_index_error(key, bad):
    with scope():
        t = tf.tensor(X)
        with pytest.raises(IndexError, match=rf"index {bad}\b.*out of bounds"):
            t[key]


def test_bad_index_types():
    with scope():
        t = tf.tensor([1, 2, 3])
        with pytest.raises(TypeError, match="float"):
            t[1.0]
        with pytest.raises(TypeError, match="bool"):
            t[True]
        with pytest.raises(TypeError, match="str"):
            t["0"]
        with pytest.raises(ValueError, match="step"):
            t[::0]
        with pytest.raises(IndexError, match="ellipsis"):
            t[..., ...]


def test_len_and_iteration(backend):
    with scope():
        t = tf.tensor(X)
        assert len(t) == 2
        rows = list(t)
        assert len(rows) == 2
        assert all(isinstance(row, tf.Tensor) and row.shape == (3, 4) for row in rows)
        assert [row.array_sync() for row in rows] == X.tolist()
        assert [v.array_sync() for v in tf.tensor([4, 5, 6])] == [4.0, 5.0, 6.0]
        assert list(tf.zeros([0, 2])) == []
        with pytest.raises(TypeError, match="scalar"):
            len(tf.scalar(1))
        with pytest.raises(TypeError, match="scalar"):
            iter(tf.scalar(1)).__next__()


def test_bool(backend):
    with scope():
        assert bool(tf.scalar(0)) is False
        assert bool(tf.scalar(-0.5)) is True
        assert bool(tf.tensor([[2]])) is True
        assert bool(tf.tensor([False])) is False
        assert bool(tf.scalar(3, "int32")) is True
        with pytest.raises(ValueError, match="2 elements"):
            bool(tf.tensor([1, 2]))
        with pytest.raises(ValueError, match="0 elements"):
            bool(tf.zeros([0]))
        with pytest.raises(ValueError, match="6 elements"):
            if tf.ones([2, 3]):
                pass  # pragma: no cover


def test_float_and_int(backend):
    with scope():
        assert float(tf.scalar(2.5)) == 2.5
        assert float(tf.tensor([[0.1]])) == float(np.float32(0.1))
        assert type(float(tf.scalar(1))) is float
        assert int(tf.scalar(-2.7)) == -2  # Python's int() truncates
        assert int(tf.scalar(7, "int32")) == 7
        assert type(int(tf.scalar(7, "int32"))) is int
        assert int(tf.scalar(True)) == 1
        with pytest.raises(TypeError, match="2"):
            float(tf.tensor([1, 2]))
        with pytest.raises(TypeError, match="0"):
            int(tf.zeros([0]))
        with pytest.raises(TypeError, match="complex"):
            float(tf.scalar(1 + 2j))
        with pytest.raises(TypeError, match="complex"):
            int(tf.scalar(1 + 2j))


def test_numpy_array_protocol(backend):
    with scope():
        t = tf.tensor([[1, 2], [3, 4]])
        n = np.asarray(t)
        assert (n.shape, n.dtype) == ((2, 2), np.float32)
        np.testing.assert_array_equal(n, [[1, 2], [3, 4]])
        assert np.asarray(t, dtype=np.float64).dtype == np.float64
        assert np.array(tf.tensor([True])).dtype == np.bool_
        assert np.asarray(tf.tensor([1], None, "int32")).dtype == np.int32
        assert np.sum(np.asarray(t)) == 10


def test_chained_methods(backend):
    with scope():
        a = tf.tensor([[1, 2], [3, 4]])
        b = tf.tensor([[1, 1], [1, 1]])
        m = a.sub(b).square().mean()
        assert (m.shape, m.array_sync()) == ((), 3.5)  # (0 + 1 + 4 + 9) / 4
        assert a.add(1).mul(2).sum().array_sync() == 28.0
        assert a.reshape([4]).array_sync() == [1, 2, 3, 4]
        assert a.cast("bool").dtype == "bool"
        assert a.clone().array_sync() == [[1, 2], [3, 4]]
        assert a.greater(2).array_sync() == [[False, False], [True, True]]
        assert a.mat_mul(b).array_sync() == [[3, 3], [7, 7]]


def test_reshaping_methods(backend):
    with scope():
        a = tf.tensor([[1, 2], [3, 4]])
        f = a.flatten()
        assert (f.shape, f.array_sync()) == ((4,), [1, 2, 3, 4])
        assert a.as1d().shape == (4,)
        assert a.as2d(1, 4).array_sync() == [[1, 2, 3, 4]]
        assert a.as3d(2, 1, 2).shape == (2, 1, 2)
        assert a.as4d(1, 2, 1, 2).shape == (1, 2, 1, 2)
        assert a.as5d(1, 1, 1, 4, 1).shape == (1, 1, 1, 4, 1)
        s = tf.tensor([[[5]]]).as_scalar()
        assert (s.shape, s.array_sync()) == ((), 5.0)
        t = a.as_type("int32")
        assert (t.dtype, t.array_sync()) == ("int32", [[1, 2], [3, 4]])
        with pytest.raises(ValueError, match="4"):
            a.as_scalar()
        with pytest.raises(ValueError, match="3"):
            a.as2d(3, 3)


# ---- printing -------------------------------------------------------------------------


def test_print_writes_to_string(capsys, backend):
    with scope():
        t = tf.tensor1d([1, 2, 3])
        assert t.to_string() == "Tensor\n    [1, 2, 3]"  # as TF.js prints it
        print(t)
        assert capsys.readouterr().out == "Tensor\n    [1, 2, 3]\n"
        t.print()
        assert capsys.readouterr().out == "Tensor\n    [1, 2, 3]\n"
        t.print(True)
        verbose = capsys.readouterr().out
        assert verbose == t.to_string(True) + "\n"
        for line in ("  dtype: float32", "  rank: 1", "  shape: [3]", "  values:", "    [1, 2, 3]"):
            assert line in verbose.splitlines()
        assert str(t) == repr(t) == t.to_string()


def test_print_dtypes(capsys, backend):
    with scope():
        tf.tensor2d([[1, 2], [3, 4]], None, "int32").print()
        tf.tensor([True, False]).print()
        tf.scalar("hi").print()
        assert capsys.readouterr().out == (
            "Tensor\n    [[1, 2],\n     [3, 4]]\nTensor\n    [true, false]\nTensor\n    hi\n"
        )


def test_repr_of_disposed_tensor_does_not_raise():
    t = tf.tensor([1, 2])
    t.dispose()
    text = repr(t)
    assert "disposed" in text
    assert str(t.id) in text

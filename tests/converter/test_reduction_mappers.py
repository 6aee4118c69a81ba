"""The `reduction` TF op mappers (TF.js's reduction_executor): the axis as a tensor input
(scalar, vector, empty, negative), `keep_dims`, ArgMax/ArgMin, Cumsum/Cumprod's
`exclusive` and `reverse`, Bincount/DenseBincount's (x, size, weights) inputs."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

X = np.array([[[1.0, -2.0, 3.0], [4.0, 0.5, -6.0]], [[0.0, 8.0, 2.0], [-1.0, 1.0, 5.0]]], np.float32)
FLAGS = X > 0.7

REDUCTIONS = {
    "Max": (X, np.max),
    "Mean": (X, np.mean),
    "Min": (X, np.min),
    "Sum": (X, np.sum),
    "Prod": (X, np.prod),
    "All": (FLAGS, np.all),
    "Any": (FLAGS, np.any),
}
AXES = [np.int32(1), np.int32(-1), np.array([0, 2], np.int32), np.array([-1, 0, 1], np.int32)]


def run(op, inputs, attrs=None):
    with scope():
        result = call_mapper(get_mapper(op), [tf.tensor(x) for x in inputs], attrs or {})
        return result.dtype, result.numpy()


@pytest.mark.parametrize("keep_dims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=lambda a: str(a.tolist()))
@pytest.mark.parametrize("op", sorted(REDUCTIONS))
def test_reductions_read_the_axis_tensor(op, axis, keep_dims, backend):
    x, reference = REDUCTIONS[op]
    attrs = decode_attrs(
        {"keep_dims": {"b": keep_dims}, "T": {"type": "DT_FLOAT"}, "Tidx": {"type": "DT_INT32"}}
    )
    _, got = run(op, [x, axis], attrs)
    want = reference(x, axis=tuple(np.atleast_1d(axis).tolist()), keepdims=keep_dims)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_keep_dims_defaults_to_false(backend):
    assert run("Sum", [X, np.int32(2)])[1].shape == (2, 2)


def test_an_empty_axis_reduces_nothing(backend):
    _, got = run("Sum", [X, np.zeros([0], np.int32)])
    np.testing.assert_array_equal(got, X)


@pytest.mark.parametrize("op, reference", [("ArgMax", np.argmax), ("ArgMin", np.argmin)])
def test_arg_max_and_min(op, reference, backend):
    for axis in (0, 1, 2, -1):
        dtype, got = run(op, [X, np.int32(axis)], decode_attrs({"output_type": {"type": "DT_INT64"}}))
        assert dtype == "int32"
        np.testing.assert_array_equal(got, reference(X, axis=axis))


def test_an_axis_must_be_an_integer():
    with scope(), raises_with(ValueError, "integer", "1.5"):
        call_mapper(get_mapper("ArgMax"), [tf.ones([2, 2]), tf.scalar(1.5)], {})


def _cumulative(x, axis, combine, exclusive, reverse):
    x = np.flip(x, axis) if reverse else x
    out = combine(x, axis=axis)
    if exclusive:
        identity = 1 if combine is np.cumprod else 0
        out = np.concatenate(
            [np.full_like(np.take(out, [0], axis), identity), np.delete(out, -1, axis)], axis
        )
    return np.flip(out, axis) if reverse else out


@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("op, combine", [("Cumsum", np.cumsum), ("Cumprod", np.cumprod)])
def test_cumulative_ops_exclusive_and_reverse(op, combine, exclusive, reverse, backend):
    attrs = decode_attrs(
        {"exclusive": {"b": exclusive}, "reverse": {"b": reverse}, "T": {"type": "DT_FLOAT"}}
    )
    for axis in (0, 1, 2):
        _, got = run(op, [X, np.int32(axis)], attrs)
        np.testing.assert_allclose(got, _cumulative(X, axis, combine, exclusive, reverse), rtol=1e-6)


def test_cumsum_attributes_default_to_false(backend):
    _, got = run("Cumsum", [X, np.int32(1)])
    np.testing.assert_allclose(got, np.cumsum(X, axis=1))


def test_bincount_inputs_are_x_size_weights(backend):
    x = np.array([1, 1, 3, 0, 7], np.int32)
    weights = np.array([0.5, 1.0, 2.0, 3.0, 4.0], np.float32)
    _, got = run("Bincount", [x, np.int32(5), weights], decode_attrs({"T": {"type": "DT_FLOAT"}}))
    np.testing.assert_allclose(got, [3.0, 1.5, 0.0, 2.0, 0.0])  # 7 >= size: dropped
    _, got = run("Bincount", [x, np.int32(4), np.zeros([0], np.float32)])
    np.testing.assert_allclose(got, [1.0, 2.0, 0.0, 1.0])  # no weights: counts


def test_dense_bincount_binary_output(backend):
    x = np.array([[1, 1, 2], [0, 3, 3]], np.int32)
    ones = np.zeros([0], np.float32)
    _, got = run("DenseBincount", [x, np.int32(4), ones])
    np.testing.assert_allclose(got, [[0, 2, 1, 0], [1, 0, 0, 2]])
    _, got = run("DenseBincount", [x, np.int32(4), ones], decode_attrs({"binary_output": {"b": True}}))
    np.testing.assert_allclose(got, [[0, 1, 1, 0], [1, 0, 0, 1]])


def test_every_reduction_op_is_registered_in_its_category():
    names = [*REDUCTIONS, "ArgMax", "ArgMin", "Cumsum", "Cumprod", "Bincount", "DenseBincount"]
    assert {get_mapper(name).category for name in names} == {"reduction"}
    assert len(names) == 13
    assert get_mapper("Sum").attrs == frozenset({"keep_dims"})

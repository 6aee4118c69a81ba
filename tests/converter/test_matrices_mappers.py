"""The `matrices` TF op mappers (TF.js's matrices_executor): products with transposes,
fused products, transpose, einsum and band parts, on every backend."""

from __future__ import annotations

import base64

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

RNG = np.random.default_rng(3)
A = RNG.uniform(-1, 1, (3, 4)).astype(np.float32)
B = RNG.uniform(-1, 1, (4, 5)).astype(np.float32)
BIAS = RNG.uniform(-1, 1, 5).astype(np.float32)


def run(op, inputs, attrs=None):
    with scope():
        tensors = [tf.tensor(x) for x in inputs]
        result = call_mapper(get_mapper(op), tensors, attrs or {})
        return result.numpy()


def test_mat_mul_transposes(backend):
    attrs = decode_attrs({"transpose_a": {"b": True}, "transpose_b": {"b": True}, "T": {"type": "DT_FLOAT"}})
    np.testing.assert_allclose(run("MatMul", [A.T.copy(), B.T.copy()], attrs), A @ B, rtol=1e-5)
    np.testing.assert_allclose(run("MatMul", [A, B]), A @ B, rtol=1e-5)


@pytest.mark.parametrize("op", ["BatchMatMul", "BatchMatMulV2"])
def test_batch_mat_mul_adjoints(op, backend):
    a = RNG.uniform(-1, 1, (2, 3, 4)).astype(np.float32)
    b = RNG.uniform(-1, 1, (2, 5, 4)).astype(np.float32)
    got = run(op, [a, b], {"adj_x": False, "adj_y": True})
    np.testing.assert_allclose(got, a @ b.transpose(0, 2, 1), rtol=1e-5)
    got = run(op, [a.transpose(0, 2, 1).copy(), b], {"adj_x": True, "adj_y": True})
    np.testing.assert_allclose(got, a @ b.transpose(0, 2, 1), rtol=1e-5)


ACTIVATIONS = {
    "Relu": lambda y: np.maximum(y, 0),
    "Relu6": lambda y: np.clip(y, 0, 6),
    "Elu": lambda y: np.where(y > 0, y, np.expm1(y)),
    "Sigmoid": lambda y: 1 / (1 + np.exp(-y)),
    "LeakyRelu": lambda y: np.where(y > 0, y, 0.3 * y),
}


@pytest.mark.parametrize("activation", sorted(ACTIVATIONS))
def test_fused_mat_mul(activation, backend):
    fused_ops = [base64.b64encode(name.encode()).decode() for name in ("BiasAdd", activation)]
    attrs = decode_attrs(
        {
            "fused_ops": {"list": {"s": fused_ops}},
            "num_args": {"i": "1"},
            "transpose_b": {"b": True},
            "leakyrelu_alpha": {"f": 0.3},
            "epsilon": {"f": 0.0},
        }
    )
    got = run("_FusedMatMul", [A, B.T.copy(), BIAS], attrs)
    np.testing.assert_allclose(got, ACTIVATIONS[activation](A @ B + BIAS), rtol=1e-5, atol=1e-6)


def test_fused_mat_mul_bias_only_and_prelu(backend):
    got = run("_FusedMatMul", [A, B, BIAS], {"fused_ops": ["BiasAdd"], "num_args": 1})
    np.testing.assert_allclose(got, A @ B + BIAS, rtol=1e-5, atol=1e-6)
    alpha = np.full(5, 0.25, np.float32)
    got = run("_FusedMatMul", [A, B, BIAS, alpha], {"fused_ops": ["BiasAdd", "Prelu"], "num_args": 2})
    y = A @ B + BIAS
    np.testing.assert_allclose(got, np.where(y > 0, y, 0.25 * y), rtol=1e-5, atol=1e-6)


def test_fused_mat_mul_argument_counts_are_checked():
    with raises_with(ValueError, "Fused MatMul with BiasAdd must have one extra argument: bias."):
        run("_FusedMatMul", [A, B, BIAS], {"fused_ops": ["BiasAdd", "Relu"], "num_args": 2})
    with raises_with(ValueError, "Fused MatMul with BiasAdd and Prelu must have two extra arguments"):
        run("_FusedMatMul", [A, B, BIAS], {"fused_ops": ["BiasAdd", "Prelu"], "num_args": 1})


def test_transpose_reads_perm_input(backend):
    x = RNG.uniform(-1, 1, (2, 3, 4)).astype(np.float32)
    got = run("Transpose", [x, np.array([2, 0, 1], np.int32)])
    np.testing.assert_array_equal(got, x.transpose(2, 0, 1))


def test_einsum(backend):
    attrs = decode_attrs({"equation": {"s": base64.b64encode(b"ij,jk->ik").decode()}, "N": {"i": "2"}})
    np.testing.assert_allclose(run("Einsum", [A, B], attrs), A @ B, rtol=1e-5)
    # TF.js lowers the equation's case, as every string attribute.
    np.testing.assert_allclose(run("Einsum", [A, B], {"equation": "IJ,JK->IK"}), A @ B, rtol=1e-5)


def test_matrix_band_part_reads_num_lower_for_both_limits(backend):
    x = np.arange(16, dtype=np.float32).reshape(4, 4)
    lower, upper = np.array(1, np.int32), np.array(-1, np.int32)
    got = run("MatrixBandPart", [x, lower, upper])
    # TF.js's op list reads num_upper from input 1 too: a band of 1 below and 1 above.
    np.testing.assert_array_equal(got, np.triu(np.tril(x, 1), -1))


def test_every_matrices_op_is_mapped():
    ops = ["_FusedMatMul", "MatMul", "BatchMatMul", "BatchMatMulV2", "Transpose", "Einsum", "MatrixBandPart"]
    assert {op: get_mapper(op) and get_mapper(op).category for op in ops} == dict.fromkeys(ops, "matrices")

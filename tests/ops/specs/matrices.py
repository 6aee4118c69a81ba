"""Operations / Matrices and Tensors / Matrices."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec

SPECS: list[OpSpec] = [
    OpSpec("mat_mul", tf.mat_mul, np.matmul, (((2, 3), F32), ((3, 4), F32)), F32, rtol=1e-5),
    OpSpec(
        "mat_mul",
        lambda a, b: tf.mat_mul(a, b, True, True),
        lambda a, b: a.T @ b.T,
        (((3, 2), F32), ((4, 3), F32)),
        F32,
        rtol=1e-5,
        id_suffix="transposed",
    ),
    OpSpec(
        "mat_mul", tf.mat_mul, np.matmul, (((2, 2, 3), F32), ((3, 2), F32)), F32, rtol=1e-5, id_suffix="batch"
    ),
    OpSpec("mat_mul", tf.mat_mul, np.matmul, (((2, 3), I32), ((3, 2), I32)), I32, id_suffix="int32"),
]

_INF = float("inf")
SPECS += [
    OpSpec("dot", tf.dot, np.dot, (((3,), F32), ((3,), F32)), F32, rtol=1e-5, id_suffix="vec_vec"),
    OpSpec("dot", tf.dot, np.dot, (((2, 3), F32), ((3,), F32)), F32, rtol=1e-5, id_suffix="mat_vec"),
    OpSpec("dot", tf.dot, np.dot, (((3,), F32), ((3, 4), F32)), F32, rtol=1e-5, id_suffix="vec_mat"),
    OpSpec("dot", tf.dot, np.dot, (((2, 3), F32), ((3, 4), F32)), F32, rtol=1e-5, id_suffix="mat_mat"),
    OpSpec("dot", tf.dot, np.dot, (((2, 3), I32), ((3,), I32)), I32, id_suffix="int32"),
    OpSpec("outer_product", tf.outer_product, np.outer, (((3,), F32), ((4,), F32)), F32),
    OpSpec("outer_product", tf.outer_product, np.outer, (((3,), I32), ((2,), I32)), I32, id_suffix="int32"),
    OpSpec(
        "einsum",
        lambda a, b: tf.einsum("ij,jk->ik", a, b),
        np.matmul,
        (((2, 3), F32), ((3, 4), F32)),
        F32,
        rtol=1e-5,
        id_suffix="matmul",
    ),
    OpSpec(
        "einsum",
        lambda a, b: tf.einsum("bij,bkj->bki", a, b),
        lambda a, b: np.einsum("bij,bkj->bki", a, b),
        (((2, 3, 4), F32), ((2, 5, 4), F32)),
        F32,
        rtol=1e-5,
        id_suffix="batch",
    ),
    OpSpec(
        "einsum",
        lambda a: tf.einsum("abc->cab", a),
        lambda a: np.einsum("abc->cab", a),
        (((2, 3, 4), F32),),
        F32,
        id_suffix="transpose",
    ),
    OpSpec(
        "einsum",
        lambda a: tf.einsum("abc->b", a),
        lambda a: np.einsum("abc->b", a),
        (((2, 3, 4), F32),),
        F32,
        rtol=1e-5,
        id_suffix="sum",
    ),
    OpSpec(
        "einsum",
        lambda a, b: tf.einsum("i,j->ij", a, b),
        np.outer,
        (((3,), I32), ((4,), I32)),
        I32,
        id_suffix="int32_outer",
    ),
    OpSpec(
        "einsum",
        lambda a, b: tf.einsum("ij,ij->j", a, b),
        lambda a, b: np.einsum("ij,ij->j", a, b),
        (((3, 4), I32), ((3, 4), I32)),
        I32,
        id_suffix="int32_sum",
    ),
    OpSpec("norm", tf.norm, lambda x: np.linalg.norm(x.ravel()), (((3, 4), F32),), F32, rtol=1e-5),
    OpSpec(
        "norm",
        lambda x: tf.norm(x, 1, 1),
        lambda x: np.linalg.norm(x, 1, 1),
        (((3, 4), F32),),
        F32,
        rtol=1e-5,
        id_suffix="ord1_axis",
    ),
    OpSpec(
        "norm",
        lambda x: tf.norm(x, _INF, 0, True),
        lambda x: np.linalg.norm(x, _INF, 0, True),
        (((3, 4), F32),),
        F32,
        id_suffix="inf_keep_dims",
    ),
    OpSpec(
        "norm",
        lambda x: tf.norm(x, -_INF, -1),
        lambda x: np.linalg.norm(x, -_INF, -1),
        (((3, 4), F32),),
        F32,
        id_suffix="neg_inf",
    ),
    OpSpec(
        "norm",
        lambda x: tf.norm(x, 1, [0, 1]),
        lambda x: np.linalg.norm(x, 1, (0, 1)),
        (((3, 4), F32),),
        F32,
        rtol=1e-5,
        id_suffix="matrix_ord1",
    ),
    OpSpec(
        "norm",
        lambda x: tf.norm(x, _INF, [0, 2]),
        lambda x: np.linalg.norm(x, _INF, (0, 2)),
        (((2, 3, 4), F32),),
        F32,
        rtol=1e-5,
        id_suffix="matrix_inf",
    ),
    OpSpec(
        "norm",
        lambda x: tf.norm(x, "fro", [1, 2], True),
        lambda x: np.linalg.norm(x, "fro", (1, 2), True),
        (((2, 3, 4), F32),),
        F32,
        rtol=1e-5,
        id_suffix="fro",
    ),
    OpSpec(
        "norm", lambda x: tf.norm(x, 1), lambda x: np.abs(x).sum(), (((3, 4), I32),), I32, id_suffix="int32"
    ),
    OpSpec(
        "euclidean_norm",
        lambda x: tf.euclidean_norm(x, 1),
        lambda x: np.linalg.norm(x, 2, 1),
        (((3, 4), F32),),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "moving_average",
        lambda v, x: tf.moving_average(v, x, 0.9, 3),
        lambda v, x: v + (x - v) * (1 - 0.9) / (1 - 0.9**3),
        (((2, 3), F32), ((2, 3), F32)),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "moving_average",
        lambda v, x: tf.moving_average(v, x, 0.25, zero_debias=False),
        lambda v, x: v + (x - v) * 0.75,
        (((4,), I32), ((4,), I32)),
        F32,
        id_suffix="int32_no_debias",
    ),
]

"""Operations / Linear Algebra: tf.linalg.band_part, gram_schmidt, qr."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r

L = tf.linalg


def m33() -> tf.Tensor:
    return tf.tensor2d([[1, 2, 3], [4, 5, 6], [7, 8, 9]])


def m34() -> tf.Tensor:
    return tf.tensor2d(list(r(12)), [3, 4])


CASES = {
    # band_part: numbers (negative: the whole triangle) or int32 scalars (clamped)
    "band_part/lower1_upper_all": lambda: L.band_part(m33(), 1, -1),
    "band_part/diagonal": lambda: L.band_part(m33(), 0, 0),
    "band_part/lower_triangle": lambda: L.band_part(m33(), -1, 0),
    "band_part/upper_triangle": lambda: L.band_part(m33(), 0, -1),
    "band_part/everything": lambda: L.band_part(m33(), -1, -1),
    "band_part/wide": lambda: L.band_part(m34(), 1, 2),
    "band_part/wide_upper_all": lambda: L.band_part(m34(), 3, 4),
    "band_part/tall": lambda: L.band_part(tf.tensor2d(list(r(12)), [4, 3]), 2, 0),
    "band_part/batch": lambda: L.band_part(tf.tensor3d(list(r(24)), [2, 3, 4]), 0, 1),
    "band_part/batch_4d": lambda: L.band_part(tf.reshape(tf.range(0, 24), [2, 1, 3, 4]), 1, 0),
    "band_part/int32": lambda: L.band_part(i32([2147483647, -2147483648, 1, -1], [2, 2]), 0, 1),
    "band_part/bool": lambda: L.band_part(tf.tensor2d([[True, True], [True, True]], [2, 2], "bool"), 0, 0),
    "band_part/special_values": lambda: L.band_part(tf.tensor2d([[nan, -0.0], [inf, -inf]]), 0, 1),
    "band_part/nan_out_of_band": lambda: L.band_part(tf.tensor2d([[1, nan], [-0.0, 2]]), 1, 0),
    "band_part/scalar_tensors": lambda: L.band_part(m33(), tf.scalar(1, "int32"), tf.scalar(-1, "int32")),
    "band_part/scalar_tensors_clamped": lambda: L.band_part(
        m33(), tf.scalar(7, "int32"), tf.scalar(0, "int32")
    ),
    "band_part/scalar_tensor_and_number": lambda: L.band_part(m34(), 0, tf.scalar(2, "int32")),
    "band_part/nested_arrays": lambda: L.band_part([[1, 2], [3, 4]], 0, 0),
    "band_part/one_by_one": lambda: L.band_part(tf.tensor2d([[5]]), 0, 0),
    "band_part/empty_columns": lambda: L.band_part(tf.zeros([3, 0]), 0, 0),
    "band_part/empty_batch": lambda: L.band_part(tf.zeros([0, 2, 2]), 0, 0),
    "band_part/rank1": lambda: L.band_part(tf.tensor1d([1, 2, 3]), 1, 1),
    "band_part/fractional_lower": lambda: L.band_part(m33(), 0.5, 1),
    "band_part/fractional_upper": lambda: L.band_part(m33(), 1, 1.5),
    "band_part/nan_lower": lambda: L.band_part(m33(), nan, 1),
    "band_part/lower_too_big": lambda: L.band_part(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), 3, 1),
    "band_part/upper_too_big": lambda: L.band_part(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), 1, 4),
    "band_part/float_scalar_tensor": lambda: L.band_part(m33(), tf.scalar(1), 0),
    "band_part/float_scalar_tensor_upper": lambda: L.band_part(m33(), 0, tf.scalar(1)),
    # gram_schmidt: the rows of a matrix, or a list of vectors
    "gram_schmidt/2x2": lambda: L.gram_schmidt(tf.tensor2d([[1, 1], [0, 1]])),
    "gram_schmidt/3x3": lambda: L.gram_schmidt(tf.tensor2d([[1, -1, 1], [1, 0, 1], [1, 1, 2]])),
    "gram_schmidt/2x4": lambda: L.gram_schmidt(tf.tensor2d([[1, 2, 3, 4], [-1, 0.5, 2, 1]])),
    "gram_schmidt/list": lambda: L.gram_schmidt([tf.tensor1d([1, 1]), tf.tensor1d([0, 1])]),
    "gram_schmidt/list_one": lambda: L.gram_schmidt([tf.tensor1d([3, 4, 0])]),
    "gram_schmidt/large": lambda: L.gram_schmidt(tf.tensor2d([[1e20, 2e20], [3e19, -1e19]])),
    "gram_schmidt/small": lambda: L.gram_schmidt(tf.tensor2d([[1e-20, 2e-20], [3e-21, -1e-21]])),
    "gram_schmidt/dependent": lambda: L.gram_schmidt(tf.tensor2d([[1, 2], [2, 4]])),
    "gram_schmidt/zero_vector": lambda: L.gram_schmidt(tf.tensor2d([[0, 0], [1, 0]])),
    "gram_schmidt/nan": lambda: L.gram_schmidt(tf.tensor2d([[nan, 1], [1, 0]])),
    "gram_schmidt/too_many": lambda: L.gram_schmidt(tf.ones([3, 2])),
    "gram_schmidt/too_many_list": lambda: L.gram_schmidt([tf.tensor1d([1]), tf.tensor1d([2])]),
    "gram_schmidt/lengths_differ": lambda: L.gram_schmidt([tf.tensor1d([1, 1]), tf.tensor1d([0, 1, 2])]),
    "gram_schmidt/empty_list": lambda: L.gram_schmidt([]),
    "gram_schmidt/int32": lambda: L.gram_schmidt(i32([1, 1, 0, 1], [2, 2])),
    # qr: Householder reflections, as TF.js's qr2d (the last column is reflected too)
    "qr/2x2": lambda: L.qr(tf.tensor2d([[1, 2], [3, 4]])),
    "qr/3x2": lambda: L.qr(tf.tensor2d([[1, 2], [3, 4], [5, 6]])),
    "qr/3x2_full": lambda: L.qr(tf.tensor2d([[1, 2], [3, 4], [5, 6]]), True),
    "qr/2x3": lambda: L.qr(tf.tensor2d([[1, 2, 3], [4, 5, 6]])),
    "qr/2x3_full": lambda: L.qr(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), True),
    "qr/4x4": lambda: L.qr(tf.tensor2d([[2, -1, 0, 3], [1, 5, -2, 0.5], [0, 1, 4, -1], [7, 0.25, 1, 2]])),
    "qr/5x3": lambda: L.qr(tf.reshape(tf.sin(tf.range(0, 15)), [5, 3])),
    "qr/1x1": lambda: L.qr(tf.tensor2d([[-3]])),
    "qr/1x3": lambda: L.qr(tf.tensor2d([[1, 2, 3]])),
    "qr/3x1": lambda: L.qr(tf.tensor2d([[1], [2], [3]])),
    "qr/negative_diagonal": lambda: L.qr(tf.tensor2d([[-1, 2], [3, -4]])),
    "qr/identity": lambda: L.qr(tf.eye(3)),
    "qr/batch_square": lambda: L.qr(tf.tensor3d([[[1, 2], [3, 4]], [[-1, 0], [2, 5]]])),
    "qr/batch_4d": lambda: L.qr(tf.reshape(tf.cos(tf.square(tf.range(0, 18))), [2, 1, 3, 3])),
    "qr/zeros": lambda: L.qr(tf.zeros([2, 2])),
    "qr/nan": lambda: L.qr(tf.tensor2d([[nan, 1], [1, 1]])),
    "qr/large": lambda: L.qr(tf.tensor2d([[1e19, 2e19], [3e19, 4e19]])),
    "qr/empty_rows": lambda: L.qr(tf.zeros([0, 2])),
    "qr/empty_columns": lambda: L.qr(tf.zeros([2, 0])),
    "qr/batch_tall": lambda: L.qr(tf.ones([2, 3, 2])),
    "qr/batch_wide": lambda: L.qr(tf.ones([2, 2, 3])),
    "qr/empty_batch": lambda: L.qr(tf.zeros([0, 2, 2])),
    "qr/rank1": lambda: L.qr(tf.ones([2])),
    "qr/int32": lambda: L.qr(i32([1, 2, 3, 4], [2, 2])),
}

KNOWN_DIFFERENCES = {
    # TF.js splits the batch with unstack/stack and reshapes, which fails for an empty
    # batch ("Pass at least one tensor to tf.stack"), and reshapes an empty matrix to
    # [-1, 3, 0] ("Cannot infer the missing size"); here the result is empty too.
    "band_part/empty_batch",
    "band_part/empty_columns",
    # TF.js reshapes both results of a batched qr to the input's shape, which fails
    # unless the matrices are square; here q and r keep their own shapes.
    "qr/batch_tall",
    "qr/batch_wide",
    # TF.js stacks no matrices for an empty batch and fails; here q and r are empty.
    "qr/empty_batch",
}

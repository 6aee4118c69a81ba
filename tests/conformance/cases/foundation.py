"""The foundation: printing, conversion, casting, and the first arithmetic ops."""

from __future__ import annotations

import math

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r

CASES = {
    "print/scalar_float": lambda: tf.scalar(0.1).to_string(),
    "print/scalar_int": lambda: tf.scalar(7, "int32").to_string(),
    "print/scalar_bool": lambda: tf.scalar(True).to_string(),
    "print/scalar_string": lambda: tf.scalar("hi").to_string(),
    "print/1d": lambda: tf.tensor1d([1, 2, 3]).to_string(),
    "print/1d_floats": lambda: tf.tensor1d([1.5, -2.25, 0.1, 1e-8, 123456789, 1e21, 1.5e-7]).to_string(),
    "print/1d_special": lambda: tf.tensor1d([nan, inf, -inf, -0.0, 0.3333333333]).to_string(),
    "print/1d_long": lambda: tf.tensor1d(list(r(30))).to_string(),
    "print/1d_empty": lambda: tf.tensor1d([]).to_string(),
    "print/2d": lambda: tf.tensor2d([[1, 2], [3, 4]]).to_string(),
    "print/2d_pad": lambda: tf.tensor2d([[1, -20.5], [300, 4], [0.125, 1e-3]]).to_string(),
    "print/2d_one_row": lambda: tf.tensor2d([[1, 2]]).to_string(),
    "print/2d_empty_rows": lambda: tf.zeros([0, 3]).to_string(),
    "print/2d_empty_cols": lambda: tf.zeros([2, 0]).to_string(),
    "print/2d_long": lambda: tf.tensor2d(list(r(75)), [25, 3]).to_string(),
    "print/2d_wide": lambda: tf.tensor2d(list(r(50)), [2, 25]).to_string(),
    "print/3d": lambda: tf.tensor3d(list(r(8)), [2, 2, 2]).to_string(),
    "print/3d_long": lambda: tf.tensor3d(list(r(100)), [25, 2, 2]).to_string(),
    "print/4d": lambda: tf.tensor4d(list(r(8)), [2, 1, 2, 2]).to_string(),
    "print/int32": lambda: tf.tensor2d([[1, -20], [300, 4]], [2, 2], "int32").to_string(),
    "print/bool": lambda: tf.tensor2d([[True, False], [False, True]]).to_string(),
    "print/string": lambda: tf.tensor2d([["a", "bb"], ["ccc", "d"]]).to_string(),
    "print/verbose": lambda: tf.tensor2d([[1, 2], [3, 4]]).to_string(True),
    "print/verbose_scalar": lambda: tf.scalar(2, "int32").to_string(True),
    "convert/int32_from_floats": lambda: tf.tensor(
        [1.7, -1.7, 2.5, -2.5, nan, inf, -inf, 3e9, -3e9, 4294967297.5], [10], "int32"
    ),
    "convert/bool_from_numbers": lambda: tf.tensor([0.4, 0.5, -0.5, -0.6, 1.5, 0, nan, 2], [8], "bool"),
    "convert/float32_rounding": lambda: tf.tensor([0.1, 1e40, -1e-50, 16777217]),
    "cast/float_to_int32": lambda: tf.cast(
        tf.tensor([1.7, -1.7, nan, inf, 3e9, -3e9, 2147483647.9]), "int32"
    ),
    "cast/float_to_bool": lambda: tf.cast(tf.tensor([0.4, -0.5, 0, nan, 2]), "bool"),
    "cast/bool_to_float": lambda: tf.cast(tf.tensor([True, False]), "float32"),
    "cast/int_to_float": lambda: tf.cast(i32([16777217, -3]), "float32"),
    "add/int32_int32": lambda: tf.add(i32([2147483647, 5]), i32([1, -7])),
    "add/int32_number": lambda: tf.add(i32([1, 2]), 2),
    "add/bool_int32": lambda: tf.add(tf.tensor([True, False]), i32([3, 4])),
    "add/broadcast": lambda: tf.add(tf.tensor2d([[1], [2]]), tf.tensor1d([10, 20, 30])),
    "sub/float": lambda: tf.sub(tf.tensor([0.1, 1e30]), tf.tensor([0.3, -1e30])),
    "mul/int32_overflow": lambda: tf.mul(
        i32([65536, 2147483647, -2147483648, 46341]), i32([65536, 2147483647, -1, 46341])
    ),
    "mul/float": lambda: tf.mul(tf.tensor([0.1, 3, -0.0]), tf.tensor([0.2, 1e38, 5])),
    "div/float": lambda: tf.div(tf.tensor([1, -1, 0, 1, 0.3]), tf.tensor([0, 0, 0, 3, 0.1])),
    "div/int32_floors": lambda: tf.div(i32([7, -7, 7, -7, 5, 0]), i32([2, 2, -2, -2, 0, 0])),
    "floor_div/float": lambda: tf.floor_div(tf.tensor([7, -7, 1, 0.3]), tf.tensor([2, 2, 0, 0.1])),
    "mod/float": lambda: tf.mod(tf.tensor([5, -5, 5, -5, 5.5, 0, 6]), tf.tensor([3, 3, -3, -3, 2, 0, -3])),
    "mod/int32": lambda: tf.mod(i32([5, -5, 5, -5, 7]), i32([3, 3, -3, -3, 0])),
    "pow/float": lambda: tf.pow(
        tf.tensor([2, 1, -1, 1, -8, 0, nan]), tf.tensor([0.5, nan, inf, -inf, 1 / 3, -1, 0])
    ),
    "pow/int32": lambda: tf.pow(i32([2, 2, 3, -2, 2]), i32([-1, 31, 2, 3, 32])),
    "neg/int32": lambda: tf.neg(i32([-2147483648, 3])),
    "abs/int32": lambda: tf.abs(i32([-2147483648, -3])),
    "abs/float": lambda: tf.abs(tf.tensor([-0.0, -1.5, nan, -inf])),
    "square/int32": lambda: tf.square(i32([46341, -3])),
    "sqrt/int32": lambda: tf.sqrt(i32([2, 9, -1])),
    "sqrt/float": lambda: tf.sqrt(tf.tensor([2, -1, 0, inf])),
    "exp/int32": lambda: tf.exp(i32([0, 1, 100])),
    "exp/float": lambda: tf.exp(tf.tensor([-1, 0.5, 89, -104])),
    "log/float": lambda: tf.log(tf.tensor([0, -1, 0.5, 1e-45, inf])),
    "log/int32": lambda: tf.log(i32([0, 1, 3, 100])),
    "relu/float": lambda: tf.relu(tf.tensor([-1, 0, 2, nan, -inf])),
    "relu/negative_zero": lambda: tf.relu(tf.tensor([-0.0, 0.0])),
    "relu/int32": lambda: tf.relu(i32([-1, 5])),
    "relu/bool": lambda: tf.relu(tf.tensor([True, False])),
    "greater/float": lambda: tf.greater(tf.tensor([1, nan, 3, -0.0]), tf.tensor([0, 0, nan, 0])),
    "greater/mixed": lambda: tf.greater(i32([1, 2]), tf.scalar(1.5)),
    "sum/float": lambda: tf.sum(tf.tensor2d([[0.1, 0.2, 0.3], [1e8, 1, -1e8]]), 1),
    "sum/bool": lambda: tf.sum(tf.tensor([True, True, False])),
    "sum/int32_keep_dims": lambda: tf.sum(tf.tensor2d([[1, 2], [3, 4]], [2, 2], "int32"), 0, True),
    "sum/empty": lambda: tf.sum(tf.zeros([0, 3]), 0),
    "sum/axes": lambda: tf.sum(tf.tensor3d(list(r(24)), [2, 3, 4]), [0, 2]),
    "mean/float": lambda: tf.mean(tf.tensor2d([[0.1, 0.2, 0.3], [1, 2, 4]]), 1),
    "mean/int32": lambda: tf.mean(i32([1, 2])),
    "mean/empty": lambda: tf.mean(tf.zeros([0])),
    "mean/negative_axis": lambda: tf.mean(tf.tensor3d(list(r(24)), [2, 3, 4]), -1, True),
    "mat_mul/2d": lambda: tf.mat_mul(
        tf.tensor2d([[1, 2, 3], [4, 5, 6]]), tf.tensor2d([[7, 8], [9, 10], [11, 12]])
    ),
    "mat_mul/transpose": lambda: tf.mat_mul(
        tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[5, 6], [7, 8]]), True, True
    ),
    "mat_mul/batch_broadcast": lambda: tf.mat_mul(
        tf.tensor3d(list(r(12)), [2, 2, 3]), tf.tensor2d(list(r(6)), [3, 2])
    ),
    "mat_mul/int32": lambda: tf.mat_mul(
        tf.tensor2d([[1, 2]], [1, 2], "int32"), tf.tensor2d([[3], [4]], [2, 1], "int32")
    ),
    "mat_mul/double_sum": lambda: tf.mat_mul(
        tf.tensor2d([[1e20, 1e20, 0.1, 0.2, 0.3]]), tf.tensor2d([[1e20], [-1e20], [0.7], [0.11], [0.13]])
    ),
    "mat_mul/long_inner": lambda: tf.mat_mul(
        tf.tensor2d([math.sin(i) * 1000 for i in r(200)], [2, 100]),
        tf.tensor2d([math.cos(i) / 7 for i in r(300)], [100, 3]),
    ),
    "mat_mul/int32_long_inner": lambda: tf.mat_mul(
        tf.tensor2d([(i * 7919) % 65537 - 30000 for i in r(120)], [1, 120], "int32"),
        tf.tensor2d([(i * 104729) % 65521 - 30000 for i in r(120)], [120, 1], "int32"),
    ),
    "mat_mul/complex": lambda: tf.mat_mul(tf.complex([[1]], [[1]]), tf.complex([[1]], [[1]])),
    "reshape/implicit": lambda: tf.reshape(tf.tensor1d(list(r(6))), [3, -1]),
    "strided_slice/masks": lambda: tf.strided_slice(
        tf.tensor3d(list(r(24)), [2, 3, 4]), [0, 1, 0], [1, 3, 4], [1, 1, 1], 0, 4, 0, 0, 1
    ),
    "strided_slice/shrink_with_stride": lambda: tf.strided_slice(
        tf.tensor2d(list(r(12)), [3, 4]), [1, 0], [2, 4], [1, 2], 0, 0, 0, 0, 1
    ),
    "strided_slice/negative": lambda: tf.strided_slice(tf.tensor1d(list(r(10))), [-1], [0], [-3], 0, 2),
    "strided_slice/new_axis": lambda: tf.strided_slice(
        tf.tensor2d(list(r(6)), [2, 3]), [0, 0, 1], [1, 1, 3], [1, 1, 1], 0, 0, 0, 2
    ),
    "fill/int32": lambda: tf.fill([2], 2.7, "int32"),
    "fill/string": lambda: tf.fill([2], "a"),
    "fill/bool_from_numbers": lambda: tf.concat(
        [tf.fill([1], value, "bool") for value in (0.7, 1.5, 256, nan)]
    ),
    "ones_like/int32": lambda: tf.ones_like(i32([5, 6])),
    "zeros_like/bool": lambda: tf.zeros_like(tf.tensor([True])),
}

# Where TF.js's cpu backend answers from its storage rather than from float32 arithmetic:
# its Cast from int32 to float32 keeps the Int32Array, so 16777217 survives "as float32".
# TF.js 4.22's cpu StridedSlice with a shrink mask and a stride other than 1 reads the
# wrong elements (x[1, ::2] of a [3, 4] range gives [1, 2]); this project gives [4, 6].
KNOWN_DIFFERENCES = {"cast/int_to_float", "strided_slice/shrink_with_stride"}

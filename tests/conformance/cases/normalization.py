"""Operations / Normalization: batch_norm (2d/3d/4d), local_response_normalization, softmax,
log_softmax, moments, sparse_to_dense."""

from __future__ import annotations

import math

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def x23() -> tf.Tensor:
    return tf.tensor2d([[1, -2, 3], [-4, 5.5, -6]])


def x4d() -> tf.Tensor:
    return tf.tensor4d([(v - 11) / 3 for v in r(24)], [1, 2, 3, 4])


def t1(*values: float) -> tf.Tensor:
    return tf.tensor1d(list(values))


def both(result: tf.moments) -> list[tf.Tensor]:
    return [result.mean, result.variance]


CASES = {
    # batch_norm: parameters of x's last dimension, of x's shape, optional, and epsilon
    "batch_norm/depth_params": lambda: tf.batch_norm(
        x23(), t1(1, 0, -1), t1(1, 4, 0.25), t1(0.5, 0, -0.5), t1(2, 1, 0.5), 0.001
    ),
    "batch_norm/default_epsilon": lambda: tf.batch_norm(x23(), t1(1, 0, -1), t1(1, 4, 0.25)),
    "batch_norm/offset_only": lambda: tf.batch_norm(x23(), t1(1, 0, -1), t1(1, 4, 0.25), t1(3, 2, 1)),
    "batch_norm/scale_only": lambda: tf.batch_norm(x23(), t1(1, 0, -1), t1(1, 4, 0.25), None, t1(3, 2, 1)),
    "batch_norm/same_shape_params": lambda: tf.batch_norm(
        x23(),
        tf.tensor2d([[1, 2, 3], [4, 5, 6]]),
        tf.tensor2d([[1, 2, 3], [4, 5, 6]]),
        tf.tensor2d([[0, 1, 0], [1, 0, 1]]),
        tf.tensor2d([[2, 2, 2], [3, 3, 3]]),
        0.1,
    ),
    "batch_norm/suffix_params": lambda: tf.batch_norm(
        tf.tensor3d(list(r(12)), [2, 2, 3]),
        tf.tensor2d([[1, 2, 3], [4, 5, 6]]),
        tf.tensor2d([[1, 1, 1], [2, 2, 2]]),
        None,
        None,
        0,
    ),
    "batch_norm/leading_one_params": lambda: tf.batch_norm(
        x23(),
        tf.tensor2d([[1, 0, -1]]),
        tf.tensor2d([[1, 4, 0.25]]),
        tf.tensor2d([[1, 1, 1]]),
        tf.tensor2d([[2, 2, 2]]),
        0,
    ),
    "batch_norm/size_one_params": lambda: tf.batch_norm(x23(), t1(1), t1(4), t1(1), t1(2), 0),
    "batch_norm/x_scalar": lambda: tf.batch_norm(
        tf.scalar(3), tf.scalar(1), tf.scalar(4), tf.scalar(1), tf.scalar(2), 0
    ),
    "batch_norm/x_1d": lambda: tf.batch_norm(t1(1, 2, 3), t1(1, 2, 3), t1(1, 1, 1)),
    "batch_norm/x_3d": lambda: tf.batch_norm(tf.tensor3d(list(r(12)), [2, 2, 3]), t1(1, 2, 3), t1(2, 3, 4)),
    "batch_norm/x_4d": lambda: tf.batch_norm(
        x4d(), t1(1, 2, 3, 4), t1(2, 3, 4, 5), t1(0, 1, 0, 1), t1(1, 2, 3, 4)
    ),
    "batch_norm/x_5d": lambda: tf.batch_norm(
        tf.tensor5d(list(r(16)), [2, 1, 2, 2, 2]), t1(1, 2), t1(1, 4), None, None, 0
    ),
    "batch_norm/int32_params": lambda: tf.batch_norm(
        x23(), i32([1, 0, -1]), i32([1, 4, 2]), i32([1, 2, 3]), i32([2, 2, 2]), 0
    ),
    "batch_norm/nested_arrays": lambda: tf.batch_norm([[1, 2], [3, 4]], [1, 2], [4, 1], [1, 1], [2, 3], 0),
    "batch_norm/special": lambda: tf.batch_norm(
        t1(nan, inf, -inf, 1, 2, -0.0), t1(0, 0, 0, inf, nan, 0), t1(1, 1, 1, 1, 1, 1)
    ),
    "batch_norm/negative_zero": lambda: tf.batch_norm(
        t1(-0.0, 0, -1), t1(0, 0, -1), t1(1, 1, 1), None, t1(-1, -1, 1), 0
    ),
    "batch_norm/zero_variance": lambda: tf.batch_norm(t1(1, -1, 0), t1(0, 0, 0), t1(0, 0, 0), None, None, 0),
    "batch_norm/negative_variance": lambda: tf.batch_norm(t1(1, 2), t1(0, 0), t1(-1, -4), None, None, 0),
    "batch_norm/large_small": lambda: tf.batch_norm(
        t1(1e30, -1e-30, 3e38, 1e-38), t1(0, 0, -3e38, 0), t1(1e-30, 1e-38, 1, 1e30), None, None, 0
    ),
    "batch_norm/empty": lambda: tf.batch_norm(tf.zeros([0, 3]), t1(1, 2, 3), t1(1, 1, 1)),
    # batch_norm: bad input
    "batch_norm/mean_variance_ranks": lambda: tf.batch_norm(x23(), t1(1, 2, 3), tf.ones([2, 3])),
    "batch_norm/mean_offset_ranks": lambda: tf.batch_norm(x23(), t1(1, 2, 3), t1(1, 2, 3), tf.ones([2, 3])),
    "batch_norm/mean_scale_ranks": lambda: tf.batch_norm(
        x23(), t1(1, 2, 3), t1(1, 2, 3), None, tf.ones([2, 3])
    ),
    "batch_norm/complex": lambda: tf.batch_norm(tf.complex([1], [1]), t1(1), t1(1)),
    # TF.js repeats a parameter's values along x's flat values (see KNOWN_DIFFERENCES)
    "batch_norm/mean_not_broadcasting": lambda: tf.batch_norm(x23(), t1(1, 2), t1(1, 1)),
    "batch_norm/variance_too_long": lambda: tf.batch_norm(t1(1, 2), t1(0, 0), t1(1, 4, 9)),
    "batch_norm/mean_broadcast_inner_one": lambda: tf.batch_norm(
        x23(), tf.tensor2d([[1], [2]]), tf.tensor2d([[1], [4]]), None, None, 0
    ),
    "batch_norm/int32_x": lambda: tf.batch_norm(i32([1, 2, 3]), t1(0, 0, 0), t1(4, 4, 4), None, None, 0),
    # batch_norm2d / 3d / 4d: the rank checks
    "batch_norm2d/basic": lambda: tf.batch_norm2d(
        x23(), t1(1, 0, -1), t1(1, 4, 0.25), t1(0.5, 0, -0.5), t1(2, 1, 0.5)
    ),
    "batch_norm2d/rank2_params": lambda: tf.batch_norm2d(
        x23(), tf.ones([2, 3]), tf.ones([2, 3]), tf.ones([2, 3]), tf.ones([2, 3]), 0
    ),
    "batch_norm2d/bad_x_rank": lambda: tf.batch_norm2d(tf.ones([3]), tf.ones([3]), tf.ones([3])),
    "batch_norm2d/bad_mean_rank": lambda: tf.batch_norm2d(x23(), tf.ones([1, 1, 3]), tf.ones([3])),
    "batch_norm2d/bad_variance_rank": lambda: tf.batch_norm2d(x23(), tf.ones([3]), tf.scalar(1)),
    "batch_norm2d/bad_scale_rank": lambda: tf.batch_norm2d(
        x23(), tf.ones([3]), tf.ones([3]), None, tf.ones([1, 1, 3])
    ),
    "batch_norm2d/bad_offset_rank": lambda: tf.batch_norm2d(x23(), tf.ones([3]), tf.ones([3]), tf.scalar(1)),
    "batch_norm3d/basic": lambda: tf.batch_norm3d(
        tf.tensor3d(list(r(12)), [2, 2, 3]), t1(1, 2, 3), t1(2, 3, 4), t1(1, 1, 1), t1(2, 2, 2), 0.5
    ),
    "batch_norm3d/rank3_params": lambda: tf.batch_norm3d(
        tf.tensor3d(list(r(12)), [2, 2, 3]), tf.ones([2, 2, 3]), tf.ones([2, 2, 3])
    ),
    "batch_norm3d/bad_x_rank": lambda: tf.batch_norm3d(x23(), tf.ones([3]), tf.ones([3])),
    "batch_norm3d/bad_mean_rank": lambda: tf.batch_norm3d(tf.ones([1, 2, 3]), tf.ones([2, 3]), tf.ones([3])),
    "batch_norm3d/bad_variance_rank": lambda: tf.batch_norm3d(
        tf.ones([1, 2, 3]), tf.ones([3]), tf.ones([2, 3])
    ),
    "batch_norm3d/bad_scale_rank": lambda: tf.batch_norm3d(
        tf.ones([1, 2, 3]), tf.ones([3]), tf.ones([3]), None, tf.ones([2, 3])
    ),
    "batch_norm3d/bad_offset_rank": lambda: tf.batch_norm3d(
        tf.ones([1, 2, 3]), tf.ones([3]), tf.ones([3]), tf.ones([2, 3])
    ),
    "batch_norm4d/basic": lambda: tf.batch_norm4d(
        x4d(), t1(1, 2, 3, 4), t1(2, 3, 4, 5), t1(0, 1, 0, 1), t1(1, 2, 3, 4), 0.01
    ),
    "batch_norm4d/bad_x_rank": lambda: tf.batch_norm4d(x23(), tf.ones([3]), tf.ones([3])),
    "batch_norm4d/bad_mean_rank": lambda: tf.batch_norm4d(x4d(), tf.ones([3, 4]), tf.ones([4])),
    "batch_norm4d/bad_variance_rank": lambda: tf.batch_norm4d(x4d(), tf.ones([4]), tf.ones([3, 4])),
    "batch_norm4d/bad_scale_rank": lambda: tf.batch_norm4d(
        x4d(), tf.ones([4]), tf.ones([4]), None, tf.ones([3, 4])
    ),
    "batch_norm4d/bad_offset_rank": lambda: tf.batch_norm4d(
        x4d(), tf.ones([4]), tf.ones([4]), tf.ones([3, 4])
    ),
    # local_response_normalization: defaults, every argument, 3-D and 4-D, edges
    "lrn/default": lambda: tf.local_response_normalization(x4d()),
    "lrn/3d": lambda: tf.local_response_normalization(tf.tensor3d([v - 5 for v in r(12)], [2, 2, 3])),
    "lrn/radius_0": lambda: tf.local_response_normalization(x4d(), 0),
    "lrn/radius_1": lambda: tf.local_response_normalization(x4d(), 1, 2, 0.5, 0.75),
    "lrn/radius_2_many_channels": lambda: tf.local_response_normalization(
        tf.tensor4d([math.sin(v) * 3 for v in r(20)], [1, 1, 2, 10]), 2, 0.5, 0.1, 0.3
    ),
    "lrn/radius_large": lambda: tf.local_response_normalization(x4d(), 100, 1, 0.01, 1),
    "lrn/radius_negative": lambda: tf.local_response_normalization(x4d(), -1, 2, 1, 1),
    "lrn/beta_zero": lambda: tf.local_response_normalization(x4d(), 1, 1, 1, 0),
    "lrn/beta_negative": lambda: tf.local_response_normalization(x4d(), 1, 1, 1, -0.5),
    "lrn/integer_valued_float_radius": lambda: tf.local_response_normalization(x4d(), 2.0),
    "lrn/one_channel": lambda: tf.local_response_normalization(tf.tensor3d([1, -2, 3], [1, 3, 1]), 2),
    "lrn/special": lambda: tf.local_response_normalization(
        tf.tensor3d([nan, 1, 2, inf, 1, -0.0, -inf, 0, 1e30], [3, 1, 3]), 1
    ),
    "lrn/small": lambda: tf.local_response_normalization(tf.tensor3d([1e-30, 2e-30, 1e-38], [1, 1, 3]), 1, 0),
    "lrn/nested_arrays": lambda: tf.local_response_normalization([[[1, 2], [3, 4]]], 1),
    "lrn/empty_channels": lambda: tf.local_response_normalization(tf.zeros([1, 2, 2, 0])),
    "lrn/empty_batch": lambda: tf.local_response_normalization(tf.zeros([0, 2, 2, 3])),
    "lrn/int32": lambda: tf.local_response_normalization(i32([1, 2, 3, 4], [1, 2, 2]), 1),
    "lrn/bad_rank_2": lambda: tf.local_response_normalization(tf.ones([2, 3])),
    "lrn/bad_rank_5": lambda: tf.local_response_normalization(tf.ones([1, 1, 2, 3, 1])),
    "lrn/bad_radius": lambda: tf.local_response_normalization(x4d(), 1.5),
    "lrn/complex": lambda: tf.local_response_normalization(
        tf.complex(tf.ones([1, 1, 2]), tf.ones([1, 1, 2]))
    ),
    # softmax
    "softmax/1d": lambda: tf.softmax(t1(2, 1, 3)),
    "softmax/2d": lambda: tf.softmax(tf.tensor2d([[2, 1, 3], [1, 1, 1], [-5, 0, 5]])),
    "softmax/3d": lambda: tf.softmax(tf.tensor3d([math.cos(v) * 4 for v in r(24)], [2, 3, 4])),
    "softmax/dim_last": lambda: tf.softmax(tf.tensor2d([[1, 2], [3, 5]]), 1),
    "softmax/dim_minus_one": lambda: tf.softmax(tf.tensor2d([[1, 2], [3, 5]]), -1),
    "softmax/large": lambda: tf.softmax(t1(1000, 1001, 1002, -1000)),
    "softmax/small_differences": lambda: tf.softmax(t1(1e-7, 2e-7, 0, -1e-7)),
    "softmax/special": lambda: tf.softmax(
        tf.tensor2d(
            [[nan, 1, 2], [inf, 1, 2], [-inf, 1, 2], [inf, inf, 0], [-inf, -inf, -inf], [-0.0, 0, -0.0]]
        )
    ),
    "softmax/one_column": lambda: tf.softmax(tf.tensor2d([[5], [-3]])),
    "softmax/nested_int_array": lambda: tf.softmax([1, 2, 3]),
    "softmax/empty_rows": lambda: tf.softmax(tf.zeros([0, 3])),
    "softmax/empty_cols": lambda: tf.softmax(tf.zeros([2, 0])),
    "softmax/scalar": lambda: tf.softmax(tf.scalar(2)),
    "softmax/bad_dim": lambda: tf.softmax(tf.ones([2, 3]), 0),
    "softmax/bad_dim_negative": lambda: tf.softmax(tf.ones([2, 3]), -2),
    # log_softmax
    "log_softmax/1d": lambda: tf.log_softmax(t1(2, 1, 3)),
    "log_softmax/2d": lambda: tf.log_softmax(tf.tensor2d([[2, 1, 3], [1, 1, 1], [-5, 0, 5]])),
    "log_softmax/3d": lambda: tf.log_softmax(tf.tensor3d([math.cos(v) * 4 for v in r(24)], [2, 3, 4])),
    "log_softmax/axis_last": lambda: tf.log_softmax(tf.tensor2d([[1, 2], [3, 5]]), 1),
    "log_softmax/large": lambda: tf.log_softmax(t1(1000, 1001, 1002, -1000)),
    "log_softmax/special": lambda: tf.log_softmax(
        tf.tensor2d(
            [[nan, 1, 2], [inf, 1, 2], [-inf, 1, 2], [inf, inf, 0], [-inf, -inf, -inf], [-0.0, 0, -0.0]]
        )
    ),
    "log_softmax/int32": lambda: tf.log_softmax(i32([1, 2, 3, 2147483647])),
    "log_softmax/int32_extremes": lambda: tf.log_softmax(i32([-2147483648, 0, 2147483647])),
    "log_softmax/empty_rows": lambda: tf.log_softmax(tf.zeros([0, 3])),
    "log_softmax/empty_cols": lambda: tf.log_softmax(tf.zeros([2, 0])),
    "log_softmax/scalar": lambda: tf.log_softmax(tf.scalar(2)),
    "log_softmax/bad_axis": lambda: tf.log_softmax(tf.ones([2, 3]), 0),
    # moments
    "moments/all": lambda: tf.moments(x23()).mean,
    "moments/all_variance": lambda: tf.moments(x23()).variance,
    "moments/axis0": lambda: both(tf.moments(x23(), 0)),
    "moments/axis1_keep_dims": lambda: both(tf.moments(x23(), 1, True)),
    "moments/negative_axis": lambda: both(tf.moments(x23(), -1)),
    "moments/axes_list": lambda: both(tf.moments(tf.tensor3d(list(r(24)), [2, 3, 4]), [0, 2])),
    "moments/axes_list_keep_dims": lambda: both(
        tf.moments(tf.tensor3d(list(r(24)), [2, 3, 4]), [2, 0], True)
    ),
    "moments/int32": lambda: both(tf.moments(i32([1, 2, 4, 2147483647]))),
    "moments/special": lambda: both(
        tf.moments(tf.tensor2d([[nan, 1], [inf, 1], [-0.0, -0.0], [1e20, -1e20]]), 1)
    ),
    "moments/scalar": lambda: both(tf.moments(tf.scalar(3))),
    "moments/empty": lambda: both(tf.moments(tf.zeros([0]))),
    "moments/empty_axis": lambda: both(tf.moments(tf.zeros([2, 0]), 1)),
    "moments/bad_axis": lambda: tf.moments(x23(), 2).mean,
    # sparse_to_dense
    "sparse_to_dense/vector": lambda: tf.sparse_to_dense(
        i32([4, 5, 6, 1, 2, 3]), t1(10, 11, 12, 13, 14, 15), [8], 0
    ),
    "sparse_to_dense/default_value": lambda: tf.sparse_to_dense(i32([0, 2]), t1(5, 6), [4], -1.5),
    "sparse_to_dense/scalar_value": lambda: tf.sparse_to_dense(i32([0, 2, 3]), tf.scalar(7), [5], 1),
    "sparse_to_dense/scalar_index": lambda: tf.sparse_to_dense(tf.scalar(2, "int32"), tf.scalar(7), [4]),
    "sparse_to_dense/matrix": lambda: tf.sparse_to_dense(
        i32([0, 1, 1, 2, 2, 0], [3, 2]), t1(1, 2, 3), [3, 3], 9
    ),
    "sparse_to_dense/matrix_3d": lambda: tf.sparse_to_dense(
        i32([0, 1, 1, 1, 0, 0], [2, 3]), i32([4, 5]), [2, 2, 2]
    ),
    "sparse_to_dense/repeated_index": lambda: tf.sparse_to_dense(i32([1, 1, 0, 1]), t1(1, 2, 3, 4), [3]),
    "sparse_to_dense/int32": lambda: tf.sparse_to_dense(i32([0, 1]), i32([2147483647, -2147483648]), [3], 5),
    "sparse_to_dense/bool": lambda: tf.sparse_to_dense(
        i32([0, 2]), tf.tensor1d([True, False], "bool"), [3], tf.scalar(True)
    ),
    "sparse_to_dense/string": lambda: tf.sparse_to_dense(i32([1]), tf.tensor1d(["b"]), [3], tf.scalar("a")),
    "sparse_to_dense/special": lambda: tf.sparse_to_dense(i32([0, 1, 2]), t1(nan, -inf, -0.0), [4], inf),
    "sparse_to_dense/flat_index_in_range": lambda: tf.sparse_to_dense(i32([0, 5], [1, 2]), t1(7), [3, 2]),
    "sparse_to_dense/no_indices": lambda: tf.sparse_to_dense(tf.zeros([0], "int32"), tf.zeros([0]), [3], 2),
    "sparse_to_dense/empty_output": lambda: tf.sparse_to_dense(i32([0]), t1(1), [0]),
    "sparse_to_dense/nested_arrays": lambda: tf.sparse_to_dense([[0, 0], [1, 1]], [3, 4], [2, 2]),
    "sparse_to_dense/index_out_of_range": lambda: tf.sparse_to_dense(i32([0, 4]), t1(1, 2), [4]),
    "sparse_to_dense/negative_index": lambda: tf.sparse_to_dense(i32([-1]), t1(1), [4]),
    "sparse_to_dense/matrix_out_of_range": lambda: tf.sparse_to_dense(
        i32([1, 0, 2, 0], [2, 2]), t1(1, 2), [2, 2]
    ),
    "sparse_to_dense/bad_indices_rank": lambda: tf.sparse_to_dense(tf.zeros([1, 1, 1], "int32"), t1(1), [2]),
    "sparse_to_dense/bad_output_rank": lambda: tf.sparse_to_dense(i32([0, 1]), t1(1, 2), [2, 2]),
    "sparse_to_dense/bad_values_shape": lambda: tf.sparse_to_dense(i32([0, 1]), t1(1, 2, 3), [4]),
    "sparse_to_dense/bad_values_rank": lambda: tf.sparse_to_dense(i32([0, 1]), tf.ones([2, 1]), [4]),
    "sparse_to_dense/negative_shape": lambda: tf.sparse_to_dense(i32([0]), t1(1), [-2]),
    "sparse_to_dense/fractional_shape": lambda: tf.sparse_to_dense(i32([0]), t1(1), [2.5]),
}

KNOWN_DIFFERENCES = {
    # TF.js's cpu FusedBatchNorm walks x's flat values and repeats each parameter's flat
    # values along them, whatever the parameter's shape: a mean that does not broadcast
    # to x (2 values for rows of 3, 3 variances for 2 values) gives numbers that mean
    # nothing, and a [2, 1] mean for a [2, 3] x is read as [m0, m1, m0], [m1, m0, m1]. Here
    # the first two raise a ValueError and the third broadcasts as NumPy (and TF.js's
    # WebGL backend) does.
    "batch_norm/mean_not_broadcasting",
    "batch_norm/variance_too_long",
    "batch_norm/mean_broadcast_inner_one",
}

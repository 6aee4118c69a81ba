"""Gradients of Operations / Convolution (pooling), Normalization and Images: avg_pool,
max_pool, avg_pool3d, max_pool3d, max_pool_with_argmax, pool, batch_norm,
local_response_normalization, softmax, log_softmax, moments, sparse_to_dense,
image.resize_bilinear, image.resize_nearest_neighbor, image.flip_left_right,
image.rotate_with_offset. (TF.js has no gradients of gradients through these ops: none
for their backward kernels, and softmax's and log_softmax's read their saved output,
which its tape, like ours, does not follow; tests/ops/test_pooling_gradients.py checks
the second orders we have.)"""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def _mixed(n: int) -> list[int]:
    return [((v * 7) % 11) - 5 for v in r(n)]


def _x44() -> tf.Tensor:
    return tf.tensor4d(_mixed(32), [1, 4, 4, 2])


def _x66() -> tf.Tensor:
    return tf.tensor4d(_mixed(36), [1, 6, 6, 1])


def _x5() -> tf.Tensor:
    return tf.tensor5d(_mixed(54), [1, 3, 3, 3, 2])


def _image() -> tf.Tensor:
    return tf.tensor4d(_mixed(24), [2, 3, 2, 2])


def _square() -> tf.Tensor:
    return tf.tensor4d(_mixed(18), [1, 3, 3, 2])


def _dy8() -> tf.Tensor:
    return tf.tensor4d(list(r(8)), [1, 2, 2, 2])


def _dy23() -> tf.Tensor:
    return tf.tensor2d([1, 0, -1, 2, 3, 0.5], [2, 3])


def _params(*values: list[float]) -> list[tf.Tensor]:
    return [tf.tensor1d(v) for v in values]


# TF.js's MaxPool3D positions (maxPool3dPositions) multiply the window row by the window
# height where the width belongs: with a window whose height and width differ, its
# gradient goes to other positions (or nowhere); ours goes to each maximum.
# TF.js's batchNorm gradient reads scale (and offset) when they were not given and fails.
# TF.js's ResizeBilinearGrad and ResizeNearestNeighborGrad ignore half_pixel_centers (the
# gradient of the resize without them); the bilinear one returns the shape [batch, width,
# height, depth], an error for a non-square image. Ours follow the forward kernels.
# TF.js has no gradient for FlipLeftRight, RotateWithOffset, MaxPoolWithArgmax or
# SparseToDense; ours are derived (TensorFlow's for the last two).
KNOWN_DIFFERENCES = {
    "max_pool3d/rect_window",
    "batch_norm/no_offset_scale",
    "batch_norm/rank3",
    "resize_bilinear/half_pixel",
    "resize_bilinear/non_square",
    "resize_nearest_neighbor/half_pixel",
    "flip_left_right/none_in_tfjs",
    "rotate_with_offset/none_in_tfjs",
    "max_pool_with_argmax/none_in_tfjs",
    "sparse_to_dense/none_in_tfjs",
}

CASES = {
    "avg_pool/valid": lambda: tf.grad(lambda x: tf.avg_pool(x, 2, 1, "valid"))(_x44()),
    "avg_pool/same_strided_dy": lambda: tf.grad(lambda x: tf.avg_pool(x, 3, 2, "same"))(_x44(), _dy8()),
    "avg_pool/rank3_rect": lambda: tf.grad(lambda x: tf.avg_pool(x, [2, 3], [1, 2], "same"))(
        tf.tensor3d(_mixed(32), [4, 4, 2])
    ),
    "avg_pool/ceil": lambda: tf.grad(lambda x: tf.avg_pool(x, 3, 2, 1, "ceil"))(_x66()),
    "avg_pool/explicit_pad": lambda: tf.grad(
        lambda x: tf.avg_pool(x, 2, 2, [[0, 0], [1, 0], [0, 1], [0, 0]])
    )(_x44()),
    "max_pool/ties": lambda: tf.grad(lambda x: tf.max_pool(x, 2, 1, "valid"))(
        tf.tensor4d([1, 3, 3, 2, 3, 1, 0, 3, 2], [1, 3, 3, 1])
    ),
    "max_pool/nan_and_inf": lambda: tf.grad(lambda x: tf.max_pool(x, 2, 1, "valid"))(
        tf.tensor4d([nan, nan, 1, nan, nan, -inf, 0, -inf, 3], [1, 3, 3, 1])
    ),
    "max_pool/signed_zeros": lambda: tf.grad(lambda x: tf.max_pool(x, 2, 2, "valid"))(
        tf.tensor4d([-0.0, 0, 0, -0.0], [1, 2, 2, 1])
    ),
    "max_pool/same_strided_dy": lambda: tf.grad(lambda x: tf.max_pool(x, 3, 2, "same"))(_x44(), _dy8()),
    "max_pool/overlapping": lambda: tf.grad(lambda x: tf.max_pool(x, 3, 1, "valid"))(_x66()),
    "max_pool/ceil": lambda: tf.grad(lambda x: tf.max_pool(x, 3, 2, 1, "ceil"))(_x66()),
    "max_pool/rank3": lambda: tf.grad(lambda x: tf.max_pool(x, [2, 1], 1, "same"))(
        tf.tensor3d(_mixed(18), [3, 3, 2])
    ),
    "avg_pool3d/valid": lambda: tf.grad(lambda x: tf.avg_pool3d(x, 2, 1, "valid"))(_x5()),
    "avg_pool3d/same_strided": lambda: tf.grad(lambda x: tf.avg_pool3d(x, [2, 3, 2], 2, "same"))(_x5()),
    "avg_pool3d/rank4": lambda: tf.grad(lambda x: tf.avg_pool3d(x, 2, 1, "same"))(
        tf.tensor4d(_mixed(16), [2, 2, 2, 2])
    ),
    "max_pool3d/ties_last_wins": lambda: tf.grad(lambda x: tf.max_pool3d(x, 2, 1, "valid"))(
        tf.ones([1, 3, 3, 3, 1])
    ),
    "max_pool3d/cube": lambda: tf.grad(lambda x: tf.max_pool3d(x, 2, 1, "same"))(_x5()),
    "max_pool3d/nan": lambda: tf.grad(lambda x: tf.max_pool3d(x, 2, 1, "valid"))(
        tf.tensor5d([nan, 1, nan, nan, -inf, 2, nan, nan], [1, 2, 2, 2, 1])
    ),
    "max_pool3d/rect_window": lambda: tf.grad(lambda x: tf.max_pool3d(x, [1, 3, 2], 1, "valid"))(_x5()),
    "pool/max_dilated": lambda: tf.grad(lambda x: tf.pool(x, 2, "max", "valid", 2))(_x66()),
    "pool/avg_strided": lambda: tf.grad(lambda x: tf.pool(x, 2, "avg", "valid", 1, 2))(_x44()),
    "batch_norm/depth_params": lambda: tf.grads(lambda x, m, v, o, s: tf.batch_norm(x, m, v, o, s, 0.1))(
        [tf.tensor4d(_mixed(12), [1, 2, 2, 3]), *_params([1, -1, 0.5], [0.5, 2, 1], [1, 2, 3], [2, -1, 0.5])]
    ),
    "batch_norm/no_offset_scale": lambda: tf.grads(lambda x, m, v: tf.batch_norm(x, m, v))(
        [tf.tensor2d(_mixed(6), [2, 3]), *_params([1, -1, 0.5], [0.5, 2, 1])]
    ),
    "batch_norm/full_params_dy": lambda: tf.grads(lambda x, m, v, o, s: tf.batch_norm2d(x, m, v, o, s, 0.5))(
        [
            tf.tensor2d(_mixed(6), [2, 3]),
            tf.tensor2d([1, 2, 3, 4, 5, 6], [2, 3]),
            tf.tensor2d([1, 1, 2, 2, 3, 3], [2, 3]),
            tf.tensor2d([0, 1, 0, 1, 0, 1], [2, 3]),
            tf.tensor2d([1, 2, 1, 2, 1, 2], [2, 3]),
        ],
        tf.tensor2d([1, -2, 3, -4, 5, -6], [2, 3]),
    ),
    "batch_norm/rank3": lambda: tf.grads(lambda x, m, v: tf.batch_norm3d(x, m, v, None, None, 0.01))(
        [tf.tensor3d(_mixed(12), [2, 2, 3]), *_params([1, -1, 0.5], [0.5, 2, 1])]
    ),
    "lrn/defaults": lambda: tf.grad(lambda x: tf.local_response_normalization(x))(
        tf.tensor4d([v / 4 for v in _mixed(16)], [1, 1, 2, 8])
    ),
    "lrn/options_rank3_dy": lambda: tf.grad(lambda x: tf.local_response_normalization(x, 1, 2, 0.5, 0.75))(
        tf.tensor3d(_mixed(12), [2, 2, 3]), tf.tensor3d(list(r(12)), [2, 2, 3])
    ),
    "lrn/radius_beyond_depth": lambda: tf.grad(
        lambda x: tf.local_response_normalization(x, 7, 0.5, 0.1, 1.5)
    )(tf.tensor4d(_mixed(8), [2, 1, 1, 4])),
    "softmax/1d": lambda: tf.grad(lambda x: tf.softmax(x))(tf.tensor1d([1, 2, 3])),
    "softmax/2d_dy": lambda: tf.grad(lambda x: tf.softmax(x))(tf.tensor2d(_mixed(6), [2, 3]), _dy23()),
    "log_softmax/1d": lambda: tf.grad(lambda x: tf.log_softmax(x))(tf.tensor1d([1, 2, 3])),
    "log_softmax/2d_dy": lambda: tf.grad(lambda x: tf.log_softmax(x))(
        tf.tensor2d(_mixed(6), [2, 3]), _dy23()
    ),
    "log_softmax/large": lambda: tf.grad(lambda x: tf.log_softmax(x))(tf.tensor1d([1000, 0, -1000])),
    "moments/mean_and_variance": lambda: tf.grads(
        lambda x: tf.add(tf.moments(x, 1).mean, tf.moments(x, 1).variance)
    )([tf.tensor2d(_mixed(6), [2, 3])]),
    "resize_bilinear/up": lambda: tf.grad(lambda x: tf.image.resize_bilinear(x, [5, 5]))(_square()),
    "resize_bilinear/down_align_dy": lambda: tf.grad(lambda x: tf.image.resize_bilinear(x, [2, 2], True))(
        tf.tensor4d(_mixed(32), [2, 4, 4, 1]), tf.tensor4d(list(r(8)), [2, 2, 2, 1])
    ),
    "resize_bilinear/rank3_align": lambda: tf.grad(lambda x: tf.image.resize_bilinear(x, [4, 7], True))(
        tf.tensor3d(_mixed(18), [3, 3, 2])
    ),
    "resize_bilinear/same_size": lambda: tf.grad(lambda x: tf.image.resize_bilinear(x, [3, 3]))(_square()),
    "resize_bilinear/half_pixel": lambda: tf.grad(lambda x: tf.image.resize_bilinear(x, [5, 4], False, True))(
        _square()
    ),
    "resize_bilinear/non_square": lambda: tf.grad(lambda x: tf.image.resize_bilinear(x, [4, 3]))(_image()),
    "resize_nearest_neighbor/up": lambda: tf.grad(lambda x: tf.image.resize_nearest_neighbor(x, [5, 7]))(
        _image()
    ),
    "resize_nearest_neighbor/down_dy": lambda: tf.grad(lambda x: tf.image.resize_nearest_neighbor(x, [2, 2]))(
        _x66(), tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])
    ),
    "resize_nearest_neighbor/align": lambda: tf.grad(
        lambda x: tf.image.resize_nearest_neighbor(x, [5, 3], True)
    )(_image()),
    "resize_nearest_neighbor/rank3": lambda: tf.grad(lambda x: tf.image.resize_nearest_neighbor(x, [1, 4]))(
        tf.tensor3d(_mixed(12), [3, 2, 2])
    ),
    "resize_nearest_neighbor/half_pixel": lambda: tf.grad(
        lambda x: tf.image.resize_nearest_neighbor(x, [5, 3], False, True)
    )(_image()),
    "flip_left_right/none_in_tfjs": lambda: tf.grad(lambda x: tf.image.flip_left_right(x))(_image()),
    "rotate_with_offset/none_in_tfjs": lambda: tf.grad(lambda x: tf.image.rotate_with_offset(x, 1))(
        _square()
    ),
    "max_pool_with_argmax/none_in_tfjs": lambda: tf.grad(
        lambda x: tf.max_pool_with_argmax(x, 2, 1, "valid").result
    )(_square()),
    "sparse_to_dense/none_in_tfjs": lambda: tf.grads(lambda v, d: tf.sparse_to_dense(i32([0, 3]), v, [5], d))(
        [tf.tensor1d([1, 2]), tf.scalar(7)]
    ),
}

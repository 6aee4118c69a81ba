"""Gradients of Operations / Convolution and tf.fused: conv1d, conv2d, conv2d_transpose,
depthwise_conv2d, separable_conv2d, conv3d, conv3d_transpose, dilation2d, fused.conv2d,
fused.depthwise_conv2d, fused.mat_mul. Small integer inputs: every sum is exact, whatever
its order.

TF.js fuses nothing while a gradient is recorded unless the activation is linear, so its
fused gradients are those of the separate ops; ours are the fused kernels' own, the same."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tfjs as tf
from tests.conformance.values import nan

# TF.js's Conv2D, DepthwiseConv2dNative and Conv3D gradients refuse dilations > 1 and its
# fused conv2d's refuses NCHW ('not yet supported'); it has no gradient for
# Conv2DBackpropFilter (a conv2d's second derivative through its filter gradient) nor
# Conv3DBackpropInputV2 (conv3d_transpose). Ours are TensorFlow's.
KNOWN_DIFFERENCES = {
    "conv2d/dilated",
    "conv2d/input_of_filter_grad",
    "depthwise_conv2d/dilated",
    "conv3d/dilated",
    "conv3d_transpose/none_in_tfjs",
    "fused.conv2d/nchw_bias",
}


def t(n: int, shape: Sequence[int], scale: float = 1, shift: int = 0) -> tf.Tensor:
    """The JavaScript cases' `t`: small integers (times `scale`) in a fixed order."""
    return tf.tensor([((i * 7) % 11 - 5 + shift) * scale for i in range(n)], shape)


def x4() -> tf.Tensor:
    return t(32, [1, 4, 4, 2])


def f4() -> tf.Tensor:
    return t(24, [2, 2, 2, 3], 0.5, 1)


def x5() -> tf.Tensor:
    return t(36, [1, 3, 3, 2, 2])


def f5() -> tf.Tensor:
    return t(16, [2, 2, 2, 2, 1], 0.5, 1)


def grads2(f: Callable[..., tf.Tensor]) -> Callable[..., list[tf.Tensor]]:
    return lambda a, b, dy=None: tf.grads(f)([a, b], dy)


CASES = {
    "conv2d/valid": lambda: grads2(lambda x, f: tf.conv2d(x, f, 1, "valid"))(x4(), f4()),
    "conv2d/same_stride2_dy": lambda: grads2(lambda x, f: tf.conv2d(x, f, 2, "same"))(
        x4(), f4(), t(12, [1, 2, 2, 3], 1, 2)
    ),
    "conv2d/rank3_pad1": lambda: grads2(lambda x, f: tf.conv2d(x, f, [1, 2], 1))(t(18, [3, 3, 2]), f4()),
    "conv2d/explicit_pad": lambda: grads2(lambda x, f: tf.conv2d(x, f, 1, [[0, 0], [1, 0], [0, 2], [0, 0]]))(
        x4(), f4()
    ),
    "conv2d/nchw": lambda: grads2(lambda x, f: tf.conv2d(x, f, 1, "same", "NCHW"))(t(32, [1, 2, 4, 4]), f4()),
    "conv2d/dilated": lambda: grads2(lambda x, f: tf.conv2d(x, f, 1, "valid", "NHWC", 2))(x4(), f4()),
    "conv2d/filter_of_input_grad": lambda: tf.grad(
        lambda f: tf.sum(tf.mul(tf.grad(lambda x: tf.conv2d(x, f, 1, "valid"))(x4()), x4()))
    )(f4()),
    "conv2d/input_of_filter_grad": lambda: tf.grad(
        lambda x: tf.sum(tf.mul(tf.grad(lambda f: tf.conv2d(x, f, 1, "valid"))(f4()), f4()))
    )(x4()),
    "conv1d/stride2": lambda: grads2(lambda x, f: tf.conv1d(x, f, 2, "same"))(
        t(14, [1, 7, 2]), t(12, [3, 2, 2], 1, 1)
    ),
    "conv2d_transpose/same_stride2": lambda: grads2(
        lambda x, f: tf.conv2d_transpose(x, f, [1, 4, 4, 2], 2, "same")
    )(t(12, [1, 2, 2, 3]), f4()),
    "conv2d_transpose/valid_rank3": lambda: grads2(
        lambda x, f: tf.conv2d_transpose(x, f, [4, 4, 2], 1, "valid")
    )(t(27, [3, 3, 3]), f4()),
    "depthwise_conv2d/same_multiplier2": lambda: grads2(lambda x, f: tf.depthwise_conv2d(x, f, 1, "same"))(
        x4(), t(16, [2, 2, 2, 2], 0.5)
    ),
    "depthwise_conv2d/stride2_rank3": lambda: grads2(lambda x, f: tf.depthwise_conv2d(x, f, 2, "valid"))(
        t(50, [5, 5, 2]), t(18, [3, 3, 2, 1])
    ),
    "depthwise_conv2d/dilated": lambda: grads2(lambda x, f: tf.depthwise_conv2d(x, f, 1, "valid", "NHWC", 2))(
        x4(), t(8, [2, 2, 2, 1])
    ),
    "separable_conv2d/valid": lambda: tf.grads(lambda x, d, p: tf.separable_conv2d(x, d, p, 1, "valid"))(
        [x4(), t(16, [2, 2, 2, 2], 0.5), t(8, [1, 1, 4, 2])]
    ),
    "conv3d/valid": lambda: grads2(lambda x, f: tf.conv3d(x, f, 1, "valid"))(x5(), f5()),
    "conv3d/same_strides": lambda: grads2(lambda x, f: tf.conv3d(x, f, [2, 1, 2], "same"))(x5(), f5()),
    "conv3d/dilated": lambda: grads2(lambda x, f: tf.conv3d(x, f, 1, "valid", "NDHWC", [1, 2, 1]))(
        x5(), f5()
    ),
    "conv3d_transpose/none_in_tfjs": lambda: grads2(
        lambda x, f: tf.conv3d_transpose(x, f, [1, 3, 3, 2, 2], 1, "valid")
    )(t(4, [1, 2, 2, 1, 1]), f5()),
    "dilation2d/valid": lambda: grads2(lambda x, f: tf.dilation2d(x, f, 1, "valid"))(
        x4(), t(8, [2, 2, 2], 1, 2)
    ),
    "dilation2d/same_strides_dilations": lambda: grads2(lambda x, f: tf.dilation2d(x, f, [2, 1], "same", 2))(
        t(50, [5, 5, 2]), t(8, [2, 2, 2], 1, 2)
    ),
    "dilation2d/ties": lambda: grads2(lambda x, f: tf.dilation2d(x, f, 1, "valid"))(
        tf.ones([1, 3, 3, 1]), tf.zeros([2, 2, 1])
    ),
    "dilation2d/nan": lambda: grads2(lambda x, f: tf.dilation2d(x, f, 1, "same"))(
        tf.tensor4d([nan, 1, 2, nan], [1, 2, 2, 1]), tf.tensor3d([0, 1, 2, 3], [2, 2, 1])
    ),
    "fused.conv2d/linear_bias": lambda: tf.grads(lambda x, f, b: tf.fused.conv2d(x, f, 1, "valid", bias=b))(
        [x4(), f4(), tf.tensor([1, -2, 0.5])]
    ),
    "fused.conv2d/relu_zero": lambda: tf.grads(
        lambda x, f, b: tf.fused.conv2d(x, f, 1, "same", bias=b, activation="relu")
    )([x4(), f4(), tf.tensor([1, -2, 0])]),
    "fused.conv2d/relu6_bias_4d": lambda: tf.grads(
        lambda x, f, b: tf.fused.conv2d(x, f, 2, "same", bias=b, activation="relu6")
    )([x4(), f4(), t(12, [1, 2, 2, 3])]),
    "fused.conv2d/prelu": lambda: tf.grads(
        lambda x, f, a: tf.fused.conv2d(x, f, 1, "valid", activation="prelu", prelu_activation_weights=a)
    )([x4(), f4(), tf.tensor([0.5, -1, 2])]),
    "fused.conv2d/leakyrelu": lambda: tf.grads(
        lambda x, f: tf.fused.conv2d(x, f, 1, "valid", activation="leakyrelu", leakyrelu_alpha=0.3)
    )([x4(), f4()]),
    "fused.conv2d/elu_sigmoid": lambda: tf.grads(
        lambda x, f: tf.add(
            tf.fused.conv2d(x, f, 1, "valid", activation="elu"),
            tf.fused.conv2d(tf.mul(x, 0.1), f, 1, "valid", activation="sigmoid"),
        )
    )([x4(), f4()]),
    "fused.conv2d/nchw_bias": lambda: tf.grads(
        lambda x, f, b: tf.fused.conv2d(x, f, 1, "valid", "NCHW", bias=b)
    )([t(32, [1, 2, 4, 4]), f4(), tf.tensor([1, -2, 0.5])]),
    "fused.depthwise_conv2d/linear_bias": lambda: tf.grads(
        lambda x, f, b: tf.fused.depthwise_conv2d(x, f, 1, "same", bias=b)
    )([x4(), t(16, [2, 2, 2, 2], 0.5), tf.tensor([1, 2, 3, 4])]),
    "fused.depthwise_conv2d/relu": lambda: tf.grads(
        lambda x, f, b: tf.fused.depthwise_conv2d(x, f, 2, "valid", bias=b, activation="relu")
    )([x4(), t(8, [2, 2, 2, 1]), tf.scalar(-1)]),
    "fused.mat_mul/linear_bias": lambda: tf.grads(lambda a, b, c: tf.fused.mat_mul(a, b, bias=c))(
        [t(6, [2, 3]), t(12, [3, 4], 0.5), tf.tensor([1, 2, 3, 4])]
    ),
    "fused.mat_mul/relu_transposed": lambda: tf.grads(
        lambda a, b, c: tf.fused.mat_mul(a, b, True, True, bias=c, activation="relu")
    )([t(6, [3, 2]), t(12, [4, 3], 0.5), tf.tensor2d([[1], [-2]])]),
    "fused.mat_mul/prelu_batch": lambda: tf.grads(
        lambda a, b, w: tf.fused.mat_mul(a, b, activation="prelu", prelu_activation_weights=w)
    )([t(12, [2, 2, 3]), t(24, [2, 3, 4], 0.5), tf.tensor([0.1, 0.2, -0.3, 0.4])]),
}

"""Convolution and pooling TF ops (TF.js's convolution executor).

As TF.js reads them: `strides`, `ksize` and `dilations` are NHWC (NDHWC) vectors whose
inner entries are the op's; `padding` is read in lower case, and "EXPLICIT" takes the
four pairs of `explicit_paddings` (Conv2D, depthwise, fused and transposed convolutions;
the pools and Conv1D/Conv3D pass the padding on as it is); `data_format` goes to the
convolutions, never to the pools."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, nested


def padding_of(padding: str, explicit_paddings: Sequence[int] = ()) -> Any:
    """TF.js's getPadding: "SAME"/"VALID" in lower case, or for "EXPLICIT" the
    `explicit_paddings` [b0, b1, h0, h1, w0, w1, c0, c1] as four (before, after) pairs."""
    pad = padding.lower()
    if pad != "explicit":
        return pad
    if len(explicit_paddings) < 8:
        raise ValueError(
            f"padding EXPLICIT needs 8 explicit_paddings (4 pairs), got {list(explicit_paddings)}"
        )
    return [[explicit_paddings[2 * i], explicit_paddings[2 * i + 1]] for i in range(4)]


def inner(values: Sequence[int], name: str, rank: int = 4) -> list[int]:
    """The spatial entries of an NHWC (NDHWC) attribute vector: [1, h, w, 1] -> [h, w]."""
    if len(values) < rank - 1:
        raise ValueError(f"{name} must have {rank} entries (N, spatial..., C), got {list(values)}")
    return list(values[1 : rank - 1])


@tf_op("Conv1D")
def conv1d(x, w, *, stride, padding, data_format="NWC", dilation=1):
    return ops.conv1d(x, w, stride, padding.lower(), data_format.upper(), dilation)


@tf_op("Conv2D")
def conv2d(x, w, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1), explicit_paddings=()):
    return ops.conv2d(
        x,
        w,
        inner(strides, "strides"),
        padding_of(padding, explicit_paddings),
        data_format.upper(),
        inner(dilations, "dilations"),
    )


def fused_extras(op: str, args: Sequence[Any], fused_ops: Sequence[str], num_args: int, conv: bool):
    """TF.js's reading of `fused_ops` [extra op, activation] and the extra inputs: the
    bias (with BiasAdd) and the PReLU weights. For convolutions, without BiasAdd the
    first extra input is the PReLU weights."""
    names = [name.lower() for name in fused_ops]
    extra_op = names[0] if names else None
    activation = names[1] if len(names) > 1 else None
    kind = "FusedConv2d and DepthwiseConv2d" if conv else "Fused MatMul"
    if extra_op == "biasadd":
        if activation == "prelu" and num_args != 2:
            raise ValueError(f"{kind} with BiasAdd and Prelu must have two extra arguments: bias and alpha.")
        if activation != "prelu" and num_args != 1:
            raise ValueError(f"{kind} with BiasAdd must have one extra argument: bias.")
    if conv and extra_op == "fusedbatchnorm":
        raise ValueError(f"{kind} with FusedBatchNorm is not supported ({op})")
    bias = args[0] if args else None
    prelu = args[1] if len(args) > 1 else None
    if conv and extra_op != "biasadd":
        bias, prelu = None, bias
    return bias, activation or "linear", prelu


@tf_op("_FusedConv2D")
def fused_conv2d(
    x,
    w,
    *args,
    strides,
    padding,
    num_args=0,
    data_format="NHWC",
    dilations=(1, 1, 1, 1),
    explicit_paddings=(),
    fused_ops: Sequence[str] = (),
    leakyrelu_alpha=0.2,
):
    bias, activation, prelu = fused_extras("_FusedConv2D", args, fused_ops, num_args, conv=True)
    return ops.fused.conv2d(
        x,
        w,
        inner(strides, "strides"),
        padding_of(padding, explicit_paddings),
        data_format.upper(),
        inner(dilations, "dilations"),
        bias=bias,
        activation=activation,
        prelu_activation_weights=prelu,
        leakyrelu_alpha=leakyrelu_alpha,
    )


# TF.js's op list gives FusedDepthwiseConv2dNative no leakyrelu_alpha: the node's value is
# ignored and leaky relu takes its default alpha, 0.2.
@tf_op("FusedDepthwiseConv2dNative")
def fused_depthwise_conv2d(
    x,
    w,
    *args,
    strides,
    padding,
    num_args=0,
    data_format="NHWC",
    dilations=(1, 1, 1, 1),
    explicit_paddings=(),
    fused_ops: Sequence[str] = (),
):
    bias, activation, prelu = fused_extras("FusedDepthwiseConv2dNative", args, fused_ops, num_args, conv=True)
    return ops.fused.depthwise_conv2d(
        x,
        w,
        inner(strides, "strides"),
        padding_of(padding, explicit_paddings),
        data_format.upper(),
        inner(dilations, "dilations"),
        bias=bias,
        activation=activation,
        prelu_activation_weights=prelu,
    )


# TF.js ignores data_format and dilations here (its op list marks them unsupported).
@tf_op("Conv2DBackpropInput")
def conv2d_backprop_input(input_sizes: HostInput, w, out_backprop, *, strides, padding, explicit_paddings=()):
    return ops.conv2d_transpose(
        out_backprop,
        w,
        nested(input_sizes),
        inner(strides, "strides"),
        padding_of(padding, explicit_paddings),
    )


@tf_op("DepthwiseConv2d", "DepthwiseConv2dNative")
def depthwise_conv2d(
    x, w, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1), explicit_paddings=()
):
    return ops.depthwise_conv2d(
        x,
        w,
        inner(strides, "strides"),
        padding_of(padding, explicit_paddings),
        data_format.upper(),
        inner(dilations, "dilations"),
    )


# TF.js's op list defaults Conv3D's data_format to "NHWC", which conv3d refuses: a node
# without the attribute fails as in TF.js (converted graphs carry "NDHWC").
@tf_op("Conv3D")
def conv3d(x, w, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1, 1)):
    return ops.conv3d(
        x,
        w,
        inner(strides, "strides", 5),
        padding.lower(),
        data_format.upper(),
        inner(dilations, "dilations", 5),
    )


@tf_op("AvgPool")
def avg_pool(x, *, ksize, strides, padding):
    return ops.avg_pool(x, inner(ksize, "ksize"), inner(strides, "strides"), padding.lower())


@tf_op("MaxPool")
def max_pool(x, *, ksize, strides, padding):
    return ops.max_pool(x, inner(ksize, "ksize"), inner(strides, "strides"), padding.lower())


@tf_op("MaxPoolWithArgmax")
def max_pool_with_argmax(x, *, ksize, strides, padding, include_batch_in_index=False):
    result, indexes = ops.max_pool_with_argmax(
        x, inner(ksize, "ksize"), inner(strides, "strides"), padding.lower(), include_batch_in_index
    )
    return [result, indexes]


@tf_op("AvgPool3D")
def avg_pool3d(x, *, ksize, strides, padding):
    return ops.avg_pool3d(x, inner(ksize, "ksize", 5), inner(strides, "strides", 5), padding.lower())


@tf_op("MaxPool3D")
def max_pool3d(x, *, ksize, strides, padding):
    return ops.max_pool3d(x, inner(ksize, "ksize", 5), inner(strides, "strides", 5), padding.lower())


@tf_op("Dilation2D")
def dilation2d(x, w, *, strides, rates, padding):
    return ops.dilation2d(x, w, inner(strides, "strides"), padding.lower(), inner(rates, "rates"), "NHWC")

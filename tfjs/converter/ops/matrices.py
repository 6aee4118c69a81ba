"""Matrix TF ops (TF.js's matrices executor): products, fused products, transpose,
einsum and band parts."""

from __future__ import annotations

from collections.abc import Sequence

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, nested
from tfjs.converter.ops.convolution import fused_extras


@tf_op("MatMul")
def mat_mul(a, b, *, transpose_a=False, transpose_b=False):
    return ops.mat_mul(a, b, transpose_a, transpose_b)


@tf_op("BatchMatMul", "BatchMatMulV2")
def batch_mat_mul(x, y, *, adj_x=False, adj_y=False):
    return ops.mat_mul(x, y, adj_x, adj_y)


@tf_op("_FusedMatMul")
def fused_mat_mul(
    a,
    b,
    *args,
    num_args=0,
    fused_ops: Sequence[str] = (),
    transpose_a=False,
    transpose_b=False,
    leakyrelu_alpha=0.2,
):
    bias, activation, prelu = fused_extras("_FusedMatMul", args, fused_ops, num_args, conv=False)
    return ops.fused.mat_mul(
        a,
        b,
        transpose_a,
        transpose_b,
        bias=bias,
        activation=activation,
        prelu_activation_weights=prelu,
        leakyrelu_alpha=leakyrelu_alpha,
    )


@tf_op("Transpose")
def transpose(x, perm: HostInput):
    return ops.transpose(x, nested(perm))


# TF.js reads string attributes in lower case, the equation included.
@tf_op("Einsum")
def einsum(*tensors, equation):
    return ops.einsum(equation.lower(), *tensors)


# TF.js's op list takes both band limits from the second input (num_upper's index is
# written as 1 there): num_upper is never read, and num_lower bounds both sides.
@tf_op("MatrixBandPart")
def matrix_band_part(input, num_lower, num_upper):  # noqa: A002
    return ops.linalg.band_part(input, num_lower, num_lower)

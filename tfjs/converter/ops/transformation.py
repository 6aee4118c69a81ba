"""Mappers of TF.js's `transformation` ops: casting, reshaping, padding and moving values
between space, depth and batch."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, integer, nested_ints, number
from tfjs.tensor import Tensor


@tf_op("Cast")
def cast(x: Tensor, *, DstT: str | None = None) -> Tensor:
    # DstT is already narrowed as TF.js narrows it (int64, uint8... -> int32); TF.js
    # ignores `Truncate`.
    if DstT is None:
        raise ValueError("Cast: the node has no DstT attribute (the dtype to cast to)")
    return ops.cast(x, DstT)


@tf_op("ExpandDims")
def expand_dims(x: Tensor, dim: HostInput) -> Tensor:
    return ops.expand_dims(x, integer(dim))


@tf_op("Squeeze")
def squeeze(x: Tensor, *, axis: list[int] | None = None, squeeze_dims: list[int] | None = None) -> Tensor:
    # TF writes `squeeze_dims`; TF.js reads `axis` first, then the older name. Empty or
    # absent: every axis of size 1.
    return ops.squeeze(x, axis if axis is not None else squeeze_dims)


@tf_op("Reshape")
def reshape(x: Tensor, shape: HostInput) -> Tensor:
    return ops.reshape(x, nested_ints(shape))


@tf_op("EnsureShape", host_inputs=(1,))
def ensure_shape(x: Tensor, *shape_input: Tensor, shape: list[int] | None = None) -> Tensor:
    # TF's EnsureShape holds the shape as an attribute (-1: any size; None: any rank);
    # TF.js's op list reads it from a second input, so both are accepted.
    if shape_input:
        expected = nested_ints(shape_input[0])
    elif shape is None:
        return x
    else:
        expected = shape
    return ops.ensure_shape(x, [None if d < 0 else d for d in expected])


@tf_op("MirrorPad")
def mirror_pad(x: Tensor, paddings: HostInput, *, mode: str | None = None) -> Tensor:
    if not isinstance(mode, str):
        raise ValueError(f"MirrorPad: mode must be 'REFLECT' or 'SYMMETRIC', got {mode!r}")
    # TF writes "REFLECT"/"SYMMETRIC"; TF.js lower-cases every string attribute.
    return ops.mirror_pad(x, nested_ints(paddings), mode.lower())


@tf_op("Pad")
def pad(x: Tensor, paddings: HostInput, *, constant_value: float = 0) -> Tensor:
    return ops.pad(x, nested_ints(paddings), constant_value)


@tf_op("PadV2")
def pad_v2(x: Tensor, paddings: HostInput, constant_values: HostInput) -> Tensor:
    return ops.pad(x, nested_ints(paddings), number(constant_values))


@tf_op("SpaceToBatchND")
def space_to_batch_nd(x: Tensor, block_shape: HostInput, paddings: HostInput) -> Tensor:
    return ops.space_to_batch_nd(x, nested_ints(block_shape), nested_ints(paddings))


@tf_op("BatchToSpaceND")
def batch_to_space_nd(x: Tensor, block_shape: HostInput, crops: HostInput) -> Tensor:
    return ops.batch_to_space_nd(x, nested_ints(block_shape), nested_ints(crops))


@tf_op("DepthToSpace")
def depth_to_space(x: Tensor, *, block_size: int = 0, data_format: str = "NHWC") -> Tensor:
    return ops.depth_to_space(x, block_size, data_format.upper())


@tf_op("BroadcastTo")
def broadcast_to(x: Tensor, shape: HostInput) -> Tensor:
    return ops.broadcast_to(x, nested_ints(shape))


@tf_op("BroadcastArgs")
def broadcast_args(s0: Tensor, s1: Tensor) -> Tensor:
    return ops.broadcast_args(s0, s1)

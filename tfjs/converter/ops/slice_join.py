"""Mappers of TF.js's `slice_join` ops: concatenation, gathering, slicing, stacking,
splitting and scattering.

Inputs that carry axes, sizes or shapes are read on the host (`HostInput`) as TF.js's
executor reads its `number` and `number[]` parameters.
"""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, flat_values, integer, nested_ints
from tfjs.globals import tidy
from tfjs.tensor import Tensor


def _as_int32(indices: Tensor) -> Tensor:
    return indices if indices.dtype == "int32" else ops.cast(indices, "int32")


@tf_op("ConcatV2", host_inputs=(-1,))
def concat_v2(*xs: Tensor, N: int = 2) -> Tensor:
    # The axis is the last input; TF.js concatenates the first N of the others.
    if len(xs) < 2:
        raise ValueError(f"ConcatV2 takes tensors and an axis: at least 2 inputs, got {len(xs)}")
    return ops.concat(list(xs[:-1])[:N], integer(xs[-1]))


@tf_op("Concat")
def concat(axis: HostInput, *xs: Tensor, N: int = 2) -> Tensor:
    if not xs:
        raise ValueError("Concat takes an axis and tensors: it got no tensors")
    return ops.concat(list(xs)[:N], integer(axis))


@tf_op("Gather")
def gather(x: Tensor, indices: Tensor) -> Tensor:
    return tidy(lambda: ops.gather(x, _as_int32(indices), 0))


@tf_op("GatherV2")
def gather_v2(x: Tensor, indices: Tensor, axis: HostInput, *, batch_dims: int = 0) -> Tensor:
    axis_value = integer(axis)
    return tidy(lambda: ops.gather(x, _as_int32(indices), axis_value, batch_dims))


@tf_op("Reverse")
def reverse(x: Tensor, dims: HostInput) -> Tensor:
    # `dims` is a bool per axis; the reversed axes are those set.
    flags = flat_values(dims)
    return ops.reverse(x, [i for i, flag in enumerate(flags) if flag])


@tf_op("ReverseV2")
def reverse_v2(x: Tensor, axis: HostInput) -> Tensor:
    return ops.reverse(x, nested_ints(axis))


@tf_op("Slice")
def slice_(x: Tensor, begin: HostInput, size: HostInput) -> Tensor:
    return ops.slice(x, nested_ints(begin), nested_ints(size))


@tf_op("StridedSlice")
def strided_slice(
    x: Tensor,
    begin: HostInput,
    end: HostInput,
    strides: HostInput,
    *,
    begin_mask: int = 0,
    end_mask: int = 0,
    ellipsis_mask: int = 0,
    new_axis_mask: int = 0,
    shrink_axis_mask: int = 0,
) -> Tensor:
    return ops.strided_slice(
        x,
        nested_ints(begin),
        nested_ints(end),
        nested_ints(strides),
        begin_mask,
        end_mask,
        ellipsis_mask,
        new_axis_mask,
        shrink_axis_mask,
    )


@tf_op("Pack")
def pack(*xs: Tensor, axis: int = 0) -> Tensor:
    # As TF.js: a tensor whose shape differs from the first's only by axes of size 1 is
    # reshaped to the first's shape (converters leave such mismatches behind).
    shape = xs[0].shape
    squeezed = tuple(d for d in shape if d != 1)
    for t in xs:
        if t.shape != shape and tuple(d for d in t.shape if d != 1) != squeezed:
            raise ValueError(
                f"Pack: the input tensors shape does not match: {list(t.shape)} against {list(shape)}"
            )
    return tidy(lambda: ops.stack([t if t.shape == shape else ops.reshape(t, list(shape)) for t in xs], axis))


@tf_op("Unpack")
def unpack(x: Tensor, *, axis: int = 0) -> list[Tensor]:
    return ops.unstack(x, axis)


@tf_op("Tile")
def tile(x: Tensor, multiples: HostInput) -> Tensor:
    return ops.tile(x, nested_ints(multiples))


@tf_op("Split")
def split(axis: HostInput, x: Tensor, *, num_split: int = 1) -> list[Tensor]:
    return ops.split(x, num_split, integer(axis))


@tf_op("SplitV")
def split_v(x: Tensor, size_splits: HostInput, axis: HostInput) -> list[Tensor]:
    return ops.split(x, nested_ints(size_splits), integer(axis))


@tf_op("ScatterNd")
def scatter_nd(indices: Tensor, updates: Tensor, shape: HostInput) -> Tensor:
    return ops.scatter_nd(indices, updates, nested_ints(shape))


@tf_op("GatherNd")
def gather_nd(params: Tensor, indices: Tensor) -> Tensor:
    return ops.gather_nd(params, indices)


@tf_op("SparseToDense")
def sparse_to_dense(
    sparse_indices: Tensor, output_shape: HostInput, sparse_values: Tensor, default_value: Tensor
) -> Tensor:
    shape = nested_ints(output_shape)

    def run() -> Tensor:
        default = (
            default_value
            if default_value.dtype == sparse_values.dtype
            else ops.cast(default_value, sparse_values.dtype)
        )
        return ops.sparse_to_dense(sparse_indices, sparse_values, shape, default)

    return tidy(run)


@tf_op("TensorScatterUpdate")
def tensor_scatter_update(tensor: Tensor, indices: Tensor, updates: Tensor) -> Tensor:
    return ops.tensor_scatter_update(tensor, indices, updates)

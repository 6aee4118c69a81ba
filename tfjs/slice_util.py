"""strided_slice's begin/end/strides and five masks: made from Python indexing, and
resolved to a NumPy basic index (by the op, to validate, and by the backends' kernels)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np


class SliceSpec(NamedTuple):
    index: tuple[int | slice | None, ...]  # a NumPy basic index into the input
    shape: tuple[int, ...]  # the shape of the result


def resolve_strided_slice(
    shape: Sequence[int],
    begin: Sequence[int],
    end: Sequence[int],
    strides: Sequence[int],
    begin_mask: int = 0,
    end_mask: int = 0,
    ellipsis_mask: int = 0,
    new_axis_mask: int = 0,
    shrink_axis_mask: int = 0,
) -> SliceSpec:
    """The NumPy index and result shape of TensorFlow's StridedSlice on `shape`.

    Bit i of a mask refers to entry i of begin/end/strides: begin_mask and end_mask
    ignore that begin/end (the slice runs from/to the edge), ellipsis_mask stands for
    as many full dimensions as are not otherwise named, new_axis_mask inserts a
    dimension of size 1, and shrink_axis_mask takes the single element at begin and
    drops the dimension. Dimensions after the last entry are taken whole.
    """
    count = len(begin)
    if len(end) != count or len(strides) != count:
        raise ValueError(
            f"strided_slice: begin, end and strides must have the same length, got "
            f"{len(begin)}, {len(end)} and {len(strides)}"
        )
    ellipses = [i for i in range(count) if ellipsis_mask >> i & 1]
    if len(ellipses) > 1:
        raise ValueError("strided_slice: only one ellipsis (one bit of ellipsis_mask) is allowed")
    consuming = sum(1 for i in range(count) if not (new_axis_mask >> i & 1) and i not in ellipses)
    rank = len(shape)
    if consuming > rank:
        raise IndexError(f"strided_slice: {consuming} dimensions are sliced but the input has rank {rank}")
    index: list[int | slice | None] = []
    out_shape: list[int] = []
    axis = 0
    for i in range(count):
        if i in ellipses:
            for _ in range(rank - consuming):
                index.append(slice(None))
                out_shape.append(shape[axis])
                axis += 1
            continue
        if new_axis_mask >> i & 1:
            index.append(None)
            out_shape.append(1)
            continue
        dim, stride = shape[axis], strides[i]
        if stride == 0:
            raise ValueError(f"strided_slice: strides[{i}] must be non-zero")
        if shrink_axis_mask >> i & 1:
            position = begin[i] + dim if begin[i] < 0 else begin[i]
            if not 0 <= position < dim:
                raise IndexError(
                    f"strided_slice: index {begin[i]} is out of bounds for axis {axis} with size {dim}"
                )
            index.append(position)
        else:
            start = None if begin_mask >> i & 1 else begin[i]
            stop = None if end_mask >> i & 1 else end[i]
            piece = slice(start, stop, stride)
            index.append(piece)
            out_shape.append(len(range(*piece.indices(dim))))
        axis += 1
    out_shape.extend(shape[axis:])
    return SliceSpec(tuple(index), tuple(out_shape))


def index_to_strided_slice(key: Any) -> tuple[list[int], list[int], list[int], int, int, int, int, int]:
    """Python indexing (`x[1, ::2, None, ...]`) as strided_slice's begin, end, strides and
    its five masks: ints shrink, None adds an axis, ... is the ellipsis."""
    items = key if isinstance(key, tuple) else (key,)
    begin: list[int] = []
    end: list[int] = []
    strides: list[int] = []
    begin_mask = end_mask = ellipsis_mask = new_axis_mask = shrink_axis_mask = 0
    for i, item in enumerate(items):
        bit = 1 << i
        if item is Ellipsis:
            if ellipsis_mask:
                raise IndexError("an index can only have a single ellipsis ('...')")
            ellipsis_mask |= bit
            begin.append(0), end.append(0), strides.append(1)
        elif item is None:
            new_axis_mask |= bit
            begin.append(0), end.append(0), strides.append(1)
        elif isinstance(item, slice):
            step = 1 if item.step is None else index_int(item.step)
            if step == 0:
                raise ValueError("slice step cannot be zero")
            if item.start is None:
                begin_mask |= bit
            if item.stop is None:
                end_mask |= bit
            begin.append(0 if item.start is None else index_int(item.start))
            end.append(0 if item.stop is None else index_int(item.stop))
            strides.append(step)
        else:
            index = index_int(item)
            shrink_axis_mask |= bit
            begin.append(index), end.append(index + 1), strides.append(1)
    return begin, end, strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask


def index_int(item: Any) -> int:
    if isinstance(item, bool) or not isinstance(item, (int, np.integer)):
        raise TypeError(
            "tensor indices must be integers, slices, None or ..., got "
            f"{type(item).__name__} (use tf.gather or tf.boolean_mask_async for tensor indices)"
        )
    return int(item)

from __future__ import annotations

from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import UNIQUE
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import assert_not_complex, single_axis
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class Unique(NamedTuple):
    """unique's result: the distinct slices, and where each input slice is among them."""

    values: Tensor
    indices: Tensor


@op
def unique(x: TensorLike, axis: int = 0) -> Unique:
    """Finds the distinct slices of `x` along `axis`, in order of first appearance, and for
    each slice the int32 index of its distinct slice (NaN equals NaN, -0 equals 0).

    >>> values, indices = tf.unique(tf.tensor1d([1, 1, 2, 4, 4, 4, 7, 8, 8]))
    >>> values.array_sync(), indices.array_sync()
    ([1.0, 2.0, 4.0, 7.0, 8.0], [0, 0, 1, 2, 2, 2, 3, 4, 4])
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "unique", "string_or_numeric"), "unique")
    if x_tensor.rank == 0:
        raise ValueError("unique: The input tensor must be at least 1D, but got a scalar")
    axis = single_axis(axis, x_tensor.rank, "unique")
    values, indices = ENGINE.run_kernel(UNIQUE, {"x": x_tensor}, {"axis": axis})
    return Unique(values, indices)

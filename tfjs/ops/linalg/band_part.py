from __future__ import annotations

import math
import numbers

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.greater_equal import greater_equal
from tfjs.ops.less import less
from tfjs.ops.less_equal import less_equal
from tfjs.ops.logical_and import logical_and
from tfjs.ops.minimum import minimum
from tfjs.ops.neg import neg
from tfjs.ops.operation import op
from tfjs.ops.range import range  # noqa: A004
from tfjs.ops.reshape import reshape
from tfjs.ops.scalar import scalar
from tfjs.ops.sub import sub
from tfjs.ops.where import where
from tfjs.ops.zeros import zeros
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_number_to_string
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def band_part(a: TensorLike, num_lower: int | Tensor, num_upper: int | Tensor) -> Tensor:
    """Copies each inner-most matrix of `a`, keeping its central band: the `num_lower`
    sub-diagonals and `num_upper` super-diagonals (a negative count keeps the whole
    triangle); the rest is zero. The counts are numbers or int32 scalars.

    >>> tf.linalg.band_part(tf.tensor2d([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), 1, 0).array_sync()
    [[1.0, 0.0, 0.0], [4.0, 5.0, 0.0], [0.0, 8.0, 9.0]]
    """
    x = convert_to_tensor(a, "a", "band_part")
    if x.rank < 2:
        raise ValueError(f"band_part: bandPart(): Rank must be at least 2, got {x.rank}.")
    assert_not_complex(x, "band_part", "a")
    rows, cols = x.shape[-2:]
    lower = _band_limit(num_lower, "numLower", rows, "rows")
    upper = _band_limit(num_upper, "numUpper", cols, "columns")
    # in the band: -num_upper <= i - j <= num_lower, the same for every matrix
    offsets = sub(reshape(range(0, rows, 1, "int32"), [-1, 1]), range(0, cols, 1, "int32"))
    in_band = logical_and(less_equal(offsets, lower), greater_equal(offsets, neg(upper)))
    return where(in_band, x, zeros([rows, cols], x.dtype))


def _band_limit(count: int | Tensor, name: str, size: int, what: str) -> Tensor:
    """The count as an int32 scalar, a negative one meaning `size` (all of them)."""
    if isinstance(count, Tensor):
        if count.dtype != "int32":
            raise TypeError(f"band_part: bandPart(): {name}'s dtype must be an int32.")
        if count.size != 1:
            shape = ",".join(map(str, count.shape))
            raise ValueError(f"band_part: {name} must be a scalar, but got a tensor of shape [{shape}]")
        count = reshape(count, [])
        whole = scalar(size, "int32")
        return where(less(count, 0), whole, minimum(count, whole))
    if not isinstance(count, numbers.Real) or isinstance(count, bool):
        raise TypeError(
            f"band_part: {name} must be a number or an int32 scalar, but got {type(count).__name__}"
        )
    value = float(count)
    if not math.isfinite(value) or not value.is_integer():
        raise ValueError(
            f"band_part: bandPart(): {name} must be an integer, got {js_number_to_string(value)}."
        )
    if value > size:
        raise ValueError(
            f"band_part: bandPart(): {name} ({js_number_to_string(value)}) "
            f"must not be greater than the number of {what} ({size})."
        )
    return scalar(size if value < 0 else int(value), "int32")

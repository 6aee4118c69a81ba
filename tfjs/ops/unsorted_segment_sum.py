from __future__ import annotations

import math

from tfjs.engine import ENGINE
from tfjs.kernel_names import UNSORTED_SEGMENT_SUM
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape, sum_to_shape
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_int
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def unsorted_segment_sum(x: TensorLike, segment_ids: TensorLike, num_segments: int) -> Tensor:
    """Sums the slices of `x` (along its first axis) that `segment_ids` put in each of
    `num_segments` segments; ids outside [0, num_segments) are dropped. As in TF.js the
    result is float32, and a non-finite value makes its column NaN in the other segments.

    >>> x = tf.tensor2d([[1, 2], [3, 4], [5, 6]])
    >>> tf.unsorted_segment_sum(x, tf.tensor1d([1, 0, 1], "int32"), 2).array_sync()
    [[3.0, 4.0], [6.0, 8.0]]
    """
    name = "unsorted_segment_sum"
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", name), name)
    ids = convert_to_tensor(segment_ids, "segment_ids", name, "int32")
    num_segments = check_int(num_segments, name, "num_segments")
    # TF.js's mask: the ids, with trailing dimensions of 1, broadcast against x.
    padded = ids.shape + (1,) * max(0, x_tensor.rank - ids.rank)
    try:
        shape = assert_and_get_broadcast_shape(padded, x_tensor.shape, name)
    except ValueError:
        raise ValueError(
            f"{name}: segment_ids of shape {list(ids.shape)} do not fit x of shape {list(x_tensor.shape)}"
        ) from None
    if not shape:
        raise ValueError(f"{name}: x and segment_ids are scalars; there is no axis 0 to segment")
    check_tensor_size([num_segments, *shape[1:]], "float32", name)
    return ENGINE.run_kernel(
        UNSORTED_SEGMENT_SUM, {"x": x_tensor, "segment_ids": ids}, {"num_segments": num_segments}
    )


@register_gradient(UNSORTED_SEGMENT_SUM, save_inputs=("x", "segment_ids"))
def _unsorted_segment_sum_grad(
    dy: Tensor, x: Tensor, segment_ids: Tensor, num_segments: int
) -> dict[str, Tensor]:
    """TF.js's gatherDropNegatives: each element gets the gradient of the segment it went
    into, and 0 when its id is negative. An id >= num_segments (dropped too) also gets 0,
    where TF.js's gather fails on it. The ids broadcast against x as in the op, so each
    element is gathered from its own column of `dy` (TF.js gathers whole rows, right when
    the ids are 1-D). The segment ids get a zero gradient."""
    from tfjs.ops.add import add
    from tfjs.ops.broadcast_to import broadcast_to
    from tfjs.ops.gather import gather
    from tfjs.ops.greater_equal import greater_equal
    from tfjs.ops.less import less
    from tfjs.ops.logical_and import logical_and
    from tfjs.ops.mul import mul
    from tfjs.ops.range import range as range_
    from tfjs.ops.reshape import reshape
    from tfjs.ops.scalar import scalar
    from tfjs.ops.where import where
    from tfjs.ops.zeros import zeros

    padded = segment_ids.shape + (1,) * max(0, x.rank - segment_ids.rank)
    shape = assert_and_get_broadcast_shape(padded, x.shape, "unsorted_segment_sum")
    columns = math.prod(shape[1:])
    if num_segments == 0 or math.prod(shape) == 0:
        dx = zeros(list(shape))
    else:
        ids = reshape(broadcast_to(reshape(segment_ids, list(padded)), list(shape)), [shape[0], columns])
        valid = logical_and(greater_equal(ids, scalar(0, "int32")), less(ids, scalar(num_segments, "int32")))
        # Each element's place in dy flattened: its segment's row, its own column.
        flat = add(mul(ids, scalar(columns, "int32")), range_(0, columns, 1, "int32"))
        gathered = gather(reshape(dy, [-1]), where(valid, flat, scalar(0, "int32")))
        dx = reshape(where(valid, gathered, scalar(0, "float32")), list(shape))
    return {"x": sum_to_shape(dx, x.shape), "segment_ids": zeros(list(segment_ids.shape))}

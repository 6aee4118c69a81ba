from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import UNSORTED_SEGMENT_SUM
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_int
from tfjs.tensor import Tensor
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
    return ENGINE.run_kernel(
        UNSORTED_SEGMENT_SUM, {"x": x_tensor, "segment_ids": ids}, {"num_segments": num_segments}
    )

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from tfjs.kernel_names import AVG_POOL
from tfjs.ops.conv_util import Pad
from tfjs.ops.operation import op
from tfjs.ops.pool_util import run_pool
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def avg_pool(
    x: TensorLike,
    filter_size: int | Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    dim_rounding_mode: Literal["floor", "round", "ceil"] | None = None,
) -> Tensor:
    """Computes the 2D average pooling of an image (rank 3 [height, width, channels] or
    rank 4 [batch, height, width, channels]).

    `filter_size` and `strides` are [height, width] or one number for both; `pad` is
    'same', 'valid', a number or explicit [[0, 0], [top, bottom], [left, right], [0, 0]];
    `dim_rounding_mode` ('floor', 'round', 'ceil') rounds the output size when `pad` is a
    number. Padded positions are not counted in the average.

    >>> tf.avg_pool(tf.tensor3d([1, 2, 3, 4], [2, 2, 1]), 2, 1, "valid").array_sync()
    [[[2.5]]]
    """
    name, js_name = "avg_pool", "avgPool"
    x_tensor = convert_to_tensor(x, "x", name, "float32")
    return run_pool(AVG_POOL, x_tensor, filter_size, strides, pad, dim_rounding_mode, name, js_name)

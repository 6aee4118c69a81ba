from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from tfjs.kernel_names import MAX_POOL
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.conv_util import Pad
from tfjs.ops.operation import op
from tfjs.ops.pool_util import run_pool
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def max_pool(
    x: TensorLike,
    filter_size: int | Sequence[int],
    strides: int | Sequence[int],
    pad: Pad,
    dim_rounding_mode: Literal["floor", "round", "ceil"] | None = None,
) -> Tensor:
    """Computes the 2D max pooling of an image (rank 3 [height, width, channels] or
    rank 4 [batch, height, width, channels]).

    `filter_size` and `strides` are [height, width] or one number for both; `pad` is
    'same', 'valid', a number or explicit [[0, 0], [top, bottom], [left, right], [0, 0]];
    `dim_rounding_mode` ('floor', 'round', 'ceil') rounds the output size when `pad` is a
    number. NaN never wins (a window holding only NaN gives -Infinity), as in TF.js.

    >>> tf.max_pool(tf.tensor3d([1, 2, 3, 4], [2, 2, 1]), 2, 1, "valid").array_sync()
    [[[4.0]]]
    """
    name, js_name = "max_pool", "maxPool"
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", name), name, tfjs_name=js_name)
    return run_pool(MAX_POOL, x_tensor, filter_size, strides, pad, dim_rounding_mode, name, js_name, "input")

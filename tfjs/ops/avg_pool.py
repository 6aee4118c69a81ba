from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from tfjs.backend_util.conv_types import Pad
from tfjs.engine import ENGINE
from tfjs.kernel_names import AVG_POOL, AVG_POOL_GRAD
from tfjs.kernel_registry import register_gradient
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


@register_gradient(AVG_POOL, save_inputs=("x",))
def _avg_pool_grad(dy: Tensor, x: Tensor, filter_size: Any, strides: Any, pad: Any) -> dict[str, Tensor]:
    """TF.js's: the AvgPoolGrad kernel, which divides by the whole window size (pads
    included) and leaves dim_rounding_mode out."""
    attrs = {"filter_size": filter_size, "strides": strides, "pad": pad}
    return {"x": ENGINE.run_kernel(AVG_POOL_GRAD, {"dy": dy, "input": x}, attrs)}

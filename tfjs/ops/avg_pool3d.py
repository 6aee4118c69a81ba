from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from tfjs.engine import ENGINE
from tfjs.kernel_names import AVG_POOL_3D, AVG_POOL_3D_GRAD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.pool_util import pool_attrs, run_pool
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def avg_pool3d(
    x: TensorLike,
    filter_size: int | Sequence[int],
    strides: int | Sequence[int],
    pad: str | int,
    dim_rounding_mode: Literal["floor", "round", "ceil"] | None = None,
    data_format: Literal["NDHWC", "NCDHW"] = "NDHWC",
) -> Tensor:
    """Computes the 3D average pooling of a volume (rank 4 [depth, height, width,
    channels] or rank 5 [batch, depth, height, width, channels]).

    `filter_size` and `strides` are [depth, height, width] or one number for all three;
    `pad` is 'same', 'valid' or a number; `dim_rounding_mode` ('floor', 'round', 'ceil')
    rounds the output size when `pad` is a number; only 'NDHWC' is supported, as in TF.js.
    Padded positions are not counted in the average.

    >>> tf.avg_pool3d(tf.tensor4d([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2, 1]), 2, 1, "valid").array_sync()
    [[[[4.5]]]]
    """
    name, js_name = "avg_pool3d", "avgPool3d"
    x_tensor = convert_to_tensor(x, "x", name, "float32")
    args = (filter_size, strides, pad, dim_rounding_mode, name, js_name)
    return run_pool(AVG_POOL_3D, x_tensor, *args, spatial=3, data_format=data_format)


@register_gradient(AVG_POOL_3D, save_inputs=("x",))
def _avg_pool3d_grad(
    dy: Tensor, x: Tensor, filter_size: Any, strides: Any, pad: Any, dim_rounding_mode: Any
) -> dict[str, Tensor]:
    """TF.js's: the AvgPool3DGrad kernel, which divides by the whole window size."""
    attrs = pool_attrs(filter_size, strides, pad, dim_rounding_mode)
    return {"x": ENGINE.run_kernel(AVG_POOL_3D_GRAD, {"dy": dy, "input": x}, attrs)}

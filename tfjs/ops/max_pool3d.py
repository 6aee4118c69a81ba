from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from tfjs.engine import ENGINE
from tfjs.kernel_names import MAX_POOL_3D, MAX_POOL_3D_GRAD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.ops.pool_util import pool_attrs, run_pool
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def max_pool3d(
    x: TensorLike,
    filter_size: int | Sequence[int] | None,
    strides: int | Sequence[int],
    pad: str | int,
    dim_rounding_mode: Literal["floor", "round", "ceil"] | None = None,
    data_format: Literal["NDHWC", "NCDHW"] = "NDHWC",
) -> Tensor:
    """Computes the 3D max pooling of a volume (rank 4 [depth, height, width, channels]
    or rank 5 [batch, depth, height, width, channels]).

    `filter_size` (None: TF.js's default [1, 1, 1]) and `strides` are [depth, height,
    width] or one number for all three; `pad` is 'same', 'valid' or a number;
    `dim_rounding_mode` ('floor', 'round', 'ceil') rounds the output size when `pad` is a
    number; only 'NDHWC' is supported, as in TF.js. NaN never wins (a window holding only
    NaN gives -Infinity). The result is float32 whatever the input's dtype, as TF.js's
    cpu kernel makes it.

    >>> tf.max_pool3d(tf.tensor4d([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2, 1]), 2, 1, "valid").array_sync()
    [[[[8.0]]]]
    """
    name, js_name = "max_pool3d", "maxPool3d"
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", name), name, tfjs_name=js_name)
    if filter_size is None:
        filter_size = (1, 1, 1)
    args = (filter_size, strides, pad, dim_rounding_mode, name, js_name)
    return run_pool(MAX_POOL_3D, x_tensor, *args, spatial=3, data_format=data_format)


@register_gradient(MAX_POOL_3D, save_inputs=("x",), save_outputs=True)
def _max_pool3d_grad(
    dy: Tensor, x: Tensor, y: Tensor, filter_size: Any, strides: Any, pad: Any, dim_rounding_mode: Any
) -> dict[str, Tensor]:
    """TF.js's: the MaxPool3DGrad kernel (each dy to its window's last maximum)."""
    attrs = pool_attrs(filter_size, strides, pad, dim_rounding_mode)
    return {"x": ENGINE.run_kernel(MAX_POOL_3D_GRAD, {"dy": dy, "input": x, "output": y}, attrs)}

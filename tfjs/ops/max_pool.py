from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from tfjs.backend_util.conv_types import Pad
from tfjs.engine import ENGINE
from tfjs.kernel_names import MAX_POOL, MAX_POOL_GRAD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
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


@register_gradient(MAX_POOL, save_inputs=("x",), save_outputs=True)
def _max_pool_grad(
    dy: Tensor, x: Tensor, y: Tensor, filter_size: Any, strides: Any, pad: Any
) -> dict[str, Tensor]:
    """TF.js's: the MaxPoolGrad kernel (each dy to its window's first maximum), which
    leaves dim_rounding_mode out."""
    attrs = {"filter_size": filter_size, "strides": strides, "pad": pad, "dim_rounding_mode": None}
    return {"x": ENGINE.run_kernel(MAX_POOL_GRAD, {"dy": dy, "input": x, "output": y}, attrs)}

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import CLIP_BY_VALUE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.fill import fill
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_number_to_string
from tfjs.tensor_util import TensorLike, convert_to_tensor


def number_arg(value: Any, arg_name: str, op_name: str) -> float:
    """`value` as a float, or a TypeError when it is not a number (TF.js takes a number)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{op_name}: {arg_name} must be a number, got {value!r}")
    return float(value)


@op
def clip_by_value(x: TensorLike, clip_value_min: float, clip_value_max: float) -> Tensor:
    """Clips values element-wise: `max(min(x, clip_value_max), clip_value_min)`. NaN
    stays NaN; when min equals max every element (NaN too) becomes that value.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.clip_by_value(tf.tensor1d([-1, 2, -3, 4]), -2, 3).array_sync()
    [-1.0, 2.0, -2.0, 3.0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "clip_by_value"), "clip_by_value")
    low = number_arg(clip_value_min, "clip_value_min", "clip_by_value")
    high = number_arg(clip_value_max, "clip_value_max", "clip_by_value")
    if not low <= high:
        raise ValueError(
            f"clip_by_value: Error in clip: min ({js_number_to_string(low)}) must be "
            f"less than or equal to max ({js_number_to_string(high)})."
        )
    if low == high:
        return fill(x_tensor.shape, low, x_tensor.dtype)
    return ENGINE.run_kernel(CLIP_BY_VALUE, {"x": x_tensor}, {"clip_value_min": low, "clip_value_max": high})


@register_gradient(CLIP_BY_VALUE, save_inputs=("x",))
def _clip_by_value_grad(
    dy: Tensor, x: Tensor, clip_value_min: float, clip_value_max: float
) -> dict[str, Tensor]:
    # dy at the bounds too (and 0 for NaN), as TF.js.
    from tfjs.ops.greater_equal import greater_equal
    from tfjs.ops.less_equal import less_equal
    from tfjs.ops.logical_and import logical_and
    from tfjs.ops.where import where
    from tfjs.ops.zeros_like import zeros_like

    inside = logical_and(greater_equal(x, clip_value_min), less_equal(x, clip_value_max))
    return {"x": where(inside, dy, zeros_like(dy))}

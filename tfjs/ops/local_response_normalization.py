from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import LRN, LRN_GRAD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.clip_by_value import number_arg
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_number_to_string
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def local_response_normalization(
    x: TensorLike, depth_radius: int = 5, bias: float = 1, alpha: float = 1, beta: float = 0.5
) -> Tensor:
    """Normalizes the activation of a local neighborhood across the last (depth) axis of
    a 3-D or 4-D tensor: `x / (bias + alpha * sum(x[d - r : d + r + 1] ** 2)) ** beta`,
    r being `depth_radius`.

    >>> tf.local_response_normalization(tf.tensor3d([1, 2, 3], [1, 1, 3]), 1, 1, 1, 1).array_sync()
    [[[0.1666666716337204, 0.13333334028720856, 0.2142857164144516]]]
    """
    name = "local_response_normalization"
    x_tensor = convert_to_tensor(x, "x", name)
    if x_tensor.rank not in (3, 4):
        # TF.js's message, line break and indentation included.
        raise ValueError(
            f"{name}: Error in localResponseNormalization: x must be rank 3 or 4 but got\n"
            f"               rank {x_tensor.rank}."
        )
    is_int = isinstance(depth_radius, (int, float)) and not isinstance(depth_radius, bool)
    if not is_int or not float(depth_radius).is_integer():
        shown = js_number_to_string(depth_radius) if is_int else repr(depth_radius)
        raise ValueError(
            f"{name}: Error in localResponseNormalization: depthRadius must be an integer but got "
            f"depthRadius {shown}."
        )
    attrs = {
        "depth_radius": int(depth_radius),
        "bias": number_arg(bias, "bias", name),
        "alpha": number_arg(alpha, "alpha", name),
        "beta": number_arg(beta, "beta", name),
    }
    assert_not_complex(x_tensor, name, "x", "LRN")
    x4d = reshape(x_tensor, (1, *x_tensor.shape)) if x_tensor.rank == 3 else x_tensor
    result = ENGINE.run_kernel(LRN, {"x": x4d}, attrs)
    return reshape(result, x_tensor.shape) if x_tensor.rank == 3 else result


@register_gradient(LRN, save_inputs=("x",), save_outputs=True)
def _lrn_grad(
    dy: Tensor, x: Tensor, y: Tensor, depth_radius: int, bias: float, alpha: float, beta: float
) -> dict[str, Tensor]:
    """TF.js's: the LRNGrad kernel."""
    attrs = {"depth_radius": depth_radius, "bias": bias, "alpha": alpha, "beta": beta}
    return {"x": ENGINE.run_kernel(LRN_GRAD, {"x": x, "y": y, "dy": dy}, attrs)}

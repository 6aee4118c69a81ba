"""What the fused ops share: the activation names and the checks of bias, PReLU weights
and leaky relu's alpha (TF.js's fused_util and the checks its fused ops make)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tfjs.dtypes import upcast_type
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.ops.cast import cast
from tfjs.ops.clip_by_value import number_arg
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list, js_text
from tfjs.tensor_util import TensorLike, convert_to_tensor

ACTIVATIONS = ("linear", "relu", "prelu", "elu", "relu6", "leakyrelu", "sigmoid")

# TF.js's leakyRelu default alpha (fused.matMul's default too).
LEAKYRELU_ALPHA = 0.2


def check_activation(activation: str | None, op_name: str) -> str:
    """The activation's name ('linear' for None), or an error naming the ones there are."""
    activation = "linear" if activation is None else activation
    if not isinstance(activation, str) or activation not in ACTIVATIONS:
        raise ValueError(
            f"{op_name}: Activation {js_text(activation)} has not been implemented for the CPU backend. "
            f"The fused activations are {', '.join(ACTIVATIONS)}."
        )
    return activation


def fused_bias(bias: TensorLike | None, dtype: str, op_name: str) -> Tensor | None:
    """`bias` as a tensor of the result's dtype (TF.js's makeTypesMatch with x)."""
    if bias is None:
        return None
    bias_tensor = assert_not_complex(convert_to_tensor(bias, "bias", op_name), op_name, "bias")
    target = upcast_type(bias_tensor.dtype, dtype)
    return bias_tensor if bias_tensor.dtype == target else cast(bias_tensor, target)


def assert_fits_output(shape: Sequence[int], out_shape: Sequence[int], what: str, op_name: str) -> None:
    """`shape` must broadcast to the result's shape (a bias or PReLU weights that would
    grow the result is refused: TF.js's reshape back to the result's shape would fail)."""
    broadcast = assert_and_get_broadcast_shape(out_shape, shape, op_name)
    if tuple(broadcast) != tuple(out_shape):
        raise ValueError(
            f"{op_name}: {what} of shape [{js_list(shape)}] does not broadcast to the result's shape "
            f"[{js_list(out_shape)}]"
        )


def fused_activation_inputs(
    activation: str | None,
    prelu_activation_weights: TensorLike | None,
    leakyrelu_alpha: Any,
    op_name: str,
) -> tuple[str, Tensor | None, float]:
    """The activation's name, the PReLU weights as a tensor and leaky relu's alpha
    (default 0.2), checked."""
    name = check_activation(activation, op_name)
    weights = None
    if prelu_activation_weights is not None:
        weights = convert_to_tensor(prelu_activation_weights, "prelu_activation_weights", op_name)
        assert_not_complex(weights, op_name, "prelu_activation_weights")
    elif name == "prelu":
        raise ValueError(f"{op_name}: the 'prelu' activation needs prelu_activation_weights")
    alpha = (
        LEAKYRELU_ALPHA
        if leakyrelu_alpha is None
        else number_arg(leakyrelu_alpha, "leakyrelu_alpha", op_name)
    )
    return name, weights, alpha


def fits_output(out_shape: Sequence[int], what: str, op_name: str) -> Callable[[Sequence[int]], None]:
    """A check (for fused_extras) that a shape broadcasts to the result's `out_shape`."""
    return lambda shape: assert_fits_output(shape, out_shape, what, op_name)


def fused_extras(
    op_name: str,
    dtype: str,
    bias: TensorLike | None,
    activation: str | None,
    prelu_activation_weights: TensorLike | None,
    leakyrelu_alpha: Any,
    check_bias: Callable[[Sequence[int]], None],
    check_weights: Callable[[Sequence[int]], None],
) -> tuple[dict[str, Tensor], dict[str, Any]]:
    """A fused kernel's optional inputs (bias as `dtype`, PReLU weights), each shape checked
    by its check, and its activation attributes."""
    bias_tensor = fused_bias(bias, dtype, op_name)
    if bias_tensor is not None:
        check_bias(bias_tensor.shape)
    name, weights, alpha = fused_activation_inputs(
        activation, prelu_activation_weights, leakyrelu_alpha, op_name
    )
    if weights is not None:
        check_weights(weights.shape)
    inputs = {"bias": bias_tensor, "prelu_activation_weights": weights}
    return {k: v for k, v in inputs.items() if v is not None}, {"activation": name, "leakyrelu_alpha": alpha}


# ---------------------------------------------------------------------------------------
# gradients
# ---------------------------------------------------------------------------------------


def fused_activation_gradient(
    dy: Tensor,
    y: Tensor,
    activation: str,
    pre_activation: Callable[[], Tensor],
    weights: Tensor | None,
    alpha: float,
) -> tuple[Tensor, Tensor | None]:
    """The gradient of a fused op's sum (before the activation) and of its PReLU weights
    (None unless `activation` is 'prelu'), from the gradient `dy` of its result `y`.

    TF.js fuses nothing while a gradient is recorded unless the activation is linear (its
    shouldFuse): its gradients are those of the separate activation ops, so these are
    those ops' gradients (Relu, Elu, Relu6, Prelu, LeakyRelu, Sigmoid), from `y` where
    they read the output and from the sum (`pre_activation()`, run again) where they read
    the input. TF.js's custom gradient of a fused op (linear or relu) is the same."""
    from tfjs.engine import ENGINE
    from tfjs.kernel_names import ELU_GRAD
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.greater import greater
    from tfjs.ops.less_equal import less_equal
    from tfjs.ops.mul import mul
    from tfjs.ops.scalar import scalar
    from tfjs.ops.step import step
    from tfjs.ops.sub import sub
    from tfjs.ops.where import where
    from tfjs.ops.zeros_like import zeros_like

    if activation == "linear":
        return dy, None
    if activation == "relu":
        return mul(dy, cast(step(y), "float32")), None
    if activation == "elu":
        return ENGINE.run_kernel(ELU_GRAD, {"dy": dy, "y": y}), None
    if activation == "sigmoid":
        return mul(dy, mul(y, sub(scalar(1), y))), None
    z = pre_activation()
    if activation == "relu6":
        return mul(dy, cast(mul(less_equal(z, 6), step(z)), "float32")), None
    mask = greater(z, 0)
    if activation == "leakyrelu":
        return where(mask, dy, mul(dy, alpha)), None
    assert weights is not None and activation == "prelu"
    weights_grad = sum_to_shape(where(mask, zeros_like(dy), mul(dy, z)), weights.shape)
    return where(mask, dy, mul(dy, weights)), weights_grad


def fused_gradients(
    kernel_name: str,
    base_gradients: Callable[..., dict[str, Tensor]],
    dy: Tensor,
    inputs: dict[str, Tensor | None],
    y: Tensor,
    activation: str,
    leakyrelu_alpha: float,
    base_attrs: dict[str, Any],
    *,
    per_channel_nchw: bool = False,
) -> dict[str, Tensor]:
    """The gradients of a fused kernel's inputs: the activation's (and the PReLU weights'),
    the bias's (summed over the axes it was repeated along: TF.js's getFusedBiasGradient),
    then the plain kernel's, `base_gradients(dz, *main_inputs, base_attrs)`.

    `inputs` are the kernel's (bias and PReLU weights None where absent); where
    `per_channel_nchw`, a 1-D bias or PReLU weights of several values lined up with an
    NCHW result's channels, as the kernel broadcast them."""
    from tfjs.engine import ENGINE
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.reshape import reshape
    from tfjs.ops.zeros import zeros

    main = {name: t for name, t in inputs.items() if name not in ("bias", "prelu_activation_weights")}
    bias, weights = inputs["bias"], inputs["prelu_activation_weights"]

    def broadcast(t: Tensor) -> Tensor:
        if per_channel_nchw and t.rank == 1 and t.shape[0] != 1:
            return reshape(t, [t.shape[0], 1, 1])
        return t

    def pre_activation() -> Tensor:
        sum_inputs = dict(main) if bias is None else {**main, "bias": bias}
        attrs = {**base_attrs, "activation": "linear", "leakyrelu_alpha": leakyrelu_alpha}
        return ENGINE.run_kernel(kernel_name, sum_inputs, attrs)

    line_weights = None if weights is None else broadcast(weights)
    dz, weights_grad = fused_activation_gradient(
        dy, y, activation, pre_activation, line_weights, leakyrelu_alpha
    )
    grads = dict(base_gradients(dz, *main.values(), base_attrs))
    if bias is not None:
        grads["bias"] = reshape(sum_to_shape(dz, broadcast(bias).shape), bias.shape)
    if weights is not None:
        grads["prelu_activation_weights"] = (
            zeros(weights.shape, "float32") if weights_grad is None else reshape(weights_grad, weights.shape)
        )
    return grads

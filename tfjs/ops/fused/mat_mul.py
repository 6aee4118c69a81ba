from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import BATCH_MAT_MUL, FUSED_MAT_MUL
from tfjs.kernel_registry import get_gradient, register_gradient
from tfjs.ops.binary_util import assert_not_complex, make_types_match
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.ops.fused.fused_util import fits_output, fused_extras, fused_gradients
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor

NAME = "fused.mat_mul"


@op
def mat_mul(
    a: TensorLike,
    b: TensorLike,
    transpose_a: bool = False,
    transpose_b: bool = False,
    bias: TensorLike | None = None,
    activation: str | None = "linear",
    prelu_activation_weights: TensorLike | None = None,
    leakyrelu_alpha: float = 0.2,
) -> Tensor:
    """Computes the dot product of two matrices (as `tf.mat_mul`, batch dimensions
    broadcast), adds `bias` and applies `activation` ('linear', 'relu', 'prelu' with
    `prelu_activation_weights`, 'elu', 'relu6', 'leakyrelu' with `leakyrelu_alpha`, or
    'sigmoid') in one kernel. `bias` and the PReLU weights broadcast to the result.

    >>> a, b = tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[1, -1], [1, -1]])
    >>> tf.fused.mat_mul(a, b, bias=tf.tensor1d([0, 10]), activation="relu").array_sync()
    [[3.0, 7.0], [7.0, 3.0]]
    """
    a_tensor = assert_not_complex(convert_to_tensor(a, "a", NAME), NAME, "a", "matMul")
    b_tensor = assert_not_complex(convert_to_tensor(b, "b", NAME), NAME, "b", "matMul")
    a_tensor, b_tensor = make_types_match(a_tensor, b_tensor)
    if a_tensor.rank < 2 or b_tensor.rank < 2:
        raise ValueError(
            f"{NAME}: both inputs must have rank at least 2, got shapes [{js_list(a_tensor.shape)}] "
            f"and [{js_list(b_tensor.shape)}]"
        )
    transpose_a = check_flag(transpose_a, NAME, "transpose_a")
    transpose_b = check_flag(transpose_b, NAME, "transpose_b")
    inner_a = a_tensor.shape[-2] if transpose_a else a_tensor.shape[-1]
    inner_b = b_tensor.shape[-1] if transpose_b else b_tensor.shape[-2]
    if inner_a != inner_b:
        raise ValueError(
            f"{NAME}: Error in fused matMul: inner shapes ({inner_a}) and ({inner_b}) of Tensors with shapes "
            f"{js_list(a_tensor.shape)} and {js_list(b_tensor.shape)} and "
            f"transposeA={_js_bool(transpose_a)} and transposeB={_js_bool(transpose_b)} must match."
        )
    outer_a = a_tensor.shape[-1] if transpose_a else a_tensor.shape[-2]
    outer_b = b_tensor.shape[-2] if transpose_b else b_tensor.shape[-1]
    batch = assert_and_get_broadcast_shape(a_tensor.shape[:-2], b_tensor.shape[:-2], NAME)
    out_shape = (*batch, outer_a, outer_b)
    inputs, activation_attrs = fused_extras(
        NAME,
        a_tensor.dtype,
        bias,
        activation,
        prelu_activation_weights,
        leakyrelu_alpha,
        fits_output(out_shape, "bias", NAME),
        fits_output(out_shape, "prelu_activation_weights", NAME),
    )
    inputs.update(a=a_tensor, b=b_tensor)
    attrs = {"transpose_a": transpose_a, "transpose_b": transpose_b, **activation_attrs}
    return ENGINE.run_kernel(FUSED_MAT_MUL, inputs, attrs)


def _js_bool(value: object) -> str:
    return "true" if value else "false"


@register_gradient(
    FUSED_MAT_MUL, save_inputs=("a", "b", "bias", "prelu_activation_weights"), save_outputs=True
)
def _fused_mat_mul_grad(
    dy: Tensor,
    a: Tensor,
    b: Tensor,
    y: Tensor,
    activation: str,
    leakyrelu_alpha: float,
    transpose_a: bool,
    transpose_b: bool,
    bias: Tensor | None = None,
    prelu_activation_weights: Tensor | None = None,
) -> dict[str, Tensor]:
    """TF.js's (its fused matMul's custom gradient, and its separate ops' gradients where it
    does not fuse): the activation's gradient, the bias's, then BatchMatMul's (whose
    gradient sums broadcast batch dimensions back to each input's shape)."""
    return fused_gradients(
        FUSED_MAT_MUL,
        _mat_mul_gradients,
        dy,
        {"a": a, "b": b, "bias": bias, "prelu_activation_weights": prelu_activation_weights},
        y,
        activation,
        leakyrelu_alpha,
        {"transpose_a": transpose_a, "transpose_b": transpose_b},
    )


def _mat_mul_gradients(dz: Tensor, a: Tensor, b: Tensor, attrs: dict) -> dict[str, Tensor]:
    return dict(get_gradient(BATCH_MAT_MUL).grad_func(dz, a=a, b=b, **attrs))

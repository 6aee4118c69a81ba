from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ELU, ELU_GRAD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def elu(x: TensorLike) -> Tensor:
    """Computes exponential linear element-wise: `x >= 0 ? x : exp(x) - 1`; x must be float32.

    >>> tf.elu(tf.tensor1d([0, 1, -1, -2])).array_sync()
    [0.0, 1.0, -0.6321205496788025, -0.8646647334098816]
    """
    return ENGINE.run_kernel(ELU, {"x": convert_to_tensor(x, "x", "elu", "float32")})


@register_gradient(ELU, save_outputs=True)
def _elu_grad(dy: Tensor, y: Tensor) -> dict[str, Tensor]:
    return {"x": ENGINE.run_kernel(ELU_GRAD, {"dy": dy, "y": y})}


# TF.js has no gradient for EluGrad; this is TensorFlow's _EluGradGrad (nn_grad.py), so
# that elu has gradients of gradients.
@register_gradient(ELU_GRAD, save_inputs=("dy", "y"))
def _elu_grad_grad(grad: Tensor, dy: Tensor, y: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.less import less
    from tfjs.ops.mul import mul
    from tfjs.ops.where import where
    from tfjs.ops.zeros_like import zeros_like

    return {
        "dy": ENGINE.run_kernel(ELU_GRAD, {"dy": grad, "y": y}),
        "y": where(less(y, 0), mul(grad, dy), zeros_like(y)),
    }

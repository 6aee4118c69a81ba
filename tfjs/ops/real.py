from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import REAL
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def real(input: TensorLike) -> Tensor:  # noqa: A002
    """Returns the real part of a complex (or real) tensor, as float32; of a real tensor,
    its values.

    >>> tf.real(tf.complex([-2.25, 3.25], [4.75, 5.75])).array_sync()
    [-2.25, 3.25]
    """
    return ENGINE.run_kernel(REAL, {"input": convert_to_tensor(input, "input", "real")})


@register_gradient(REAL, save_inputs=("input",))
def _real_grad(dy: Tensor, input: Tensor) -> dict[str, Tensor]:  # noqa: A002
    """TF.js has none; derived as TensorFlow's (math_grad.py): `dy` as the real part."""
    if input.dtype != "complex64":
        return {"input": dy}
    from tfjs.ops.complex import complex  # noqa: A004
    from tfjs.ops.zeros_like import zeros_like

    return {"input": complex(dy, zeros_like(dy))}

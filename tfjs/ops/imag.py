from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import IMAG
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def imag(input: TensorLike) -> Tensor:  # noqa: A002
    """Returns the imaginary part of a complex (or real) tensor, as float32; of a real
    tensor, zeros.

    >>> tf.imag(tf.complex([-2.25, 3.25], [4.75, 5.75])).array_sync()
    [4.75, 5.75]
    """
    return ENGINE.run_kernel(IMAG, {"input": convert_to_tensor(input, "input", "imag")})


@register_gradient(IMAG, save_inputs=("input",))
def _imag_grad(dy: Tensor, input: Tensor) -> dict[str, Tensor]:  # noqa: A002
    """TF.js has none; derived as TensorFlow's (math_grad.py): `dy` as the imaginary
    part (zeros for a real input, whose imaginary part is the constant 0)."""
    from tfjs.ops.zeros_like import zeros_like

    if input.dtype != "complex64":
        return {"input": zeros_like(dy)}
    from tfjs.ops.complex import complex  # noqa: A004

    return {"input": complex(zeros_like(dy), dy)}

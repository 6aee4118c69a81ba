from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ABS, COMPLEX_ABS
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def abs(x: TensorLike) -> Tensor:  # noqa: A001 - TF.js's name
    """Computes the absolute value element-wise; of complex64, the float32 magnitude.

    >>> tf.abs(tf.tensor1d([-1, 2, -3])).array_sync()
    [1.0, 2.0, 3.0]
    """
    x_tensor = convert_to_tensor(x, "x", "abs")
    kernel_name = COMPLEX_ABS if x_tensor.dtype == "complex64" else ABS
    return ENGINE.run_kernel(kernel_name, {"x": x_tensor})


@register_gradient(ABS, save_inputs=("x",))
def _abs_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    # TF.js's step(x, -1): the gradient at 0 is -dy.
    from tfjs.ops.cast import cast
    from tfjs.ops.mul import mul
    from tfjs.ops.step import step

    return {"x": mul(dy, step(cast(x, "float32"), -1))}


@register_gradient(COMPLEX_ABS, save_inputs=("x",), save_outputs=True)
def _complex_abs_grad(dy: Tensor, x: Tensor, y: Tensor) -> dict[str, Tensor]:
    """TensorFlow's (math_grad.py): dy * x / |x| (0 where x is 0), a complex gradient
    (dL/d(real part) + i dL/d(imaginary part)). TF.js reuses Abs's, dy * step(real(x), -1)
    as float32, which no TF.js program can reach: it has no gradient for Complex, FFT or
    anything else that makes a complex tensor from a float32 one."""
    from tfjs.ops.complex import complex  # noqa: A004
    from tfjs.ops.div_no_nan import div_no_nan
    from tfjs.ops.imag import imag
    from tfjs.ops.mul import mul
    from tfjs.ops.real import real

    scale = div_no_nan(dy, y)
    return {"x": complex(mul(real(x), scale), mul(imag(x), scale))}

from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import COMPLEX
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def complex(real: TensorLike, imag: TensorLike) -> Tensor:  # noqa: A001
    """Makes a complex64 tensor from its real and imaginary parts (same shapes); its
    `data_sync()` interleaves them: [r0, i0, r1, i1, ...].

    >>> tf.complex([2.25, 3.25], [4.75, 5.75]).data_sync()
    array([2.25, 4.75, 3.25, 5.75], dtype=float32)
    """
    real_tensor = assert_not_complex(convert_to_tensor(real, "real", "complex"), "complex", "real")
    imag_tensor = assert_not_complex(convert_to_tensor(imag, "imag", "complex"), "complex", "imag")
    if real_tensor.shape != imag_tensor.shape:
        a, b = (",".join(map(str, t.shape)) for t in (real_tensor, imag_tensor))
        raise ValueError(
            f"real and imag shapes, {a} and {b}, must match in call to tf.complex(). "
            f"Shapes {a} and {b} must match"
        )
    return ENGINE.run_kernel(COMPLEX, {"real": real_tensor, "imag": imag_tensor})


@register_gradient(COMPLEX)
def _complex_grad(dy: Tensor) -> dict[str, Tensor]:
    """TF.js has none; derived as TensorFlow's (math_grad.py). A complex gradient holds
    dL/d(real part) + i dL/d(imaginary part), TensorFlow's convention."""
    from tfjs.ops.imag import imag
    from tfjs.ops.real import real

    return {"real": real(dy), "imag": imag(dy)}

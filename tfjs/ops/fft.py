from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import FFT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.spectral_util import complex_input
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def fft(input: TensorLike) -> Tensor:  # noqa: A002
    """Fast Fourier transform: the discrete Fourier transform over the inner-most
    dimension of a complex64 input.

    >>> tf.fft(tf.complex([1, 2, 3], [0, 0, 0])).data_sync().tolist()
    [6.0, 0.0, -1.5, 0.8660253882408142, -1.5, -0.8660253882408142]
    """
    return ENGINE.run_kernel(FFT, {"input": complex_input(input, "fft")})


@register_gradient(FFT)
def _fft_grad(dy: Tensor) -> dict[str, Tensor]:
    """TF.js has none; derived as TensorFlow's (signal/fft_ops.py): n * ifft(dy), the
    FFT's adjoint (n: the inner-most size). A complex gradient holds, as TensorFlow's,
    dL/d(real part) + i dL/d(imaginary part)."""
    from tfjs.ops.ifft import ifft
    from tfjs.ops.mul import mul
    from tfjs.ops.scalar import scalar

    return {"input": mul(ifft(as_complex(dy)), scalar(float(dy.shape[-1])))}


def as_complex(dy: Tensor) -> Tensor:
    """A complex tensor's gradient as complex64 (a float32 one, as some TF.js gradients
    give for complex inputs, is its real part)."""
    if dy.dtype == "complex64":
        return dy
    from tfjs.ops.complex import complex  # noqa: A004
    from tfjs.ops.zeros_like import zeros_like

    return complex(dy, zeros_like(dy))

from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import IFFT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.spectral_util import complex_input
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def ifft(input: TensorLike) -> Tensor:  # noqa: A002
    """Inverse fast Fourier transform: the inverse discrete Fourier transform over the
    inner-most dimension of a complex64 input.

    >>> tf.ifft(tf.complex([1, 2, 3, 4], [0, 0, 0, 0])).data_sync().tolist()
    [2.5, 0.0, -0.5, -0.5, -0.5, 0.0, -0.5, 0.5]
    """
    return ENGINE.run_kernel(IFFT, {"input": complex_input(input, "ifft")})


@register_gradient(IFFT)
def _ifft_grad(dy: Tensor) -> dict[str, Tensor]:
    """TF.js has none; derived as TensorFlow's (signal/fft_ops.py): fft(dy) / n, the
    inverse FFT's adjoint (n: the inner-most size)."""
    from tfjs.ops.fft import as_complex, fft
    from tfjs.ops.mul import mul
    from tfjs.ops.scalar import scalar

    return {"input": mul(fft(as_complex(dy)), scalar(1.0 / dy.shape[-1]))}

from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import FFT
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

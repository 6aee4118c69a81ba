from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import IFFT
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

from __future__ import annotations

from tfjs.ops.complex import complex  # noqa: A004
from tfjs.ops.concat import concat
from tfjs.ops.ifft import ifft
from tfjs.ops.imag import imag
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.real import real
from tfjs.ops.reshape import reshape
from tfjs.ops.reverse import reverse
from tfjs.ops.scalar import scalar
from tfjs.ops.slice import slice  # noqa: A004
from tfjs.ops.spectral_util import complex_input
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def irfft(input: TensorLike) -> Tensor:  # noqa: A002
    """Inverse real value fast Fourier transform: from the `n` unique components of the
    spectrum of a real signal (complex64, inner-most dimension), the `2 * (n - 1)`
    samples of that signal (`n` samples when `n <= 2`).

    As TF.js's, the result is 2-D (batch, samples), except for a 3-D input (with a
    non-empty first dimension), whose outer dimensions it keeps.

    >>> tf.irfft(tf.complex([1, 2, 3], [0, 1, 0])).array_sync()
    [[2.0, -1.0, 0.0, 0.0]]
    """
    x = complex_input(input, "irfft", "ifft")
    inner = x.shape[-1]
    batch = x.size // inner
    if inner <= 2:
        result = ifft(reshape(x, [batch, inner]))
    else:
        real_part = reshape(real(x), [batch, inner])
        imag_part = reshape(imag(x), [batch, inner])
        real_conjugate = reverse(slice(real_part, [0, 1], [batch, inner - 2]), 1)
        imag_conjugate = mul(reverse(slice(imag_part, [0, 1], [batch, inner - 2]), 1), scalar(-1))
        result = ifft(complex(concat([real_part, real_conjugate], 1), concat([imag_part, imag_conjugate], 1)))
    result = real(result)
    if x.rank == 3 and x.shape[0] != 0:
        result = reshape(result, [x.shape[0], result.shape[0] // x.shape[0], result.shape[1]])
    return result

from __future__ import annotations

import numbers

from tfjs.ops.complex import complex  # noqa: A004
from tfjs.ops.concat import concat
from tfjs.ops.fft import fft
from tfjs.ops.imag import imag
from tfjs.ops.operation import op
from tfjs.ops.real import real
from tfjs.ops.reshape import reshape
from tfjs.ops.slice import slice  # noqa: A004
from tfjs.ops.spectral_util import check_innermost
from tfjs.ops.zeros import zeros
from tfjs.ops.zeros_like import zeros_like
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def rfft(input: TensorLike, fft_length: int | None = None) -> Tensor:  # noqa: A002
    """Real value input fast Fourier transform: the discrete Fourier transform over the
    inner-most dimension of a float32 input, of which it keeps the `fft_length // 2 + 1`
    unique components. `fft_length` crops the input's inner dimension or pads it with
    zeros (default: its size).

    >>> tf.rfft(tf.tensor1d([1, 2, 3])).data_sync().tolist()
    [6.0, 0.0, -1.5, 0.8660253882408142]
    """
    x = convert_to_tensor(input, "input", "rfft", "string_or_numeric")
    if x.dtype != "float32":
        raise TypeError(f"The dtype for rfft() must be real value but got {x.dtype}")
    check_innermost(x, "rfft")
    inner = x.shape[-1]
    if fft_length is not None:
        if not isinstance(fft_length, numbers.Integral) or isinstance(fft_length, bool) or fft_length < 1:
            raise ValueError(f"rfft: fft_length must be a positive integer, but got {fft_length!r}")
        fft_length = int(fft_length)
    batch = x.size // inner
    if fft_length is not None and fft_length < inner:
        x = slice(x, [0] * x.rank, [*x.shape[:-1], fft_length])
        inner = fft_length
    elif fft_length is not None and fft_length > inner:
        check_tensor_size([batch, fft_length], "complex64", "rfft")
        x = concat([x, zeros([*x.shape[:-1], fft_length - inner])], x.rank - 1)
        inner = fft_length
    spectrum = fft(reshape(complex(x, zeros_like(x)), [batch, inner]))
    half = inner // 2 + 1
    kept = [batch, half]
    parts = complex(slice(real(spectrum), [0, 0], kept), slice(imag(spectrum), [0, 0], kept))
    return reshape(parts, [*x.shape[:-1], half])

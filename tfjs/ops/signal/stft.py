from __future__ import annotations

from collections.abc import Callable

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.rfft import rfft
from tfjs.ops.signal.frame import frame
from tfjs.ops.signal.hann_window import hann_window
from tfjs.ops.signal_ops_util import check_length, enclosing_power_of_two
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def stft(
    signal: TensorLike,
    frame_length: int,
    frame_step: int,
    fft_length: int | None = None,
    window_fn: Callable[[int], Tensor] = hann_window,
) -> Tensor:
    """Computes the Short-time Fourier Transform of a 1-D signal: the `rfft` of each
    frame (see `frame`) times the window `window_fn(frame_length)`. `fft_length`
    defaults to the smallest power of 2 enclosing `frame_length`.

    >>> tf.signal.stft(tf.tensor1d([1, 1, 1, 1]), 3, 1).shape
    (2, 3)
    """
    length = check_length(frame_length, "frame_length", "stft", minimum=1)
    check_tensor_size([length], "float32", "stft")  # one frame, at least
    if fft_length is None:
        fft_length = enclosing_power_of_two(length)
    fft_length = check_length(fft_length, "fft_length", "stft", minimum=1)
    signal_tensor = assert_not_complex(
        convert_to_tensor(signal, "signal", "stft"), "stft", "signal", "gatherV2"
    )
    if signal_tensor.rank != 1:
        raise ValueError(
            f"stft: signal must be a 1D tensor, but got rank {signal_tensor.rank} "
            f"(shape {list(signal_tensor.shape)})"
        )
    check_length(frame_step, "frame_step", "stft", minimum=1)
    if not callable(window_fn):
        raise TypeError(f"stft: window_fn must be a function of the frame length, got {window_fn!r}")
    framed = frame(signal_tensor, length, frame_step)
    check_tensor_size([framed.shape[0], fft_length], "complex64", "stft")
    window = convert_to_tensor(window_fn(length), "window_fn(frame_length)", "stft")
    if window.shape not in ((length,), ()):
        raise ValueError(
            f"stft: window_fn({length}) must give a tensor of shape [{length}], got {list(window.shape)}"
        )
    return rfft(mul(framed, window), fft_length)

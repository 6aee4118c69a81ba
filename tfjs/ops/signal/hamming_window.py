from __future__ import annotations

from tfjs.ops.operation import op
from tfjs.ops.signal_ops_util import cosine_window
from tfjs.tensor import Tensor


@op
def hamming_window(window_length: int) -> Tensor:
    """Generate a Hamming window: 0.54 - 0.46 cos(2 pi n / (N - 1)), N the length made odd.

    >>> tf.signal.hamming_window(3).array_sync()
    [0.07999999821186066, 1.0, 0.07999999821186066]
    """
    return cosine_window(window_length, 0.54, 0.46, "hamming_window")

from __future__ import annotations

from tfjs.ops.operation import op
from tfjs.ops.signal_ops_util import cosine_window
from tfjs.tensor import Tensor


@op
def hann_window(window_length: int) -> Tensor:
    """Generate a Hann window: 0.5 - 0.5 cos(2 pi n / (N - 1)), N the length made odd.

    >>> tf.signal.hann_window(5).array_sync()
    [0.0, 0.5, 1.0, 0.5, 0.0]
    """
    return cosine_window(window_length, 0.5, 0.5, "hann_window")

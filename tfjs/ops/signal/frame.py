from __future__ import annotations

import numpy as np

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.concat import concat
from tfjs.ops.fill import fill
from tfjs.ops.gather import gather
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.ops.signal_ops_util import check_length
from tfjs.ops.slice import slice  # noqa: A004
from tfjs.ops.tensor import tensor
from tfjs.ops.tensor2d import tensor2d
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def frame(
    signal: TensorLike,
    frame_length: int,
    frame_step: int,
    pad_end: bool = False,
    pad_value: float | bool | str = 0,
) -> Tensor:
    """Expands a 1-D `signal` into frames of `frame_length` samples, one every
    `frame_step` samples: shape (frames, frame_length). With `pad_end`, frames that run
    past the end are kept, filled with `pad_value` (stored in the signal's dtype).

    >>> tf.signal.frame(tf.tensor1d([1, 2, 3]), 2, 1).array_sync()
    [[1.0, 2.0], [2.0, 3.0]]
    """
    x = assert_not_complex(
        convert_to_tensor(signal, "signal", "frame", "string_or_numeric"), "frame", "signal", "gatherV2"
    )
    if x.rank != 1:
        shape = ",".join(map(str, x.shape))
        raise ValueError(f"frame: signal must be a 1D tensor, but got rank {x.rank} (shape [{shape}])")
    length = check_length(frame_length, "frame_length", "frame")
    step = check_length(frame_step, "frame_step", "frame", minimum=1)
    if (x.dtype == "string") != isinstance(pad_value, str):
        raise TypeError(f"frame: pad_value {pad_value!r} does not fit a {x.dtype} signal")
    size = x.shape[0]
    # TF.js's loops: whole frames while they fit, then (pad_end) those that start inside
    starts = list(range(0, size - length + 1, step)) if size >= length else []
    if pad_end:
        starts += range(starts[-1] + step if starts else 0, size, step)
    check_tensor_size([len(starts), length], x.dtype, "frame")
    if not starts:
        return tensor2d([], [0, length])
    padding = starts[-1] + length - size
    if padding > 0:
        x = concat([x, fill([padding], pad_value, x.dtype)])
    if x.dtype == "string":  # gather takes numbers only: the frames one by one, as TF.js
        return reshape(concat([slice(x, [start], [length]) for start in starts]), [len(starts), length])
    indices = np.asarray(starts, np.int32)[:, None] + np.arange(length, dtype=np.int32)
    return gather(x, tensor(indices, indices.shape, "int32"))

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from tfjs.backend_util.conv_types import Pad
from tfjs.ops.avg_pool import avg_pool
from tfjs.ops.batch_to_space_nd import batch_to_space_nd
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.conv_checks import check_strides_and_dilations
from tfjs.ops.max_pool import max_pool
from tfjs.ops.operation import op
from tfjs.ops.pool_util import check_pool_pad, check_rank, check_window, pool2d_out_shape
from tfjs.ops.reshape import reshape
from tfjs.ops.space_to_batch_nd import space_to_batch_nd
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def pool(
    input: TensorLike,  # noqa: A002
    window_shape: int | Sequence[int],
    pooling_type: Literal["avg", "max"],
    pad: Pad,
    dilations: int | Sequence[int] | None = None,
    strides: int | Sequence[int] | None = None,
    dim_rounding_mode: Literal["floor", "round", "ceil"] | None = None,
) -> Tensor:
    """Performs an N-D pooling operation: avg_pool or max_pool of a rank 3 or 4 image,
    with `dilations` (default 1; strides and dilations cannot both be > 1).

    With dilations > 1, as in TF.js (and TensorFlow), the input is moved into the batch
    with space_to_batch_nd, pooled 'valid' and moved back with batch_to_space_nd: for
    'same' the zeros that pad it take part in the pooling (they count in the average and
    can be the maximum). `pad` must then be 'same' or 'valid'.

    >>> x = tf.tensor3d([1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 3, 1])
    >>> tf.pool(x, 2, "max", "valid", 2).array_sync()
    [[[9.0]]]
    """
    name = "pool"
    if dilations is None:
        dilations = (1, 1)
    if strides is None:
        strides = 1
    if not isinstance(pooling_type, str) or pooling_type not in ("avg", "max"):
        raise ValueError(f"pool: poolingType must be 'avg' or 'max', but got {pooling_type!r}")
    js_name = "avgPool" if pooling_type == "avg" else "maxPool"
    x_tensor = convert_to_tensor(input, "x", name)
    if pooling_type == "avg":
        convert_to_tensor(x_tensor, "x", "avg_pool", "float32")  # avg_pool's dtype check, before any kernel
    else:
        assert_not_complex(x_tensor, name, tfjs_name=js_name)
    shape = (1, *x_tensor.shape) if x_tensor.rank == 3 else x_tensor.shape
    check_rank(len(shape), 4, name, js_name, "x" if pooling_type == "avg" else "input")
    strides, dilations = check_strides_and_dilations(name, name, strides, dilations)
    window_shape, strides = check_window(window_shape, strides, name, js_name, 2, "window_shape")
    dilation = (dilations, dilations) if isinstance(dilations, int) else dilations
    if isinstance(pad, (int, float)) and not isinstance(pad, bool) and pad == 0:
        pad = "valid"
    dilation_one = dilation == (1, 1)
    if dilation_one:
        pad = check_pool_pad(pad, dim_rounding_mode, name, js_name)
    else:
        if not (isinstance(pad, str) and pad in ("same", "valid")):
            raise ValueError(f"pool: pad must be 'same' or 'valid' with dilations > 1, but got {pad!r}")
        check_pool_pad("valid", dim_rounding_mode, name, js_name)  # TF.js pools 'valid' then
    rounding = dim_rounding_mode if dilation_one else None
    pool2d_out_shape(shape, window_shape, strides, dilations, pad, rounding, name)

    x4d = reshape(x_tensor, shape) if x_tensor.rank == 3 else x_tensor
    forward = avg_pool if pooling_type == "avg" else max_pool
    if dilation_one:
        result = forward(x4d, window_shape, strides, pad, dim_rounding_mode)
    else:
        window = (window_shape, window_shape) if isinstance(window_shape, int) else window_shape
        base = _space_to_batch_base_paddings(window, dilation) if pad == "same" else ((0, 0), (0, 0))
        paddings, crops = _required_space_to_batch_paddings(shape[1:3], dilation, base)
        pooled = forward(space_to_batch_nd(x4d, dilation, paddings), window_shape, strides, "valid")
        result = batch_to_space_nd(pooled, dilation, crops)
    return reshape(result, result.shape[1:]) if x_tensor.rank == 3 else result


def _space_to_batch_base_paddings(
    window: Sequence[int], dilation: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    """The 'same' padding of the dilated window, the odd one more at the end (as conv2d)."""
    extra = [f + (f - 1) * (d - 1) - 1 for f, d in zip(window, dilation, strict=True)]
    return tuple((e // 2, e - e // 2) for e in extra)


def _required_space_to_batch_paddings(
    input_shape: Sequence[int], block_shape: Sequence[int], base_padding: Sequence[Sequence[int]]
) -> tuple[list[list[int]], list[list[int]]]:
    """The paddings that make each padded size a multiple of its block, and the crops
    that take the extra off again (TensorFlow's required_space_to_batch_paddings)."""
    paddings, crops = [], []
    for size, block, (start, end) in zip(input_shape, block_shape, base_padding, strict=True):
        extra = (block - (size + start + end) % block) % block
        paddings.append([start, end + extra])
        crops.append([0, extra])
    return paddings, crops

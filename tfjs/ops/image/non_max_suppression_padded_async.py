from __future__ import annotations

import math

from tfjs.ops.image.nms_util import select_async
from tfjs.ops.image.non_max_suppression_padded import NonMaxSuppressionPadded
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor_util import TensorLike


async def non_max_suppression_padded_async(
    boxes: TensorLike,
    scores: TensorLike,
    max_output_size: int,
    iou_threshold: float = 0.5,
    score_threshold: float = -math.inf,
    pad_to_max_output_size: bool = False,
) -> NonMaxSuppressionPadded:
    """The asynchronous version of `tf.image.non_max_suppression_padded`: it waits for
    the values of `boxes` and `scores`.

    >>> import asyncio
    >>> boxes = tf.tensor2d([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 10, 1, 11]])
    >>> nms = tf.image.non_max_suppression_padded_async(boxes, [0.9, 0.95, 0.5], 3, 0.5, 0, True)
    >>> result = asyncio.run(nms)
    >>> result.selected_indices.array_sync(), result.valid_outputs.array_sync()
    ([1, 2, 0], 2)
    """
    thresholds = (iou_threshold, score_threshold, None)
    name, kernel_name = "non_max_suppression_padded_async", "NonMaxSuppressionPadded"
    pad = check_flag(pad_to_max_output_size, name, "pad_to_max_output_size")
    outputs = await select_async(
        boxes, scores, max_output_size, thresholds, name, kernel_name, pad=pad, with_valid=True
    )
    return NonMaxSuppressionPadded(*outputs)

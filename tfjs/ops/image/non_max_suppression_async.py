from __future__ import annotations

import math

from tfjs.ops.image.nms_util import select_async
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


async def non_max_suppression_async(
    boxes: TensorLike,
    scores: TensorLike,
    max_output_size: int,
    iou_threshold: float = 0.5,
    score_threshold: float = -math.inf,
) -> Tensor:
    """The asynchronous version of `tf.image.non_max_suppression`: it waits for the
    values of `boxes` and `scores` (which may be of any numeric dtype) without blocking.

    >>> import asyncio
    >>> boxes = tf.tensor2d([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 10, 1, 11]])
    >>> scores = tf.tensor1d([0.9, 0.95, 0.5])
    >>> asyncio.run(tf.image.non_max_suppression_async(boxes, scores, 3)).array_sync()
    [1, 2]
    """
    thresholds = (iou_threshold, score_threshold, None)
    name, kernel_name = "non_max_suppression_async", "NonMaxSuppression"
    (indices,) = await select_async(boxes, scores, max_output_size, thresholds, name, kernel_name)
    return indices

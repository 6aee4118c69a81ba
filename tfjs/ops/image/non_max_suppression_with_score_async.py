from __future__ import annotations

import math

from tfjs.ops.image.nms_util import select_async
from tfjs.ops.image.non_max_suppression_with_score import NonMaxSuppressionWithScore
from tfjs.tensor_util import TensorLike


async def non_max_suppression_with_score_async(
    boxes: TensorLike,
    scores: TensorLike,
    max_output_size: int,
    iou_threshold: float = 0.5,
    score_threshold: float = -math.inf,
    soft_nms_sigma: float = 0.0,
) -> NonMaxSuppressionWithScore:
    """The asynchronous version of `tf.image.non_max_suppression_with_score` (Soft-NMS
    when `soft_nms_sigma` is above 0): it waits for the values of `boxes` and `scores`.

    >>> import asyncio
    >>> boxes = tf.tensor2d([[0, 0, 1, 1], [0, 0.5, 1, 1.5]])
    >>> result = asyncio.run(tf.image.non_max_suppression_with_score_async(boxes, [0.9, 0.8], 2, 1.0, 0, 0.5))
    >>> result.selected_indices.array_sync(), [round(s, 4) for s in result.selected_scores.array_sync()]
    ([0, 1], [0.9, 0.7159])
    """
    thresholds = (iou_threshold, score_threshold, soft_nms_sigma)
    name, kernel_name = "non_max_suppression_with_score_async", "NonMaxSuppressionWithScore"
    outputs = await select_async(
        boxes, scores, max_output_size, thresholds, name, kernel_name, with_scores=True
    )
    return NonMaxSuppressionWithScore(*outputs)

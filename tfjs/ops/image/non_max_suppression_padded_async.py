from __future__ import annotations

import math

import numpy as np

from tfjs.backends.cpu.kernels.nms import non_max_suppression_impl
from tfjs.engine import ENGINE
from tfjs.ops.image.nms_util import read_nms_inputs
from tfjs.ops.image.non_max_suppression_padded import NonMaxSuppressionPadded
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
    boxes_values, scores_values, params = await read_nms_inputs(
        boxes,
        scores,
        max_output_size,
        iou_threshold,
        score_threshold,
        None,
        "non_max_suppression_padded_async",
        "NonMaxSuppressionPadded",
    )
    result = non_max_suppression_impl(
        boxes_values,
        scores_values,
        params.max_output_size,
        params.iou_threshold,
        params.score_threshold,
        pad_to_max_output_size=bool(pad_to_max_output_size),
    )
    indices = ENGINE.make_tensor(result.selected_indices.astype(np.int32), "int32")
    valid_outputs = ENGINE.make_tensor(np.array(result.valid_outputs, np.int32), "int32")
    return NonMaxSuppressionPadded(indices, valid_outputs)

from __future__ import annotations

import math

from tfjs.engine import ENGINE
from tfjs.kernel_names import NON_MAX_SUPPRESSION_V3
from tfjs.ops.image.nms_util import nms_sanity_check
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def non_max_suppression(
    boxes: TensorLike,
    scores: TensorLike,
    max_output_size: int,
    iou_threshold: float = 0.5,
    score_threshold: float = -math.inf,
) -> Tensor:
    """Performs non maximum suppression of bounding boxes based on iou (intersection
    over union): greedily selects the boxes of highest score, dropping those that
    overlap a selected box by `iou_threshold` or more.

    `boxes` is float32 [numBoxes, 4], each row `[y1, x1, y2, x2]` two opposite corners;
    `scores` is float32 [numBoxes]; at most `max_output_size` boxes are selected, only
    those scoring above `score_threshold`. Returns the int32 indices of the selected
    boxes, highest score first (equal scores: smaller index first).

    >>> boxes = tf.tensor2d([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 10, 1, 11]])
    >>> tf.image.non_max_suppression(boxes, tf.tensor1d([0.9, 0.95, 0.5]), 3).array_sync()
    [1, 2]
    """
    name = "non_max_suppression"
    boxes_tensor = convert_to_tensor(boxes, "boxes", name, "float32")
    scores_tensor = convert_to_tensor(scores, "scores", name, "float32")
    params = nms_sanity_check(
        boxes_tensor, scores_tensor, max_output_size, iou_threshold, score_threshold, None, name
    )
    attrs = {
        "max_output_size": params.max_output_size,
        "iou_threshold": params.iou_threshold,
        "score_threshold": params.score_threshold,
    }
    return ENGINE.run_kernel(NON_MAX_SUPPRESSION_V3, {"boxes": boxes_tensor, "scores": scores_tensor}, attrs)

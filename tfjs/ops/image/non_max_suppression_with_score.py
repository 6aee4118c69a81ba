from __future__ import annotations

import math
from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import NON_MAX_SUPPRESSION_V5
from tfjs.ops.image.nms_util import assert_nms_not_complex, nms_sanity_check
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class NonMaxSuppressionWithScore(NamedTuple):
    """The selected boxes' int32 indices and their float32 scores (soft-NMS lowered)."""

    selected_indices: Tensor
    selected_scores: Tensor


@op
def non_max_suppression_with_score(
    boxes: TensorLike,
    scores: TensorLike,
    max_output_size: int,
    iou_threshold: float = 0.5,
    score_threshold: float = -math.inf,
    soft_nms_sigma: float = 0.0,
) -> NonMaxSuppressionWithScore:
    """Performs non maximum suppression of bounding boxes based on iou (intersection
    over union), returning the selected boxes' indices and scores.

    With `soft_nms_sigma` above 0 (at most 1) this is Soft-NMS (Bodla et al,
    https://arxiv.org/abs/1704.04503): a selected box lowers the score of each box
    overlapping it by `exp(-0.5 * iou**2 / soft_nms_sigma)` instead of dropping it, and
    the lowered scores are the ones returned. At 0 it is `non_max_suppression`.

    >>> boxes = tf.tensor2d([[0, 0, 1, 1], [0, 0.5, 1, 1.5]])
    >>> result = tf.image.non_max_suppression_with_score(boxes, [0.9, 0.8], 2, 1.0, 0, 0.5)
    >>> result.selected_indices.array_sync(), [round(s, 4) for s in result.selected_scores.array_sync()]
    ([0, 1], [0.9, 0.7159])
    """
    name = "non_max_suppression_with_score"
    boxes_tensor = convert_to_tensor(boxes, "boxes", name)
    scores_tensor = convert_to_tensor(scores, "scores", name)
    thresholds = (iou_threshold, score_threshold, soft_nms_sigma)
    params = nms_sanity_check(boxes_tensor, scores_tensor, max_output_size, *thresholds, name)
    assert_nms_not_complex(boxes_tensor, scores_tensor, name, "NonMaxSuppressionWithScore")
    indices, selected_scores = ENGINE.run_kernel(
        NON_MAX_SUPPRESSION_V5, {"boxes": boxes_tensor, "scores": scores_tensor}, params._asdict()
    )
    return NonMaxSuppressionWithScore(indices, selected_scores)

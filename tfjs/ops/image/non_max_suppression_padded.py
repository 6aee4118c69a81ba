from __future__ import annotations

import math
from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import NON_MAX_SUPPRESSION_V4
from tfjs.ops.image.nms_util import assert_nms_not_complex, nms_sanity_check
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class NonMaxSuppressionPadded(NamedTuple):
    """The selected boxes' int32 indices (padded with 0 when asked) and, as an int32
    scalar, how many of them are real selections (they come first)."""

    selected_indices: Tensor
    valid_outputs: Tensor


@op
def non_max_suppression_padded(
    boxes: TensorLike,
    scores: TensorLike,
    max_output_size: int,
    iou_threshold: float = 0.5,
    score_threshold: float = -math.inf,
    pad_to_max_output_size: bool = False,
) -> NonMaxSuppressionPadded:
    """Performs non maximum suppression of bounding boxes based on iou (intersection
    over union), with an option to pad the result: with `pad_to_max_output_size` the
    selected indices are padded with 0 to `max_output_size` (at most the number of
    boxes), and `valid_outputs` says how many are real.

    >>> boxes = tf.tensor2d([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 10, 1, 11]])
    >>> result = tf.image.non_max_suppression_padded(boxes, [0.9, 0.95, 0.5], 3, 0.5, 0, True)
    >>> result.selected_indices.array_sync(), result.valid_outputs.array_sync()
    ([1, 2, 0], 2)
    """
    name = "non_max_suppression_padded"
    boxes_tensor = convert_to_tensor(boxes, "boxes", name)
    scores_tensor = convert_to_tensor(scores, "scores", name)
    params = nms_sanity_check(
        boxes_tensor, scores_tensor, max_output_size, iou_threshold, score_threshold, None, name
    )
    assert_nms_not_complex(boxes_tensor, scores_tensor, name, "NonMaxSuppressionPadded")
    attrs = {
        "max_output_size": params.max_output_size,
        "iou_threshold": params.iou_threshold,
        "score_threshold": params.score_threshold,
        "pad_to_max_output_size": check_flag(pad_to_max_output_size, name, "pad_to_max_output_size"),
    }
    indices, valid_outputs = ENGINE.run_kernel(
        NON_MAX_SUPPRESSION_V4, {"boxes": boxes_tensor, "scores": scores_tensor}, attrs
    )
    return NonMaxSuppressionPadded(indices, valid_outputs)

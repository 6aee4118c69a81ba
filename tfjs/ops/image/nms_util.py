"""What the non_max_suppression ops share: TF.js's nonMaxSuppSanityCheck (nonmax_util.ts),
with its messages, and the input handling of the `_async` versions."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from tfjs.backends.cpu.kernels.nms import non_max_suppression_impl
from tfjs.engine import ENGINE
from tfjs.ops.binary_util import assert_not_complex
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_number_to_string
from tfjs.tensor_util import TensorLike, convert_to_tensor

_REAL = (int, float, np.integer, np.floating)


class NmsParams(NamedTuple):
    """The checked arguments: max_output_size is at most the number of boxes."""

    max_output_size: int
    iou_threshold: float
    score_threshold: float
    soft_nms_sigma: float


def _number(value: Any, default: float, name: str, op_name: str) -> float:
    if value is None:
        return default
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, _REAL):
        raise TypeError(f"{op_name}: {name} must be a number, but was {value!r}")
    return float(value)


def _max_output_size(value: Any, num_boxes: int, op_name: str) -> int:
    whole = isinstance(value, _REAL) and not isinstance(value, (bool, np.bool_))
    if whole and isinstance(value, (float, np.floating)):
        whole = value == math.inf or float(value).is_integer()
    if not whole:
        raise TypeError(f"{op_name}: maxOutputSize must be an integer, but was {value!r}")
    return int(min(value, num_boxes))


def nms_sanity_check(
    boxes: Tensor,
    scores: Tensor,
    max_output_size: Any,
    iou_threshold: Any,
    score_threshold: Any,
    soft_nms_sigma: Any,
    op_name: str,
) -> NmsParams:
    """TF.js's checks, in its order and words (prefixed with the op's name): boxes
    [numBoxes, 4], scores [numBoxes], iouThreshold and softNmsSigma in [0, 1]."""
    iou = _number(iou_threshold, 0.5, "iouThreshold", op_name)
    score = _number(score_threshold, -math.inf, "scoreThreshold", op_name)
    sigma = _number(soft_nms_sigma, 0.0, "softNmsSigma", op_name)
    num_boxes = boxes.shape[0] if boxes.rank > 0 else 0
    max_output = _max_output_size(max_output_size, num_boxes, op_name)
    if not 0 <= iou <= 1:
        raise ValueError(f"{op_name}: iouThreshold must be in [0, 1], but was '{js_number_to_string(iou)}'")
    if boxes.rank != 2:
        raise ValueError(
            f"{op_name}: boxes must be a 2D tensor, but was of rank '{boxes.rank}' "
            f"(shape {list(boxes.shape)})"
        )
    if boxes.shape[1] != 4:
        raise ValueError(
            f"{op_name}: boxes must have 4 columns, but 2nd dimension was {boxes.shape[1]} "
            f"(shape {list(boxes.shape)})"
        )
    if scores.rank != 1:
        raise ValueError(
            f"{op_name}: scores must be a 1D tensor, but was of rank {scores.rank} "
            f"(shape {list(scores.shape)})"
        )
    if scores.shape[0] != num_boxes:
        raise ValueError(
            f"{op_name}: scores has incompatible shape with boxes. Expected {num_boxes}, "
            f"but was {scores.shape[0]} (boxes shape {list(boxes.shape)}, scores shape {list(scores.shape)})"
        )
    if not 0 <= sigma <= 1:
        raise ValueError(f"{op_name}: softNmsSigma must be in [0, 1], but was '{js_number_to_string(sigma)}'")
    return NmsParams(max_output, iou, score, sigma)


def assert_nms_not_complex(boxes: Tensor, scores: Tensor, op_name: str, kernel_name: str) -> None:
    """TF.js's cpu kernels refuse complex64 boxes (and cannot read complex64 scores)."""
    assert_not_complex(boxes, op_name, "boxes", kernel_name)
    assert_not_complex(scores, op_name, "scores", kernel_name)


async def select_async(
    boxes: TensorLike,
    scores: TensorLike,
    max_output_size: Any,
    thresholds: tuple[Any, Any, Any],
    op_name: str,
    kernel_name: str,
    *,
    pad: bool = False,
    with_scores: bool = False,
    with_valid: bool = False,
) -> list[Tensor]:
    """What the `_async` ops do: convert and check the arguments (`thresholds`: iou,
    score, soft-NMS sigma), wait for the values of boxes and scores (the tensors made
    here are disposed whatever happens), run TF.js's algorithm on them and return the
    int32 selected indices, then with_scores their float32 scores, with_valid the
    number of real selections (an int32 scalar)."""
    made: list[Tensor] = []
    try:
        boxes_tensor = convert_to_tensor(boxes, "boxes", op_name)
        if boxes_tensor is not boxes:
            made.append(boxes_tensor)
        scores_tensor = convert_to_tensor(scores, "scores", op_name)
        if scores_tensor is not scores:
            made.append(scores_tensor)
        params = nms_sanity_check(boxes_tensor, scores_tensor, max_output_size, *thresholds, op_name)
        assert_nms_not_complex(boxes_tensor, scores_tensor, op_name, kernel_name)
        boxes_values = await boxes_tensor.data()
        scores_values = await scores_tensor.data()
    finally:
        for tensor in made:
            tensor.dispose()
    with np.errstate(all="ignore"):  # NaN boxes give TF.js's answers, as the kernels do
        result = non_max_suppression_impl(boxes_values, scores_values, *params, pad)
    outputs = [ENGINE.make_tensor(result.selected_indices.astype(np.int32), "int32")]
    if with_scores:
        outputs.append(ENGINE.make_tensor(result.selected_scores.astype(np.float32), "float32"))
    if with_valid:
        outputs.append(ENGINE.make_tensor(np.array(result.valid_outputs, np.int32), "int32"))
    return outputs

"""Mappers of TF.js's `dynamic` category (dynamic_executor.ts): ops whose output shape
depends on the values, which TF.js runs with its async ops."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, number, run_sync
from tfjs.ops import image
from tfjs.tensor import Tensor

_NEG_INF = float("-inf")


def _threshold(t: HostInput | None) -> float:
    return _NEG_INF if t is None else float(number(t))


@tf_op("NonMaxSuppressionV2", "NonMaxSuppressionV3")
def non_max_suppression(
    boxes: Tensor,
    scores: Tensor,
    max_output_size: HostInput,
    iou_threshold: HostInput,
    score_threshold: HostInput | None = None,
) -> Tensor:
    return image.non_max_suppression(
        boxes, scores, int(number(max_output_size)), float(number(iou_threshold)), _threshold(score_threshold)
    )


@tf_op("NonMaxSuppressionV4")
def non_max_suppression_padded(
    boxes: Tensor,
    scores: Tensor,
    max_output_size: HostInput,
    iou_threshold: HostInput,
    score_threshold: HostInput,
    *,
    pad_to_max_output_size: bool = False,
) -> list[Tensor]:
    result = image.non_max_suppression_padded(
        boxes,
        scores,
        int(number(max_output_size)),
        float(number(iou_threshold)),
        _threshold(score_threshold),
        bool(pad_to_max_output_size),
    )
    return [result.selected_indices, result.valid_outputs]


@tf_op("NonMaxSuppressionV5")
def non_max_suppression_with_score(
    boxes: Tensor,
    scores: Tensor,
    max_output_size: HostInput,
    iou_threshold: HostInput,
    score_threshold: HostInput,
    soft_nms_sigma: HostInput,
) -> list[Tensor]:
    result = image.non_max_suppression_with_score(
        boxes,
        scores,
        int(number(max_output_size)),
        float(number(iou_threshold)),
        _threshold(score_threshold),
        float(number(soft_nms_sigma)),
    )
    return [result.selected_indices, result.selected_scores]


@tf_op("Where")
def where(condition: Tensor) -> Tensor:
    """The coordinates of the true (non-zero) elements: int32 [count, rank]."""
    as_bool = ops.cast(condition, "bool")
    try:
        return run_sync(ops.where_async(as_bool))
    finally:
        as_bool.dispose()


@tf_op("ListDiff")
def list_diff(x: Tensor, y: Tensor) -> list[Tensor]:
    return run_sync(ops.setdiff1d_async(x, y))

"""What the losses share: TF.js's `Reduction` enum and the checks every loss makes
before any kernel runs."""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list, js_number_to_string, js_text
from tfjs.tensor_util import TensorLike, convert_to_tensor


class Reduction(enum.IntEnum):
    """How a loss reduces its per-element values (TF.js's `tf.Reduction`, same numbers):
    NONE keeps them, MEAN divides their weighted sum by the sum of the weights, SUM adds
    them up, SUM_BY_NONZERO_WEIGHTS (the default) divides their weighted sum by the
    number of nonzero weights (by their count when there are no weights)."""

    NONE = 0
    MEAN = 1
    SUM = 2
    SUM_BY_NONZERO_WEIGHTS = 3


def check_reduction(reduction: Any, op_name: str) -> Reduction:
    """`reduction` as a Reduction (None: the default, as TF.js's undefined), or TF.js's
    'Unknown reduction' error."""
    if reduction is None:
        return Reduction.SUM_BY_NONZERO_WEIGHTS
    if isinstance(reduction, (int, float, np.integer, np.floating)) and not isinstance(reduction, bool):
        value = float(reduction)
        if value in (0.0, 1.0, 2.0, 3.0):  # TF.js compares with ===: 1.0 is MEAN
            return Reduction(int(value))
        text = js_number_to_string(value)
    else:
        text = "true" if reduction is True else "false" if reduction is False else js_text(reduction)
    raise ValueError(f"{op_name}: Unknown reduction: {text}")


def convert_weights(weights: TensorLike | None, op_name: str) -> Tensor | None:
    return None if weights is None else convert_to_tensor(weights, "weights", op_name)


def convert_loss_inputs(
    labels: TensorLike,
    predictions: TensorLike,
    weights: TensorLike | None,
    op_name: str,
    tfjs_name: str,
    names: tuple[str, str] = ("labels", "predictions"),
) -> tuple[Tensor, Tensor, Tensor | None]:
    """A loss's labels, predictions and weights as tensors, converted in TF.js's order
    (`names`: the first two arguments' names), labels and predictions of one shape."""
    labels_tensor = convert_to_tensor(labels, names[0], op_name)
    predictions_tensor = convert_to_tensor(predictions, names[1], op_name)
    weights_tensor = convert_weights(weights, op_name)
    assert_shapes_match(labels_tensor, predictions_tensor, op_name, tfjs_name)
    return labels_tensor, predictions_tensor, weights_tensor


def assert_shapes_match(a: Tensor, b: Tensor, op_name: str, tfjs_name: str) -> None:
    """TF.js's assertShapesMatch with its 'Error in <op>: ' prefix."""
    if a.shape != b.shape:
        raise ValueError(
            f"{op_name}: Error in {tfjs_name}:  Shapes {js_list(a.shape)} and {js_list(b.shape)} must match"
        )


def check_weighted_loss(
    losses_shape: Sequence[int], weights: Tensor | None, reduction: Any, op_name: str
) -> Reduction:
    """What computeWeightedLoss would refuse, said before any kernel runs: weights that do
    not broadcast against the losses (mul's error), an unknown reduction."""
    if weights is not None:
        assert_and_get_broadcast_shape(tuple(losses_shape), weights.shape, op_name)
        assert_not_complex(weights, op_name, "weights")  # its not_equal(weights, 0) takes no complex64
    return check_reduction(reduction, op_name)


def broadcast_factor(losses_size: int, weights_size: int) -> float:
    """losses.size / weights.size as JavaScript divides (x/0 is Infinity, 0/0 NaN)."""
    if weights_size == 0:
        return math.nan if losses_size == 0 else math.inf
    return losses_size / weights_size

from __future__ import annotations

import numpy as np

from tfjs.ops.cast import cast
from tfjs.ops.mat_mul import mat_mul
from tfjs.ops.one_hot import one_hot
from tfjs.ops.operation import op
from tfjs.ops.transpose import transpose
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def confusion_matrix(labels: TensorLike, predictions: TensorLike, num_classes: int) -> Tensor:
    """The int32 [num_classes, num_classes] confusion matrix of 1-D `labels` and
    `predictions` (class numbers, truncated to int32): row = label, column = prediction.
    Classes outside [0, num_classes) are not counted.

    >>> labels = tf.tensor1d([0, 1, 2, 1, 0], "int32")
    >>> predictions = tf.tensor1d([0, 2, 2, 1, 0], "int32")
    >>> tf.math.confusion_matrix(labels, predictions, 3).array_sync()
    [[2, 0, 0], [0, 1, 1], [0, 0, 1]]
    """
    name = "confusion_matrix"
    labels_tensor = convert_to_tensor(labels, "labels", name)
    predictions_tensor = convert_to_tensor(predictions, "predictions", name)
    if num_classes is None:
        raise ValueError(f"{name}: num_classes is required to be a positive integer, but got None")
    if (
        isinstance(num_classes, bool)
        or not isinstance(num_classes, (int, float, np.integer, np.floating))
        or not (num_classes > 0 and float(num_classes).is_integer())
    ):
        raise ValueError(
            f"{name}: If provided, num_classes must be a positive integer, but got {num_classes!r}"
        )
    for arg, tensor in (("labels", labels_tensor), ("predictions", predictions_tensor)):
        if tensor.rank != 1:
            raise ValueError(f"{name}: Expected the rank of {arg} to be 1, but got {tensor.rank}")
    if labels_tensor.shape[0] != predictions_tensor.shape[0]:
        raise ValueError(
            f"{name}: Mismatch in the number of examples: {labels_tensor.shape[0]} vs. "
            f"{predictions_tensor.shape[0]}. Labels and predictions should have the same number of elements."
        )
    depth = int(num_classes)
    if depth < 2:  # TF.js's oneHot says so
        raise ValueError(f"{name}: Error in oneHot: depth must be >=2, but it is {depth}")
    check_tensor_size([depth, depth], "float32", name)
    one_hot_labels = one_hot(cast(labels_tensor, "int32"), depth)
    one_hot_predictions = one_hot(cast(predictions_tensor, "int32"), depth)
    return cast(mat_mul(transpose(one_hot_labels), one_hot_predictions), "int32")

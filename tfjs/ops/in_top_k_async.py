from __future__ import annotations

import numpy as np

from tfjs.engine import ENGINE
from tfjs.ops.binary_util import assert_not_complex
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


async def in_top_k_async(predictions: TensorLike, targets: TensorLike, k: int = 1) -> Tensor:
    """Whether each target is among the `k` greatest predictions of its row (equal
    predictions rank by index, as a stable sort leaves them): a bool tensor of the
    targets' shape.

    This op is asynchronous: it waits for the values of both tensors.

    >>> import asyncio
    >>> predictions = tf.tensor2d([[20, 10, 40, 30], [30, 50, -20, 10]])
    >>> targets = tf.tensor1d([2, 2], "int32")
    >>> asyncio.run(tf.in_top_k_async(predictions, targets, 2)).array_sync()
    [True, False]
    """
    name = "in_top_k_async"
    # One scope for both conversions: when the second fails, the first is freed.
    predictions_tensor, targets_tensor = ENGINE.tidy(
        lambda: (
            convert_to_tensor(predictions, "predictions", name),
            convert_to_tensor(targets, "targets", name),
        )
    )
    try:
        _check(predictions_tensor, targets_tensor, k)
        scores = await predictions_tensor.data()
        wanted = await targets_tensor.data()
    finally:
        if predictions_tensor is not predictions:
            predictions_tensor.dispose()
        if targets_tensor is not targets:
            targets_tensor.dispose()
    last_dim = predictions_tensor.shape[-1]
    rows = np.reshape(scores, (-1, last_dim))
    wanted = np.reshape(wanted, -1).astype(np.float64)
    found = (wanted >= 0) & (wanted < last_dim) & (wanted == np.floor(wanted))
    column = np.where(found, wanted, 0).astype(np.intp)
    target_score = rows[np.arange(rows.shape[0]), column][:, None]
    ahead = (rows > target_score) | ((rows == target_score) & (np.arange(last_dim) < column[:, None]))
    hit = found & (ahead.sum(axis=1) < k)
    return ENGINE.make_tensor(hit.reshape(targets_tensor.shape), "bool")


def _check(predictions: Tensor, targets: Tensor, k: int) -> None:
    name = "in_top_k_async"
    assert_not_complex(predictions, name, "predictions")
    assert_not_complex(targets, name, "targets")
    if predictions.rank <= 1:
        raise ValueError(
            f"{name}: inTopK() expects the predictions to be of rank 2 or higher, but got {predictions.rank}"
        )
    if predictions.rank - 1 != targets.rank:
        raise ValueError(
            f"{name}: predictions rank should be 1 larger than targets rank, but got predictions rank "
            f"{predictions.rank} and targets rank {targets.rank}"
        )
    if predictions.shape[:-1] != targets.shape:
        raise ValueError(
            f"{name}: predictions's shape should be align with the targets' shape, except the last "
            f"dimension: shapes {list(predictions.shape)} and {list(targets.shape)}"
        )
    last_dim = predictions.shape[-1]
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 < k <= last_dim:
        raise ValueError(
            f"{name}: 'k' passed to inTopK() must be > 0 && <= the predictions last dimension "
            f"({last_dim}), but got {k!r}"
        )

from __future__ import annotations

import numpy as np

from tfjs.backend_util.random_streams import check_seed, seed_string
from tfjs.engine import ENGINE
from tfjs.kernel_names import MULTINOMIAL
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def multinomial(
    logits: TensorLike, num_samples: int, seed: float | str | None = None, normalized: bool = False
) -> Tensor:
    """Draws `num_samples` event indices per row from a multinomial distribution.

    `logits` is a 1-D array of unnormalized log-probabilities, or 2-D of shape
    [batch_size, num_outcomes]; with `normalized` they are probabilities that sum to 1.
    The result is int32 of shape [num_samples] or [batch_size, num_samples]. With a
    `seed` (0 draws a fresh one, as in TF.js) the draws are TF.js's; every row uses the
    same stream of draws.

    >>> tf.multinomial(tf.tensor1d([0.75, 0.25]), 5, seed=2, normalized=True).array_sync()
    [0, 1, 1, 0, 1]
    """
    logits_tensor = convert_to_tensor(logits, "logits", "multinomial")
    num_outcomes = logits_tensor.size
    if num_outcomes < 2:
        raise ValueError(
            f"multinomial: Error in multinomial: you need at least 2 outcomes, but got {num_outcomes}."
        )
    if logits_tensor.rank > 2:
        raise ValueError(f"multinomial: Rank of probabilities must be 1 or 2, but is {logits_tensor.rank}")
    if isinstance(num_samples, bool) or not isinstance(num_samples, (int, np.integer)) or num_samples < 0:
        raise ValueError(f"multinomial: num_samples must be a non-negative integer, got {num_samples!r}")
    if logits_tensor.dtype == "complex64":
        raise TypeError("multinomial: multinomial does not support complex64 tensors in the CPU backend.")
    check_seed(seed, "multinomial")
    batch = logits_tensor.shape[0] if logits_tensor.rank == 2 else 1
    check_tensor_size([batch, int(num_samples)], "int32", "multinomial")
    # `seed || Math.random()`: 0, NaN and "" draw a fresh seed.
    seed = seed_string(seed, zero_is_random=True)
    logits_2d = reshape(logits_tensor, [1, -1]) if logits_tensor.rank == 1 else logits_tensor
    attrs = {
        "num_samples": int(num_samples),
        "seed": seed,
        "normalized": check_flag(normalized, "multinomial", "normalized"),
    }
    result = ENGINE.run_kernel(MULTINOMIAL, {"logits": logits_2d}, attrs)
    return reshape(result, [result.size]) if logits_tensor.rank == 1 else result

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import RAGGED_GATHER
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class RaggedGatherResult(NamedTuple):
    output_nested_splits: list[Tensor]
    output_dense_values: Tensor


@op
def ragged_gather(
    params_nested_splits: Sequence[TensorLike],
    params_dense_values: TensorLike,
    indices: TensorLike,
    output_ragged_rank: int,
) -> RaggedGatherResult:
    """Gathers ragged slices from the outermost dimension of a ragged tensor (its row
    splits `params_nested_splits` and flat values `params_dense_values`) at `indices`.
    `output_ragged_rank` is `indices.rank + len(params_nested_splits) - 1`. Returns the
    result's `output_nested_splits` (a list) and `output_dense_values`.

    >>> splits = tf.tensor1d([0, 2, 3, 6], "int32")
    >>> r = tf.ragged_gather([splits], [1, 2, 3, 4, 5, 6], tf.tensor1d([2, 0], "int32"), 1)
    >>> [s.array_sync() for s in r.output_nested_splits], r.output_dense_values.array_sync()
    ([[0, 3, 5]], [4.0, 5.0, 6.0, 1.0, 2.0])
    """
    name = "ragged_gather"
    if not isinstance(params_nested_splits, (list, tuple)):
        raise TypeError(
            f"{name}: paramsNestedSplits must be a list of int32 tensors, "
            f"got {type(params_nested_splits).__name__}"
        )
    splits = [convert_to_tensor(t, f"tensors{i}", name, "int32") for i, t in enumerate(params_nested_splits)]
    values = convert_to_tensor(params_dense_values, "paramsDenseValues", name)
    indices_t = convert_to_tensor(indices, "indices", name, "int32")
    if isinstance(output_ragged_rank, bool) or not isinstance(output_ragged_rank, int):
        raise TypeError(f"{name}: outputRaggedRank must be an integer, got {output_ragged_rank!r}")
    if not splits:
        raise ValueError(f"{name}: paramsNestedSplits must be non empty")
    for i, split in enumerate(splits):
        if split.rank != 1:
            raise ValueError(
                f"{name}: Split tensors must not be scalars: paramsNestedSplits[{i}] has shape []"
                if split.rank == 0
                else f"{name}: paramsNestedSplits[{i}] must be 1-D, got shape {list(split.shape)}"
            )
    if values.rank == 0:
        raise ValueError(f"{name}: params.rank must be nonzero")
    inputs = {"params_nested_splits": splits, "params_dense_values": values, "indices": indices_t}
    result = ENGINE.run_kernel(RAGGED_GATHER, inputs, {"output_ragged_rank": output_ragged_rank})
    return RaggedGatherResult(result[:-1], result[-1])

from __future__ import annotations

from tfjs.ops.operation import op
from tfjs.ops.search_sorted import sorted_search
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def lower_bound(sorted_sequence: TensorLike, values: TensorLike) -> Tensor:
    """search_sorted with side 'left': the first index where each value would go.

    >>> tf.lower_bound(tf.tensor1d([0, 3, 9, 10, 10]), tf.tensor1d([0, 4, 10])).array_sync()
    [[0, 2, 3]]
    """
    return sorted_search(sorted_sequence, values, "left", "lower_bound")

from __future__ import annotations

from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor


def print(x: Tensor, verbose: bool = False) -> None:  # noqa: A001 - TF.js's name
    """Prints a tensor in TF.js's format; `verbose` adds its dtype, rank and shape.

    >>> tf.print(tf.tensor([1, 2]))
    Tensor
        [1, 2]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"print() takes a Tensor, got {type(x).__name__}")
    if x.is_disposed:
        raise ValueError(f"print: x is a disposed tensor (id {x.id})")
    x.print(check_flag(verbose, "print", "verbose"))

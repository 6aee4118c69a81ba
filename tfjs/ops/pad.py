from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import PAD_V2
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


def check_paddings(paddings: Sequence[Sequence[int]], x: Tensor, op_name: str) -> tuple[tuple[int, int], ...]:
    """`paddings` as one (before, after) pair of non-negative ints per dimension of `x`."""
    if not isinstance(paddings, (list, tuple, np.ndarray)) or len(paddings) != x.rank:
        got = len(paddings) if isinstance(paddings, (list, tuple, np.ndarray)) else repr(paddings)
        raise ValueError(f"{op_name}: Padding doesn't match input. Must be {x.rank}. Got {got}.")
    pairs = []
    for i, pair in enumerate(paddings):
        if not isinstance(pair, (list, tuple, np.ndarray)) or len(pair) != 2:
            raise ValueError(
                f"{op_name}: Invalid number of paddings. Must be length of 2 each. Got {pair!r}."
            )
        if any(isinstance(p, bool) or not isinstance(p, (int, np.integer)) or p < 0 for p in pair):
            raise ValueError(
                f"{op_name}: paddings must be non-negative integers, but paddings[{i}] is {_pair(pair)}"
            )
        pairs.append((int(pair[0]), int(pair[1])))
    return tuple(pairs)


def _pair(pair: Sequence[int]) -> str:
    """`pair` as a message shows it (repr: a disposed tensor in it says so)."""
    return "[" + ", ".join(repr(p.item() if isinstance(p, np.generic) else p) for p in pair) + "]"


@op
def pad(x: TensorLike, paddings: Sequence[Sequence[int]], constant_value: float = 0) -> Tensor:
    """Pads `x` with `constant_value`: `paddings[i]` is how many values go before and
    after dimension i.

    >>> tf.pad(tf.tensor1d([1, 2, 3]), [[1, 2]]).array_sync()
    [0.0, 1.0, 2.0, 3.0, 0.0, 0.0]
    """
    x_tensor = convert_to_tensor(x, "x", "pad")
    if x_tensor.rank == 0:
        raise ValueError("pad: pad(scalar) is not defined. Pass non-scalar to pad")
    if x_tensor.dtype == "complex64":
        raise TypeError("pad: pad does not support complex64 tensors in the CPU backend.")
    pairs = check_paddings(paddings, x_tensor, "pad")
    if isinstance(constant_value, bool) or not isinstance(constant_value, (int, float, np.number)):
        raise TypeError(f"pad: constant_value must be a number, got {constant_value!r}")
    padded = [size + before + after for size, (before, after) in zip(x_tensor.shape, pairs, strict=True)]
    check_tensor_size(padded, x_tensor.dtype, "pad")
    attrs = {"paddings": pairs, "constant_value": float(constant_value)}
    return ENGINE.run_kernel(PAD_V2, {"x": x_tensor}, attrs)


@register_gradient(PAD_V2, save_inputs=("x",))
def _pad_grad(dy: Tensor, x: Tensor, paddings: tuple[tuple[int, int], ...]) -> dict[str, Tensor]:
    """The padding values are constants: the gradient is the slice of `dy` over `x`."""
    from tfjs.ops.slice import slice  # noqa: A004

    return {"x": slice(dy, [before for before, _ in paddings], list(x.shape))}

from __future__ import annotations

import math
from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import TILE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import assert_cpu_takes_complex, int_list
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def tile(x: TensorLike, reps: Sequence[int]) -> Tensor:
    """Repeats `x` `reps[i]` times along each axis i (`reps` has one entry per axis).

    >>> tf.tile(tf.tensor1d([1, 2]), [3]).array_sync()
    [1.0, 2.0, 1.0, 2.0, 1.0, 2.0]
    """
    x_tensor = convert_to_tensor(x, "x", "tile", "string_or_numeric")
    reps_ = int_list(reps, "reps", "tile")
    if x_tensor.rank != len(reps_):
        # TF.js's message says "transpose" where it means tile.
        raise ValueError(
            f"tile: Error in transpose: rank of input {x_tensor.rank} "
            f"must match length of reps {js_list(reps_)}."
        )
    assert_cpu_takes_complex(x_tensor, "tile", "tile")
    shape = [d * r for d, r in zip(x_tensor.shape, reps_, strict=True)]
    if any(r < 0 for r in reps_):
        raise ValueError(
            "tile: Tensor must have a shape comprised of positive integers but got shape "
            f"[{js_list(shape)}]. (reps {js_list(reps_)})"
        )
    check_tensor_size(shape, x_tensor.dtype, "tile")
    return ENGINE.run_kernel(TILE, {"x": x_tensor}, {"reps": tuple(reps_)})


@register_gradient(TILE, save_inputs=("x",))
def _tile_grad(dy: Tensor, x: Tensor, reps: tuple[int, ...]) -> dict[str, Tensor]:
    """TF.js's: the sum of `dy`'s copies of `x`, added one after another in float32 onto
    zeros, the copies in row-major order of `reps`. TF.js slices the copies out one at a
    time (ranks 1-4 only); here one transpose lines them up for one add_n, which adds in
    the same order with the same rounding, at any rank."""
    from tfjs.ops.add_n import add_n
    from tfjs.ops.reshape import reshape
    from tfjs.ops.transpose import transpose
    from tfjs.ops.unstack import unstack
    from tfjs.ops.zeros import zeros

    copies = math.prod(reps)
    if copies == 0 or x.size == 0:
        return {"x": zeros(list(x.shape))}
    rank = x.rank
    split = reshape(dy, [n for r, d in zip(reps, x.shape, strict=True) for n in (r, d)])
    lined_up = transpose(split, [*range(0, 2 * rank, 2), *range(1, 2 * rank, 2)])
    return {"x": add_n(unstack(reshape(lined_up, [copies, *x.shape])))}

from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import TILE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import assert_cpu_takes_complex, int_list
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
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
    return ENGINE.run_kernel(TILE, {"x": x_tensor}, {"reps": tuple(reps_)})


@register_gradient(TILE, save_inputs=("x",))
def _tile_grad(dy: Tensor, x: Tensor, reps: tuple[int, ...]) -> dict[str, Tensor]:
    """The sum of `dy`'s copies of `x`. TF.js adds the copies one slice at a time (ranks
    1-4 only); one sum over the copy axes of `dy` reshaped to [reps[0], x.shape[0],
    reps[1], ...] is the same sum, up to float32 rounding (it is done in float64)."""
    from tfjs.ops.reshape import reshape
    from tfjs.ops.sum import sum as sum_

    split_shape = [n for r, d in zip(reps, x.shape, strict=True) for n in (r, d)]
    return {"x": reshape(sum_(reshape(dy, split_shape), list(range(0, 2 * x.rank, 2))), list(x.shape))}

from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import MIRROR_PAD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.pad import check_paddings
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def mirror_pad(x: TensorLike, paddings: Sequence[Sequence[int]], mode: str) -> Tensor:
    """Pads `x` with its own values mirrored at each edge: `"reflect"` leaves out the
    edge value, `"symmetric"` repeats it. `paddings[i]` is how many values go before and
    after dimension i (at most its size, less 1 for reflect).

    >>> tf.mirror_pad(tf.tensor1d([1, 2, 3]), [[2, 2]], "reflect").array_sync()
    [3.0, 2.0, 1.0, 2.0, 3.0, 2.0, 1.0]
    """
    if not isinstance(mode, str) or mode not in ("reflect", "symmetric"):
        raise ValueError(
            f"mirror_pad: Invalid mode. Mode must be either reflect or symmetric. Got {js_text(mode)}."
        )
    x_tensor = convert_to_tensor(x, "x", "mirror_pad")
    if x_tensor.rank == 0:
        raise ValueError("mirror_pad: mirrorPad(scalar) is not defined. Pass non-scalar to mirrorPad")
    if x_tensor.dtype == "complex64":
        raise TypeError("mirror_pad: mirrorPad does not support complex64 tensors in the CPU backend.")
    pairs = check_paddings(paddings, x_tensor, "mirror_pad")
    offset = 1 if mode == "reflect" else 0
    for i, (before, after) in enumerate(pairs):
        limit = x_tensor.shape[i] - offset
        if before > limit or after > limit:
            raise ValueError(
                f"mirror_pad: Padding in dimension {i} cannot be greater than or equal to {limit} or "
                f"less than 0 for input of shape {','.join(map(str, x_tensor.shape))}"
            )
    return ENGINE.run_kernel(MIRROR_PAD, {"x": x_tensor}, {"paddings": pairs, "mode": mode})


@register_gradient(MIRROR_PAD, save_inputs=("x",))
def _mirror_pad_grad(dy: Tensor, x: Tensor, paddings: tuple[tuple[int, int], ...]) -> dict[str, Tensor]:
    """As TF.js's MirrorPad_grad.ts: the slice of `dy` over `x`. The gradients of the
    mirrored copies are dropped (TensorFlow's MirrorPadGrad adds them back onto the values
    they copy); we give TF.js's numbers."""
    from tfjs.ops.slice import slice  # noqa: A004

    return {"x": slice(dy, [before for before, _ in paddings], list(x.shape))}

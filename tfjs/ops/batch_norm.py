from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import FUSED_BATCH_NORM
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.clip_by_value import number_arg
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.ops.scalar import scalar
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor

PARAMS = ("mean", "variance", "scale", "offset")


@op
def batch_norm(
    x: TensorLike,
    mean: TensorLike,
    variance: TensorLike,
    offset: TensorLike | None = None,
    scale: TensorLike | None = None,
    variance_epsilon: float | None = None,
) -> Tensor:
    """Batch normalization: `offset + (x - mean) * scale / sqrt(variance + variance_epsilon)`.

    mean, variance, offset and scale have x's shape or, commonly, x's last dimension
    (`[depth]`); any shape that broadcasts to x's is accepted (TF.js's cpu kernel
    repeats a parameter's values along x's, which agrees wherever the shape is a suffix
    of x's); one that does not is an error. `variance_epsilon` defaults to 0.001.

    >>> tf.batch_norm(tf.tensor2d([[1, 2], [3, 4]]), [1, 2], [4, 1], None, None, 0).array_sync()
    [[0.0, 0.0], [1.0, 2.0]]
    """
    tensors = batch_norm_inputs(x, mean, variance, offset, scale, "batch_norm")
    return run_batch_norm(tensors, variance_epsilon, "batch_norm")


def batch_norm_inputs(
    x: TensorLike,
    mean: TensorLike,
    variance: TensorLike,
    offset: TensorLike | None,
    scale: TensorLike | None,
    op_name: str,
) -> dict[str, Tensor | None]:
    """The arguments as tensors, converted in TF.js's order (scale before offset)."""
    tensors: dict[str, Tensor | None] = {
        "x": convert_to_tensor(x, "x", op_name),
        "mean": convert_to_tensor(mean, "mean", op_name),
        "variance": convert_to_tensor(variance, "variance", op_name),
    }
    tensors["scale"] = None if scale is None else convert_to_tensor(scale, "scale", op_name)
    tensors["offset"] = None if offset is None else convert_to_tensor(offset, "offset", op_name)
    return tensors


def batch_norm_of_rank(
    rank: int,
    x: TensorLike,
    mean: TensorLike,
    variance: TensorLike,
    offset: TensorLike | None,
    scale: TensorLike | None,
    variance_epsilon: float | None,
) -> Tensor:
    """batch_norm2d/3d/4d: x of `rank`, each parameter of `rank` or rank 1, then batch_norm."""
    op_name, tfjs_name = f"batch_norm{rank}d", f"batchNorm{rank}D"
    tensors = batch_norm_inputs(x, mean, variance, offset, scale, op_name)
    for name, tensor in tensors.items():
        ranks = (rank,) if name == "x" else (rank, 1)
        if tensor is not None and tensor.rank not in ranks:
            what = f"rank {rank}" if name == "x" else f"rank {rank} or rank 1"
            raise ValueError(
                f"{op_name}: Error in {tfjs_name}: {name} must be {what} but got rank {tensor.rank}."
            )
    return run_batch_norm(tensors, variance_epsilon, op_name)


def run_batch_norm(tensors: dict[str, Tensor | None], variance_epsilon: float | None, op_name: str) -> Tensor:
    """TF.js's batchNorm after conversion: the checks, x as 4-D, the kernel, x's shape."""
    x, mean = tensors["x"], tensors["mean"]
    assert x is not None and mean is not None
    epsilon = 0.001 if variance_epsilon is None else number_arg(variance_epsilon, "variance_epsilon", op_name)
    for name in ("variance", "offset", "scale"):
        tensor = tensors[name]
        if tensor is not None and tensor.rank != mean.rank:
            raise ValueError(
                f"{op_name}: Batch normalization gradient requires mean and {name} to have equal ranks."
            )
    for name, tensor in tensors.items():
        if tensor is not None:
            assert_not_complex(tensor, op_name, name, "batchNorm")
    x4d_shape = _as_4d_shape(x.shape)
    for name in PARAMS:
        tensor = tensors[name]
        if tensor is not None:
            _assert_broadcasts(tensor.shape, x4d_shape, x.shape, name, op_name)
    inputs = {name: tensor for name, tensor in tensors.items() if tensor is not None}
    inputs["x"] = reshape(x, x4d_shape)
    result = ENGINE.run_kernel(FUSED_BATCH_NORM, inputs, {"variance_epsilon": epsilon})
    return reshape(result, x.shape)


def _as_4d_shape(shape: tuple[int, ...]) -> tuple[int, ...]:
    """TF.js's xAs4D: ranks below 4 padded with leading ones (0-D and 1-D as [1, 1, 1, size])."""
    if len(shape) <= 1:
        return (1, 1, 1, shape[0] if shape else 1)
    return (1,) * (4 - len(shape)) + shape if len(shape) < 4 else shape


def _assert_broadcasts(
    shape: tuple[int, ...], x4d_shape: tuple[int, ...], x_shape: tuple[int, ...], name: str, op_name: str
) -> None:
    """TF.js computes garbage for a parameter that does not broadcast to x: refuse it."""
    core = shape
    while len(core) > len(x4d_shape) and core[0] == 1:
        core = core[1:]
    offset = len(x4d_shape) - len(core)
    fits = offset >= 0 and all(d in (1, x4d_shape[offset + i]) for i, d in enumerate(core))
    if not fits:
        raise ValueError(
            f"{op_name}: Error in batchNorm: {name} of shape [{js_list(shape)}] does not broadcast to x "
            f"of shape [{js_list(x_shape)}]: it must have x's shape or end with x's last dimensions "
            "(commonly [depth])."
        )


@register_gradient(FUSED_BATCH_NORM, save_inputs=("x", "mean", "variance", "scale", "offset"))
def _fused_batch_norm_grad(
    dy: Tensor,
    x: Tensor,
    mean: Tensor,
    variance: Tensor,
    variance_epsilon: float,
    scale: Tensor | None = None,
    offset: Tensor | None = None,
) -> dict[str, Tensor]:
    """TF.js's (FusedBatchNorm_grad.ts). Where TF.js reshapes a parameter's gradient that
    has more elements than the parameter (and fails), it is summed back over the axes
    the parameter was broadcast along."""
    from tfjs.ops.add import add
    from tfjs.ops.mul import mul
    from tfjs.ops.rsqrt import rsqrt
    from tfjs.ops.sub import sub

    scale_value = scalar(1) if scale is None else scale
    x_minus_mean = sub(x, mean)
    dy_times_scale = mul(dy, scale_value)
    one_over_sqrt_variance = rsqrt(add(variance, scalar(variance_epsilon)))
    minus_half_r_cube = mul(
        mul(mul(one_over_sqrt_variance, one_over_sqrt_variance), one_over_sqrt_variance), scalar(-0.5)
    )
    grads = {
        "x": _as_input(mul(mul(dy, one_over_sqrt_variance), scale_value), x),
        "mean": _as_input(mul(mul(one_over_sqrt_variance, scalar(-1)), dy_times_scale), mean),
        "variance": _as_input(mul(mul(minus_half_r_cube, x_minus_mean), dy_times_scale), variance),
    }
    if scale is not None:
        grads["scale"] = _as_input(mul(dy, mul(x_minus_mean, one_over_sqrt_variance)), scale)
    if offset is not None:
        grads["offset"] = _as_input(dy, offset)
    return grads


def _as_input(grad: Tensor, x: Tensor) -> Tensor:
    """TF.js's: a rank-1 parameter's gradient summed over the axes it was broadcast along
    (those x has and it has not included), another's reshaped to its shape."""
    from tfjs.ops.broadcast_util import sum_to_shape

    if x.rank != 1 and x.size == grad.size:
        return reshape(grad, x.shape)
    return sum_to_shape(grad, x.shape)

"""Checks the spectral ops (fft, ifft, rfft, irfft) share."""

from __future__ import annotations

from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


def complex_input(input: TensorLike, op_name: str, tfjs_name: str | None = None) -> Tensor:  # noqa: A002
    """`input` as a complex64 tensor of rank >= 1 whose innermost dimension is not
    empty (TF.js's kernels divide by it), or the error TF.js gives (naming `tfjs_name`,
    the op whose check TF.js runs), before any kernel."""
    tensor = convert_to_tensor(input, "input", op_name, "string_or_numeric")
    if tensor.dtype != "complex64":
        raise TypeError(
            f"{op_name}: The dtype for tf.spectral.{tfjs_name or op_name}() must be complex64 "
            f"but got {tensor.dtype}."
        )
    check_innermost(tensor, op_name)
    return tensor


def check_innermost(tensor: Tensor, op_name: str) -> None:
    """TF.js transforms over the innermost axis: a scalar has none, and an empty one
    gives it a batch of 0/0 = NaN rows; say so instead."""
    if tensor.rank == 0:
        raise ValueError(f"{op_name}: input must have rank >= 1, but got a scalar")
    if tensor.shape[-1] == 0:
        shape = ",".join(map(str, tensor.shape))
        raise ValueError(
            f"{op_name}: the innermost dimension of input must not be empty, but input has shape [{shape}]"
        )

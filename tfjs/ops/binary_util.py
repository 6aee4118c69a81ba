"""What the element-wise ops of two inputs share: conversion, dtype upcasting and the
broadcast check, all before any kernel runs."""

from __future__ import annotations

from tfjs.dtypes import upcast_type
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


def binary_inputs(
    a: TensorLike,
    b: TensorLike,
    op_name: str,
    parse_as_dtype: str = "numeric",
    arg_names: tuple[str, str] = ("a", "b"),
) -> tuple[Tensor, Tensor]:
    """`a` and `b` as tensors of one dtype (TF.js's makeTypesMatch) that broadcast."""
    a_tensor = convert_to_tensor(a, arg_names[0], op_name, parse_as_dtype)
    b_tensor = convert_to_tensor(b, arg_names[1], op_name, parse_as_dtype)
    shape = assert_and_get_broadcast_shape(a_tensor.shape, b_tensor.shape, op_name)
    dtype = upcast_type(a_tensor.dtype, b_tensor.dtype, op_name)
    check_tensor_size(shape, dtype, op_name)
    return make_types_match(a_tensor, b_tensor, dtype)


def make_types_match(a: Tensor, b: Tensor, dtype: str | None = None) -> tuple[Tensor, Tensor]:
    """`a` and `b` cast to the dtype they meet in (`dtype`, when already known)."""
    if a.dtype == b.dtype:
        return a, b
    from tfjs.ops.cast import cast

    dtype = dtype or upcast_type(a.dtype, b.dtype)
    return cast(a, dtype), cast(b, dtype)


def assert_not_complex(
    tensor: Tensor, op_name: str, arg_name: str = "x", tfjs_name: str | None = None
) -> Tensor:
    """TF.js's cpu kernels refuse complex64 input; the op says so, in TF.js's words
    (`tfjs_name`: the name TF.js's message uses, when it is not `op_name`), before any
    kernel runs."""
    if tensor.dtype == "complex64":
        raise TypeError(
            f"Argument '{arg_name}' passed to '{op_name}' is complex64: "
            f"{tfjs_name or op_name} does not support complex64 tensors in the CPU backend."
        )
    return tensor

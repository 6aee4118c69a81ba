"""What the element-wise ops of two inputs share: conversion, dtype upcasting and the
broadcast check, all before any kernel runs."""

from __future__ import annotations

from typing import Any

from tfjs.dtypes import upcast_type
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.tensor import Tensor
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
    assert_and_get_broadcast_shape(a_tensor.shape, b_tensor.shape, op_name)
    return make_types_match(a_tensor, b_tensor)


def make_types_match(a: Tensor, b: Tensor) -> tuple[Tensor, Tensor]:
    if a.dtype == b.dtype:
        return a, b
    from tfjs.ops.cast import cast

    dtype = upcast_type(a.dtype, b.dtype)
    return cast(a, dtype), cast(b, dtype)


def assert_not_complex(tensor: Tensor, op_name: str, arg_name: str = "x") -> Any:
    if tensor.dtype == "complex64":
        raise TypeError(f"{op_name}: argument '{arg_name}' can not be a complex64 tensor")
    return tensor

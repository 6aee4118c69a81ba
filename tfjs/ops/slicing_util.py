"""What the slicing and joining ops share: integer arguments, the cpu backend's refusals
of complex64 inputs, and flat slice numbers of index vectors."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tfjs.backend_util.gather_indices import flat_slice_indices
from tfjs.ops.binary_util import assert_not_complex
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list


def is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def int_list(values: Any, arg_name: str, op_name: str) -> list[int]:
    """`values` (a list of integers, or one integer) as a list of Python ints."""
    items = list(values) if isinstance(values, (list, tuple, np.ndarray)) else [values]
    if not all(is_int(v) for v in items):
        raise TypeError(f"{op_name}: {arg_name} must be an integer or a list of integers, got {values!r}")
    return [int(v) for v in items]


def assert_cpu_takes_complex(x: Tensor, kernel: str, op_name: str) -> None:
    """The cpu backend's refusal of complex64 inputs, in TF.js's words (`kernel` is the
    name TF.js's message uses)."""
    assert_not_complex(x, op_name, tfjs_name=kernel)


def assert_index_vectors_in_range(
    index: Tensor, shape: tuple[int, ...], op_name: str, one_dim_is_one_vector: bool = False
) -> None:
    """Each index vector (along the last axis of `index`; a 1-D `index` holds one-number
    vectors, or is one vector with `one_dim_is_one_vector`, as gather_nd reads it) must
    name a slice of `shape`. As in TF.js, only the slice's flat number is checked: [0, 5]
    names the last row of a [3, 2] tensor."""
    values = index._values()
    if values.size == 0:
        return
    rank = values.shape[-1] if values.ndim > 1 or one_dim_is_one_vector else 1
    if rank == 0 or (values.min() >= 0 and values.max() < min(shape[:rank])):
        return  # every component in every axis' range: every flat number is in range
    vectors = values.reshape(-1, rank)
    flat = flat_slice_indices(vectors, shape)
    bad = np.flatnonzero((flat < 0) | (flat >= math.prod(shape[:rank])))
    if bad.size:
        raise IndexError(
            f"{op_name}: Invalid indices: {js_list(vectors[bad[0]].tolist())} "
            f"does not index into {js_list(shape)}"
        )

"""What the slicing and joining ops share: integer arguments and the cpu backend's
refusals of complex64 inputs (their kernels check the index values)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfjs.ops.binary_util import assert_not_complex
from tfjs.tensor import Tensor


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

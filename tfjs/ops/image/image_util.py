"""Argument checks shared by the `tf.image` ops."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tfjs import tensor_format
from tfjs.ops.slicing_util import is_int
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_number_to_string


def is_number(value: Any) -> bool:
    """A real number (not a bool), as JavaScript's `typeof value === 'number'`."""
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value, (bool, np.bool_)
    )


def js_text(values: Any) -> str:
    """A number or a list as a JavaScript template string writes it (`2,3`)."""
    if isinstance(values, (list, tuple, np.ndarray)):
        return ",".join(js_text(v) for v in values)
    return js_number_to_string(float(values)) if is_number(values) else tensor_format.js_text(values)


def check_rank4(image: Tensor, op_name: str, tfjs_name: str) -> None:
    if image.rank != 4:
        # TF.js's message has no space after the comma.
        raise ValueError(f"{op_name}: Error in {tfjs_name}: image must be rank 4,but got rank {image.rank}.")


def check_sizes(size: Any, arg_name: str, op_name: str, minimum: int = 0) -> tuple[int, int]:
    """A pair of integers >= `minimum` (heights and widths), as Python ints."""
    if (
        not isinstance(size, (list, tuple, np.ndarray))
        or len(size) != 2
        or not all(is_int(s) and s >= minimum for s in size)
    ):
        bound = "non-negative" if minimum == 0 else f">= {minimum}"
        raise ValueError(f"{op_name}: {arg_name} must be a pair of {bound} integers, but got {size!r}")
    return int(size[0]), int(size[1])


def check_number(value: Any, arg_name: str, op_name: str) -> float:
    if not is_number(value):
        raise TypeError(f"{op_name}: {arg_name} must be a number, but got {value!r}")
    return float(value)


def check_numbers(value: Any, count: int, arg_name: str, op_name: str) -> float | tuple[float, ...]:
    """A number, or a list of `count` numbers."""
    if is_number(value):
        return float(value)
    if isinstance(value, (list, tuple, np.ndarray)) and len(value) == count and all(map(is_number, value)):
        return tuple(float(v) for v in value)
    raise TypeError(f"{op_name}: {arg_name} must be a number or a list of {count} numbers, but got {value!r}")


def check_choice(value: Any, choices: Sequence[str], message: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(message)
    return value

"""`Tensor.to_string()` in TF.js's format (tfjs-core's tensor_format), down to how
JavaScript writes numbers, so that a program prints the same text in both."""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import numpy as np

FORMAT_LIMIT_NUM_VALS = 20  # more values than this along a dimension are summarised
FORMAT_NUM_FIRST_LAST_VALS = 3
FORMAT_NUM_SIG_DIGITS = 7
_FIXED_STEP = Decimal(1).scaleb(-FORMAT_NUM_SIG_DIGITS)


def js_number_to_string(value: float) -> str:
    """How JavaScript's `String(value)` writes a double: shortest round-trip digits, no
    exponent between 1e-7 and 1e21, no trailing `.0`."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    sign, digit_tuple, exponent = Decimal(repr(float(value))).as_tuple()
    digits = "".join(map(str, digit_tuple)).rstrip("0")
    exponent += len(digit_tuple) - len(digits)
    k = len(digits)
    n = exponent + k  # value = 0.digits * 10**n
    prefix = "-" if sign else ""
    if k <= n <= 21:
        return prefix + digits + "0" * (n - k)
    if 0 < n <= 21:
        return prefix + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return prefix + "0." + "0" * (-n) + digits
    e = n - 1
    mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
    return f"{prefix}{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"


def js_list(values: Sequence[Any]) -> str:
    """Numbers as JavaScript prints an array in a template string: `2,3` (empty: ``);
    anything else in it (in an error message about a bad argument) by its repr."""
    return ",".join(js_number_to_string(v) if _is_real(v) else repr(v) for v in values)


def js_text(value: Any) -> str:
    """An argument as an error message shows it: a string or number as a JavaScript
    template string writes it, anything else by its repr (so that showing a bad argument
    never reads a tensor's values, nor fails on a disposed one)."""
    if isinstance(value, str):
        return value
    return js_number_to_string(value) if _is_real(value) else repr(value)


def _is_real(value: Any) -> bool:
    numeric = isinstance(value, (int, float, np.integer, np.floating))
    return numeric and not isinstance(value, (bool, np.bool_))


def _fixed_then_string(value: float) -> str:
    """JavaScript's `parseFloat(value.toFixed(7)).toString()`."""
    if math.isnan(value) or math.isinf(value) or abs(value) >= 1e21:
        return js_number_to_string(value)
    rounded = Decimal(value).quantize(_FIXED_STEP, rounding=ROUND_HALF_UP)
    return js_number_to_string(float(rounded))


def _value_strings(flat: np.ndarray, dtype: str) -> list[str]:
    """Each value as tensor_format's valToString writes it (without padding)."""
    if dtype == "string":
        return [f"'{v.decode('utf-8', 'replace') if isinstance(v, bytes) else v}'" for v in flat]
    if dtype == "bool":
        return ["true" if v else "false" for v in flat]
    if dtype == "complex64":
        return [f"{_fixed_then_string(float(v.real))} + {_fixed_then_string(float(v.imag))}j" for v in flat]
    unique, inverse = np.unique(flat, return_inverse=True)
    texts = [_fixed_then_string(float(v)) for v in unique]
    return [texts[i] for i in inverse.ravel()]


def tensor_to_string(values: np.ndarray, shape: tuple[int, ...], dtype: str, verbose: bool = False) -> str:
    """The text TF.js's `tensor.toString(verbose)` gives for a tensor of these values."""
    if verbose is not None and not isinstance(verbose, (bool, np.bool_, int, float)):
        raise TypeError(f"print/to_string: verbose must be a boolean, got {verbose!r}")
    flat = values.reshape(-1)
    lines = ["Tensor"]
    if verbose:
        lines += [
            f"  dtype: {dtype}",
            f"  rank: {len(shape)}",
            f"  shape: [{','.join(map(str, shape))}]",
            "  values:",
        ]
    if not shape:
        lines.append("    " + _scalar_string(flat[0], dtype))
        return "\n".join(lines)
    texts = _value_strings(flat, dtype)
    num_cols = shape[-1]
    pad = [0] * num_cols
    if len(shape) > 1 and num_cols > 0:
        lengths = np.fromiter((len(t) for t in texts), dtype=np.int64, count=len(texts))
        pad = lengths.reshape(-1, num_cols).max(axis=0, initial=0).tolist()
    value_lines = _sub_tensor_lines(texts, 0, shape, pad, is_last=True)
    lines.append("\n".join("    " + line for line in value_lines))
    return "\n".join(lines)


def _scalar_string(value: object, dtype: str) -> str:
    if dtype == "bool":
        return "true" if value else "false"
    if dtype == "string":
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
    if dtype == "complex64":
        return _value_strings(np.array([value]), dtype)[0]
    return js_number_to_string(float(value))  # type: ignore[arg-type]


def _sub_tensor_lines(
    texts: list[str], offset: int, shape: tuple[int, ...], pad: list[int], is_last: bool
) -> list[str]:
    size = shape[0]
    if len(shape) == 1:
        row = texts[offset : offset + size]
        if size > FORMAT_LIMIT_NUM_VALS:
            n = FORMAT_NUM_FIRST_LAST_VALS
            first = [t.ljust(pad[i]) for i, t in enumerate(row[:n])]
            last = [t.ljust(pad[size - n + i]) for i, t in enumerate(row[-n:])]
            return ["[" + ", ".join(first) + ", ..., " + ", ".join(last) + "]"]
        return ["[" + ", ".join(t.ljust(pad[i]) for i, t in enumerate(row)) + "]"]
    stride = math.prod(shape[1:])
    if size > FORMAT_LIMIT_NUM_VALS:
        n = FORMAT_NUM_FIRST_LAST_VALS
        shown = [*range(n), None, *range(size - n, size)]
    else:
        shown = list(range(size))
    lines: list[str] = []
    for i in shown:
        if i is None:
            lines.append("...")
            continue
        lines += _sub_tensor_lines(texts, offset + i * stride, shape[1:], pad, is_last=i == size - 1)
    sep = "," if len(shape) == 2 else ""
    lines = ["[" + lines[0] + sep, *lines[1:]] if lines else ["["]
    for i in range(1, len(lines) - 1):
        lines[i] = " " + lines[i] + sep
    new_line_sep = ",\n" + "\n" * (len(shape) - 2)
    lines[-1] = " " + lines[-1] + "]" + ("" if is_last else new_line_sep)
    return lines

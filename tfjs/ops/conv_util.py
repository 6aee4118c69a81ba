"""TF.js's conv_util checks of a pad under a dim_rounding_mode, and the texts its messages
write (pads, parameters). The geometry itself (computeConv2DInfo, ...) is shared with the
kernels and lives in tfjs/backend_util/conv_info.py.

Names are TF.js's in snake_case; the info records are frozen dataclasses whose fields are
TF.js's Conv2DInfo/Conv3DInfo fields in snake_case.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tfjs.backend_util.conv_types import Pad, is_number
from tfjs.tensor_format import js_number_to_string, js_text


def check_pad_on_dim_rounding_mode(op_desc: str, pad: Pad, dim_rounding_mode: str | None) -> None:
    """TF.js's checkPadOnDimRoundingMode: with a rounding mode, the pad must be integers.

    The message is `<op_desc>: Error in <op_desc>: ...`; pass the Python op name, e.g.
    'conv2d' (TF.js's camelCase name appears in its own message only where they differ).
    """
    check_pad_on_dim_rounding_mode_as(op_desc, op_desc, pad, dim_rounding_mode)


def check_pad_on_dim_rounding_mode_as(
    op_name: str, js_op_desc: str, pad: Pad, dim_rounding_mode: str | None
) -> None:
    """check_pad_on_dim_rounding_mode with TF.js's camelCase name (`js_op_desc`) in the text."""
    if dim_rounding_mode is None:
        return
    prefix = (
        f"{op_name}: Error in {js_op_desc}: pad must be an integer when using "
        f"dimRoundingMode {js_text(dim_rounding_mode)}"
    )
    if isinstance(pad, str):
        raise ValueError(f"{prefix} but got pad {pad}.")
    if is_number(pad):
        if not float(pad).is_integer():
            raise ValueError(f"{prefix} but got pad {js_number_to_string(float(pad))}.")
        return
    if not isinstance(pad, (list, tuple)) or not all(isinstance(pair, (list, tuple)) for pair in pad):
        raise ValueError(f"{prefix} but got pad {js_text(pad)}.")
    for pair in pad:
        for v in pair:
            if not (is_number(v) and float(v).is_integer()):
                raise ValueError(f"{prefix} but got pad {js_value(v)}.")


def js_value(value: Any) -> str:
    if is_number(value):
        return js_number_to_string(float(value))
    if isinstance(value, (list, tuple, np.ndarray)):
        return js_list_any(list(value))
    return js_text(value)


def pad_text(pad: Any) -> str:
    if isinstance(pad, str):
        return f"'{pad}'"
    if isinstance(pad, (list, tuple, np.ndarray)):
        return "[" + ", ".join("[" + ", ".join(js_value(v) for v in p) + "]" for p in pad) + "]"
    return js_value(pad)


def js_param(value: Any) -> str:
    """A number or a list as a JavaScript template string writes it (`2` or `2,2`)."""
    if isinstance(value, (list, tuple, np.ndarray)):
        return js_list_any(list(value))
    return js_value(value)


def js_list_any(values: Sequence[Any]) -> str:
    return ",".join(js_value(v) for v in values)

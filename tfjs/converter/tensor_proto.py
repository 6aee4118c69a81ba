"""Const values stored in the graph itself: a node's TensorProto JSON (`{"dtype",
"tensorShape", "floatVal"|"intVal"|...|"tensorContent"}`) as NumPy values."""

from __future__ import annotations

import base64
import binascii
import math
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.converter.attrs import decode_dtype, decode_shape

_VALUE_FIELDS = (
    "floatVal",
    "doubleVal",
    "intVal",
    "int64Val",
    "boolVal",
    "stringVal",
    "halfVal",
    "scomplexVal",
)
# How tensorContent lays out each TF dtype (little-endian, as TF writes it).
_RAW_DTYPES = {
    "DT_FLOAT": "<f4",
    "DT_DOUBLE": "<f8",
    "DT_INT32": "<i4",
    "DT_INT64": "<i8",
    "DT_UINT8": "u1",
    "DT_INT8": "i1",
    "DT_INT16": "<i2",
    "DT_UINT16": "<u2",
    "DT_BOOL": "?",
    "DT_HALF": "<f2",
}
_TARGETS = {
    "float32": np.float32,
    "int32": np.int32,
    "bool": np.bool_,
    "string": object,
    "complex64": np.float32,
}


def tensor_proto_has_values(proto: dict[str, Any], where: str = "a constant") -> bool:
    """Whether a TensorProto JSON holds its values (a model's weights leave them to the manifest)."""
    shape = decode_shape(proto.get("tensorShape") or {}, where) or []
    return "tensorContent" in proto or any(proto.get(key) for key in _VALUE_FIELDS) or 0 in shape


def decode_tensor_proto(proto: dict[str, Any], where: str = "a constant") -> tuple[np.ndarray, str]:
    """A TensorProto JSON as NumPy values and this project's dtype; a single value fills
    the shape, as in TF. Values of the wrong JSON type, a size that does not fit the
    shape, or a shape too large to hold are ValueErrors that start with `where`."""
    raw_dtype = proto.get("dtype", "DT_FLOAT")
    dtype = decode_dtype(raw_dtype, where)
    shape = decode_shape(proto.get("tensorShape") or {}, where) or []
    if any(d < 0 for d in shape):
        raise ValueError(f"{where}: a constant's shape must be known, got {shape}")
    size = math.prod(shape)
    if "tensorContent" in proto:
        values = _content_values(proto["tensorContent"], raw_dtype, where)
    else:
        values = _listed_values(proto, dtype, where)
    if values.size not in (size, 1, 0):
        raise ValueError(f"{where}: a constant of shape {shape} holds {values.size} values")
    target = _TARGETS.get(dtype, np.float32)
    if values.size != size:
        fill = values[0] if values.size else ("" if dtype == "string" else 0)
        try:
            return np.full(shape, fill, dtype=target), dtype
        except (MemoryError, ValueError):
            raise ValueError(f"{where}: a constant of shape {shape} is too large to hold") from None
    if dtype == "int32" and values.dtype.kind == "f":
        return dtypes.to_int32(values).reshape(shape), dtype
    return values.astype(target).reshape(shape), dtype


def _content_values(content: Any, raw_dtype: Any, where: str) -> np.ndarray:
    if not isinstance(content, str):
        raise ValueError(f"{where}: tensorContent must be base64 text, got {content!r:.60}")
    try:
        data = base64.b64decode(content)
    except binascii.Error:
        raise ValueError(f"{where}: tensorContent is not base64 text") from None
    layout = np.dtype(_RAW_DTYPES.get(raw_dtype if isinstance(raw_dtype, str) else "", "<f4"))
    if len(data) % layout.itemsize:
        raise ValueError(
            f"{where}: tensorContent holds {len(data)} bytes, not a whole number of {raw_dtype} values"
        )
    return np.frombuffer(data, dtype=layout)


def _listed_values(proto: dict[str, Any], dtype: str, where: str) -> np.ndarray:
    for key in _VALUE_FIELDS:
        if key not in proto:
            continue
        items = proto[key]
        if not isinstance(items, list):
            raise ValueError(f"{where}: {key} must be a list, got {items!r:.60}")
        if (key == "stringVal") != (dtype == "string"):
            raise ValueError(f"{where}: a {dtype} constant cannot hold {key}")
        if key == "stringVal":
            if not all(isinstance(item, str) for item in items):
                raise ValueError(f"{where}: stringVal must hold base64 text")
            try:
                decoded = [base64.b64decode(item).decode("utf-8", "replace") for item in items]
            except binascii.Error:
                raise ValueError(f"{where}: stringVal holds text that is not base64") from None
            return np.array(decoded, dtype=object)
        if not all(_is_number(item) for item in items):
            raise ValueError(f"{where}: {key} must hold numbers, got {items!r:.60}")
        if dtype == "bool":
            return np.array([bool(float(item)) for item in items], dtype=np.bool_)
        return np.array([float(item) for item in items], dtype=np.float64)
    return np.zeros(0, dtype=object if dtype == "string" else np.float64)


def _is_number(value: Any) -> bool:
    if isinstance(value, (int, float)):  # bools too (boolVal)
        return True
    if isinstance(value, str):
        try:
            float(value)
        except ValueError:
            return False
        return True
    return False

"""A graph node's attribute values (TensorFlow's AttrValue as JSON) as Python values."""

from __future__ import annotations

import base64
from typing import Any

# TensorFlow's DataType enum, by name and by number (old converters write the number), as
# TF.js's converter narrows them: 64-bit integers and the small integer types become int32.
DTYPES_BY_NAME = {
    "DT_FLOAT": "float32",
    "DT_DOUBLE": "float32",
    "DT_HALF": "float32",
    "DT_BFLOAT16": "float32",
    "DT_INT32": "int32",
    "DT_INT64": "int32",
    "DT_INT8": "int32",
    "DT_UINT8": "int32",
    "DT_INT16": "int32",
    "DT_UINT16": "int32",
    "DT_UINT32": "int32",
    "DT_UINT64": "int32",
    "DT_BOOL": "bool",
    "DT_STRING": "string",
    "DT_COMPLEX64": "complex64",
    "DT_COMPLEX128": "complex64",
    "DT_RESOURCE": "resource",
    "DT_VARIANT": "variant",
}
DTYPES_BY_NUMBER = {
    1: "DT_FLOAT",
    2: "DT_DOUBLE",
    3: "DT_INT32",
    4: "DT_UINT8",
    5: "DT_INT16",
    6: "DT_INT8",
    7: "DT_STRING",
    8: "DT_COMPLEX64",
    9: "DT_INT64",
    10: "DT_BOOL",
    14: "DT_BFLOAT16",
    17: "DT_UINT16",
    18: "DT_COMPLEX128",
    19: "DT_HALF",
    20: "DT_RESOURCE",
    21: "DT_VARIANT",
    22: "DT_UINT32",
    23: "DT_UINT64",
}


def decode_dtype(value: Any) -> str:
    """A TF DataType (name or number) as this project's dtype name."""
    name = DTYPES_BY_NUMBER.get(value, value) if isinstance(value, int) else value
    if name not in DTYPES_BY_NAME:
        raise ValueError(f"Unsupported TF dtype {value!r}")
    return DTYPES_BY_NAME[name]


def decode_shape(value: dict[str, Any]) -> list[int] | None:
    """A TensorShapeProto as a list of ints (-1 for unknown), None for an unknown rank."""
    if value.get("unknownRank"):
        return None
    return [int(d.get("size", -1)) for d in value.get("dim", [])]


def decode_string(value: str | list[int]) -> str:
    """AttrValue's `s` as text: base64 in JSON, or (old converters) a list of character
    codes, which TF.js reads with String.fromCharCode."""
    if isinstance(value, list):
        return "".join(chr(code) for code in value)
    return base64.b64decode(value).decode("utf-8", "replace")


def decode_attr(value: dict[str, Any]) -> Any:
    """One AttrValue: `{"i": "3"}` -> 3, `{"list": {"i": ["1", "2"]}}` -> [1, 2],
    `{"s": "TkhXQw=="}` -> "NHWC", `{"type": "DT_FLOAT"}` -> "float32", `{"f": 0.5}`,
    `{"b": true}`, `{"shape": ...}` -> [dims], `{"func": {"name": ...}}` -> the name;
    `{"tensor": ...}` is returned as is (the executor makes it a tensor)."""
    if "list" in value:
        items = value["list"]
        for key in ("i", "f", "b", "s", "type", "shape", "func", "tensor"):
            if key in items:
                return [decode_attr({key: item}) for item in items[key]]
        return []
    if "i" in value:
        return int(value["i"])
    if "f" in value:
        return float(value["f"])
    if "b" in value:
        return bool(value["b"])
    if "s" in value:
        return decode_string(value["s"])
    if "type" in value:
        return decode_dtype(value["type"])
    if "shape" in value:
        return decode_shape(value["shape"])
    if "func" in value:
        return value["func"].get("name")
    if "tensor" in value:
        return value["tensor"]
    return None


def decode_attrs(attr: dict[str, Any] | None) -> dict[str, Any]:
    """A node's `attr` map, every value decoded."""
    return {name: decode_attr(value) for name, value in (attr or {}).items()}

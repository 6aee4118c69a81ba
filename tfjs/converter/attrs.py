"""A graph node's attribute values (TensorFlow's AttrValue as JSON) as Python values."""

from __future__ import annotations

import base64
import binascii
import re
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


def decode_dtype(value: Any, where: str = "") -> str:
    """A TF DataType (name or number) as this project's dtype name."""
    hashable = isinstance(value, (str, int)) and not isinstance(value, bool)
    name = DTYPES_BY_NUMBER.get(value, value) if hashable and isinstance(value, int) else value
    if not hashable or name not in DTYPES_BY_NAME:
        raise ValueError(f"{_prefix(where)}Unsupported TF dtype {value!r:.60}")
    return DTYPES_BY_NAME[name]


def decode_shape(value: Any, where: str = "") -> list[int] | None:
    """A TensorShapeProto as a list of ints (-1 for unknown), None for an unknown rank."""
    if not isinstance(value, dict):
        raise ValueError(f"{_prefix(where)}a TensorShape must be an object with 'dim', got {value!r:.60}")
    if value.get("unknownRank"):
        return None
    dims = value.get("dim", [])
    if not isinstance(dims, list) or not all(isinstance(d, dict) for d in dims):
        raise ValueError(
            f"{_prefix(where)}a TensorShape's 'dim' must be a list of {{'size': n}}, got {dims!r:.60}"
        )
    sizes = [_int(d.get("size", -1), where, "a dimension's size") for d in dims]
    if any(size < -1 for size in sizes):
        raise ValueError(
            f"{_prefix(where)}a dimension's size must be -1 (unknown) or at least 0, got {sizes}"
        )
    return sizes


def decode_string(value: Any, where: str = "") -> str:
    """AttrValue's `s` as text: base64 in JSON, or (old converters) a list of character
    codes, which TF.js reads with String.fromCharCode."""
    if isinstance(value, list):
        if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 0x10FFFF for c in value):
            raise ValueError(f"{_prefix(where)}a string as character codes must hold codes 0..0x10FFFF")
        return "".join(chr(code) for code in value)
    if not isinstance(value, str):
        raise ValueError(f"{_prefix(where)}a string must be base64 text, got {value!r:.60}")
    try:
        return base64.b64decode(value).decode("utf-8", "replace")
    except binascii.Error:
        raise ValueError(f"{_prefix(where)}{value!r:.60} is not base64 text") from None


def decode_attr(value: Any, where: str = "") -> Any:
    """One AttrValue: `{"i": "3"}` -> 3, `{"list": {"i": ["1", "2"]}}` -> [1, 2],
    `{"s": "TkhXQw=="}` -> "NHWC", `{"type": "DT_FLOAT"}` -> "float32", `{"f": 0.5}`,
    `{"b": true}`, `{"shape": ...}` -> [dims], `{"func": {"name": ...}}` -> the name;
    `{"tensor": ...}` is returned as is (the executor makes it a tensor). A value of the
    wrong JSON type is a ValueError that starts with `where` (the node and attribute)."""
    if not isinstance(value, dict):
        raise ValueError(f"{_prefix(where)}an attribute value must be an object, got {value!r:.60}")
    if "list" in value:
        items = value["list"]
        if not isinstance(items, dict):
            raise ValueError(f"{_prefix(where)}'list' must be an object, got {items!r:.60}")
        for key in ("i", "f", "b", "s", "type", "shape", "func", "tensor"):
            if key in items:
                if not isinstance(items[key], list):
                    raise ValueError(f"{_prefix(where)}'list.{key}' must be a list, got {items[key]!r:.60}")
                return [decode_attr({key: item}, where) for item in items[key]]
        return []
    if "i" in value:
        return _int(value["i"], where, "'i'")
    if "f" in value:
        return _float(value["f"], where)
    if "b" in value:
        if not isinstance(value["b"], bool):
            raise ValueError(f"{_prefix(where)}'b' must be true or false, got {value['b']!r:.60}")
        return value["b"]
    if "s" in value:
        return decode_string(value["s"], where)
    if "type" in value:
        return decode_dtype(value["type"], where)
    if "shape" in value:
        return decode_shape(value["shape"], where)
    if "func" in value:
        function = value["func"]
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            raise ValueError(f"{_prefix(where)}'func' must be an object with a 'name', got {function!r:.60}")
        return function["name"]
    if "tensor" in value:
        if not isinstance(value["tensor"], dict):
            raise ValueError(
                f"{_prefix(where)}'tensor' must be a TensorProto object, got {value['tensor']!r:.60}"
            )
        return value["tensor"]
    return None


def decode_attrs(attr: Any, where: str = "a node") -> dict[str, Any]:
    """A node's `attr` map, every value decoded; `where` names the node in errors."""
    if attr is None:
        return {}
    if not isinstance(attr, dict):
        raise ValueError(f"{where}: 'attr' must be an object, got {attr!r:.60}")
    return {name: decode_attr(value, f"{where} attribute '{name}'") for name, value in attr.items()}


def _prefix(where: str) -> str:
    return f"{where}: " if where else ""


def _int(value: Any, where: str, what: str) -> int:
    """An int64 as JSON holds it: a number or its decimal text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _INTEGER.fullmatch(value):
        return int(value)
    raise ValueError(f"{_prefix(where)}{what} must be an integer, got {value!r:.60}")


def _float(value: Any, where: str) -> float:
    """A float as JSON holds it: a number, or text ("NaN", "Infinity", "1.5")."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            pass
    raise ValueError(f"{_prefix(where)}'f' must be a number, got {value!r:.60}")


_INTEGER = re.compile(r"[-+]?\d{1,30}")

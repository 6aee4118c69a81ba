"""Names of layers and weights as TF.js gives them (tfjs-layers' backend/state.ts and common.ts)."""

from __future__ import annotations

import difflib
import inspect
from collections import defaultdict
from typing import Any

from tfjs.layers.serialization import to_camel_case, to_snake_case

_uid_counters: defaultdict[str, int] = defaultdict(int)
_tensor_name_counts: defaultdict[str, int] = defaultdict(int)


def get_uid(prefix: str = "") -> str:
    """`prefix` followed by how many times it was asked for (TF.js's getUid): "Dense1", "Dense2"."""
    _uid_counters[prefix] += 1
    return f"{prefix}{_uid_counters[prefix]}"


def default_layer_name(class_name: str) -> str:
    """TF.js's default name of a layer: `dense_Dense1`, `conv2d_Conv2D3`."""
    return f"{to_snake_case(class_name)}_{get_uid(class_name)}"


def unique_tensor_name(name: str) -> str:
    """`name` the first time, then `name_1`, `name_2`... (TF.js's getUniqueTensorName)."""
    count = _tensor_name_counts[name]
    _tensor_name_counts[name] += 1
    while count > 0 and _tensor_name_counts[f"{name}_{count}"]:
        count += 1
        _tensor_name_counts[name] += 1
    if count == 0:
        return name
    result = f"{name}_{count}"
    _tensor_name_counts[result] += 1
    return result


def camel_key(key: str) -> str:
    """A snake_case keyword as TF.js's camelCase config key."""
    return to_camel_case(key)


def snake_kwargs(config: dict[str, Any]) -> dict[str, Any]:
    """A TS-form config's keys as snake_case keyword arguments."""
    return {to_snake_case(k): v for k, v in config.items() if k not in ("customObjects", "custom_objects")}


def constructor_parameters(cls: type) -> set[str]:
    """The keyword arguments the constructors along `cls`'s hierarchy take."""
    names: set[str] = set()
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is not None and klass is not object:
            names.update(inspect.signature(init).parameters)
    names.discard("self")
    return names


def accepted_arguments(cls: type) -> set[str]:
    """The keyword arguments a layer class takes: its constructors', and its cell's for an
    RNN layer (which hands them on: `tf.layers.lstm(units=...)`)."""
    cell_class = getattr(cls, "cell_class", None)
    return constructor_parameters(cls) | (constructor_parameters(cell_class) if cell_class else set())


def unknown_arguments(unknown: list[str], cls: type) -> str:
    """What is wrong with the keyword arguments `unknown`, which no constructor along
    `cls`'s hierarchy takes: TF.js's camelCase keys and near misses get their name here.

    >>> class Dense:
    ...     def __init__(self, units=1, input_shape=None): ...
    >>> unknown_arguments(["unit"], Dense)
    "unknown argument 'unit' (did you mean 'units'?)"
    """
    known = sorted(accepted_arguments(cls) - {"args", "kwargs"})
    described = []
    for name in unknown:
        snake = to_snake_case(name)
        if snake != name and snake in known:
            described.append(f"{name!r} (did you mean {snake!r}? TF.js's config keys are snake_case here)")
            continue
        close = difflib.get_close_matches(name, known, n=1)
        described.append(f"{name!r} (did you mean {close[0]!r}?)" if close else repr(name))
    return f"unknown argument{'s' if len(unknown) > 1 else ''} " + ", ".join(described)


def is_shape_list(shape: Any) -> bool:
    """Whether `shape` is a list of shapes (a layer with several outputs)."""
    return isinstance(shape, list) and len(shape) > 0 and isinstance(shape[0], (list, tuple))


def dtype_name(dtype: Any) -> str | None:
    """A dtype from a string or a Keras 3 dtype-policy dict."""
    if isinstance(dtype, dict):
        config = dtype.get("config", {})
        name = config.get("name", "float32")
        return "float32" if name in ("mixed_float16", "mixed_bfloat16") else name
    return dtype

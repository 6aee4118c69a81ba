"""Serialization of layers objects (TF.js's `tf.serialization` and tfjs-layers' generic
utilities): the class registry, `{"className", "config"}` dicts and key case conversion.

Two spellings of a config exist, as in TF.js: the *TS form* that `get_config()` returns
and `from_config()` takes (camelCase keys: `kernelInitializer`, `fanAvg`), and the
*pythonic form* a model.json holds (snake_case keys and string values: `kernel_initializer`,
`fan_avg`). `convert_pythonic_to_ts` and `convert_ts_to_pythonic` are TF.js's converters.
Python constructors take snake_case keyword arguments.
"""

from __future__ import annotations

import contextlib
import inspect
import re
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

# Keras 3 writes a layer's dtype as a policy object; its "name" is the dtype string.
_DTYPE_POLICY_CLASSES = frozenset({"DTypePolicy", "FloatDTypePolicy", "Policy", "QuantizedDTypePolicy"})
# In these lists the first item of each entry is a layer's name, not a config string.
_NAME_LIST_KEYS = frozenset({"inboundNodes", "outputLayers", "inputLayers"})
_PY_NAME_LIST_KEYS = frozenset({"inbound_nodes", "output_layers", "input_layers"})

_REGISTRY: dict[str, type] = {}
_REGISTERED_NAMES: dict[type, str] = {}
_custom_object_scopes: list[Mapping[str, Any]] = []


class Serializable:
    """What TF.js's `serialization.Serializable` is: a class with a `class_name`, a
    `get_config()` (TS form) and a `from_config(config)` that rebuilds it."""

    class_name: ClassVar[str]

    def get_class_name(self) -> str:
        """The class name written into `{"className", "config"}` (TF.js `getClassName`)."""
        return type(self).class_name

    def get_config(self) -> dict[str, Any]:
        """The object's config in TS form (camelCase keys)."""
        return {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.get_config()})"

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> Any:
        """Builds an instance from a TS-form config: its keys become the constructor's
        snake_case keyword arguments (TF.js's default `new cls(config)`)."""
        return cls(**config_to_kwargs(cls, config))


def config_to_kwargs(cls: type, config: Mapping[str, Any]) -> dict[str, Any]:
    """A config's keys as `cls`'s snake_case constructor arguments; TF.js's `customObjects`
    key is dropped, and a key the constructor does not take is a ValueError."""
    where = f"{getattr(cls, 'class_name', cls.__name__)}.from_config"
    if not isinstance(config, Mapping):
        raise TypeError(f"{where}: config must be a dict, got {config!r}")
    kwargs = {to_snake_case(k): v for k, v in config.items() if k not in ("customObjects", "custom_objects")}
    parameters = inspect.signature(cls.__init__).parameters
    if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        unknown = sorted(set(kwargs) - set(parameters))
        if unknown:
            raise ValueError(
                f"{where}: unknown config key(s) {unknown}; "
                f"expected some of {sorted(p for p in parameters if p != 'self')}"
            )
    return kwargs


def check_number(value: Any, arg: str, where: str, default: Any = None) -> Any:
    """A building block's numeric config value: `default` for None, the number itself
    otherwise; anything else (a bool too) is a TypeError naming `where` and `arg`."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{where}: {arg} must be a number, got {value!r}")
    return value


# ---- the registry ------------------------------------------------------------------------


def register_class(cls: type, pkg: str | None = None, name: str | None = None) -> type:
    """Registers a class for deserialization by its `class_name` (TF.js
    `tf.serialization.registerClass`); usable as a decorator. Returns the class.

    >>> class Scale(Serializable):
    ...     class_name = "DocScale"
    >>> register_class(Scale) is Scale, get_registered_class("DocScale") is Scale
    (True, True)
    """
    if not isinstance(cls, type):
        raise TypeError(f"register_class: expected a class, got {cls!r}")
    class_name = cls.__dict__.get("class_name", getattr(cls, "class_name", None))
    if class_name is None:
        raise ValueError(
            f"register_class: class {cls.__name__} does not have the class attribute "
            "class_name (the name a model.json holds for it)"
        )
    if not isinstance(class_name, str):
        raise TypeError(f"register_class: class_name must be a string, got {type(class_name).__name__}")
    if not class_name:
        raise ValueError(f"register_class: class {cls.__name__} has an empty class_name")
    _REGISTRY[class_name] = cls
    _REGISTERED_NAMES[cls] = f"{pkg or 'Custom'}>{name or class_name}"
    return cls


def register_alias(alias: str, cls: type) -> None:
    """Makes `alias` (a class name another writer uses, e.g. Keras's "LecunNormal" for
    TF.js's "LeCunNormal") deserialize as the registered class `cls`."""
    _REGISTRY[alias] = cls


def get_registered_class(class_name: str) -> type | None:
    """The class registered under `class_name`, or None."""
    return _REGISTRY.get(class_name)


def get_registered_name(cls: type) -> str:
    """`"<pkg>><name>"` for a registered class (TF.js `getRegisteredName`), else its
    class_name."""
    return _REGISTERED_NAMES.get(cls, getattr(cls, "class_name", cls.__name__))


@contextlib.contextmanager
def custom_object_scope(custom_objects: Mapping[str, Any] | None) -> Iterator[None]:
    """Within the block, `custom_objects` (class name -> class or function) are found by
    every `deserialize_keras_object`, nested ones included (TF.js's global custom objects
    during a deserialization)."""
    _custom_object_scopes.append(dict(custom_objects or {}))
    try:
        yield
    finally:
        _custom_object_scopes.pop()


def _lookup(name: str, custom_objects: Mapping[str, Any] | None) -> Any:
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    for scope in reversed(_custom_object_scopes):
        if name in scope:
            return scope[name]
    return _REGISTRY.get(name)


def _unknown(what: str, name: str) -> ValueError:
    return ValueError(
        f"Unknown {what}: {name}. This may be due to one of the following reasons:\n"
        f"1. The {what} is defined in Python Keras, in which case it needs to be ported "
        "to TensorFlow.js for Python or your code.\n"
        f"2. The custom {what} is defined in your code, but is not registered with "
        "tf.serialization.register_class()."
    )


# ---- serialize / deserialize ---------------------------------------------------------------


def serialize_keras_object(obj: Any) -> dict[str, Any] | None:
    """`{"className": ..., "config": ...}` for a serializable object (None for None)."""
    if obj is None:
        return None
    return {"className": obj.get_class_name(), "config": obj.get_config()}


def deserialize_keras_object(
    identifier: str | Mapping[str, Any],
    custom_objects: Mapping[str, Any] | None = None,
    what: str = "object",
    module_objects: Mapping[str, Any] | None = None,
) -> Any:
    """Rebuilds an object from `{"className"|"class_name", "config"}` (TF.js's and Keras 2's
    form; Keras 3's "module"/"registered_name" keys and dtype-policy dicts are accepted):
    the class is looked up in `custom_objects`, `module_objects`, then the registry, and
    `cls.from_config(config)` builds it. A string identifier returns what it names.
    An unknown class is a ValueError naming it and `what` (e.g. "initializer").
    """
    if isinstance(identifier, str):
        found = _find(identifier, custom_objects, module_objects)
        if found is None:
            raise _unknown(what, identifier)
        return found
    if not isinstance(identifier, Mapping):
        raise TypeError(f"Cannot deserialize {what} from {identifier!r}: expected a string or a dict")
    class_name = identifier.get("className", identifier.get("class_name"))
    config = identifier.get("config")
    if not isinstance(class_name, str) or not isinstance(config, Mapping):
        raise ValueError(
            f"{what}: Improper config format: {identifier!r}. 'className' and 'config' must be set."
        )
    cls = _find(class_name, custom_objects, module_objects)
    registered_name = identifier.get("registered_name")
    if cls is None and isinstance(registered_name, str):
        cls = _find(registered_name.split(">")[-1], custom_objects, module_objects)
    if cls is None:
        raise _unknown(what, class_name)
    config = strip_keras3_wrappers(config)
    with custom_object_scope(custom_objects):
        if hasattr(cls, "from_config"):
            return cls.from_config(config)
        return cls(**config_to_kwargs(cls, config))


def _find(
    name: str, custom_objects: Mapping[str, Any] | None, module_objects: Mapping[str, Any] | None
) -> Any:
    found = _lookup(name, custom_objects)
    if found is None and module_objects:
        found = module_objects.get(name)
    return found


def strip_keras3_wrappers(config: Any) -> Any:
    """A copy of `config` with Keras 3's dtype-policy dicts replaced by their dtype name and
    tf.keras's `{"type": "ndarray", "value": number}` scalars by the number."""
    if isinstance(config, list):
        return [strip_keras3_wrappers(item) for item in config]
    if not isinstance(config, Mapping):
        return config
    class_name = config.get("className", config.get("class_name"))
    inner = config.get("config")
    if class_name in _DTYPE_POLICY_CLASSES and isinstance(inner, Mapping) and "name" in inner:
        return inner["name"]
    if config.get("type") == "ndarray" and isinstance(config.get("value"), (int, float)):
        return config["value"]
    return {key: strip_keras3_wrappers(value) for key, value in config.items()}


# ---- key case -------------------------------------------------------------------------------


def to_snake_case(name: str) -> str:
    """TF.js's `toSnakeCase`: `kernelInitializer` -> `kernel_initializer`; a leading
    underscore gets the prefix "private".

    >>> to_snake_case("kernelInitializer"), to_snake_case("L1L2"), to_snake_case("fanAvg")
    ('kernel_initializer', 'l1_l2', 'fan_avg')
    """
    intermediate = re.sub(r"(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    insecure = re.sub(r"([a-z])([A-Z])", r"\1_\2", intermediate).lower()
    return "private" + insecure if insecure.startswith("_") else insecure


def to_camel_case(identifier: str) -> str:
    """TF.js's `toCamelCase`: `kernel_initializer` -> `kernelInitializer`.

    >>> to_camel_case("kernel_initializer"), to_camel_case("glorot_uniform")
    ('kernelInitializer', 'glorotUniform')
    """
    if len(identifier) <= 1 or "_" not in identifier:
        return identifier
    return re.sub(r"_+(\w|$)", lambda m: m.group(1).upper(), identifier, flags=re.ASCII)


def convert_config_keys(config: Any, to: str = "snake") -> Any:
    """`config` with every dict key (nested ones too) in snake_case (`to="snake"`) or
    camelCase (`to="camel"`); values are left as they are."""
    if to not in ("snake", "camel"):
        raise ValueError(f"convert_config_keys: to must be 'snake' or 'camel', got {to!r}")
    convert = to_snake_case if to == "snake" else to_camel_case
    if isinstance(config, Mapping):
        return {convert(k): convert_config_keys(v, to) for k, v in config.items()}
    if isinstance(config, list):
        return [convert_config_keys(item, to) for item in config]
    return config


def convert_pythonic_to_ts(config: Any, key: str | None = None) -> Any:
    """TF.js's `convertPythonicToTs`: keys and string values of a model.json config to
    camelCase, except `name` values and the layer names in inbound nodes and
    input/output layer lists.

    >>> convert_pythonic_to_ts({"class_name": "VarianceScaling", "config": {"mode": "fan_avg"}})
    {'className': 'VarianceScaling', 'config': {'mode': 'fanAvg'}}
    """
    if config is None or isinstance(config, (bool, int, float)):
        return config
    if isinstance(config, str):
        return to_camel_case(config)
    if isinstance(config, (list, tuple)):
        return [
            item
            if key in _NAME_LIST_KEYS and i == 0 and isinstance(item, str)
            else convert_pythonic_to_ts(item, key)
            for i, item in enumerate(config)
        ]
    result = {}
    for py_key, value in config.items():
        if py_key == "name" and isinstance(value, str):
            result[py_key] = value
        else:
            ts_key = to_camel_case(py_key)
            result[ts_key] = convert_pythonic_to_ts(value, ts_key)
    return result


def convert_ts_to_pythonic(config: Any, key: str | None = None) -> Any:
    """TF.js's `convertTsToPythonic` (what `model.save` writes): keys and string values to
    snake_case, except `name` and `className` values and the layer names in inbound nodes
    and input/output layer lists.

    >>> convert_ts_to_pythonic({"className": "VarianceScaling", "config": {"mode": "fanAvg"}})
    {'class_name': 'VarianceScaling', 'config': {'mode': 'fan_avg'}}
    """
    if config is None or isinstance(config, (bool, int, float)):
        return config
    if isinstance(config, str):
        return to_snake_case(config)
    if isinstance(config, (list, tuple)):
        return [
            item
            if key in _NAME_LIST_KEYS | _PY_NAME_LIST_KEYS and i == 0 and isinstance(item, str)
            else convert_ts_to_pythonic(item, key)
            for i, item in enumerate(config)
        ]
    result = {}
    for ts_key, value in config.items():
        py_key = to_snake_case(ts_key)
        if ts_key in ("name", "className") and isinstance(value, str):
            result[py_key] = value
        else:
            result[py_key] = convert_ts_to_pythonic(value, ts_key)
    return result


# ---- identifiers ------------------------------------------------------------------------------


def get_from_identifier(
    identifier: Any, base: type, what: str, aliases: Mapping[str, str] | None = None
) -> Any:
    """Resolves what the layers API accepts for a building block (TF.js's `getInitializer`,
    `getRegularizer`, ...): an instance of `base` passes through; a string is an alias
    (`glorotUniform`, snake_case too: `glorot_uniform`) or a registered class name
    (`GlorotUniform`) and builds that class with its defaults; a dict is a serialized
    object. Anything else, or a name of no `base` subclass, is a ValueError naming it.
    """
    if isinstance(identifier, base):
        return identifier
    aliases = aliases or {}
    if isinstance(identifier, str):
        for name in (identifier, to_camel_case(identifier)):
            class_name = aliases.get(name, name)
            cls = _lookup(class_name, None)
            if isinstance(cls, type) and issubclass(cls, base):
                return cls.from_config({})
        raise _unknown(what, identifier)
    if isinstance(identifier, Mapping):
        class_name = identifier.get("className", identifier.get("class_name"))
        cls = _lookup(class_name, None) if isinstance(class_name, str) else None
        if cls is not None and not (isinstance(cls, type) and issubclass(cls, base)):
            raise _unknown(what, class_name)
        result = deserialize_keras_object(identifier, what=what)
        if not isinstance(result, base):
            raise ValueError(
                f"Unknown {what}: {class_name} built a {type(result).__name__}, not a {base.__name__}"
            )
        return result
    raise ValueError(
        f"Unknown {what}: {identifier!r}; expected a name, a config dict or a {base.__name__} instance"
    )

"""The table of TF op mappers: TF op name -> a small function onto this project's ops.

A mapper takes the node's data inputs as positional parameters (in the node's order;
`*xs` for a variadic list) and the node's attributes as keyword-only parameters named as
in the graph (`strides`, `padding`, `data_format`, `T`, ...), already decoded
(`attrs.decode_attr`); a keyword-only `context` parameter receives the execution context
(control flow, tensor arrays, hash tables). It returns a tensor, or a list of tensors for a
node of several outputs. Attributes a mapper does not declare are ignored; a declared
attribute the node lacks takes the parameter's default.

    @tf_op("Conv2D")
    def conv2d(x, filter, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1),
               explicit_paddings=()):
        ...
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Mapper = Callable[..., Any]


@dataclass(frozen=True)
class OpMapper:
    op: str
    fn: Mapper
    category: str
    positional: int  # how many fixed data inputs it takes
    variadic: bool  # whether it takes `*xs`
    attrs: frozenset[str]
    takes_context: bool
    required: int = 0  # how many of the fixed data inputs have no default
    required_attrs: frozenset[str] = frozenset()  # the attributes without a default
    # The data inputs it reads on the host (`HostInput`): positions, negative from the end.
    host_inputs: tuple[int, ...] = ()

    def host_positions(self, count: int) -> list[int]:
        """The positions, among a node's `count` data inputs, of those read on the host."""
        positions = (p + count if p < 0 else p for p in self.host_inputs)
        return [p for p in positions if 0 <= p < count]

    def call_error(self, node_name: str, count: int, keywords: Mapping[str, Any]) -> str | None:
        """Why a node of this op cannot run on `count` data inputs and the attributes
        `keywords`; None when it can."""
        if self.required <= count and (self.variadic or count <= self.positional):
            missing = sorted(self.required_attrs - keywords.keys())
            if missing:
                return f"Node '{node_name}' ({self.op}) lacks the attribute(s) {missing} the op needs"
            return None
        wanted = (
            f"{self.required}"
            if self.required == self.positional
            else f"{self.required} to {self.positional}"
        )
        wanted = f"at least {self.required}" if self.variadic else wanted
        return f"Node '{node_name}' ({self.op}) has {count} data input(s); the op takes {wanted}"


_mappers: dict[str, OpMapper] = {}
# Ops registered by users (`tf.register_op`, in custom_op.py): they override built-in ones.
_custom_mappers: dict[str, OpMapper] = {}


def tf_op(*op_names: str, host_inputs: tuple[int, ...] = ()) -> Callable[[Mapper], Mapper]:
    """Registers the decorated function as the mapper of the TF ops `op_names`; its module's
    last name is the category (`tfjs.converter.ops.arithmetic` -> `arithmetic`). The inputs
    it reads on the host are its parameters annotated `HostInput`, and `host_inputs`
    (positions, negative from the end: a variadic op's trailing axis)."""

    def register(fn: Mapper) -> Mapper:
        parameters = inspect.signature(fn).parameters.values()
        kinds = [p.kind for p in parameters]
        fixed = [p for p in parameters if p.kind in _POSITIONAL]
        annotated = tuple(i for i, p in enumerate(fixed) if _is_host_input(p.annotation))
        attrs = frozenset(
            p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name != "context"
        )
        for name in op_names:
            if name in _mappers:
                raise ValueError(f"TF op '{name}' already has a mapper ({_mappers[name].fn.__qualname__})")
            _mappers[name] = OpMapper(
                op=name,
                fn=fn,
                category=fn.__module__.rsplit(".", 1)[-1],
                positional=kinds.count(inspect.Parameter.POSITIONAL_OR_KEYWORD)
                + kinds.count(inspect.Parameter.POSITIONAL_ONLY),
                variadic=inspect.Parameter.VAR_POSITIONAL in kinds,
                attrs=attrs,
                takes_context="context" in inspect.signature(fn).parameters,
                required=sum(
                    1
                    for p in parameters
                    if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.POSITIONAL_ONLY)
                    and p.default is inspect.Parameter.empty
                ),
                required_attrs=frozenset(
                    name
                    for name in attrs
                    if inspect.signature(fn).parameters[name].default is inspect.Parameter.empty
                ),
                host_inputs=annotated + tuple(host_inputs),
            )
        return fn

    return register


_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _is_host_input(annotation: Any) -> bool:
    # The alias `_values.HostInput` (a name under postponed annotations, else its text).
    return annotation in ("HostInput", "Tensor | HostValues")


# What a mapper's attribute must decode to, from its annotation or else its default's type:
# a wrong kind (a list where a bool goes, text where an int goes) is a load error naming
# the node, not an error deep inside an op.
_KINDS_BY_ANNOTATION = {
    "int": "int",
    "str": "str",
    "bool": "bool",
    "float": "float",
    "str | None": "str?",
    "list[int] | None": "ints?",
    "list[str] | None": "strs?",
    "Sequence[str]": "strs",
}
_KINDS_BY_DEFAULT = {bool: "bool", int: "int", float: "float", str: "str"}


# TF's attributes of these names have one kind in every op (for mappers that give them
# neither an annotation nor a default).
_KINDS_BY_NAME = {
    "strides": "ints",
    "ksize": "ints",
    "rates": "ints",
    "dilations": "ints",
    "padding": "str",
    "data_format": "str",
    "stride": "int",
    "dilation": "int",
}


def _kind_of_default(default: Any) -> str | None:
    if isinstance(default, (tuple, list)):  # `(1, 1, 1, 1)`: ints; `()`: a list of anything
        return "ints" if default and all(_is_int(i) for i in default) else "list"
    return _KINDS_BY_DEFAULT.get(type(default))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_KIND_CHECKS: dict[str, Callable[[Any], bool]] = {
    "int": _is_int,
    "str": lambda v: isinstance(v, str),
    "bool": lambda v: isinstance(v, bool),
    "float": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "str?": lambda v: v is None or isinstance(v, str),
    "ints": lambda v: isinstance(v, list) and all(_is_int(i) for i in v),
    "list": lambda v: isinstance(v, list),
    "strs": lambda v: isinstance(v, list) and all(isinstance(i, str) for i in v),
    "ints?": lambda v: v is None or (isinstance(v, list) and all(_is_int(i) for i in v)),
    "strs?": lambda v: v is None or (isinstance(v, list) and all(isinstance(i, str) for i in v)),
}
_KIND_WORDS = {"int": "an integer", "str": "a string", "bool": "true or false", "float": "a number"}
_KIND_WORDS |= {"str?": "a string", "ints": "a list of integers", "ints?": "a list of integers"}
_KIND_WORDS |= {"strs?": "a list of strings", "list": "a list", "strs": "a list of strings"}


@functools.cache
def attr_kinds(fn: Mapper) -> dict[str, str]:
    """{attribute: kind} of the mapper function `fn`'s keyword-only parameters whose kind is known."""
    kinds = {}
    for parameter in inspect.signature(fn).parameters.values():
        if parameter.kind is not inspect.Parameter.KEYWORD_ONLY or parameter.name == "context":
            continue
        kind = _KINDS_BY_ANNOTATION.get(str(parameter.annotation)) or _kind_of_default(parameter.default)
        kind = kind or _KINDS_BY_NAME.get(parameter.name)
        if kind is not None:
            kinds[parameter.name] = kind
    return kinds


def attr_kind_error(mapper: OpMapper, node_name: str, keywords: Mapping[str, Any]) -> str | None:
    """Why the decoded attributes `keywords` of a node do not fit its mapper; None when they do."""
    kinds = attr_kinds(mapper.fn)
    for name, value in keywords.items():
        kind = kinds.get(name)
        if kind is not None and not _KIND_CHECKS[kind](value):
            return (
                f"Node '{node_name}' ({mapper.op}): attribute '{name}' must be {_KIND_WORDS[kind]}, "
                f"got {value!r:.60}"
            )
    return None


def get_mapper(op: str) -> OpMapper | None:
    """The mapper of TF op `op`: a registered custom op first (TF.js's getRegisteredOp),
    then the built-in one; None when neither exists."""
    return _custom_mappers.get(op) or _mappers.get(op)


def supported_ops() -> list[str]:
    return sorted(_mappers)


def call_mapper(mapper: OpMapper, inputs: list[Any], attrs: Mapping[str, Any], context: Any = None) -> Any:
    """Runs `mapper` on a node's decoded inputs and attributes."""
    keywords = {name: value for name, value in attrs.items() if name in mapper.attrs}
    if mapper.takes_context:
        keywords["context"] = context
    return mapper.fn(*inputs, **keywords)

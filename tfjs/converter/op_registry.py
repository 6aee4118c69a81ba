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


_mappers: dict[str, OpMapper] = {}
# Ops registered by users (`tf.register_op`, in custom_op.py): they override built-in ones.
_custom_mappers: dict[str, OpMapper] = {}


def tf_op(*op_names: str) -> Callable[[Mapper], Mapper]:
    """Registers the decorated function as the mapper of the TF ops `op_names`; its module's
    last name is the category (`tfjs.converter.ops.arithmetic` -> `arithmetic`)."""

    def register(fn: Mapper) -> Mapper:
        parameters = inspect.signature(fn).parameters.values()
        kinds = [p.kind for p in parameters]
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
            )
        return fn

    return register


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

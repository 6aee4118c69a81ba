"""What the op fuzz calls: every public op (`tf.*` and its namespaces) and every chained
Tensor method, read from the export lists, so that a new op is fuzzed without a line here."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any

import tfjs as tf
import tfjs.ops

NAMESPACES = ("image", "linalg", "signal", "spectral", "losses", "sparse", "string", "math", "fused")


@dataclasses.dataclass(frozen=True)
class Param:
    name: str
    annotation: str
    has_default: bool
    variadic: bool = False


@dataclasses.dataclass(frozen=True)
class Target:
    """One callable: `tf.<namespace>.<op>`, or `Tensor.<op>` when `method`."""

    namespace: str
    op: str
    method: bool
    params: tuple[Param, ...]

    @property
    def label(self) -> str:
        if self.method:
            return f"Tensor.{self.op}"
        return f"tf.{self.namespace}.{self.op}" if self.namespace else f"tf.{self.op}"

    def function(self) -> Callable[..., Any]:
        module = getattr(tf, self.namespace) if self.namespace else tf
        return getattr(module, self.op)


def _params(function: Callable[..., Any], skip_first: bool) -> tuple[Param, ...]:
    parameters = list(inspect.signature(function).parameters.values())
    if skip_first:
        parameters = parameters[1:]
    return tuple(
        Param(
            p.name,
            str(p.annotation) if p.annotation is not inspect.Parameter.empty else "",
            p.default is not inspect.Parameter.empty,
            p.kind is inspect.Parameter.VAR_POSITIONAL,
        )
        for p in parameters
        if p.kind is not inspect.Parameter.VAR_KEYWORD
    )


def targets() -> list[Target]:
    """Every op, namespace op and chained method, in a fixed order."""
    found = []
    for name in tfjs.ops.__all__:
        function = getattr(tf, name)
        found.append(Target("", name, False, _params(function, False)))
        if callable(getattr(tf.Tensor, name, None)):
            found.append(Target("", name, True, _params(function, True)))
    for namespace in NAMESPACES:
        module = getattr(tf, namespace)
        for name in module.__all__:
            function = getattr(module, name)
            if inspect.isfunction(function):
                found.append(Target(namespace, name, False, _params(function, False)))
    return found

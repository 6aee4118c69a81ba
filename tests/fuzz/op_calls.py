"""One op fuzz call, run in the fuzz worker: `run_case(backend, seed)` picks the target
(seed modulo the number of targets, so consecutive seeds cover every op) and its
arguments (from `random.Random(seed)`: drawn one by one, or a template of
tests/fuzz/op_templates.py with one argument replaced), calls it and disposes what it
made."""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
import warnings
from typing import Any

import tfjs as tf
from tests.fuzz.op_catalog import Target, targets
from tests.fuzz.op_templates import METHOD_TEMPLATES, TEMPLATES
from tests.fuzz.op_values import Draw

_TARGETS: list[Target] | None = None


def all_targets() -> list[Target]:
    global _TARGETS
    if _TARGETS is None:
        _TARGETS = targets()
    return _TARGETS


def target_of(seed: int) -> Target:
    found = all_targets()
    return found[seed % len(found)]


def arguments(target: Target, draw: Draw) -> tuple[list[Any], dict[str, Any]]:
    """Positional arguments up to a random point, then some of the rest by keyword."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    rng = draw.rng
    positional = True
    for param in target.params:
        if param.variadic:
            args.extend(draw.for_param(param.name, param.annotation) for _ in range(rng.randint(0, 3)))
            continue
        if param.has_default and rng.random() < 0.4:
            positional = False  # left out: the rest go by keyword
            continue
        value = draw.for_param(param.name, param.annotation)
        if positional and rng.random() < 0.9:
            args.append(value)
        else:
            positional = False
            kwargs[param.name] = value
    if rng.random() < 0.02:
        args.append(draw.oddity())  # one argument too many
    return args, kwargs


def call_of(target: Target, draw: Draw) -> tuple[list[Any], dict[str, Any]]:
    """The call's arguments (a chained method's tensor first): from a template half of
    the time when the op has one, else drawn argument by argument."""
    templates = METHOD_TEMPLATES if target.method else TEMPLATES
    template = templates.get(f"{target.namespace}.{target.op}") or templates.get(target.op)
    if template is not None and draw.rng.random() < 0.5:
        args, kwargs = template(draw)
        if args and draw.rng.random() < 0.5:
            _mutate_one(target, draw, args)
    else:
        first = [draw.tensor_like()] if target.method else []
        args, kwargs = arguments(target, draw)
        args = first + args
    if target.method and not isinstance(args[0], tf.Tensor):
        args[0] = draw.tensor()
    return args, kwargs


def _mutate_one(target: Target, draw: Draw, args: list[Any]) -> None:
    index = draw.rng.randrange(len(args))
    params = ((None, *target.params) if target.method else target.params) or (None,)
    param = params[min(index, len(params) - 1)]
    if param is None:
        args[index] = draw.tensor_like()
    else:
        args[index] = draw.for_param(param.name, param.annotation)


def run_case(backend: str, seed: int) -> str:
    """Calls target `seed` on `backend`; returns what the result was (the worker
    disposes its tensors), or raises what the op raised."""
    tf.set_backend(backend)
    target = target_of(seed)
    draw = Draw(random.Random(seed))
    try:
        args, kwargs = call_of(target, draw)
        function = getattr(args.pop(0), target.op) if target.method else target.function()
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("error")
            result = function(*args, **kwargs)
            if hasattr(result, "__await__"):
                result = asyncio.run(_awaited(result))
        return _dispose_result(result)
    finally:
        tf.dispose(draw.tensors)


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


def _dispose_result(result: Any) -> str:
    """Disposes the tensors of a result (not the call's own inputs, which an op may
    hand back) and describes it."""
    if isinstance(result, tf.Tensor):
        described = f"Tensor{list(result.shape)} {result.dtype}"
        result.dispose()
        return described
    if isinstance(result, (list, tuple)):
        return "(" + ", ".join(_dispose_result(item) for item in result) + ")"
    if isinstance(result, dict):
        return "{" + ", ".join(f"{key}: {_dispose_result(item)}" for key, item in result.items()) + "}"
    if hasattr(result, "dispose"):
        result.dispose()
    return type(result).__name__


def describe_case(seed: int) -> str:
    """The call `seed` makes, as text (for a failure report)."""
    target = target_of(seed)
    draw = Draw(random.Random(seed))
    try:
        args, kwargs = call_of(target, draw)
        shown = [_show(value) for value in args] + [f"{k}={_show(v)}" for k, v in kwargs.items()]
        return f"{target.label}({', '.join(shown)})"
    finally:
        tf.dispose(draw.tensors)


def _show(value: Any) -> str:
    if isinstance(value, tf.Tensor):
        if value.is_disposed:
            return "<disposed tensor>"
        return f"tf.tensor({value.array_sync()!r}, {list(value.shape)}, {value.dtype!r})"
    text = repr(value)
    return text if len(text) < 200 else text[:200] + "..."

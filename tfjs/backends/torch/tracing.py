"""Whether the torch kernels run as they do while a plan is traced into a TorchScript
graph (plan_compiler.py): only paths the tracer can record and a graph can hold. The
plan compiler also runs the kernels so, eagerly, to check the graph against them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import torch

_AS_TRACED: ContextVar[bool] = ContextVar("torch_kernels_as_traced", default=False)


def traced() -> bool:
    """Whether a kernel is being traced, or runs as if it were (`as_traced`)."""
    return _AS_TRACED.get() or torch.jit.is_tracing()


@contextmanager
def as_traced() -> Iterator[None]:
    """Within it, the kernels take the paths they take while traced."""
    token = _AS_TRACED.set(True)
    try:
        yield
    finally:
        _AS_TRACED.reset(token)


_ONE_OP_CONVOLUTIONS: ContextVar[bool] = ContextVar("torch_one_op_convolutions", default=False)


def one_op_convolutions() -> bool:
    """Whether convolutions run as torch's own single op (`as_one_op_convolutions`)."""
    return _ONE_OP_CONVOLUTIONS.get()


@contextmanager
def as_one_op_convolutions() -> Iterator[None]:
    """Within it, every convolution is torch's own single op rather than the algorithm
    measured fastest alone: the form oneDNN Graph fuses with the ops around it."""
    token = _ONE_OP_CONVOLUTIONS.set(True)
    try:
        yield
    finally:
        _ONE_OP_CONVOLUTIONS.reset(token)


def laid_out(values: torch.Tensor, memory_format: torch.memory_format) -> torch.Tensor:
    """`values.contiguous(memory_format=...)`, not called where they already are so laid
    out: a traced plan would keep the call as an op on every run (a convolution's
    channels-last output seen channels-last, its input seen channels-first)."""
    return (
        values
        if values.is_contiguous(memory_format=memory_format)
        else values.contiguous(memory_format=memory_format)
    )

"""Mappers of TF.js's `graph` category: placeholders, identities and shape queries
(tfjs-converter's graph_executor.ts)."""

from __future__ import annotations

import warnings
from typing import Any

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor


def clone_tensor(x: Tensor) -> Tensor:
    """TF.js's cloneTensor: a kept tensor (a TensorArray or TensorList handle) passes as is,
    so that its id still names the resource; any other is cloned."""
    return x if x.kept else ops.clone(x)


def pass_on(x: Tensor) -> Tensor:
    """cloneTensor for the control-flow nodes (Enter, Exit, NextIteration, Switch, Merge,
    LoopCond), which never join a plan: the new tensor on the input's buffer is made
    directly, without the Identity kernel, where no kernel call is recorded (a tape,
    debug mode or a profile still see the kernel). faceboxes' loop passes on about 40
    tensors a call: 2% of it."""
    return clone_tensor(x) if x.kept or ENGINE.records_each_kernel() else ENGINE.share(x)


@tf_op("Const", "Placeholder")
def source(*, context: Any = None) -> Tensor:
    """Const values and fed placeholders are set by the executor before a run."""
    node = getattr(context, "node", None)
    name = f"'{node.name}' ({node.op})" if node is not None else "Const/Placeholder"
    raise ValueError(f"Node {name} has no value: it must be given as an input or be a weight")


@tf_op("PlaceholderWithDefault")
def placeholder_with_default(default: Tensor, *, shape: Any = None, dtype: str | None = None) -> Tensor:
    """An unfed PlaceholderWithDefault: its default (a fed one is set by the executor)."""
    return clone_tensor(default)


@tf_op("Identity", "StopGradient", "FakeQuantWithMinMaxVars", "Snapshot")
def identity(x: Tensor) -> Tensor:
    """TF.js ignores FakeQuantWithMinMaxVars: it passes `x` through."""
    return clone_tensor(x)


@tf_op("IdentityN")
def identity_n(*xs: Tensor) -> list[Tensor]:
    return [clone_tensor(x) for x in xs]


@tf_op("Shape")
def shape(x: Tensor) -> Tensor:
    return ops.tensor1d(list(x.shape), "int32")


@tf_op("ShapeN")
def shape_n(*xs: Tensor) -> list[Tensor]:
    # TF.js builds these with tensor1d's default dtype: float32, not TF's int32.
    return [ops.tensor1d(list(x.shape)) for x in xs]


@tf_op("Size")
def size(x: Tensor) -> Tensor:
    return ops.scalar(x.size, "int32")


@tf_op("Rank")
def rank(x: Tensor) -> Tensor:
    return ops.scalar(x.rank, "int32")


@tf_op("NoOp")
def no_op() -> Tensor:
    return ops.scalar(1)


@tf_op("Print")
def print_(x: Tensor, *data: Tensor, message: str = "", summarize: int = 3) -> Tensor:
    """Prints `message` and the first `summarize` values of each `data` tensor; passes `x`."""
    warnings.warn(
        "The graph has a tf.print() operation, usually used for debugging, which slows down performance.",
        RuntimeWarning,
        stacklevel=2,
    )
    print(message)
    for tensor in data:
        print(tensor.data_sync()[:summarize].tolist())
    return x

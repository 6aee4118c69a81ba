"""Shapes a run computes, known on the host as well.

Graphs often build a shape at run time from a tensor's shape: `Reshape(x,
Pack(StridedSlice(Shape(y)), -1))`. The shape's values depend only on `y`'s shape,
which the host knows without waiting for the device, and on constants; yet Reshape reads
them as TF.js's getParamValue does, with a download. A plan therefore evaluates such
small int32 shape computations (and their casts) with NumPy too, beside the kernels (which still run, so
every tensor and every error is as before), and gives the node that reads the shape its
`HostValues`: the read costs no device synchronisation.

A node is evaluated on the host when its op is one of `HOST_OPS` (and not a custom op
registered under that name), a node of the plan reads
its value on the host (directly, or through other such nodes), and each of its inputs is
known on the host: a constant, another such node, or, for Shape and Size, any tensor
(only its shape is used). Where an evaluation does not apply (another dtype, a shape
NumPy would broadcast differently from the kernel), it gives None and the reading node
downloads the tensor as before."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import numpy as np

from tfjs.converter.constant_reads import ConstantReads
from tfjs.converter.custom_op import is_custom
from tfjs.converter.model_graph import Node
from tfjs.converter.ops._values import HostValues
from tfjs.slice_util import resolve_strided_slice
from tfjs.tensor import Tensor

# A source of one input of a host-evaluated node: its constant values, the name of the
# host-evaluated node it reads, or None for the tensor itself (Shape and Size's input).
Source = HostValues | str | None
HostArg = HostValues | Tensor
# {node: {input position it reads on the host: values or host-evaluated node}}, and
# {host-evaluated node: the sources of its inputs}
HostPlan = tuple[dict[str, dict[int, HostValues | str]], dict[str, list[Source]]]


# Deeper shape computations are left to the kernels (and a download).
MAX_DEPTH = 32


def _int32(values: np.ndarray) -> HostValues:
    flat = np.ascontiguousarray(values, dtype=np.int32).reshape(-1)
    flat.flags.writeable = False
    return HostValues(flat, tuple(int(d) for d in np.shape(values)), "int32")


def _ints(arg: HostArg) -> np.ndarray | None:
    """An int32 input's values in its shape; None for another dtype."""
    if not isinstance(arg, HostValues) or arg.dtype != "int32":
        return None
    return arg.flat.reshape(arg.shape)


def _shape(node: Node, args: Sequence[HostArg]) -> HostValues:
    return _int32(np.array(args[0].shape, np.int32))


def _size(node: Node, args: Sequence[HostArg]) -> HostValues:
    return _int32(np.array(int(np.prod(args[0].shape)), np.int32))


def _strided_slice(node: Node, args: Sequence[HostArg]) -> HostValues | None:
    x, begin, end, strides = (_ints(a) for a in args)
    if x is None or begin is None or end is None or strides is None:
        return None
    masks = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")
    spec = {name: node.keywords.get(name, 0) for name in masks}
    index, shape = resolve_strided_slice(
        x.shape, begin.reshape(-1).tolist(), end.reshape(-1).tolist(), strides.reshape(-1).tolist(), **spec
    )
    return _int32(x[(*index, ...)].reshape(shape))


def _pack(node: Node, args: Sequence[HostArg]) -> HostValues | None:
    values = [_ints(a) for a in args]
    if any(v is None for v in values) or len({v.shape for v in values}) != 1:  # type: ignore[union-attr]
        return None
    return _int32(np.stack(values, node.keywords.get("axis", 0)))  # type: ignore[arg-type]


def _binary(fn: np.ufunc) -> Callable[..., HostValues | None]:
    def evaluate(node: Node, args: Sequence[HostArg]) -> HostValues | None:
        a, b = _ints(args[0]), _ints(args[1])
        if a is None or b is None:
            return None
        with np.errstate(all="ignore"):  # int32 wraps around, as in the kernels
            return _int32(fn(a, b, dtype=np.int32))

    return evaluate


def _reshape(node: Node, args: Sequence[HostArg]) -> HostValues | None:
    x, shape = _ints(args[0]), _ints(args[1])
    if x is None or shape is None:
        return None
    return _int32(x.reshape(shape.reshape(-1).tolist()))


def _expand_dims(node: Node, args: Sequence[HostArg]) -> HostValues | None:
    x, axis = _ints(args[0]), _ints(args[1])
    if x is None or axis is None or axis.size != 1:
        return None
    return _int32(np.expand_dims(x, int(axis.reshape(-1)[0])))


def _cast(node: Node, args: Sequence[HostArg]) -> HostValues | None:
    """int32 values cast to int32 or float32 (exact: shapes are far below 2**24)."""
    x, to = _ints(args[0]), node.keywords.get("DstT")
    if x is None or to not in ("int32", "float32") or np.abs(x).max(initial=0) >= 2**24:
        return None
    if to == "int32":
        return _int32(x)
    flat = x.astype(np.float32).reshape(-1)
    flat.flags.writeable = False
    return HostValues(flat, tuple(int(d) for d in x.shape), "float32")


# Each takes the node and its inputs (constants and shapes as HostValues, Shape and Size's
# input as its tensor) and gives the node's output 0, or None where it does not apply.
HOST_OPS: dict[str, Callable[[Node, Sequence[HostArg]], HostValues | None]] = {
    "Shape": _shape,
    "Size": _size,
    "StridedSlice": _strided_slice,
    "Pack": _pack,
    "Add": _binary(np.add),
    "AddV2": _binary(np.add),
    "Sub": _binary(np.subtract),
    "Mul": _binary(np.multiply),
    "Minimum": _binary(np.minimum),
    "Maximum": _binary(np.maximum),
    "Reshape": _reshape,
    "ExpandDims": _expand_dims,
    "Cast": _cast,
}
# Only the shape of these ops' inputs is read: the input need not be known on the host
# (of them, HOST_OPS evaluates Shape and Size).
SHAPE_READERS = frozenset({"Shape", "ShapeN", "Size", "Rank"})


def plan_host_inputs(
    steps: Sequence[Node], reads: ConstantReads, fed: Collection[str], folded: Mapping[str, list[Tensor]]
) -> HostPlan:
    """What a plan's `steps` read on the host and the plan knows there: {node: {input
    position: a constant's values, or the name of the node evaluated on the host that gives
    it}}, and {node evaluated on the host: its sources} (`plan_host_shapes`). `fed`: the
    nodes given as inputs; `folded`: the plan's folded values."""
    host_inputs: dict[str, dict[int, HostValues | str]] = {}
    for node in steps:
        constants = reads.of(node, fed, folded)
        if constants:
            host_inputs[node.name] = dict(constants)
    evaluated, shape_reads = plan_host_shapes(
        steps, lambda name, index: reads.value(name, index, fed, folded)
    )
    for name, shapes in shape_reads.items():
        host_inputs.setdefault(name, {}).update(shapes)
    return host_inputs, evaluated


def plan_host_shapes(
    steps: Sequence[Node], constant: Callable[[str, int], HostValues | None]
) -> tuple[dict[str, list[Source]], dict[str, dict[int, str]]]:
    """For a plan's `steps`: {node evaluated on the host: the source of each input} and
    {node: {input position it reads on the host: the host-evaluated node giving it}}.
    `constant(name, index)`: a constant's values, None for an input computed by the run."""
    position = {node.name: node for node in steps}
    evaluated: dict[str, list[Source]] = {}
    refused: set[str] = set()

    def evaluable(name: str, index: int, depth: int = 0) -> bool:
        node = position.get(name)
        if node is None or index != 0 or name in refused or node.op not in HOST_OPS or is_custom(node.mapper):
            return False
        if depth > MAX_DEPTH:
            return False
        if name in evaluated:
            return True
        if node.op in SHAPE_READERS:
            evaluated[name] = [None]
            return True
        sources: list[Source] = []
        for producer, out in node.inputs:
            known = constant(producer, out)
            if known is None and not evaluable(producer, out, depth + 1):
                refused.add(name)
                return False
            sources.append(known if known is not None else producer)
        evaluated[name] = sources
        return True

    reads: dict[str, dict[int, str]] = {}
    for node in steps:
        mapper = node.mapper
        if mapper is None or not mapper.host_inputs:
            continue
        for i in mapper.host_positions(len(node.inputs)):
            producer, out = node.inputs[i]
            if constant(producer, out) is None and evaluable(producer, out):
                reads.setdefault(node.name, {})[i] = producer
    return evaluated, reads


def evaluate(
    node: Node,
    sources: Sequence[Source],
    args: Sequence[Any],
    known: Callable[[str], HostValues | None],
) -> HostValues | None:
    """Node `node`'s output 0 on the host, from its `sources` (`args`: its inputs as the
    run gave them; `known(name)`: the value host-evaluated for node `name` in this run)."""
    inputs: list[HostArg] = []
    for source, arg in zip(sources, args, strict=True):
        value = arg if source is None else source if isinstance(source, HostValues) else known(source)
        if value is None:
            return None
        inputs.append(value)
    return HOST_OPS[node.op](node, inputs)

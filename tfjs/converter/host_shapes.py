"""Shapes a run computes, known on the host as well.

Graphs often build a shape at run time from a tensor's shape: `Reshape(x,
Pack(StridedSlice(Shape(y)), -1))`, or a padding from an image's size rounded up to a
multiple of 32 (`Pad(y, ...Sub(Mul(Cast(Ceil(Mul(Cast(StridedSlice(Shape(y))), 1/32))),
32), ...))`). The values depend only on `y`'s shape, which the host knows without
waiting for the device, and on constants; yet Reshape reads them as TF.js's
getParamValue does, with a download. A plan therefore evaluates such small int32 shape
computations (and the float32 arithmetic, casts, roundings and comparisons between them)
with NumPy too, beside the kernels (which still run, so every tensor and every error is
as before), and gives the node that reads the shape its `HostValues`: the read costs no
device synchronisation.

A node is evaluated on the host when its op is one of `HOST_OPS` (and not a custom op
registered under that name), a node of the plan reads its value on the host (directly,
or through other such nodes), and each of its inputs is known on the host: a constant,
another such node (any output of an Unpack), a small feed (`read_feeds`: a run reads its
values once, and the plan's program is keyed by them), or, for Shape and Size, any
tensor (only its shape is used). float32 arithmetic is IEEE single precision in NumPy as
in the kernels (and in TF.js, whose double results round to the same float32). Where an
evaluation does not apply (another dtype, a shape NumPy would broadcast differently from
the kernel, a cast that would wrap, a zero divisor), it gives None and the reading node
downloads the tensor as before."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import numpy as np

from tfjs.converter.constant_reads import ConstantReads
from tfjs.converter.custom_op import is_custom
from tfjs.converter.model_graph import Node, parse_input_name
from tfjs.converter.ops._values import HostValues
from tfjs.slice_util import resolve_strided_slice
from tfjs.tensor import Tensor

# A source of one input of a host-evaluated node: its constant values, the tensor name
# (`node`, `node:1`) of the host-evaluated output it reads, or None for the tensor itself
# (Shape and Size's input).
Source = HostValues | str | None
HostArg = HostValues | Tensor
# A host-evaluated node's outputs: one, or each of an Unpack's
HostOutputs = HostValues | tuple[HostValues, ...]
# {node: {input position it reads on the host: values or host-evaluated node}}, and
# {host-evaluated node: the sources of its inputs}
HostPlan = tuple[dict[str, dict[int, HostValues | str]], dict[str, list[Source]]]


# Deeper shape computations are left to the kernels (and a download).
MAX_DEPTH = 32
# A feed read on the host (a ratio, a size) keys the plan's program by its values, up to
# this many elements; a larger one is read by the node that needs it.
MAX_FEED_SIZE = 64


def _int32(values: np.ndarray) -> HostValues:
    flat = np.ascontiguousarray(values, dtype=np.int32).reshape(-1)
    flat.flags.writeable = False
    return HostValues(flat, tuple(int(d) for d in np.shape(values)), "int32")


def _float32(values: np.ndarray) -> HostValues:
    flat = np.ascontiguousarray(values, dtype=np.float32).reshape(-1)
    flat.flags.writeable = False
    return HostValues(flat, tuple(int(d) for d in np.shape(values)), "float32")


def _bool(values: np.ndarray) -> HostValues:
    flat = np.ascontiguousarray(values, dtype=np.uint8).reshape(-1)  # as data_sync() gives bools
    flat.flags.writeable = False
    return HostValues(flat, tuple(int(d) for d in np.shape(values)), "bool")


_MAKERS = {"int32": _int32, "float32": _float32}
FEED_DTYPES = frozenset({"int32", "float32", "bool"})  # a feed's values read on the host


def _ints(arg: HostArg) -> np.ndarray | None:
    """An int32 input's values in its shape; None for another dtype."""
    if not isinstance(arg, HostValues) or arg.dtype != "int32":
        return None
    return arg.flat.reshape(arg.shape)


def _numbers(arg: HostArg) -> np.ndarray | None:
    """An int32 or float32 input's values in its shape; None for another dtype."""
    if not isinstance(arg, HostValues) or arg.dtype not in _MAKERS:
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


def _binary(fn: np.ufunc, dtypes: tuple[str, ...] = ("int32", "float32")) -> Callable[..., HostValues | None]:
    """`fn` on two inputs of one of `dtypes` (the same), in that dtype."""

    def evaluate(node: Node, args: Sequence[HostArg]) -> HostValues | None:
        a, b = _numbers(args[0]), _numbers(args[1])
        dtype = args[0].dtype  # type: ignore[union-attr]
        if a is None or b is None or dtype != args[1].dtype or dtype not in dtypes:  # type: ignore[union-attr]
            return None
        with np.errstate(all="ignore"):  # int32 wraps around, as in the kernels; x/0 is ±Infinity or NaN
            return _MAKERS[dtype](fn(a, b, dtype=a.dtype))

    return evaluate


def _floored(fn: np.ufunc) -> Callable[..., HostValues | None]:
    """`fn` (floor_divide, mod: floored, as TF.js's) on two int32 inputs; a zero divisor
    is left to the kernels."""

    def evaluate(node: Node, args: Sequence[HostArg]) -> HostValues | None:
        a, b = _ints(args[0]), _ints(args[1])
        if a is None or b is None or not b.all():
            return None
        return _int32(fn(a, b))

    return evaluate


def _rounding(fn: np.ufunc) -> Callable[..., HostValues | None]:
    """`fn` (ceil, floor) on a float32 input."""

    def evaluate(node: Node, args: Sequence[HostArg]) -> HostValues | None:
        x = _numbers(args[0])
        return _float32(fn(x)) if x is not None and args[0].dtype == "float32" else None  # type: ignore[union-attr]

    return evaluate


def _comparison(fn: np.ufunc) -> Callable[..., HostValues | None]:
    """`fn` on two inputs of one dtype (int32, float32): bools."""

    def evaluate(node: Node, args: Sequence[HostArg]) -> HostValues | None:
        a, b = _numbers(args[0]), _numbers(args[1])
        if a is None or b is None or args[0].dtype != args[1].dtype:  # type: ignore[union-attr]
            return None
        return _bool(fn(a, b))

    return evaluate


def _identity(node: Node, args: Sequence[HostArg]) -> HostValues | None:
    return args[0] if isinstance(args[0], HostValues) and args[0].dtype != "string" else None


def _squeeze(node: Node, args: Sequence[HostArg]) -> HostValues | None:
    x = args[0]
    if not isinstance(x, HostValues) or x.dtype == "string":
        return None
    axes = node.keywords.get("axis")  # TF.js reads `axis` first, then TF's `squeeze_dims`
    axes = [a % x.rank for a in (node.keywords.get("squeeze_dims") if axes is None else axes) or ()]
    if any(x.shape[a] != 1 for a in axes):
        return None  # the kernel says what is wrong
    shape = tuple(d for i, d in enumerate(x.shape) if (i not in axes if axes else d != 1))
    return HostValues(x.flat, shape, x.dtype)


def _unpack(node: Node, args: Sequence[HostArg]) -> tuple[HostValues, ...] | None:
    x = _numbers(args[0])
    if x is None or x.ndim == 0:
        return None
    make = _MAKERS[args[0].dtype]  # type: ignore[union-attr]
    return tuple(make(part) for part in np.moveaxis(x, node.keywords.get("axis", 0), 0))


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
    """int32 or float32 values cast to int32 or float32, where the cast is exact or
    truncates as the kernels' (int32 below 2**24 in magnitude; finite float32 below 2**31:
    the kernels wrap larger ones and make NaN 0)."""
    x, to = _numbers(args[0]), node.keywords.get("DstT")
    if x is None or to not in _MAKERS:
        return None
    if args[0].dtype == "int32":  # type: ignore[union-attr]
        return None if np.abs(x).max(initial=0) >= 2**24 else _MAKERS[to](x)
    if to == "float32":
        return _float32(x)
    if not np.isfinite(x).all() or np.abs(x).max(initial=0) >= 2**31:
        return None
    return _int32(np.trunc(x))


# Each takes the node and its inputs (constants and shapes as HostValues, Shape and Size's
# input as its tensor) and gives the node's output 0 (an Unpack: its outputs), or None
# where it does not apply.
HOST_OPS: dict[str, Callable[[Node, Sequence[HostArg]], HostOutputs | None]] = {
    "Shape": _shape,
    "Size": _size,
    "StridedSlice": _strided_slice,
    "Pack": _pack,
    "Add": _binary(np.add),
    "AddV2": _binary(np.add),
    "Sub": _binary(np.subtract),
    "Mul": _binary(np.multiply),
    "RealDiv": _binary(np.true_divide, ("float32",)),  # int32 divides as floor_div
    "FloorDiv": _floored(np.floor_divide),
    "FloorMod": _floored(np.mod),
    "Minimum": _binary(np.minimum),
    "Maximum": _binary(np.maximum),
    "Ceil": _rounding(np.ceil),
    "Floor": _rounding(np.floor),
    "Reshape": _reshape,
    "ExpandDims": _expand_dims,
    "Cast": _cast,
    "Unpack": _unpack,
    "Identity": _identity,
    "Squeeze": _squeeze,
    "Equal": _comparison(np.equal),
    "NotEqual": _comparison(np.not_equal),
    "Less": _comparison(np.less),
    "LessEqual": _comparison(np.less_equal),
    "Greater": _comparison(np.greater),
    "GreaterEqual": _comparison(np.greater_equal),
}
# Ops whose every output HOST_OPS gives (the others: output 0)
MULTI_OUTPUT_OPS = frozenset({"Unpack"})
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
        steps, lambda name, index: reads.value(name, index, fed, folded), fed
    )
    for name, shapes in shape_reads.items():
        host_inputs.setdefault(name, {}).update(shapes)
    return host_inputs, evaluated


def plan_host_shapes(
    steps: Sequence[Node], constant: Callable[[str, int], HostValues | None], fed: Collection[str] = ()
) -> tuple[dict[str, list[Source]], dict[str, dict[int, str]]]:
    """For a plan's `steps`: {node evaluated on the host: the source of each input} and
    {node: {input position it reads on the host: the host-evaluated node giving it}}.
    `constant(name, index)`: a constant's values, None for an input computed by the run;
    `fed`: the nodes fed, whose values a run may give (`host_feeds`)."""
    position = {node.name: node for node in steps}
    evaluated: dict[str, list[Source]] = {}
    refused: set[str] = set()

    def evaluable(name: str, index: int, depth: int = 0) -> bool:
        if name in fed:
            return index == 0
        node = position.get(name)
        if node is None or name in refused or node.op not in HOST_OPS or is_custom(node.mapper):
            return False
        if index != 0 and node.op not in MULTI_OUTPUT_OPS:
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
            sources.append(known if known is not None else tensor_name(producer, out))
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
                reads.setdefault(node.name, {})[i] = tensor_name(producer, out)
    return evaluated, reads


def host_feeds(host_plan: HostPlan, fed: Collection[str]) -> tuple[str, ...]:
    """The feeds among `fed` whose values `host_plan` evaluates or gives on the host."""
    host_inputs, host_shapes = host_plan
    sources = [s for reads in host_inputs.values() for s in reads.values()]
    sources += [s for inputs in host_shapes.values() for s in inputs]
    named = {parse_input_name(s)[0] for s in sources if isinstance(s, str)}
    return tuple(sorted(named & set(fed)))


def read_feeds(names: Sequence[str], tensors: Mapping[str, Tensor]) -> dict[str, HostValues]:
    """The values of the feeds `names` small enough to key a plan by (`tensors`: the
    feeds by node name); a larger one is read by the node that needs it, as before."""
    return {
        name: HostValues.read(tensors[name])
        for name in names
        if name in tensors and tensors[name].size <= MAX_FEED_SIZE and tensors[name].dtype in FEED_DTYPES
    }


def tensor_name(node: str, index: int) -> str:
    return f"{node}:{index}" if index else node


def output_of(outputs: HostOutputs | None, index: int) -> HostValues | None:
    """Output `index` of a host-evaluated node's `outputs`."""
    if isinstance(outputs, tuple):
        return outputs[index] if index < len(outputs) else None
    return outputs if index == 0 else None


def known_in(outputs_by_node: Mapping[str, HostOutputs]) -> Callable[[str], HostValues | None]:
    """The lookup of a tensor name among `outputs_by_node` ({node: its host outputs})."""

    def known(name: str) -> HostValues | None:
        node, index, _ = parse_input_name(name)
        return output_of(outputs_by_node.get(node), index)

    return known


def evaluate(
    node: Node,
    sources: Sequence[Source],
    args: Sequence[Any],
    known: Callable[[str], HostValues | None],
) -> HostOutputs | None:
    """Node `node`'s output 0 on the host (an Unpack's: its outputs), from its `sources`
    (`args`: its inputs as the run gave them; `known(name)`: the value host-evaluated for
    tensor `name` in this run)."""
    inputs: list[HostArg] = []
    for source, arg in zip(sources, args, strict=True):
        value = arg if source is None else source if isinstance(source, HostValues) else known(source)
        if value is None:
            return None
        inputs.append(value)
    return host_op(node, inputs)


def host_op(node: Node, args: Sequence[HostArg]) -> HostOutputs | None:
    """`HOST_OPS`'s evaluation of `node` on `args`; None where NumPy refuses them (shapes
    that do not broadcast, an axis out of range): the node's op, which checks its
    inputs before its kernels run, then says what is wrong."""
    try:
        return HOST_OPS[node.op](node, args)
    except (ValueError, IndexError, TypeError, ZeroDivisionError):  # np.AxisError is both of the first two
        return None

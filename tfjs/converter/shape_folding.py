"""Graphs with frames: values computed from constants and tensors' shapes only, kept
from one run to the next while those shapes stay the same.

Detection models build their anchors, box scales and output shapes from the image's
shape: hundreds of nodes (Shape, StridedSlice, Range, Tile, Mul...) that give the same
values on every run of one input size, which the frames executor (`frames.py`) would
run node by node on every call. A graph without frames folds them in its compiled plan;
this is the frames executor's equivalent where it runs them itself: a plain run computes
the part of the graph before control flow as a plan (`frame_plans.py`), so the folds
serve runs node by node (`each_node`) and shapes read of what a context op made.

A node is *shape-only* when it is not fed nor asked for, has no control inputs, is
outside every loop and conditional (not downstream of a control-flow, tensor-array or
tensor-list op), has a deterministic stateless op (`foldable_op`), and each of its
inputs is a weight or another shape-only node, except Shape, ShapeN, Size and Rank,
which read only their inputs' shapes. Its values are a function of the shapes those
readers read. A run keeps a shape-only node's outputs (per feed shapes, the least
recently used dropped past MAX_KEYS) and, on a later run, gives them back instead of
running the node only when it is *still valid*: a reader whose inputs have the shapes
it read then, or another node whose shape-only inputs are all still valid in this run
(weights always are). Otherwise the node runs, and its new values are kept instead.
No value computed from a fed tensor's values is ever reused."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from tfjs.converter.constant_folding import MAX_FOLDED_SIZE, foldable_op
from tfjs.converter.host_shapes import SHAPE_READERS
from tfjs.converter.model_graph import CONTROL_FLOW_OPS, FRAME_OPS, Graph, Node
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

MAX_KEYS = 4


class _Kept(NamedTuple):
    outputs: list[Tensor]
    read_shapes: tuple[tuple[int, ...], ...] | None  # a reader's inputs' shapes


def shape_only_nodes(
    graph: Graph,
    used: Collection[str],
    fed: Collection[str],
    outputs: Collection[str],
    weights: Collection[str],
) -> frozenset[str]:
    """The shape-only nodes among `used` (see the module's docstring)."""
    nodes = graph.nodes
    in_frames = _downstream(nodes, [n for n in used if _starts_a_frame(nodes[n])], used)
    only: dict[str, bool] = {}
    for name in _post_order(nodes, used):
        node = nodes[name]
        if name in weights:
            only[name] = True
            continue
        only[name] = (
            name not in fed
            and name not in outputs
            and name not in in_frames
            and not node.controls
            and bool(node.inputs)
            and foldable_op(node)
            and (node.op in SHAPE_READERS or all(only.get(p, False) for p, _ in node.inputs))
        )
    return frozenset(name for name, value in only.items() if value and name not in weights)


def _starts_a_frame(node: Node) -> bool:
    """Whether everything downstream of `node` runs in a frame or reads state a run builds."""
    return (
        node.op in FRAME_OPS
        or node.op in CONTROL_FLOW_OPS
        or node.op.startswith(("TensorArray", "TensorList"))
    )


def _downstream(nodes: Mapping[str, Node], starts: Iterable[str], used: Collection[str]) -> set[str]:
    seen: set[str] = set()
    stack = list(starts)
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        stack.extend(child.name for child in nodes[name].children if child.name in used)
    return seen


def _post_order(nodes: Mapping[str, Node], used: Collection[str]) -> list[str]:
    """`used` with every node after the inputs it reads (in a loop, where that cannot
    hold, in some order: no node there is shape-only)."""
    order: list[str] = []
    seen: set[str] = set()
    for root in used:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter([p for p, _ in nodes[root].inputs]))]
        while stack:
            name, pending = stack[-1]
            for producer in pending:
                if producer in used and producer not in seen:
                    seen.add(producer)
                    stack.append((producer, iter([p for p, _ in nodes[producer].inputs])))
                    break
            else:
                stack.pop()
                order.append(name)
    return order


class ShapeFolds:
    """An executor's kept shape-only values: {(run key, feed shapes): {node: _Kept}}."""

    def __init__(self) -> None:
        self.by_key: dict[Any, dict[str, _Kept]] = {}
        self.candidates: dict[Any, frozenset[str]] = {}

    def run(
        self, key: Any, feeds: Mapping[str, Any], candidates: frozenset[str], protected: Collection[int]
    ) -> ShapeFoldRun | None:
        """The folds of one run keyed by `key` (the run's inputs and outputs) and its
        feeds' shapes; None where a feed is not a tensor. `protected`: tensors never kept
        here (the weights)."""
        if not candidates or not all(isinstance(t, Tensor) for t in feeds.values()):
            return None
        full_key = (key, tuple((name, t.shape, t.dtype) for name, t in sorted(feeds.items())))
        kept = self.by_key.pop(full_key, None)
        if kept is None:
            kept = {}
            if len(self.by_key) >= MAX_KEYS:
                _dispose(self.by_key.pop(next(iter(self.by_key))).values())
        self.by_key[full_key] = kept  # most recently used last
        return ShapeFoldRun(candidates, kept, protected)

    def owned(self, results: list[Any]) -> list[Any]:
        """A run's results, each kept value among them (passed through an Identity, say)
        as a new tensor on its buffer: the caller owns what it gets."""
        kept = {t.id for folds in self.by_key.values() for entry in folds.values() for t in entry.outputs}
        return [ENGINE.share(t) if isinstance(t, Tensor) and t.id in kept else t for t in results]

    def clear(self) -> None:
        for kept in self.by_key.values():
            _dispose(kept.values())
        self.by_key.clear()
        self.candidates.clear()


class ShapeFoldRun:
    """One run's use of the kept values (see the module's docstring)."""

    def __init__(
        self, candidates: frozenset[str], kept: dict[str, _Kept], protected: Collection[int]
    ) -> None:
        self.candidates = candidates
        self.kept = kept
        self.protected = protected
        self.valid: set[str] = set()  # the nodes whose kept outputs this run gave back

    def outputs(self, node: Node, args: Sequence[Any]) -> list[Tensor] | None:
        """`node`'s kept outputs, if it is shape-only and they are still valid."""
        if node.name not in self.candidates:
            return None
        entry = self.kept.get(node.name)
        if entry is None:
            return None
        if node.op in SHAPE_READERS:
            valid = entry.read_shapes == _shapes(args)
        else:
            valid = all(p in self.valid or p not in self.candidates for p, _ in node.inputs)
        if not valid:
            return None
        self.valid.add(node.name)
        return entry.outputs

    def record(self, node: Node, args: Sequence[Any], outputs: Sequence[Any]) -> None:
        """Keeps a shape-only node's outputs, just computed, for later runs (not a weight,
        nor an input passed through). Its kept descendants are not valid in this run: they
        run again, and are kept anew."""
        if node.name not in self.candidates:
            return
        stale = self.kept.pop(node.name, None)
        if stale is not None:
            _dispose([stale])
        read_shapes = _shapes(args) if node.op in SHAPE_READERS else None
        if node.op in SHAPE_READERS and read_shapes is None:
            return
        inputs = {id(a) for a in args}
        for tensor in outputs:
            if not isinstance(tensor, Tensor) or tensor.size > MAX_FOLDED_SIZE:
                return
            if tensor.id in self.protected or id(tensor) in inputs or tensor.kept:
                return
        self.kept[node.name] = _Kept([ENGINE.keep(t) for t in outputs], read_shapes)


def _shapes(args: Sequence[Any]) -> tuple[tuple[int, ...], ...] | None:
    if not all(isinstance(a, Tensor) for a in args):
        return None
    return tuple(tuple(a.shape) for a in args)


def _dispose(entries: Iterable[_Kept]) -> None:
    seen: set[int] = set()
    for entry in entries:
        for tensor in entry.outputs:
            if tensor.id not in seen and not tensor.is_disposed:
                seen.add(tensor.id)
                tensor.dispose()

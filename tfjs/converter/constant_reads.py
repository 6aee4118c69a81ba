"""The values a graph's nodes read on the host from its constants, downloaded once.

A mapper reads some inputs on the host (its `HostInput`s: axes, shapes, sizes, paddings,
as TF.js's getParamValue reads them with `dataSync()`). When such an input is a constant
of the graph, a weight or a constant-folded value, its values never change from one run
to the next: they are read once, when a plan is built (or, in a graph with frames, when
the node first runs), and the node is given those `HostValues` in place of the tensor, so
that a run downloads nothing from the device for it (on an asynchronous backend each
download waits for the device).

An input counts as constant when it is a weight or a folded value that is not fed, or
the output of an Identity or Enter node whose input is (Enter forwards a loop's
invariant; a custom op registered under their name does not count). Each read is cached
under the constant's node and output, with the id of the tensor it came from, so that a
cached value is never used for another tensor."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from tfjs.converter.custom_op import is_custom
from tfjs.converter.model_graph import Node
from tfjs.converter.ops._values import HOST_DTYPES, HostValues
from tfjs.tensor import Tensor

# Ops whose output 0 is their first data input, unchanged.
FORWARDING_OPS = frozenset({"Identity", "Enter", "StopGradient", "Snapshot"})
# A constant above this many elements is not read ahead (it stays a tensor).
MAX_HOST_SIZE = 1 << 16


class ConstantReads:
    """The host values of the constants that the nodes of a graph read on the host.

    `weights`: {Const node name: [tensor]}; `nodes`: the graph's nodes by name."""

    def __init__(self, weights: Mapping[str, list[Tensor]], nodes: Mapping[str, Node]) -> None:
        self.weights = weights
        self.nodes = nodes
        self._read: dict[tuple[str, int], tuple[int, HostValues]] = {}

    def clear(self) -> None:
        """Forgets every value read (the constants were disposed)."""
        self._read.clear()

    def of(
        self, node: Node, fed: Collection[str], folded: Mapping[str, list[Tensor]] | None = None
    ) -> dict[int, HostValues]:
        """{input position: values} of the inputs of `node` that its mapper reads on the
        host and that are constants: weights or `folded` values, not among `fed`."""
        mapper = node.mapper
        if mapper is None or not mapper.host_inputs:
            return {}
        found: dict[int, HostValues] = {}
        for position in mapper.host_positions(len(node.inputs)):
            values = self.value(*node.inputs[position], fed, folded)
            if values is not None:
                found[position] = values
        return found

    def value(
        self, name: str, index: int, fed: Collection[str], folded: Mapping[str, list[Tensor]] | None = None
    ) -> HostValues | None:
        """The values of output `index` of node `name` when it is a constant (read at the
        first call, then cached); None when it is not one."""
        tensor = self._constant(name, index, fed, folded or {})
        if tensor is None:
            return None
        cached = self._read.get((name, index))
        if cached is None or cached[0] != tensor.id:
            cached = self._read[(name, index)] = (tensor.id, HostValues.read(tensor))
        return cached[1]

    def _constant(
        self, name: str, index: int, fed: Collection[str], folded: Mapping[str, list[Tensor]]
    ) -> Tensor | None:
        """The constant tensor output `index` of node `name` always holds; None when it is
        not one (or too large, or of a dtype not read ahead)."""
        while name not in fed:
            source = folded.get(name) or self.weights.get(name)
            if source is not None:
                tensor = source[index] if index < len(source) else None
                if not isinstance(tensor, Tensor) or tensor.size > MAX_HOST_SIZE:
                    return None
                return tensor if tensor.dtype in HOST_DTYPES else None
            node = self.nodes.get(name)
            if node is None or node.op not in FORWARDING_OPS or is_custom(node.mapper):
                return None
            if index != 0 or not node.inputs:
                return None
            name, index = node.inputs[0]
        return None

"""Graph building blocks (tfjs-layers' topology.ts): `SymbolicTensor`, a tensor's placeholder
while a model is wired, and `Node`, one call of a layer on symbolic inputs."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

_symbolic_ids = itertools.count()


class SymbolicTensor:
    """A placeholder for a tensor in a model being built: `dtype`, `shape` (None for the
    batch and other unknown sizes), the layer and node that produce it."""

    def __init__(
        self,
        dtype: str,
        shape: Sequence[int | None],
        source_layer: Any,
        inputs: Sequence[SymbolicTensor],
        call_args: dict[str, Any],
        name: str | None = None,
        output_tensor_index: int = 0,
    ) -> None:
        self.id = next(_symbolic_ids)
        self.dtype = dtype
        self.shape = tuple(shape)
        self.source_layer = source_layer
        self.inputs = list(inputs)
        self.call_args = call_args
        self.name = name or f"symbolic_{self.id}"
        self.output_tensor_index = output_tensor_index
        self.node_index = 0
        self.tensor_index = output_tensor_index
        self.mask: Any = None

    @property
    def rank(self) -> int:
        return len(self.shape)

    def __repr__(self) -> str:
        dims = ",".join("null" if d is None else str(d) for d in self.shape)
        return f"SymbolicTensor(name={self.name}, shape=[{dims}], dtype={self.dtype})"


class Node:
    """One call of `outbound_layer` on symbolic inputs coming from `inbound_layers` (each
    input's layer, node index and tensor index); registers itself on both sides."""

    def __init__(
        self,
        outbound_layer: Any,
        input_tensors: Sequence[SymbolicTensor],
        output_tensors: Sequence[SymbolicTensor],
        call_args: dict[str, Any] | None = None,
        internal: bool = False,
    ) -> None:
        self.outbound_layer = outbound_layer
        self.input_tensors = list(input_tensors)
        self.output_tensors = list(output_tensors)
        # A model's own first node links its inputs to its outputs, with no inbound layers.
        self.inbound_layers = [] if internal else [x.source_layer for x in self.input_tensors]
        self.node_indices = [] if internal else [x.node_index for x in self.input_tensors]
        self.tensor_indices = [] if internal else [x.tensor_index for x in self.input_tensors]
        self.input_shapes = [x.shape for x in self.input_tensors]
        self.output_shapes = [x.shape for x in self.output_tensors]
        self.call_args = {k: v for k, v in (call_args or {}).items() if k != "mask"}
        for layer in self.inbound_layers:
            if layer is not None:
                layer.outbound_nodes.append(self)
        outbound_layer.inbound_nodes.append(self)
        node_index = len(outbound_layer.inbound_nodes) - 1
        if internal:
            return
        for i, tensor in enumerate(self.output_tensors):
            tensor.source_layer = outbound_layer
            tensor.node_index = node_index
            tensor.tensor_index = i

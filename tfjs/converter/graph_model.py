"""`tf.load_graph_model`: a TF.js graph model (model.json and its weight shards) ready to
run: TF.js's GraphModel."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
import weakref
from collections.abc import Generator, Mapping, Sequence
from typing import Any, NamedTuple

from tfjs.converter import ops as _ops  # noqa: F401 - registers the op mappers
from tfjs.converter.executor import GraphExecutor
from tfjs.converter.feed_checks import owned_outputs
from tfjs.converter.model_graph import Graph, check_supported, transform_graph
from tfjs.converter.resources import ResourceManager, initializer_outputs, resource_inputs
from tfjs.converter.tensor_proto import decode_tensor_proto, tensor_proto_has_values
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

_YIELD_EVERY_S = 0.005  # execute_async lets the event loop run this often
Inputs = Tensor | Sequence[Tensor] | Mapping[str, Tensor]  # what `execute` takes


class TensorInfo(NamedTuple):
    """A model input or output: its name, shape (-1 for an unknown size; None for an
    unknown rank) and dtype."""

    name: str
    shape: list[int] | None
    dtype: str | None


class GraphModel:
    """A TF.js graph model: a frozen TF graph of ops with its weights on the backend.

    Load one with `tf.load_graph_model(path)`; run it with `execute`, `execute_async` or
    `predict`; `dispose()` frees its weights.
    """

    def __init__(self, artifacts: Any, weights: dict[str, Tensor]) -> None:
        self.artifacts = artifacts
        self._calls = threading.RLock()  # `execute` from several threads: one call at a time
        self._call_per_loop: weakref.WeakKeyDictionary[Any, asyncio.Lock] = weakref.WeakKeyDictionary()
        metadata = getattr(artifacts, "user_defined_metadata", None) or {}
        signature = getattr(artifacts, "signature", None) or {}
        if isinstance(metadata, dict) and metadata.get("signature") is not None:
            signature = metadata["signature"]
        self.signature = signature
        self.structured_output_keys = (
            metadata.get("structuredOutputKeys") if isinstance(metadata, dict) else None
        )
        topology = artifacts.model_topology
        if not isinstance(topology, dict) or "node" not in topology:
            raise ValueError(not_a_graph_model(artifacts))
        graph = transform_graph(topology, signature)
        initializer = getattr(artifacts, "model_initializer", None)
        init_graph = (
            transform_graph(initializer)
            if isinstance(initializer, dict) and initializer.get("node")
            else None
        )
        check_supported(graph, init_graph)
        versions = topology.get("versions") or {}
        if not isinstance(versions, dict):
            raise ValueError(f"modelTopology's versions must be an object, got {versions!r:.60}")
        self._version = f"{versions.get('producer')}.{versions.get('minConsumer')}" if versions else "n/a"
        self._weights = weights
        self.initializer_signature = getattr(artifacts, "initializer_signature", None)
        # {signature key: resourceId}: inputs the model feeds itself from the initializer's outputs
        self._resource_inputs = resource_inputs(self.signature, self.initializer_signature, init_graph)
        self._owned: list[Tensor] = []  # the Const values decoded from the graph itself
        self.resources = ResourceManager()
        self.initializer: GraphExecutor | None = None
        try:
            self.executor = self._make_executor(graph, None)
            if init_graph is not None:
                self.initializer = self._make_executor(init_graph, None)
        except BaseException:  # a Const the graph holds is malformed: free those decoded before it
            for tensor in self._owned:
                tensor.dispose()
            raise
        self.executor.resources = self.resources
        if self.initializer is not None:
            self.initializer.resources = self.resources
        self._captured: dict[Any, Tensor] | None = None
        self._disposed = False

    def _make_executor(self, graph: Graph, parent: GraphExecutor | None) -> GraphExecutor:
        weights = {}
        for node in graph.weights:
            if node.name in self._weights:
                weight = weights[node.name] = self._weights[node.name]
                declared = node.attrs.get("dtype")
                if declared not in (None, weight.dtype):
                    raise ValueError(
                        f"Const node '{node.name}' is {declared} in the graph, but its weight in the "
                        f"manifest is {weight.dtype}"
                    )
            else:
                weights[node.name] = self._const_value(node)
        executor = GraphExecutor(graph, weights, parent, function=parent is not None)
        root = parent or executor
        for name, function in graph.functions.items():
            root.functions[name] = self._make_executor(function, root)
        return executor

    def _const_value(self, node: Any) -> Tensor:
        proto = node.attrs.get("value")
        where = f"Const node '{node.name}'"
        if not isinstance(proto, dict) or not tensor_proto_has_values(proto, where):
            raise ValueError(
                f"Const node '{node.name}' has no value: it is neither in the weights manifest "
                "nor in the graph"
            )
        values, dtype = decode_tensor_proto(proto, where)
        tensor = ENGINE.keep(ENGINE.make_tensor(values, dtype, "load_graph_model"))
        self._owned.append(tensor)
        return tensor

    # ---- description ------------------------------------------------------------------

    @property
    def model_version(self) -> str:
        return self._version

    @property
    def metadata(self) -> Any:
        return getattr(self.artifacts, "user_defined_metadata", None)

    @property
    def model_signature(self) -> dict[str, Any]:
        return self.signature

    @property
    def weights(self) -> dict[str, list[Tensor]]:
        return self.executor.weight_map

    @property
    def input_nodes(self) -> list[str]:
        return self.executor.graph.input_nodes

    @property
    def output_nodes(self) -> list[str]:
        return self.executor.graph.output_nodes

    @property
    def inputs(self) -> list[TensorInfo]:
        """The model's inputs: the signature's when it has one, else its placeholders. As
        in TF.js, a resource input the model feeds itself (a lookup table made by its
        `modelInitializer`) is listed with dtype None: it is no input for the caller to give."""
        return [
            self._info(node, "inputs")._replace(dtype=None)
            if node.signature_key in self._resource_inputs
            else self._info(node, "inputs")
            for node in self.executor.graph.inputs
        ]

    @property
    def outputs(self) -> list[TensorInfo]:
        return [self._info(node, "outputs") for node in self.executor.graph.outputs]

    def _info(self, node: Any, kind: str) -> TensorInfo:
        shape, dtype = node.attrs.get("shape"), node.attrs.get("dtype")
        entry = (self.signature.get(kind) or {}).get(node.signature_key) if node.signature_key else None
        if isinstance(entry, dict):
            from tfjs.converter.attrs import decode_dtype, decode_shape

            if entry.get("tensorShape") is not None:
                shape = decode_shape(entry["tensorShape"])
            if entry.get("dtype") is not None:
                with contextlib.suppress(ValueError):
                    dtype = decode_dtype(entry["dtype"])
        return TensorInfo(node.name, list(shape) if shape is not None else None, dtype)

    # ---- running ----------------------------------------------------------------------

    def _normalize_inputs(self, inputs: Inputs) -> dict[str, Tensor]:
        captured = self._captured or {}
        resources = self._resource_inputs
        if isinstance(inputs, Mapping):
            result = dict(inputs)
            for key, resource_id in resources.items():
                result[key] = captured[resource_id]
            return result
        if isinstance(inputs, Tensor):
            inputs = [inputs]
        if not isinstance(inputs, (list, tuple)):
            raise TypeError(
                f"Model inputs must be a Tensor, a list of Tensors or a dict, got {type(inputs).__name__}"
            )
        names = self.input_nodes
        if len(inputs) + len(resources) != len(names):
            fed = [name for name in names if name not in resources]
            raise ValueError(
                f"Input tensor count mismatch, the graph model has {len(fed)} "
                f"non-resource placeholders ({fed}), while there are {len(inputs)} input tensors provided."
            )
        result, position = {}, 0
        for name in names:
            if name in resources:
                result[name] = captured[resources[name]]
            else:
                result[name] = inputs[position]
                position += 1
        return result

    def _check_not_disposed(self) -> None:
        if self._disposed:
            raise ValueError("This GraphModel is disposed (its weights are freed): load it again to run it")

    def _normalize_outputs(self, outputs: str | Sequence[str] | None) -> list[str]:
        if outputs is not None and not isinstance(outputs, (str, list, tuple)):
            raise TypeError(f"outputs must be a tensor name or a list of them, got {type(outputs).__name__}")
        names = (
            self.output_nodes if outputs is None else [outputs] if isinstance(outputs, str) else list(outputs)
        )
        if not names:
            raise ValueError(
                "No outputs to compute: the model has no output nodes (every node feeds another)"
                if outputs is None
                else "execute() got an empty list of outputs"
            )
        return names

    def _initializer_outputs(self) -> list[str]:
        return list(initializer_outputs(self.initializer_signature))

    def _set_captured(self, outputs: list[Tensor]) -> None:
        entries = initializer_outputs(self.initializer_signature).values()
        self._captured = {
            entry["resourceId"]: tensor for entry, tensor in zip(entries, outputs, strict=False)
        }
        captured = {tensor.id for tensor in self._captured.values()}
        for tensor in outputs:  # what no resource input takes, but the tables it made (kept)
            if tensor.id not in captured and not tensor.kept and not tensor.is_disposed:
                tensor.dispose()

    def execute(self, inputs: Inputs, outputs: str | Sequence[str] | None = None) -> Tensor | list[Tensor]:
        """Runs the model and returns the tensors of `outputs` (node names, `node:1` for a
        node's second output; default: the model's outputs): one tensor, or a list.

        Unlike TF.js, this runs every graph, control flow and dynamic ops included; calls
        from several threads run one at a time."""
        with self._calls:
            self._check_not_disposed()
            if self._captured is None:
                init = self.initializer.execute({}, self._initializer_outputs()) if self.initializer else []
                self._set_captured(init)
            feeds = self._normalize_inputs(inputs)
            result = owned_outputs(self.executor.execute(feeds, self._normalize_outputs(outputs)), feeds)
        return result if len(result) > 1 else result[0]

    async def execute_async(
        self, inputs: Inputs, outputs: str | Sequence[str] | None = None
    ) -> Tensor | list[Tensor]:
        """Like `execute`, letting the event loop run between nodes; calls on one model
        (from tasks of one event loop, or from threads) run one at a time."""
        loop = asyncio.get_running_loop()
        lock = self._call_per_loop.get(loop)
        if lock is None:
            lock = self._call_per_loop[loop] = asyncio.Lock()
        async with lock:
            with self._calls:  # (no other task of this loop holds it: they wait above)
                return await _drive(self.execute_steps(inputs, outputs))

    def execute_steps(
        self,
        inputs: Inputs,
        outputs: str | Sequence[str] | None = None,
        *,
        each_node: bool = False,
    ) -> Generator[None, None, Tensor | list[Tensor]]:
        """`execute` as a generator that yields between nodes (once their dead tensors
        are freed) and returns what `execute` returns: what `execute_async` drives, and,
        with `each_node` (every node runs as a node, never within a whole-plan program,
        which runs in one step), where a tool can look at the engine after each node."""
        self._check_not_disposed()
        if self._captured is None:
            init = (
                (yield from self.initializer.run_steps({}, self._initializer_outputs()))
                if self.initializer
                else []
            )
            self._set_captured(init)
        feeds = self._normalize_inputs(inputs)
        steps = self.executor.run_steps(feeds, self._normalize_outputs(outputs), each_node=each_node)
        result = owned_outputs((yield from steps), feeds)
        return result if len(result) > 1 else result[0]

    def predict(self, inputs: Inputs, config: Mapping[str, Any] | None = None, **options: Any) -> Any:
        """`execute` on the model's outputs (a dict by `structuredOutputKeys` when the model
        has them). `config` (TF.js's ModelPredictConfig, or its keys as keyword arguments)
        is accepted and unused, as in TF.js."""
        return self._structured(self.execute(inputs, self.output_nodes))

    async def predict_async(
        self, inputs: Inputs, config: Mapping[str, Any] | None = None, **options: Any
    ) -> Any:
        """`predict` letting the event loop run between nodes (`execute_async`)."""
        return self._structured(await self.execute_async(inputs, self.output_nodes))

    def get_intermediate_tensors(self) -> dict[str, list[Tensor]]:
        """Get intermediate tensors for model debugging mode (flag KEEP_INTERMEDIATE_TENSORS
        is true): {node name: [tensors]} of the last `execute`/`execute_async`, the
        model's weights and inputs included; empty when the flag was off.

        >>> tf.env().set("KEEP_INTERMEDIATE_TENSORS", True)
        >>> model = tf.load_graph_model("tests/converter/fixtures/add_mul/model.json")
        >>> x = tf.tensor([1.0, 2.0])
        >>> y = model.execute(x)
        >>> model.get_intermediate_tensors()["mul"][0].array_sync()
        [2.0, 4.0]
        >>> model.dispose_intermediate_tensors()
        >>> model.get_intermediate_tensors()
        {}
        >>> tf.dispose([x, y]); model.dispose(); tf.env().set("KEEP_INTERMEDIATE_TENSORS", False)
        """
        return self.executor.get_intermediate_tensors()

    def dispose_intermediate_tensors(self) -> None:
        """Dispose intermediate tensors for model debugging mode (flag
        KEEP_INTERMEDIATE_TENSORS is true). The next run and `dispose()` free them too."""
        self.executor.dispose_intermediate_tensors()
        if self.initializer is not None:
            self.initializer.dispose_intermediate_tensors()

    def save(self, handler_or_url: Any, config: Mapping[str, Any] | None = None) -> Any:
        """Save the configuration and/or weights of the GraphModel.

        `handler_or_url` is an IO handler (an object with a `save(artifacts)` method, such
        as `tf.io.with_save_handler(fn)`), a URL string routed by `tf.io.get_save_handlers`
        (`file://` here), or a plain path of a folder (model.json and weights.bin are
        written there). What is saved is the model as loaded: its model.json topology,
        signature and metadata, weight specs and weight bytes (quantized ones stay
        quantized). Returns the handler's SaveResult. `config` is accepted as TF.js
        accepts it, and unused as in TF.js."""
        from tfjs.io.handlers import awaited_outside_loop, save_handler_for

        handler = save_handler_for(handler_or_url, "GraphModel")
        # in a running event loop, an async handler's awaitable comes back: await it
        return awaited_outside_loop(handler.save(self.artifacts))

    def _structured(self, outputs: Tensor | list[Tensor]) -> Any:
        if not self.structured_output_keys:
            return outputs
        items = [outputs] if isinstance(outputs, Tensor) else outputs
        return dict(zip(self.structured_output_keys, items, strict=False))

    def dispose(self) -> None:
        """Frees the model's weights and resources (and kept intermediate tensors); running
        it afterwards is an error."""
        self._disposed = True
        self.dispose_intermediate_tensors()
        for root in (self.executor, self.initializer):
            if root is not None:
                for executor in [root, *root.functions.values()]:
                    executor.dispose_folded()
        for tensor in list(self._weights.values()) + self._owned:
            tensor.dispose()
        if self._captured:
            for tensor in self._captured.values():
                tensor.dispose()
        self.resources.dispose()


async def _drive(steps: Any) -> Any:
    last = time.perf_counter()
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        now = time.perf_counter()
        if now - last > _YIELD_EVERY_S:
            await asyncio.sleep(0)
            last = time.perf_counter()


def not_a_graph_model(artifacts: Any) -> str:
    topology = artifacts.model_topology
    if isinstance(topology, dict) and ("class_name" in topology or "model_config" in topology):
        return (
            "This is a layers model (its modelTopology is a Keras config), not a graph model: "
            "load it with tf.load_layers_model"
        )
    return "modelTopology is not a TF graph: it has no 'node' list"

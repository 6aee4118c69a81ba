"""The Layer base class (tfjs-layers' `Layer`, engine/topology.ts): the contract every layer keeps.

A layer is configured by its constructor (TF.js's config keys as snake_case keyword
arguments, plus the common ones handled here: `name`, `trainable`, `input_shape`,
`batch_input_shape`, `batch_size`, `dtype`, `weights`), and a subclass provides:

- `build(input_shape)`: creates the weights with `self.add_weight(name, shape, dtype,
  initializer, regularizer, trainable, constraint)` (a `LayerVariable`, whose `read()`
  is the tf Variable), may set `self.input_spec` (a list of `InputSpec`), and calls
  `super().build(input_shape)` or sets `self.built = True`. `input_shape` is a tuple
  with None for unknown sizes (a list of them for several inputs).
- `call(inputs, **kwargs) -> Tensor | list[Tensor]`: the computation with tf ops on
  concrete tensors (kwargs: `training`, `mask` when the layer takes them). `apply`
  runs it inside a tidy, so intermediates are freed.
- `compute_output_shape(input_shape)`: the output shape (None for unknown sizes),
  so that the layer can be wired on `SymbolicTensor`s without running it.
- `get_config() -> dict`: TF.js's camelCase keys and values (`{"units": 8,
  "kernelInitializer": {...}, ...}`) merged over `super().get_config()`; `from_config`
  (a classmethod) turns them back into keyword arguments. Register the class with
  `tf.serialization.register_class(cls)` and set `class_name` (TF.js's class name, the
  one model.json holds) so that saved models find it.
- optionally `compute_mask(inputs, mask)` and `supports_masking = True` (a layer that
  makes a mask, as Masking or Embedding(mask_zero) do, also overrides
  `compute_mask_symbolic`), and `output_dtype(inputs)` when its output's dtype is not
  its first input's.

Conventions the families in `tfjs/layers/core/` follow: unknown config keys are ignored
when loading (`from_config` keeps the keys some constructor in the class's hierarchy
takes, as TF.js ignores the rest); arguments are checked in the constructor with the
helpers of `core/common.py` (`positive_int`, `int_tuple`, `data_format`, ...), whose
`WeightSpecs` resolves a layer's initializers, regularizers and constraints and writes
them back into its config; weights are saved as `<layer name>/<weight name>`, and a
layer that builds another one (RNN cells, wrappers) sets the inner layer's
`weight_scope` to the prefix TF.js's name scopes give (`bidirectional_X/forward_gru_Y`).
A layer's `call` runs in the caller's tidy: it must not keep intermediates (stateful
layers `keep` what they carry across calls and dispose it in `dispose`).

`layer.apply(x)` (also `layer(x)`) on tensors builds the layer once and calls it; on
`SymbolicTensor`s (`tf.input(...)` and layers' outputs) it builds, checks shapes and
records a `Node`, returning symbolic outputs, which `tf.model(inputs=..., outputs=...)`
turns into a model. Inputs are checked against `input_spec` before anything runs;
an incompatible input is a ValueError naming this layer, the layer the input came
from, and both shapes.

>>> layer = tf.layers.dense(units=1, kernel_initializer="ones", use_bias=False)
>>> y = layer.apply(tf.tensor2d([[1.0, 2.0]]))
>>> y.array_sync()
[[3.0]]
>>> y.dispose(); _ = layer.dispose()
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from tfjs.globals import dispose, tidy
from tfjs.layers.engine.input_spec import (
    InputSpec,
    check_input_compatibility,
    shape_str,
    singleton_or_list,
    to_list,
)
from tfjs.layers.engine.layer_weights import LayerWeights
from tfjs.layers.engine.naming import (
    camel_key,
    constructor_parameters,
    default_layer_name,
    dtype_name,
    is_shape_list,
    snake_kwargs,
)
from tfjs.layers.engine.node import Node, SymbolicTensor
from tfjs.layers.engine.variables import LayerVariable
from tfjs.tensor import Tensor

Shape = tuple[int | None, ...]
_layer_ids = itertools.count()


def call_arguments(kwargs: Mapping[str, Any] | None, options: dict[str, Any]) -> dict[str, Any]:
    """`apply`'s call arguments: TF.js's `kwargs` object, if given, under the keyword ones."""
    if kwargs is None:
        return options
    if not isinstance(kwargs, Mapping):
        raise TypeError(f"apply(inputs, kwargs): kwargs is a dict of call arguments, got {kwargs!r}")
    return {**kwargs, **options}


class Layer(LayerWeights):
    """A layer: weights and a computation from input tensors to output tensors."""

    class_name: ClassVar[str] = "Layer"
    supports_masking: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A subclass without its own class_name is saved and registered under its name.
        if "class_name" not in cls.__dict__:
            cls.class_name = cls.__name__

    def __init__(
        self,
        *,
        name: str | None = None,
        trainable: bool = True,
        input_shape: Sequence[int | None] | None = None,
        batch_input_shape: Sequence[int | None] | None = None,
        batch_size: int | None = None,
        dtype: Any = None,
        weights: Sequence[Any] | None = None,
        input_dtype: str | None = None,
    ) -> None:
        self.id = next(_layer_ids)
        self.name = name if name is not None else default_layer_name(self.class_name)
        self._trainable = bool(trainable)
        self.built = False
        self.input_spec: list[InputSpec | None] | None = None
        self.inbound_nodes: list[Node] = []
        self.outbound_nodes: list[Node] = []
        self._trainable_weights: list[LayerVariable] = []
        self._non_trainable_weights: list[LayerVariable] = []
        self._losses: list[Callable[[], Tensor]] = []
        self._disposed = False
        self.initial_weights = list(weights) if weights is not None else None
        self.dtype = dtype_name(dtype if dtype is not None else input_dtype)
        self.batch_input_shape: Shape | None = None
        if batch_input_shape is not None:
            self.batch_input_shape = tuple(
                None if d is None or d == -1 else int(d) for d in batch_input_shape
            )
        elif input_shape is not None:
            dims = tuple(None if d is None or d == -1 else int(d) for d in input_shape)
            self.batch_input_shape = (batch_size, *dims)
        if self.batch_input_shape is not None and self.dtype is None:
            self.dtype = "float32"

    # -- losses ---------------------------------------------------------------------
    @property
    def losses(self) -> list[Tensor]:
        """The regularization losses of this layer's weights (computed now; in a tidy)."""
        return [loss() for loss in self._losses]

    def add_loss(self, loss: Callable[[], Tensor]) -> None:
        """Adds a loss (a function returning a scalar) that fitting minimizes too."""
        self._losses.append(loss)

    # -- what subclasses override ----------------------------------------------------
    def build(self, input_shape: Any) -> None:
        """Creates the layer's weights for inputs of `input_shape`."""
        self.built = True

    def call(self, inputs: Any, **kwargs: Any) -> Any:
        """The layer's computation on concrete tensors (identity by default)."""
        return inputs

    def compute_output_shape(self, input_shape: Any) -> Any:
        """The shape of the output for inputs of `input_shape` (same by default)."""
        return input_shape

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        """The output mask: the input mask when the layer supports masking, else None."""
        if not self.supports_masking:
            if mask is not None and any(m is not None for m in to_list(mask)):
                raise TypeError(f"Layer {self.name} does not support masking, but was passed an inputMask")
            return None
        return mask

    def get_config(self) -> dict[str, Any]:
        """TF.js's config of this layer (camelCase keys)."""
        config: dict[str, Any] = {"name": self.name, "trainable": self.trainable}
        if self.batch_input_shape is not None:
            config["batchInputShape"] = list(self.batch_input_shape)
        if self.dtype is not None:
            config["dtype"] = self.dtype
        return config

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Layer:
        """A layer from TF.js's config (camelCase or snake_case keys). Keys no constructor
        in the class's hierarchy takes are ignored, as TF.js ignores them (Keras writes
        some that TF.js has no use for)."""
        kwargs = snake_kwargs(config)
        accepted = constructor_parameters(cls)
        return cls(**{k: v for k, v in kwargs.items() if k in accepted})

    # -- applying -------------------------------------------------------------------
    def __call__(self, inputs: Any, **kwargs: Any) -> Any:
        return self.apply(inputs, **kwargs)

    def apply(self, inputs: Any, kwargs: Mapping[str, Any] | None = None, **options: Any) -> Any:
        """Applies the layer: on tensors, computes the outputs; on SymbolicTensors, wires
        the layer into a graph and returns symbolic outputs. `kwargs` is TF.js's object of
        call arguments (`{"training": True}`, `{"mask": m}`); they may also come as keyword
        arguments."""
        self._check_not_disposed()
        kwargs = call_arguments(kwargs, options)
        if isinstance(inputs, tuple):
            inputs = list(inputs)
        items = to_list(inputs)
        symbolic = [isinstance(x, SymbolicTensor) for x in items]
        if any(symbolic) and not all(symbolic):
            raise ValueError("Arguments to apply() must be all SymbolicTensors or all Tensors")
        if not all(symbolic):
            from tfjs.ops import tensor as to_tensor

            converted = [x if isinstance(x, Tensor) else to_tensor(x) for x in items]
            owned = [c for c, x in zip(converted, items, strict=False) if c is not x]
            result: Any = None
            try:
                result = self._apply_eager(converted if isinstance(inputs, list) else converted[0], kwargs)
                return result
            finally:
                returned = {id(t) for t in to_list(result)}  # a layer may return its input
                dispose([t for t in owned if id(t) not in returned])
        return self._apply_symbolic(inputs, kwargs)

    def _ensure_built(self, inputs: Any) -> None:
        self.assert_input_compatibility(inputs)
        if not self.built:
            shapes = [tuple(x.shape) for x in to_list(inputs)]
            self.build(singleton_or_list(shapes) if not isinstance(inputs, list) else shapes)
            self.built = True
            if self.initial_weights is not None:
                self.set_weights(self.initial_weights)
                self.initial_weights = None
            self.assert_input_compatibility(inputs)

    def _apply_eager(self, inputs: Any, kwargs: dict[str, Any]) -> Any:
        self._ensure_built(inputs)
        return tidy(lambda: self.call(inputs, **kwargs))

    def _apply_symbolic(self, inputs: Any, kwargs: dict[str, Any]) -> Any:
        if getattr(self, "activity_regularizer", None) is not None:
            raise NotImplementedError(
                f"Layer {self.name}: layer invocation in the presence of activity regularizer(s) is not "
                "supported yet (as in TF.js)."
            )
        self._ensure_built(inputs)
        items = to_list(inputs)
        shapes = [tuple(x.shape) for x in items]
        in_shape = shapes if isinstance(inputs, list) else shapes[0]
        out_shape = self.compute_output_shape(in_shape)
        masks = kwargs.get("mask")
        if masks is None and any(x.mask is not None for x in items):
            masks = singleton_or_list([x.mask for x in items]) if len(items) > 1 else items[0].mask
        out_mask = self.compute_mask_symbolic(inputs, masks)
        out_shapes = out_shape if is_shape_list(out_shape) else [out_shape]
        dtype = self.output_dtype(items)
        outputs = [
            SymbolicTensor(dtype, s, self, items, kwargs, f"{self.name}/out{i}", i)
            for i, s in enumerate(out_shapes)
        ]
        for out, m in zip(
            outputs, to_list(out_mask) if out_mask is not None else [None] * len(outputs), strict=False
        ):
            out.mask = m
        Node(self, items, outputs, kwargs)
        return outputs if is_shape_list(out_shape) else outputs[0]

    def compute_mask_symbolic(self, inputs: Any, masks: Any) -> Any:
        """Whether the symbolic outputs carry a mask (a truthy placeholder) or not."""
        if masks is None:
            return None
        return True if self.supports_masking or hasattr(self, "_produces_mask") else None

    def output_dtype(self, inputs: list[SymbolicTensor]) -> str:
        """The dtype of the symbolic outputs (the first input's by default)."""
        return inputs[0].dtype if inputs else "float32"

    def assert_input_compatibility(self, inputs: Any) -> None:
        """Checks the inputs against `input_spec`: a ValueError naming this layer, where
        the input came from, and the expected and found shapes."""
        check_input_compatibility(self.name, self.input_spec, inputs)

    # -- graph bookkeeping ----------------------------------------------------------
    def _node_attr(self, node_index: int, attr: str) -> Any:
        if not self.inbound_nodes:
            raise ValueError(f"The layer {self.name} has never been called and thus has no defined {attr}.")
        if node_index >= len(self.inbound_nodes):
            raise ValueError(
                f"Asked to get {attr} at node {node_index}, but the layer has only "
                f"{len(self.inbound_nodes)} inbound nodes."
            )
        return singleton_or_list(getattr(self.inbound_nodes[node_index], attr))

    @property
    def input(self) -> Any:
        """The symbolic input(s) of this layer's only inbound node."""
        return self._node_attr(0, "input_tensors")

    @property
    def output(self) -> Any:
        """The symbolic output(s) of this layer's only inbound node."""
        return self._node_attr(0, "output_tensors")

    @property
    def output_shape(self) -> Any:
        """The output shape of this layer (when all its nodes agree)."""
        shapes = {repr(n.output_shapes) for n in self.inbound_nodes}
        if len(shapes) != 1:
            raise ValueError(
                f"The layer {self.name} has multiple inbound nodes with different output shapes."
            )
        return singleton_or_list(self.inbound_nodes[0].output_shapes)

    # -- life cycle -----------------------------------------------------------------
    def _check_not_disposed(self) -> None:
        if self._disposed:
            raise ValueError(f"Layer '{self.name}' is already disposed.")

    def dispose(self) -> dict[str, int]:
        """Frees this layer's weights; returns `{"refCountAfterDispose", "numDisposedVariables"}`."""
        self._check_not_disposed()
        weights = self._trainable_weights + self._non_trainable_weights
        for weight in weights:
            weight.dispose()
        self._disposed = True
        return {"refCountAfterDispose": 0, "numDisposedVariables": len(weights)}

    def __repr__(self) -> str:
        return f"<{self.class_name} name={self.name}>"


__all__ = ["InputSpec", "Layer", "camel_key", "shape_str", "singleton_or_list", "to_list"]

"""`InputLayer` and `tf.input` (tfjs-layers' engine/input_layer.ts): a model's entry point."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.layers.config_objects import check_not_config_object
from tfjs.layers.engine.base_layer import Layer
from tfjs.layers.engine.naming import get_uid
from tfjs.layers.engine.node import Node, SymbolicTensor
from tfjs.layers.serialization import register_class


class InputLayer(Layer):
    """The layer a model's input comes from: it holds the input's batch shape and dtype.

    >>> layer = tf.layers.input_layer(input_shape=[3])
    >>> layer.batch_input_shape
    (None, 3)
    """

    class_name = "InputLayer"

    def __init__(
        self,
        *,
        input_shape: Sequence[int | None] | None = None,
        batch_input_shape: Sequence[int | None] | None = None,
        batch_shape: Sequence[int | None] | None = None,
        batch_size: int | None = None,
        dtype: Any = None,
        sparse: bool | None = None,
        name: str | None = None,
        ragged: bool | None = None,
        **ignored: Any,
    ) -> None:
        batch_input_shape = batch_input_shape if batch_input_shape is not None else batch_shape
        if input_shape is None and batch_input_shape is None:
            raise ValueError("An InputLayer should be passed either a `batchInputShape` or an `inputShape`.")
        if input_shape is not None and batch_input_shape is not None:
            raise ValueError(
                "Only provide the inputShape OR batchInputShape argument to inputLayer, not both at "
                "the same time."
            )
        if sparse:
            raise ValueError("Sparse input layers are not supported")
        super().__init__(
            name=name if name is not None else get_uid("input"),
            input_shape=input_shape,
            batch_input_shape=batch_input_shape,
            batch_size=batch_size,
            dtype=dtype if dtype is not None else "float32",
        )
        self.trainable = False
        self.built = True
        self.sparse = False
        output = SymbolicTensor(
            self.dtype or "float32", self.batch_input_shape or (), self, [], {}, self.name
        )
        node = Node(self, [], [output])
        node.input_shapes = [output.shape]  # TF.js's InputLayer node takes its own tensor in

    def apply(self, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        raise ValueError(
            f"Cannot pass any input to an InputLayer's apply() method. InputLayer name: {self.name}"
        )

    def get_config(self) -> dict[str, Any]:
        return {
            "batchInputShape": list(self.batch_input_shape or ()),
            "dtype": self.dtype,
            "sparse": False,
            "name": self.name,
        }


def input(  # noqa: A001 - TF.js's name
    shape: Sequence[int | None] | None = None,
    *,
    batch_shape: Sequence[int | None] | None = None,
    name: str | None = None,
    dtype: str = "float32",
    sparse: bool | None = None,
) -> SymbolicTensor:
    """A symbolic input of a functional model (TF.js `tf.input`): `shape` without the batch
    dimension, or `batch_shape` with it.

    >>> x = tf.input(shape=[4])
    >>> x.shape
    (None, 4)
    """
    check_not_config_object("tf.input", shape)
    if shape is None and batch_shape is None:
        raise ValueError("Please provide to Input either a `shape` or a `batchShape` argument.")
    if shape is not None and batch_shape is not None:
        raise ValueError("Please provide either a `shape` or `batchShape` argument to Input, but not both.")
    layer = InputLayer(
        input_shape=shape, batch_input_shape=batch_shape, name=name, dtype=dtype, sparse=sparse
    )
    return layer.inbound_nodes[0].output_tensors[0]


register_class(InputLayer)

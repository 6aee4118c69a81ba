"""`tf.layers`: TF.js's layer factories (tfjs-layers' exports_layers.ts) and the Layer base class.

Each factory takes TF.js's config keys as snake_case keyword arguments:

>>> model = tf.sequential()
>>> model.add(tf.layers.dense(units=3, input_shape=[2], activation="relu", name="ns_doc_dense"))
>>> model.outputs[0].shape
(None, 3)
>>> model.dispose()["numDisposedVariables"]
2
"""

from __future__ import annotations

from typing import Any

from tfjs.layers.core.core import (
    Activation,
    Dense,
    Dropout,
    Flatten,
    Masking,
    Permute,
    RepeatVector,
    Reshape,
    SpatialDropout1D,
)
from tfjs.layers.engine.base_layer import InputSpec, Layer
from tfjs.layers.engine.input_layer import InputLayer
from tfjs.layers.engine.node import SymbolicTensor


def _factory(cls: type, doc: str) -> Any:
    def make(**kwargs: Any) -> Any:
        return cls(**kwargs)

    make.__doc__ = doc
    make.__name__ = make.__qualname__ = cls.__name__
    return make


dense = _factory(Dense, "A densely-connected layer (TF.js `tf.layers.dense`).")
activation = _factory(Activation, "Applies an activation (TF.js `tf.layers.activation`).")
dropout = _factory(Dropout, "Dropout while training (TF.js `tf.layers.dropout`).")
spatial_dropout1d = _factory(
    SpatialDropout1D, "Channel dropout of sequences (TF.js `tf.layers.spatialDropout1d`)."
)
flatten = _factory(Flatten, "Flattens each sample (TF.js `tf.layers.flatten`).")
reshape = _factory(Reshape, "Reshapes each sample (TF.js `tf.layers.reshape`).")
permute = _factory(Permute, "Permutes the non-batch axes (TF.js `tf.layers.permute`).")
repeat_vector = _factory(RepeatVector, "Repeats a vector n times (TF.js `tf.layers.repeatVector`).")
masking = _factory(Masking, "Masks timesteps equal to mask_value (TF.js `tf.layers.masking`).")
input_layer = _factory(InputLayer, "A model's input layer (TF.js `tf.layers.inputLayer`).")

__all__ = [
    "InputLayer",
    "InputSpec",
    "Layer",
    "SymbolicTensor",
    "activation",
    "dense",
    "dropout",
    "flatten",
    "input_layer",
    "masking",
    "permute",
    "repeat_vector",
    "reshape",
    "spatial_dropout1d",
]

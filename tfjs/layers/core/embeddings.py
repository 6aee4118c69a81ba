"""The Embedding layer (tfjs-layers' layers/embeddings.ts): integer indices to dense vectors."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.core.common import WeightSpecs, positive_int
from tfjs.layers.core.core import _serialized_regularizer
from tfjs.layers.engine.base_layer import Layer
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


class Embedding(Layer):
    """Maps each index in [0, input_dim) to a row of an [input_dim, output_dim] matrix."""

    class_name = "Embedding"

    def __init__(
        self,
        input_dim: int,
        output_dim: int,
        embeddings_initializer: Any = "randomUniform",
        embeddings_regularizer: Any = None,
        activity_regularizer: Any = None,
        embeddings_constraint: Any = None,
        mask_zero: bool | None = False,
        input_length: Any = None,
        **base: Any,
    ) -> None:
        if base.get("batch_input_shape") is None and base.get("input_shape") is None:
            if input_length is None:
                base["input_shape"] = [None]
            else:
                base["input_shape"] = (
                    list(input_length) if isinstance(input_length, (list, tuple)) else [input_length]
                )
        super().__init__(**base)
        self.input_dim = positive_int(input_dim, "input_dim", "Embedding")
        self.output_dim = positive_int(output_dim, "output_dim", "Embedding")
        self.specs = WeightSpecs(
            embeddings_initializer=embeddings_initializer or "randomUniform",
            embeddings_regularizer=embeddings_regularizer,
            embeddings_constraint=embeddings_constraint,
        )
        self.activity_regularizer = activity_regularizer
        self.mask_zero = bool(mask_zero)
        self.supports_masking = self.mask_zero
        self._produces_mask = self.mask_zero
        self.input_length = input_length

    def build(self, input_shape: Any) -> None:
        self.embeddings = self.specs.add(self, "embeddings", "embeddings", [self.input_dim, self.output_dim])
        self.built = True

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if not self.mask_zero:
            return None
        return tidy(lambda: ops.not_equal(inputs, ops.zeros_like(inputs)))

    def compute_mask_symbolic(self, inputs: Any, masks: Any) -> Any:
        return True if self.mask_zero else None

    def compute_output_shape(self, input_shape: Any) -> Any:
        return (*input_shape, self.output_dim)

    def output_dtype(self, inputs: list[Any]) -> str:
        return "float32"

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        indices = inputs if inputs.dtype == "int32" else ops.cast(inputs, "int32")
        flat = ops.gather(self.embeddings.read(), ops.reshape(indices, [-1]))
        return ops.reshape(flat, [*inputs.shape, self.output_dim])

    def get_config(self) -> dict[str, Any]:
        specs = self.specs.config()
        config = {
            "inputDim": self.input_dim,
            "outputDim": self.output_dim,
            "embeddingsInitializer": specs["embeddingsInitializer"],
            "embeddingsRegularizer": specs["embeddingsRegularizer"],
            "activityRegularizer": _serialized_regularizer(self.activity_regularizer),
            "embeddingsConstraint": specs["embeddingsConstraint"],
            "maskZero": self.mask_zero,
            "inputLength": self.input_length,
        }
        return {**config, **super().get_config()}


register_class(Embedding)

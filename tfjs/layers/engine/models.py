"""`tf.LayersModel` and `tf.model` (tfjs-layers' engine/training.ts): a functional model with
predict, summary, weights, saving and (through tfjs.layers.training) compile/fit/evaluate."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tfjs.globals import tidy
from tfjs.layers.config_objects import check_not_config_object
from tfjs.layers.engine.container import Container
from tfjs.layers.engine.model_calls import one_call_at_a_time
from tfjs.layers.serialization import register_class
from tfjs.layers.training import data
from tfjs.layers.training.model_training import TrainingMixin
from tfjs.tensor import Tensor


class LayersModel(TrainingMixin, Container):
    """A model made of layers, from `tf.model(inputs=..., outputs=...)`.

    >>> x = tf.input(shape=[2])
    >>> y = tf.layers.dense(units=1, kernel_initializer="ones", name="sum_doc").apply(x)
    >>> model = tf.model(inputs=x, outputs=y)
    >>> model.predict(tf.tensor2d([[1, 2], [3, 4]])).array_sync()
    [[3.0], [7.0]]
    >>> model.dispose()["numDisposedVariables"]
    2
    """

    class_name = "Model"

    @one_call_at_a_time
    def predict(self, x: Any, batch_size: int = 32, verbose: bool = False) -> Any:
        """The model's outputs for `x` (a tensor, a list in input order, or a dict by
        input name), computed `batch_size` samples at a time; one tensor per output."""
        self._check_not_disposed()
        data.check_batch_size(batch_size, "predict")
        inputs, made = data.as_tensors(x, self.input_names, "input", "predict")
        try:
            data.check_shapes(inputs, self.input_names, self.feed_input_shapes, "input", "")
            size = data.check_same_length(inputs, [], "predict")
            return tidy(lambda: self._predict_loop(inputs, size, batch_size))
        finally:
            for t in made:
                t.dispose()

    def _predict_loop(self, inputs: list[Tensor], size: int, batch_size: int) -> Any:
        from tfjs.ops import concat

        per_output: list[list[Tensor]] = [[] for _ in self.outputs]
        for start, end in data.batch_ranges(size, batch_size) or [(0, 0)]:  # no samples: 0-row outputs
            batch = data.slice_rows(inputs, start, end) if size > batch_size else inputs
            outs = self.run_internal_graph(batch, training=False, free_intermediates=True)
            for i, out in enumerate(outs):
                per_output[i].append(out)
        results = [outs[0] if len(outs) == 1 else concat(outs, 0) for outs in per_output]
        return data.singleton(results)

    @one_call_at_a_time
    def predict_on_batch(self, x: Any) -> Any:
        """The model's outputs for one batch `x` (TF.js `predictOnBatch`)."""
        inputs, made = data.as_tensors(x, self.input_names, "input", "predict_on_batch")
        try:
            data.check_shapes(inputs, self.input_names, self.feed_input_shapes, "input", "")
            return tidy(lambda: data.singleton(self.run_internal_graph(inputs, training=False)))
        finally:
            for t in made:
                t.dispose()

    def summary(
        self,
        line_length: int | None = None,
        positions: Sequence[float] | None = None,
        print_fn: Callable[[str], Any] = print,
    ) -> None:
        """Prints Keras's table of the layers, their shapes, parameter counts and inputs,
        then the total, trainable and non-trainable parameter counts."""
        from tfjs.layers.engine.summary import print_summary

        if line_length is not None and (isinstance(line_length, bool) or not isinstance(line_length, int)):
            raise TypeError(f"summary: line_length must be an int, got {line_length!r}")
        if not self.built:
            raise ValueError(
                "This model has never been called, thus its weights have not yet been created, so no summary "
                "can be displayed. Build the model first (e.g., by calling it on some test data)."
            )
        print_summary(self, line_length, positions, print_fn)

    def save(
        self,
        handler_or_url: Any,
        config: Mapping[str, Any] | None = None,
        *,
        include_optimizer: bool = False,
        trainable_only: bool = False,
    ) -> Any:
        """Saves the model in TF.js's layers format (model.json and weights.bin for a path);
        returns the handler's SaveResult. `config` is TF.js's SaveConfig
        (`{"include_optimizer": True}`; its keys may also come as keyword arguments):
        `include_optimizer` adds the training config and the optimizer's weights,
        `trainable_only` leaves out the non-trainable weights."""
        from tfjs.layers.saving.save import save_config, save_model

        settings = save_config(config, include_optimizer=include_optimizer, trainable_only=trainable_only)
        return save_model(self, handler_or_url, **settings)


def model(inputs: Any = None, outputs: Any = None, name: str | None = None) -> LayersModel:
    """A functional model from its symbolic inputs and outputs (TF.js `tf.model`)."""
    check_not_config_object("tf.model", inputs)
    if inputs is None or outputs is None:
        raise ValueError("tf.model() needs inputs= and outputs= (SymbolicTensors)")
    return LayersModel(inputs=inputs, outputs=outputs, name=name)


register_class(LayersModel)

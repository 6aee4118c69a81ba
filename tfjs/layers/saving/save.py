"""`model.save` (tfjs-layers' LayersModel.save): the model's topology in Keras's pythonic
form, its weights encoded by tfjs.io, handed to a save handler (a path gets tfjs.io's
file handler: model.json and weights.bin, as TF.js's file handler writes them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tfjs.io.option_objects import renamed_options
from tfjs.layers.serialization import convert_ts_to_pythonic

TFJS_LAYERS_VERSION = "4.22.0"
LAYERS_MODEL_FORMAT = "layers-model"


def model_topology(model: Any) -> dict[str, Any]:
    """What model.json's `modelTopology` holds (TF.js `model.toJSON(null, false)`)."""
    config = {
        "className": model.class_name,
        "config": model.get_config(),
        "kerasVersion": f"tfjs-layers {TFJS_LAYERS_VERSION}",
        "backend": "TensorFlow.js",
    }
    return convert_ts_to_pythonic(config)


# TF.js's SaveConfig: its keys, by their Python and TF.js names
_SAVE_CONFIG = {
    "include_optimizer": "include_optimizer",
    "includeOptimizer": "include_optimizer",
    "trainable_only": "trainable_only",
    "trainableOnly": "trainable_only",
}


def save_config(config: Mapping[str, Any] | None, **given: bool) -> dict[str, bool]:
    """TF.js's SaveConfig (`config`, snake_case or camelCase keys) over the keyword
    arguments `given`: {"include_optimizer": ..., "trainable_only": ...}."""
    settings = dict(given)
    if config is not None:
        if not isinstance(config, Mapping):
            raise TypeError(
                f"save(handler_or_url, config): config is TF.js's SaveConfig (a dict), got {config!r}"
            )
        settings.update(renamed_options(config, _SAVE_CONFIG, "save"))
    for name, value in settings.items():
        if not isinstance(value, bool):
            raise TypeError(f"save: {name} must be True or False, got {value!r}")
    return settings


def save_model(
    model: Any, handler_or_url: Any, include_optimizer: bool = False, trainable_only: bool = False
) -> Any:
    """Encodes the model (its trainable weights alone with `trainable_only`) and passes its
    ModelArtifacts to the handler's `save`."""
    from tfjs import io
    from tfjs.io.handlers import save_handler_for

    handler = save_handler_for(handler_or_url, "LayersModel")
    weights = model.trainable_weights if trainable_only else model.weights
    named = [{"name": w.original_name, "tensor": w.read()} for w in weights]
    data, specs = io.encode_weights(named)
    artifacts = io.ModelArtifacts(
        model_topology=model_topology(model),
        format=LAYERS_MODEL_FORMAT,
        generated_by=f"TensorFlow.js tfjs-layers v{TFJS_LAYERS_VERSION}",
        converted_by=None,
    )
    optimizer = getattr(model, "optimizer", None)
    if include_optimizer and optimizer is not None:
        from tfjs.layers.training.training_config import optimizer_weights_for_save, training_config

        artifacts.training_config = training_config(model)
        opt_data, opt_specs = optimizer_weights_for_save(optimizer)
        data += opt_data
        specs += opt_specs
    artifacts.weight_data = data
    artifacts.weight_specs = specs
    return handler.save(artifacts)

"""`model.save` (tfjs-layers' LayersModel.save): the model's topology in Keras's pythonic
form, its weights encoded by tfjs.io, handed to a save handler (a path gets tfjs.io's
file handler: model.json and weights.bin, as TF.js's file handler writes them)."""

from __future__ import annotations

import os
from typing import Any

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


def _handler(handler_or_url: Any) -> Any:
    from tfjs import io

    if isinstance(handler_or_url, os.PathLike):
        handler_or_url = os.fspath(handler_or_url)
    if isinstance(handler_or_url, str):
        handlers = io.get_save_handlers(handler_or_url)
        if len(handlers) > 1:
            raise ValueError(
                f"Found more than one ({len(handlers)}) save handlers for URL '{handler_or_url}'"
            )
        if handlers:
            return handlers[0]
        if "://" in handler_or_url and not handler_or_url.startswith("file://"):
            raise ValueError(f"Cannot find any save handlers for URL '{handler_or_url}'")
        return io.file_system(handler_or_url.removeprefix("file://"))
    if not callable(getattr(handler_or_url, "save", None)):
        raise ValueError(
            "LayersModel.save() cannot proceed because the IOHandler provided does not have the "
            "`save` attribute defined."
        )
    return handler_or_url


def save_model(model: Any, handler_or_url: Any, include_optimizer: bool = False) -> Any:
    """Encodes the model and passes its ModelArtifacts to the handler's `save`."""
    from tfjs import io

    handler = _handler(handler_or_url)
    named = [{"name": w.original_name, "tensor": w.read()} for w in model.weights]
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

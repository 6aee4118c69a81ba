"""`model.save` (tfjs-layers' LayersModel.save): the model's topology in Keras's pythonic
form, its weights encoded by tfjs.io, handed to a save handler (a path gets tfjs.io's
file handler: model.json and weights.bin, as TF.js's file handler writes them)."""

from __future__ import annotations

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


def save_model(model: Any, handler_or_url: Any, include_optimizer: bool = False) -> Any:
    """Encodes the model and passes its ModelArtifacts to the handler's `save`."""
    from tfjs import io
    from tfjs.io.handlers import save_handler_for

    handler = save_handler_for(handler_or_url, "LayersModel")
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

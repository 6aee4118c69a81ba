"""The training config a model.json holds (tfjs-layers' training.ts getTrainingConfig /
loadTrainingConfig), the optimizer state saved beside the weights, and per-class sample
weights (standardizeClassWeights)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from tfjs import ops
from tfjs.layers.training.compile import loss_identifiers, metric_identifiers
from tfjs.tensor import Tensor


def class_sample_weights(y: Tensor, class_weight: Mapping[Any, float]) -> Tensor:
    """Per-sample weights from per-class weights (TF.js standardizeClassWeights): the class
    of a one-hot row is its argmax, of a [n, 1] target its value."""
    if y.rank == 2 and y.shape[1] > 1:
        classes = ops.arg_max(y, 1)
    elif (y.rank == 2 and y.shape[1] == 1) or y.rank == 1:
        classes = ops.reshape(y, [y.shape[0]])
    else:
        raise ValueError(
            f"class weighting expects targets of shape [n, 1] or one-hot [n, classes], got {list(y.shape)}"
        )
    indices = [int(c) for c in classes.data_sync()]
    classes.dispose()
    table = {int(k): float(v) for k, v in class_weight.items()}
    missing = sorted(set(indices) - set(table))
    if missing:
        raise ValueError(
            f"classWeight must contain all classes in the training data. The class {missing[0]} "
            "exists in the data but not in classWeight"
        )
    return ops.tensor1d([table[c] for c in indices], "float32")


# -- the training config in model.json -------------------------------------------------
def training_config(model: Any) -> dict[str, Any]:
    """What model.json's `trainingConfig` holds for a compiled model (TF.js getTrainingConfig)."""
    return {
        "loss": loss_identifiers(model.loss),
        "metrics": metric_identifiers(model.compiled_metrics),
        "optimizer_config": {
            "class_name": model.optimizer.get_class_name(),
            "config": model.optimizer.get_config(),
        },
    }


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def optimizer_weights_for_save(optimizer: Any) -> tuple[bytes, list[dict[str, Any]]]:
    """The optimizer's state encoded in the weight group "optimizer"."""
    from tfjs import io

    weights = _run(optimizer.get_weights())
    try:
        return io.encode_weights(weights, "optimizer")
    finally:
        weights[0]["tensor"].dispose()


def compile_from_training_config(
    model: Any, config: Mapping[str, Any], optimizer_weights: Mapping[str, Tensor]
) -> None:
    """Compiles a loaded model as its training config says, restoring the optimizer's state."""
    from tfjs.layers.serialization import convert_pythonic_to_ts, to_camel_case
    from tfjs.optimizers import OPTIMIZERS

    for key in ("weighted_metrics", "loss_weights", "sample_weight_mode"):
        if config.get(key) is not None:
            raise NotImplementedError(f"Loading {key} from a training config is not supported yet.")
    optimizer_config = convert_pythonic_to_ts(config.get("optimizer_config"))
    by_name = {c.class_name: c for c in OPTIMIZERS}
    cls = by_name.get(optimizer_config.get("className")) if isinstance(optimizer_config, Mapping) else None
    if cls is None:
        raise ValueError(f"Unknown optimizer in the training config: {optimizer_config!r}")
    optimizer = cls.from_config(optimizer_config.get("config") or {})

    def camel(value: Any) -> Any:
        if isinstance(value, str):
            return to_camel_case(value)
        if isinstance(value, Mapping):
            return {k: camel(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [camel(v) for v in value]
        return value

    try:
        loss, metrics = camel(config.get("loss")), camel(config.get("metrics"))
        model.compile(optimizer=optimizer, loss=loss, metrics=metrics)
    except BaseException:
        optimizer.dispose()
        raise
    model.is_optimizer_owned = True  # made here, so the model disposes it
    if optimizer_weights:
        _run(optimizer.set_weights([{"name": k, "tensor": v} for k, v in optimizer_weights.items()]))

"""What `model.compile` resolves (tfjs-layers' training.ts compile and optimizers.ts): the
optimizer from an object or TF.js's names, one loss per output, and the metrics with the
names History reports (`acc`, `mse`, `<output>_acc` for several outputs, per-output
`<output>_loss`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tfjs.layers import losses as layer_losses
from tfjs.layers import metrics as layer_metrics
from tfjs.layers.serialization import to_snake_case

# Keras's epsilon, the one TF.js's named optimizers get.
EPSILON = 1e-7


def optimizer_by_name(name: str) -> Any:
    """A new optimizer for TF.js's names ('sgd', 'SGD', 'adam', 'Adam', 'rmsprop', ...),
    with the defaults TF.js gives them."""
    from tfjs import train

    makers: dict[str, Callable[[], Any]] = {
        "Adagrad": lambda: train.adagrad(0.01),
        "Adadelta": lambda: train.adadelta(1, 0.95, EPSILON),
        "Adam": lambda: train.adam(0.001, 0.9, 0.999, EPSILON),
        "Adamax": lambda: train.adamax(0.002, 0.9, 0.999, EPSILON, 0),
        "RMSProp": lambda: train.rmsprop(0.001, 0.9, 0, EPSILON),
        "SGD": lambda: train.sgd(0.01),
    }
    for key in list(makers):
        makers[key.lower()] = makers[key]
    if name not in makers:
        raise ValueError(f"Unknown Optimizer {name}")
    return makers[name]()


def resolve_optimizer(optimizer: Any) -> Any:
    from tfjs.optimizers import Optimizer

    if isinstance(optimizer, str):
        return optimizer_by_name(optimizer)
    if isinstance(optimizer, Optimizer):
        return optimizer
    raise ValueError(f"compile: optimizer must be a tf.train optimizer or its name, got {optimizer!r}")


def per_output(value: Any, output_names: Sequence[str], what: str) -> list[Any]:
    """`value` for each output: one value for all, a list in output order, or a dict by
    output name."""
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - set(output_names))
        if unknown:
            raise ValueError(
                f"Unknown entries in {what} dictionary: {unknown}. Only expected the following "
                f"keys: {list(output_names)}"
            )
        return [value.get(name) for name in output_names]
    if isinstance(value, (list, tuple)) and what == "loss":
        if len(value) != len(output_names):
            raise ValueError(
                f"When passing an Array as loss, it should have one entry per model output. The model has "
                f"{len(output_names)} output(s), but you passed loss={list(value)}."
            )
        return list(value)
    return [value] * len(output_names)


@dataclass
class MetricSpec:
    """A metric or per-output loss computed each batch: its History name, function and output."""

    name: str
    fn: Callable[[Any, Any], Any]
    output: int


def resolve_metrics(
    metrics: Any, output_names: Sequence[str], output_shapes: Sequence[Sequence[Any]], loss_fns: Sequence[Any]
) -> list[MetricSpec]:
    """The metrics in TF.js's order: per-output losses (several outputs), then each
    output's metrics; 'acc'/'accuracy' and 'ce'/'crossentropy' resolved by the loss and
    the output's last size as TF.js does."""
    specs: list[MetricSpec] = []
    several = len(output_names) > 1
    if several:
        for i, name in enumerate(output_names):
            specs.append(MetricSpec(f"{name}_loss", loss_fns[i], i))
    if metrics is None:
        return specs
    if isinstance(metrics, Mapping):
        per = per_output(metrics, output_names, "metrics")
    else:
        per = [metrics] * len(output_names)
    for i, wanted in enumerate(per):
        if wanted is None:
            continue
        prefix = f"{output_names[i]}_" if several else ""
        for metric in wanted if isinstance(wanted, (list, tuple)) else [wanted]:
            specs.append(_metric_spec(metric, prefix, i, output_shapes[i], loss_fns[i]))
    return specs


def _metric_spec(metric: Any, prefix: str, output: int, shape: Sequence[Any], loss_fn: Any) -> MetricSpec:
    if metric in ("accuracy", "acc", "crossentropy", "ce"):
        accuracy = metric in ("accuracy", "acc")
        if shape[-1] == 1 or loss_fn is layer_losses.binary_crossentropy:
            fn = layer_metrics.binary_accuracy if accuracy else layer_losses.binary_crossentropy
        elif loss_fn is layer_losses.sparse_categorical_crossentropy:
            fn = (
                layer_metrics.sparse_categorical_accuracy
                if accuracy
                else layer_losses.sparse_categorical_crossentropy
            )
        else:
            fn = layer_metrics.categorical_accuracy if accuracy else layer_losses.categorical_crossentropy
        return MetricSpec(prefix + ("acc" if accuracy else "ce"), fn, output)
    fn = layer_metrics.get_metric(metric)
    return MetricSpec(prefix + layer_metrics.get_loss_or_metric_name(metric), fn, output)


def loss_identifiers(loss: Any) -> Any:
    """The loss as model.json's training config holds it (snake_case names)."""

    def one(item: Any) -> str:
        return to_snake_case(layer_metrics.get_loss_or_metric_name(item))

    if isinstance(loss, Mapping):
        return {k: one(v) for k, v in loss.items()}
    if isinstance(loss, (list, tuple)):
        return [one(v) for v in loss]
    return one(loss)


def metric_identifiers(metrics: Any) -> Any:
    """The metrics as model.json's training config holds them (snake_case names)."""
    if metrics is None:
        return []

    def many(items: Any) -> list[str]:
        items = items if isinstance(items, (list, tuple)) else [items]
        return [to_snake_case(layer_metrics.get_loss_or_metric_name(m)) for m in items]

    if isinstance(metrics, Mapping):
        return {k: many(v) for k, v in metrics.items()}
    return many(metrics)

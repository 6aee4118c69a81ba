"""Training and evaluating over datasets (tfjs-layers' training_dataset.ts): any Python
iterable of batches, each `(xs, ys)` or `{"xs": ..., "ys": ...}` (xs and ys: a tensor,
an array, a list in input/output order or a dict by name)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from tfjs import ops
from tfjs.globals import dispose
from tfjs.layers.training.callbacks import History
from tfjs.tensor import Tensor


def _pair(item: Any, where: str) -> tuple[Any, Any]:
    if isinstance(item, Mapping):
        if "xs" not in item or "ys" not in item:
            raise ValueError(f"{where}: a dataset's batch dict needs 'xs' and 'ys', got keys {sorted(item)}")
        return item["xs"], item["ys"]
    if isinstance(item, (list, tuple)) and len(item) == 2:
        return item[0], item[1]
    raise ValueError(
        f"{where}: each dataset element must be (xs, ys) or {{'xs': ..., 'ys': ...}}, "
        f"got {type(item).__name__}"
    )


def _batches(
    model: Any, source: Iterator[Any], limit: int | None, where: str, class_weight: Any = None
) -> Iterator[Any]:
    """The standardized batches of `source` (at most `limit`), each freed after use."""
    count = 0
    while limit is None or count < limit:
        try:
            item = next(source)
        except StopIteration:
            if count == 0 and limit is None:
                raise ValueError(f"{where}: the dataset gave no batches") from None
            if limit is not None:
                sys.stderr.write(
                    f"Your dataset iterator ran out of data after {count} batches ({where} asked "
                    f"for {limit}).\n"
                )
                model.stop_training = True
            return
        xs, ys, made = model._standardize(*_pair(item, where), where)
        weights = model._sample_weights(ys, class_weight, None)
        try:
            yield xs, ys, weights
        finally:
            dispose(made + [w for w in weights if w is not None])
        count += 1


def _check_restarts(dataset: Any, name: str, count_option: str, again: bool) -> None:
    """A ValueError where `dataset` is to be iterated `again` from its start but is an
    iterator (a generator), which gives its batches once."""
    if again and iter(dataset) is dataset:
        raise ValueError(
            f"fit_dataset: {name} is an iterator ({type(dataset).__name__}), which gives its batches "
            "once, and each epoch iterates it from the start: give a list, or an iterable whose "
            f"__iter__ starts again, or {count_option} (one iterator then runs on across epochs)"
        )


def _is_arrays(value: Any) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) in (2, 3)
        and not isinstance(value[0], (Mapping, tuple))
    )


def fit_dataset(
    model: Any,
    dataset: Iterable[Any],
    epochs: int = 1,
    batches_per_epoch: int | None = None,
    callbacks: Any = None,
    validation_data: Any = None,
    validation_batches: int | None = None,
    verbose: int | None = None,
    class_weight: Any = None,
    initial_epoch: int = 0,
) -> History:
    """Trains `model` on the batches of `dataset` (TF.js `fitDataset`). Without
    `batches_per_epoch` each epoch iterates the whole iterable again (so it must be
    re-iterable, e.g. a list); with it, one iterator runs on across epochs.
    `validation_data` is `(x, y)` arrays or another iterable of batches (at most
    `validation_batches` of them each epoch)."""
    model._check_compiled("fitting")
    epochs_run = epochs - initial_epoch
    _check_restarts(dataset, "dataset", "batches_per_epoch", epochs_run > 1 and batches_per_epoch is None)
    if validation_data is not None and not _is_arrays(validation_data):
        again = epochs_run > 1 and validation_batches is None
        _check_restarts(validation_data, "validation_data", "validation_batches", again)
    shared = iter(dataset) if batches_per_epoch is not None else None

    def epoch() -> Iterator[Any]:
        source = shared if shared is not None else iter(dataset)
        return _batches(model, source, batches_per_epoch, "fit_dataset", class_weight)

    val: Any = None
    made: list[Tensor] = []
    if validation_data is not None and _is_arrays(validation_data):
        vx, vy, made = model._standardize(validation_data[0], validation_data[1], "fit_dataset validation")
        val = (vx, vy, [None] * len(vy))
    elif validation_data is not None:

        def val() -> list[float]:
            return _test_over(model, iter(validation_data), validation_batches, "fit_dataset validation")

    try:
        return model._fit_loop(epoch, epochs, initial_epoch, verbose, callbacks, val, 32, None)
    finally:
        dispose(made)


def _test_over(model: Any, source: Iterator[Any], limit: int | None, where: str) -> list[float]:
    totals: list[float] | None = None
    seen = 0
    for xs, ys, weights in _batches(model, source, limit, where):
        size = xs[0].shape[0]
        values = model._test_batch(xs, ys, weights)
        totals = (
            [v * size for v in values]
            if totals is None
            else [t + v * size for t, v in zip(totals, values, strict=True)]
        )
        seen += size
    if totals is None:
        raise ValueError(f"{where}: the dataset gave no batches")
    return [t / seen for t in totals]


def evaluate_dataset(model: Any, dataset: Iterable[Any], batches: int | None = None) -> Any:
    """The loss and metrics over the batches of `dataset` (at most `batches`), averaged by
    batch size: a scalar tensor, or a list of them (TF.js `evaluateDataset`)."""
    model._check_compiled("evaluating")
    values = _test_over(model, iter(dataset), batches, "evaluate_dataset")
    scalars = [ops.scalar(v) for v in values]
    return scalars[0] if len(scalars) == 1 else scalars

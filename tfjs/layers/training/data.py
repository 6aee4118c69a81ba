"""Checking and batching a model's input and target arrays (tfjs-layers' training_utils.ts
and training.ts: checkInputData, sliceArrays, the predict loop)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tfjs import ops
from tfjs.globals import dispose, tidy
from tfjs.layers.config_objects import check_not_config_object
from tfjs.layers.engine.base_layer import shape_str, to_list
from tfjs.tensor import Tensor


def as_tensors(values: Any, names: Sequence[str], what: str, where: str) -> tuple[list[Tensor], list[Tensor]]:
    """`values` (a tensor, array, list of them, or a dict by name) as one tensor per name,
    and the tensors made here (that the caller disposes)."""
    from tfjs.ops import tensor as to_tensor

    if isinstance(values, Mapping):
        missing = [n for n in names if n not in values]
        if missing:
            raise ValueError(f"{where}: no {what} data provided for {missing} (given: {sorted(values)})")
        items = [values[n] for n in names]
    elif isinstance(values, (list, tuple)) and (len(names) > 1 or (values and isinstance(values[0], Tensor))):
        items = list(values)
    else:
        items = [values]
    if len(items) != len(names):
        raise ValueError(
            f"{where}: the model expects {len(names)} {what} array(s), but got {len(items)} "
            f"(the model's {what}s: {list(names)})"
        )
    made: list[Tensor] = []
    tensors: list[Tensor] = []
    for item in items:
        if isinstance(item, Tensor):
            tensors.append(item)
        else:
            t = to_tensor(item)
            made.append(t)
            tensors.append(t)
    return tensors, made


def check_shapes(
    tensors: Sequence[Tensor],
    names: Sequence[str],
    shapes: Sequence[Sequence[int | None]] | None,
    what: str,
    where: str,
) -> None:
    """TF.js's checkInputData: each array's rank and sizes against the model's (None free)."""
    if shapes is None:
        return
    checked = " ".join(part for part in (where, what) if part)
    for t, name, shape in zip(tensors, names, shapes, strict=False):
        if shape is None:
            continue
        if len(t.shape) != len(shape):
            raise ValueError(
                f"Error when checking {checked}: expected {name} to have {len(shape)} dimension(s), "
                f"but got array with shape {shape_str(t.shape)}"
            )
        for i, (want, got) in enumerate(zip(shape, t.shape, strict=False)):
            if i == 0:
                continue
            if want is not None and want != got:
                raise ValueError(
                    f"Error when checking {checked}: expected {name} to have shape {shape_str(shape)}, "
                    f"but got array with shape {shape_str(t.shape)}"
                )


def rank_2_or_higher(tensors: list[Tensor]) -> tuple[list[Tensor], list[Tensor]]:
    """TF.js's ensureTensorsRank2OrHigher: each rank-1 array as a column ([n] -> [n, 1]),
    and the tensors made here."""
    columns = [ops.expand_dims(t, 1) if t.rank == 1 else t for t in tensors]
    return columns, [column for column, t in zip(columns, tensors, strict=True) if column is not t]


def check_targets(
    targets: Sequence[Tensor], names: Sequence[str], shapes: Sequence[Sequence[int | None]], losses: list[Any]
) -> None:
    """TF.js's target checks in fit and evaluate (standardizeInputData, then
    checkLossAndTargetCompatibility): each target's rank and per-example shape against
    its output's (its last size 1 for sparse categorical crossentropy); a target of one
    class for categorical crossentropy is refused."""
    from tfjs.layers import losses as layer_losses

    for y, name, shape, loss in zip(targets, names, shapes, losses, strict=True):
        if loss is layer_losses.sparse_categorical_crossentropy:
            shape = [*shape[:-1], 1]
        if y.rank != len(shape):
            raise ValueError(
                f"Error when checking target: expected {name} to have {len(shape)} dimension(s). "
                f"but got array with shape {shape_str(y.shape)}"
            )
        if any(want is not None and want != got for want, got in zip(shape[1:], y.shape[1:], strict=True)):
            each = shape_str(shape[1:])
            raise ValueError(
                f"target expected a batch of elements where each example has shape {each} (i.e.,tensor "
                f"shape [*,{each[1:-1]}]) but the target received an input with {y.shape[0]} examples, "
                f"each with shape {shape_str(y.shape[1:])} (tensor shape {shape_str(y.shape)})"
            )
        if loss is layer_losses.categorical_crossentropy and y.shape[-1] == 1:
            raise ValueError(
                f"You are passing a target array of shape {shape_str(y.shape)} while using a loss "
                "'categorical_crossentropy'. 'categorical_crossentropy' expects targets to be binary "
                "matrices (1s and 0s) of shape [samples, classes]."
            )


def check_same_length(inputs: Sequence[Tensor], targets: Sequence[Tensor], where: str) -> int:
    """The number of samples, checked equal across all inputs and targets."""
    counts = {t.shape[0] if t.shape else 1 for t in inputs}
    if len(counts) > 1:
        raise ValueError(
            f"{where}: all input arrays (x) should have the same number of samples. Got array "
            f"shapes: {[list(t.shape) for t in inputs]}"
        )
    target_counts = {t.shape[0] if t.shape else 1 for t in targets}
    if len(target_counts) > 1:
        raise ValueError(
            f"{where}: all target arrays (y) should have the same number of samples. Got array "
            f"shapes: {[list(t.shape) for t in targets]}"
        )
    if targets and counts != target_counts:
        raise ValueError(
            f"{where}: input arrays should have the same number of samples as target arrays. Found "
            f"{next(iter(counts))} input sample(s) and {next(iter(target_counts))} target sample(s)."
        )
    return next(iter(counts)) if counts else 0


def batch_ranges(size: int, batch_size: int) -> list[tuple[int, int]]:
    """[start, end) of each batch of `batch_size` over `size` samples (TF.js makeBatches)."""
    return [(start, min(size, start + batch_size)) for start in range(0, size, batch_size)]


def check_batch_size(batch_size: Any, where: str) -> int:
    """`batch_size`, a positive int (a dict there is TF.js's config object, given where
    keyword arguments go: said so)."""
    check_not_config_object(where, batch_size)
    if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
        raise ValueError(f"{where}: batch_size is required to be a positive integer, but got {batch_size!r}")
    return batch_size


def slice_rows(tensors: Sequence[Tensor], start: int, end: int) -> list[Tensor]:
    """Rows [start, end) of each tensor."""
    return [t.slice([start], [end - start]) if t.shape[0] != end - start or start else t for t in tensors]


def gather_rows(tensors: Sequence[Tensor], indices: Tensor) -> list[Tensor]:
    """The rows at `indices` of each tensor."""
    from tfjs.ops import gather

    return [gather(t, indices) for t in tensors]


def singleton(values: list[Any]) -> Any:
    """The only item of a one-item list, else the list."""
    return values[0] if len(values) == 1 else values


def gathered_batch(
    xs: list[Tensor], ys: list[Tensor], weights: list[Any], indices: Tensor, start: int, end: int
) -> tuple[Any, ...]:
    """The batch of rows `indices[start:end]` of inputs, targets and sample weights."""
    ids = indices.slice([start], [end - start])
    return (
        gather_rows(xs, ids),
        gather_rows(ys, ids),
        [None if w is None else ops.gather(w, ids) for w in weights],
    )


def sliced_batch(
    xs: list[Tensor], ys: list[Tensor], weights: list[Any], start: int, end: int
) -> tuple[Any, ...]:
    """The batch of rows [start, end) of inputs, targets and sample weights."""

    def rows(t: Tensor) -> Tensor:
        return t.slice([start], [end - start])

    return [rows(t) for t in xs], [rows(t) for t in ys], [None if w is None else rows(w) for w in weights]


def epoch_batches(
    xs: list[Tensor], ys: list[Tensor], weights: list[Any], batch_size: int, shuffle: bool
) -> Any:
    """A function giving one epoch's batches, in a new shuffled order each time when
    `shuffle`; each batch is freed once the next one is asked for."""
    size = xs[0].shape[0]

    def epoch() -> Iterable[tuple[list[Tensor], list[Tensor], list[Any]]]:
        order = list(range(size))
        if shuffle:
            random.shuffle(order)
        indices = ops.tensor1d(order, "int32")
        try:
            for start, end in batch_ranges(size, batch_size):
                batch = tidy(lambda s=start, e=end: gathered_batch(xs, ys, weights, indices, s, e))
                try:
                    yield batch
                finally:
                    dispose(batch)
        finally:
            indices.dispose()

    return epoch


__all__ = [
    "as_tensors",
    "batch_ranges",
    "check_same_length",
    "check_shapes",
    "gather_rows",
    "slice_rows",
    "to_list",
]

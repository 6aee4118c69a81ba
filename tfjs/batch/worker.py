"""The work of a batch run: a model loaded once (with a warm-up call, as TF.js advises),
records made into its inputs exactly as `tfjs run` makes them, stacked into one call
where the model's batch dimension is free and their shapes agree, and each record's
outputs written to the sink. The in-process loop and each Ray actor run this same class."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from tfjs.analysis.inputs import check_shape_names, input_shape, make_inputs
from tfjs.batch.models import load_model
from tfjs.batch.records import Record, RecordReader
from tfjs.batch.sinks import FolderSink, ParquetSink
from tfjs.tensor import Tensor

# What reading or running one record may raise: that record goes to the errors table and
# the run goes on (a model that cannot take the records at all fails before the run).
RECORD_ERRORS: tuple[type[BaseException], ...] = (
    ValueError,
    TypeError,
    OSError,
    IndexError,
    ArithmeticError,
)
Feeds = dict[str, Tensor]


def output_names(model: Any) -> list[str]:
    """The names of a model's outputs, as the sinks key them."""
    return [info.name for info in model.outputs]


def make_feeds(
    model: Any, value: Any, shapes: Mapping[str, list[int]] | None = None, record_id: str = "?"
) -> Feeds:
    """The model's inputs for one record's `value`: an image (a file path or a Pillow
    image) through `make_inputs`, as `tfjs run` feeds it; an array for the model's one
    input, or a dict of arrays by input name, cast to the inputs' dtypes, with a batch
    dimension of 1 added where the input has one more dimension than the array."""
    from tfjs import ops

    if isinstance(value, (str, os.PathLike)) or type(value).__module__.startswith("PIL."):
        return make_inputs(model, shapes, os.fspath(value) if isinstance(value, os.PathLike) else value)
    if not isinstance(value, Mapping):
        if len(model.inputs) != 1:
            names = [i.name for i in model.inputs]
            raise ValueError(
                f"batch: record {record_id!r} is one array, but the model has the inputs {names}: "
                "give preprocess= that returns a dict of arrays by input name"
            )
        value = {model.inputs[0].name: value}
    check_shape_names(shapes, [info.name for info in model.inputs])
    feeds: Feeds = {}
    try:
        for info in model.inputs:
            if info.name not in value:
                raise ValueError(f"batch: record {record_id!r} has no value for the input {info.name!r}")
            array = _fit(np.asarray(value[info.name]), info, shapes, record_id)
            dtype = info.dtype or "float32"
            feeds[info.name] = ops.tensor(array.astype(np.dtype(_NUMPY[dtype])), list(array.shape), dtype)
    except BaseException:
        for tensor in feeds.values():
            tensor.dispose()
        raise
    return feeds


_NUMPY = {"float32": "float32", "int32": "int32", "bool": "bool"}


def _fit(array: np.ndarray, info: Any, shapes: Mapping[str, list[int]] | None, record_id: str) -> np.ndarray:
    """`array` in the shape of input `info`: batched, or a flat array reshaped."""
    shape = info.shape
    if shape is None:
        return array
    if not np.issubdtype(array.dtype, np.number) and array.dtype != np.bool_:
        raise TypeError(f"batch: record {record_id!r} holds {array.dtype} values, not numbers")
    if array.ndim == len(shape) - 1:
        array = array[np.newaxis]
    elif array.ndim == 1 and len(shape) > 2:
        try:
            full = input_shape(info.name, shape, shapes or {info.name: [1, *shape[1:]]})
        except ValueError:
            full = None
        if full is not None and int(np.prod(full)) == array.size:
            array = array.reshape(full)
    fits = array.ndim == len(shape) and all(d < 0 or d == a for d, a in zip(shape, array.shape, strict=True))
    if not fits:
        raise ValueError(
            f"batch: record {record_id!r} has shape {list(array.shape)}; the model's input "
            f"{info.name!r} takes {shape}"
        )
    return array


class BatchWorker:
    """Loads `model` once (and runs it once on `warmup`, a record known to be readable),
    then runs groups of records and writes their outputs to `sink`.

    Called by Ray Data's `map_batches` with a batch of groups (columns `first`, the
    ordinal of a group's first record, and `records`, the group as JSON), it returns a
    row per record: its `id` and its `error` ("" when written)."""

    def __init__(
        self,
        model: str,
        sink: FolderSink | ParquetSink,
        warmup: Record | None = None,
        *,
        column: str | None = None,
        shapes: Mapping[str, list[int]] | None = None,
        backend: str | None = None,
        preprocess: Callable[[Any], Any] | None = None,
        postprocess: Callable[[dict[str, np.ndarray]], Mapping[str, np.ndarray]] | None = None,
        threads: int | None = None,
    ) -> None:
        from tfjs.globals import set_backend

        if backend is not None:
            set_backend(backend)
            if backend == "torch" and threads is not None:
                import torch

                torch.set_num_threads(threads)
        self.sink = sink
        self.shapes = dict(shapes) if shapes else None
        self.preprocess = preprocess
        self.postprocess = postprocess
        self.reader = RecordReader(column)
        self.model = load_model(model)
        self.outputs = output_names(self.model)
        self.stackable = all(
            i.shape is not None and len(i.shape) > 0 and i.shape[0] < 0 for i in self.model.inputs
        )
        if warmup is not None:
            feeds = self.feeds(warmup)
            try:
                self._dispose(self._execute(feeds))
            finally:
                self._dispose(list(feeds.values()))

    def close(self) -> None:
        """Frees the model's weights."""
        self.model.dispose()

    def __call__(self, batch: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
        ids: list[str] = []
        errors: list[str] = []
        for first, group in zip(batch["first"], batch["records"], strict=True):
            for record_id, error in self.run_group(int(first), [Record(*r) for r in json.loads(group)]):
                ids.append(record_id)
                errors.append(error)
        return {"id": np.array(ids, dtype=object), "error": np.array(errors, dtype=object)}

    def feeds(self, record: Record) -> Feeds:
        """The model's inputs for `record` (read, preprocessed, made into tensors)."""
        value = self.reader.read(record, decode=self.preprocess is not None)
        if self.preprocess is not None:
            value = self.preprocess(value)
        return make_feeds(self.model, value, self.shapes, record.id)

    def run_group(self, first: int, records: Sequence[Record]) -> list[tuple[str, str]]:
        """Runs and writes the records of one group; returns (id, error) per record."""
        errors: dict[str, str] = {}
        ready: list[tuple[str, Feeds]] = []
        results: list[tuple[str, Mapping[str, np.ndarray]]] = []
        try:
            for record in records:
                try:
                    ready.append((record.id, self.feeds(record)))
                except RECORD_ERRORS as error:
                    errors[record.id] = _reason(error)
            for stack in self._stacks(ready):
                for record_id, outputs in self._run_stack(stack, errors):
                    try:
                        results.append((record_id, self._post(outputs)))
                    except RECORD_ERRORS as error:
                        errors[record_id] = _reason(error)
        finally:
            for _, feeds in ready:
                self._dispose(list(feeds.values()))
        if isinstance(self.sink, ParquetSink):
            self.sink.write(results, first)
        else:
            self.sink.write(results)
        return [(r.id, errors.get(r.id, "")) for r in records]

    def _post(self, outputs: dict[str, np.ndarray]) -> Mapping[str, np.ndarray]:
        if self.postprocess is None:
            return outputs
        processed = self.postprocess(outputs)
        if not isinstance(processed, Mapping) or set(processed) != set(self.outputs):
            raise TypeError(f"postprocess must return a dict with the keys {self.outputs}")
        return {name: np.asarray(processed[name]) for name in self.outputs}

    def _stacks(self, ready: list[tuple[str, Feeds]]) -> list[list[tuple[str, Feeds]]]:
        """Runs of consecutive records whose inputs can go in one call."""
        stacks: list[list[tuple[str, Feeds]]] = []
        for item in ready:
            signature = _signature(item[1])
            if (
                stacks
                and self.stackable
                and signature is not None
                and _signature(stacks[-1][0][1]) == signature
            ):
                stacks[-1].append(item)
            else:
                stacks.append([item])
        return stacks

    def _run_stack(
        self, stack: list[tuple[str, Feeds]], errors: dict[str, str]
    ) -> list[tuple[str, dict[str, np.ndarray]]]:
        from tfjs import ops

        if len(stack) == 1:
            record_id, feeds = stack[0]
            try:
                return [(record_id, self._values(self._execute(feeds)))]
            except RECORD_ERRORS as error:
                errors[record_id] = _reason(error)
                return []
        names = list(stack[0][1])
        stacked = {name: ops.concat([feeds[name] for _, feeds in stack], 0) for name in names}
        try:
            values = self._values(self._execute(stacked))
        except RECORD_ERRORS:
            values = None  # one record's failure: run them one by one to tell which
        finally:
            self._dispose(list(stacked.values()))
        count = len(stack)
        if values is None or any(v.ndim == 0 or v.shape[0] != count for v in values.values()):
            return [result for item in stack for result in self._run_stack([item], errors)]
        return [
            (record_id, {name: v[i : i + 1] for name, v in values.items()})
            for i, (record_id, _) in enumerate(stack)
        ]

    def _execute(self, feeds: Feeds) -> list[Tensor]:
        outputs = self.model.execute(dict(feeds))
        return outputs if isinstance(outputs, list) else [outputs]

    def _values(self, tensors: list[Tensor]) -> dict[str, np.ndarray]:
        try:
            return {name: t.numpy() for name, t in zip(self.outputs, tensors, strict=True)}
        finally:
            self._dispose(tensors)

    @staticmethod
    def _dispose(tensors: list[Tensor]) -> None:
        for tensor in tensors:
            tensor.dispose()


def _signature(feeds: Feeds) -> list[tuple[str, tuple[int, ...]]] | None:
    """The inputs' names and shapes where each has a batch of one (None otherwise)."""
    shapes = sorted((name, tuple(t.shape)) for name, t in feeds.items())
    return shapes if all(s and s[0] == 1 for _, s in shapes) else None


def _reason(error: BaseException) -> str:
    return " ".join(f"{type(error).__name__}: {error}".split())

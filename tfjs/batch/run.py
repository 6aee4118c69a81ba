"""`tf.batch.run`: a model over every record of a source, each record's outputs written
to a sink by its id: in this process by default, on Ray when asked (`ray=True` or an
`address`). Everything that can be checked (the source, the sink, the model against the
first record, the cluster) is checked before any work is scheduled."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfjs.batch.records import Record, list_records
from tfjs.batch.sinks import open_sink
from tfjs.batch.worker import RECORD_ERRORS, BatchWorker

# A source whose first records all fail to read or feed the model is not a source of
# records for it.
PROBE_LIMIT = 100


@dataclass
class BatchSummary:
    """What a batch run did: records written, records that failed (listed in
    `errors_path`), records skipped because the sink held them (`resume`), the seconds it
    took and the records per second, and where it ran."""

    records: int
    errors: int
    skipped: int
    seconds: float
    records_per_s: float
    engine: str
    workers: int
    out: str
    errors_path: str

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain JSON-ready values."""
        return dataclasses.asdict(self)


def run(
    model: str | os.PathLike,
    source: str | os.PathLike,
    out: str | os.PathLike,
    *,
    batch_size: int = 1,
    workers: int | None = None,
    backend: str | None = None,
    ray: bool = False,
    address: str | None = None,
    column: str | None = None,
    shapes: Mapping[str, list[int]] | None = None,
    overwrite: bool = False,
    resume: bool = False,
    preprocess: Callable[[Any], Any] | None = None,
    postprocess: Callable[[dict[str, np.ndarray]], Mapping[str, np.ndarray]] | None = None,
    threads_per_worker: int = 1,
    progress: bool = True,
) -> BatchSummary:
    """Runs the model at `model` (its model.json, folder or URL) on every record of
    `source` and writes one result per record, keyed by the record's id, to `out`.

    `source`: a folder or glob of images (each through `tf.browser.from_pixels`, resized
    to the model's input as `tfjs run` does) and `.npy` files, or a Parquet file whose
    `column` holds image bytes or arrays. `out`: a folder (PNG for image outputs, `.npy`
    otherwise) or a `.parquet` file; a record that cannot be read or run goes to the
    errors table beside it and the run goes on. Records are stacked `batch_size` at a
    time into one call where the model's batch dimension is free and their shapes agree.
    `preprocess(value)` gets each record (a Pillow image or an array) and returns an
    image or arrays; `postprocess(outputs)` gets and returns {output name: array}.

    `backend` names the backend to run on (default: the active one, in every worker).
    `ray=True` runs on a local Ray instance, `address` ("auto", "host:port" or
    "ray://host:port") on a cluster, `workers` actors (default one per CPU), each with
    `threads_per_worker` compute threads. An existing sink is refused unless `overwrite`
    (start again) or `resume` (skip the records it holds).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as out:
    ...     summary = tf.batch.run("tests/analysis/fixtures/image/model.json",
    ...                            "examples/assets/astronaut.png", out, progress=False)
    ...     sorted(os.listdir(out))
    ['astronaut', 'errors.csv']
    >>> summary.records, summary.errors
    (1, 0)
    """
    from tfjs.globals import get_backend

    model, source, out = os.fspath(model), os.fspath(source), os.fspath(out)
    _check_options(batch_size, workers, threads_per_worker, overwrite, resume)
    backend = backend or get_backend()  # Ray's workers run where this process would
    if workers is not None and not (ray or address is not None):
        raise ValueError(
            f"batch: workers={workers} is for a run on Ray: add ray=True (--ray) or an address (--address)"
        )
    records = list_records(source, column)
    outputs, probe = _probe(model, records, column, shapes, backend, preprocess)
    sink = open_sink(out, outputs)
    if sink.existing() and not (overwrite or resume):
        raise FileExistsError(
            f"batch: the sink {out!r} exists and is not empty: give overwrite=True (--overwrite) "
            "to start again or resume=True (--resume) to finish it"
        )
    _check_apart(source, out)
    on_ray = ray or address is not None
    session = None
    if on_ray:
        from tfjs.batch.on_ray import RaySession

        session = RaySession(address, workers, backend)
    try:
        if overwrite and sink.existing():
            sink.clear()
        done = sink.done_ids() if resume and sink.existing() else set()
        ordinals = {r.id: i for i, r in enumerate(records)}
        todo = [r for r in records if r.id not in done]
        groups = [(ordinals[todo[i].id], todo[i : i + batch_size]) for i in range(0, len(todo), batch_size)]
        worker_args = {
            "model": model,
            "sink": sink,
            "warmup": probe,
            "column": column,
            "shapes": dict(shapes) if shapes else None,
            "backend": backend,
            "preprocess": preprocess,
            "postprocess": postprocess,
            "threads": threads_per_worker,
        }
        start = time.perf_counter()
        engine = "in-process" if session is None else "ray"
        if session is not None:
            rows = session.run(groups, worker_args, threads_per_worker)
        else:
            rows = _in_process(groups, worker_args)
        errors = _consume(rows, len(todo), progress, engine)
        count = 1 if session is None else session.workers
        sink.finish(errors)
        seconds = time.perf_counter() - start
    finally:
        if session is not None:
            session.close()
    written = len(todo) - len(errors)
    return BatchSummary(
        records=written,
        errors=len(errors),
        skipped=len(records) - len(todo),
        seconds=seconds,
        records_per_s=len(todo) / seconds if seconds > 0 else 0.0,
        engine=engine,
        workers=count,
        out=out,
        errors_path=sink.errors_path,
    )


def _check_options(batch_size: int, workers: int | None, threads: int, overwrite: bool, resume: bool) -> None:
    for name, value in (("batch_size", batch_size), ("workers", workers), ("threads_per_worker", threads)):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"batch: {name} must be an int, got {value!r}")
        if value < 1:
            raise ValueError(f"batch: {name} must be at least 1, got {value}")
    if overwrite and resume:
        raise ValueError("batch: overwrite and resume exclude each other: start again, or finish the sink")


def _check_apart(source: str, out: str) -> None:
    """A sink inside the source would be read as records; a source inside the sink
    would be cleared by `overwrite`."""
    source_dir = os.path.realpath(source if os.path.isdir(source) else os.path.dirname(source) or ".")
    sink = os.path.realpath(out)
    if sink == source_dir or (sink.startswith(source_dir + os.sep) and os.path.isdir(source)):
        raise ValueError(f"batch: the sink {out!r} is inside the source {source!r}: write it elsewhere")
    if source_dir.startswith(sink + os.sep):
        raise ValueError(f"batch: the source {source!r} is inside the sink {out!r}: write it elsewhere")


def _probe(
    model_path: str,
    records: Sequence[Record],
    column: str | None,
    shapes: Mapping[str, list[int]] | None,
    backend: str | None,
    preprocess: Callable[[Any], Any] | None,
) -> tuple[list[str], Record]:
    """The model's output names and the first record that reads and is made into the
    model's inputs (a record that does not is left to the run's errors table): a model
    that cannot take the records fails here, before any work."""
    from tfjs.analysis.inputs import check_shape_names
    from tfjs.batch.models import load_model
    from tfjs.batch.records import RecordReader
    from tfjs.batch.worker import make_feeds, output_names
    from tfjs.globals import get_backend, set_backend

    before = get_backend()
    if backend is not None:
        set_backend(backend)
    try:
        model = load_model(model_path)
        try:
            check_shape_names(shapes, [info.name for info in model.inputs])
            reader = RecordReader(column)
            first_error = None
            for record in records[:PROBE_LIMIT]:
                try:
                    value = reader.read(record, decode=True)
                    if preprocess is not None:
                        value = preprocess(value)
                    feeds = make_feeds(model, value, shapes, record.id)
                except RECORD_ERRORS as error:
                    first_error = first_error or f"{record.id!r}: {error}"
                    continue
                for tensor in feeds.values():
                    tensor.dispose()
                return output_names(model), record
        finally:
            model.dispose()
    finally:
        set_backend(before)
    raise ValueError(
        f"batch: none of the first {min(len(records), PROBE_LIMIT)} records can be read and fed to "
        f"the model (the first: {first_error})"
    )


def _in_process(
    groups: Sequence[tuple[int, list[Record]]], worker_args: dict[str, Any]
) -> Iterator[tuple[str, str]]:
    from tfjs.globals import get_backend, set_backend

    before = get_backend()
    worker = BatchWorker(**worker_args)
    try:
        for first, group in groups:
            yield from worker.run_group(first, group)
    finally:
        worker.close()
        set_backend(before)  # the caller's backend, as it was


def _consume(rows: Iterator[tuple[str, str]], total: int, show: bool, engine: str) -> list[tuple[str, str]]:
    """Drains the (id, error) rows with a progress bar; returns the errors."""
    from tfjs.analysis.console import progress

    update, close = progress("", unit="record", label=f"batch {engine}") if show else (None, None)
    errors = []
    try:
        for done, (record_id, error) in enumerate(rows, 1):
            if error:
                errors.append((record_id, error))
            if update is not None:
                update(done, total)
    finally:
        if close is not None:
            close()
    return errors

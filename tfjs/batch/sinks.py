"""Where a batch run's results go, keyed by record id: a folder (one file per record and
output: PNG for image outputs, `.npy` otherwise) or a Parquet file (the id and every
output by name with its shape). Every file is written under a temporary name and renamed,
so a record is either whole or absent, and a task that runs twice writes the same file
twice: never a duplicate. Errors (record id, reason) go to a CSV table beside the results."""

from __future__ import annotations

import csv
import hashlib
import os
import shutil
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from tfjs.batch.records import PARQUET_EXTENSIONS, pyarrow_parquet

TEMP = ".tmp"
ERRORS = "errors.csv"
Results = Sequence[tuple[str, Mapping[str, np.ndarray]]]


def is_parquet(path: str) -> bool:
    """Whether the sink `path` is a Parquet file (by its extension) rather than a folder."""
    return os.path.splitext(path)[1].lower() in PARQUET_EXTENSIONS


def _replace(temp_dir: str, target: str, write: Any) -> None:
    """Writes a file through `write(temp_path)` and renames it to `target` in one step."""
    temp = os.path.join(temp_dir, f"{uuid.uuid4().hex}-{os.path.basename(target)}")
    write(temp)
    os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
    os.replace(temp, target)


def _file_name(output: str) -> str:
    return output.replace("/", "_").replace(":", "_")


class FolderSink:
    """A folder of results: `<id>.png|.npy` for a model with one output, `<id>/<output>.png|.npy`
    for several; `errors.csv` lists the records that failed."""

    def __init__(self, path: str, outputs: Sequence[str]) -> None:
        self.path = path
        self.outputs = list(outputs)
        self.errors_path = os.path.join(path, ERRORS)

    def _key(self, record_id: str, output: str) -> str:
        if len(self.outputs) == 1:
            return record_id
        return f"{record_id}/{_file_name(output)}"

    def existing(self) -> bool:
        """Whether the folder exists and holds anything."""
        if os.path.exists(self.path) and not os.path.isdir(self.path):
            raise FileExistsError(f"batch: the sink {self.path!r} exists and is not a folder")
        if not os.path.isdir(self.path):
            return False
        with os.scandir(self.path) as entries:
            return any(entries)

    def clear(self) -> None:
        """Removes everything in the folder (`--overwrite`)."""
        shutil.rmtree(self.path, ignore_errors=False)

    def done_ids(self) -> set[str]:
        """The ids of the records whose every output is in the folder."""
        keys = set()
        for top, folders, names in os.walk(self.path):
            folders[:] = [f for f in folders if f != TEMP]
            for name in names:
                stem, ext = os.path.splitext(name)
                if ext in (".png", ".npy"):
                    keys.add(os.path.relpath(os.path.join(top, stem), self.path).replace(os.sep, "/"))
        if len(self.outputs) == 1:
            return keys
        wanted = {_file_name(o) for o in self.outputs}
        found: dict[str, set[str]] = {}
        for key in keys:
            record_id, _, output = key.rpartition("/")
            found.setdefault(record_id, set()).add(output)
        return {i for i, outputs in found.items() if outputs >= wanted}

    def write(self, results: Results) -> None:
        """Writes each record's outputs, each file whole or not at all."""
        from tfjs.analysis.run import image_scale, save_image

        temp_dir = os.path.join(self.path, TEMP)
        os.makedirs(temp_dir, exist_ok=True)
        for record_id, outputs in results:
            for name, values in outputs.items():
                target = os.path.join(self.path, *self._key(record_id, name).split("/"))
                scale = image_scale(values)
                picture = scale is not None and (values.ndim == 3 or values.shape[0] == 1)
                if picture:
                    item = values if values.ndim == 3 else values[0]
                    _replace(temp_dir, target + ".png", lambda t, i=item, s=scale: save_image(i, s, t))
                else:
                    _replace(temp_dir, target + ".npy", lambda t, v=values: _save_npy(t, v))

    def finish(self, errors: Iterable[tuple[str, str]]) -> None:
        """Writes the errors table and removes the temporary folder."""
        os.makedirs(self.path, exist_ok=True)
        write_errors(self.errors_path, errors)
        shutil.rmtree(os.path.join(self.path, TEMP), ignore_errors=True)


def _save_npy(path: str, values: np.ndarray) -> None:
    with open(path, "wb") as file:
        np.save(file, values, allow_pickle=False)


class ParquetSink:
    """A Parquet file of results: column `id`, and per output `<name>` (its values, flat)
    and `<name>.shape`. Workers write parts under `<file>.parts/`; `finish` merges them,
    one row per id, and writes `<file stem>.errors.csv` beside it."""

    def __init__(self, path: str, outputs: Sequence[str]) -> None:
        self.path = path
        self.outputs = list(outputs)
        self.parts = path + ".parts"
        self.errors_path = os.path.splitext(path)[0] + ".errors.csv"

    def existing(self) -> bool:
        """Whether the file (or parts of an unfinished run) exists."""
        if os.path.isdir(self.path):
            raise IsADirectoryError(f"batch: the sink {self.path!r} is a folder, not a Parquet file")
        return os.path.exists(self.path) or os.path.isdir(self.parts)

    def clear(self) -> None:
        """Removes the file, its parts and its errors table (`--overwrite`)."""
        for path in (self.path, self.errors_path):
            if os.path.exists(path):
                os.remove(path)
        shutil.rmtree(self.parts, ignore_errors=True)

    def done_ids(self) -> set[str]:
        """The ids in the file and in the parts of an unfinished run."""
        parquet = pyarrow_parquet("a Parquet sink")
        ids: set[str] = set()
        for file in self._files():
            ids.update(parquet.read_table(file, columns=["id"]).column("id").to_pylist())
        return ids

    def _files(self) -> list[str]:
        files = [self.path] if os.path.exists(self.path) else []
        if os.path.isdir(self.parts):
            files += [
                os.path.join(self.parts, n) for n in sorted(os.listdir(self.parts)) if n.endswith(".parquet")
            ]
        return files

    def write(self, results: Results, first: int = 0) -> None:
        """Writes one part holding `results`, named by the ordinal `first` of its first
        record and a hash of its ids (the same records always make the same part)."""
        if not results:
            return
        import pyarrow as pa

        parquet = pyarrow_parquet("a Parquet sink")
        columns: dict[str, Any] = {"id": pa.array([i for i, _ in results], pa.string())}
        for name in self.outputs:
            values = [np.asarray(outputs[name]) for _, outputs in results]
            columns[name] = pa.array([v.reshape(-1) for v in values])
            columns[f"{name}.shape"] = pa.array([list(v.shape) for v in values], pa.list_(pa.int64()))
        digest = hashlib.sha1("\0".join(i for i, _ in results).encode()).hexdigest()[:16]
        temp_dir = os.path.join(self.parts, TEMP)
        os.makedirs(temp_dir, exist_ok=True)
        target = os.path.join(self.parts, f"part-{first:012d}-{digest}.parquet")
        _replace(temp_dir, target, lambda t: parquet.write_table(pa.table(columns), t))

    def finish(self, errors: Iterable[tuple[str, str]]) -> None:
        """Merges the file and its parts into the file, one row per id; writes the errors."""
        parquet = pyarrow_parquet("a Parquet sink")
        files = self._files()
        if files:
            temp = f"{self.path}.{uuid.uuid4().hex}.tmp"
            seen: set[str] = set()
            writer = None
            try:
                for file in files:
                    table = parquet.read_table(file)
                    ids = table.column("id").to_pylist()
                    keep = [i not in seen for i in ids]
                    seen.update(ids)
                    if writer is None:
                        writer = parquet.ParquetWriter(temp, table.schema)
                    writer.write_table(table.filter(keep))
            finally:
                if writer is not None:
                    writer.close()
            os.replace(temp, self.path)
        shutil.rmtree(self.parts, ignore_errors=True)
        write_errors(self.errors_path, errors)


def write_errors(path: str, errors: Iterable[tuple[str, str]]) -> None:
    """The errors table: one row per failed record (id, reason), sorted by id."""
    temp = f"{path}.{uuid.uuid4().hex}.tmp"
    with open(temp, "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["id", "reason"])
        writer.writerows(sorted(errors))
    os.replace(temp, path)


def open_sink(path: str | os.PathLike, outputs: Sequence[str]) -> FolderSink | ParquetSink:
    """The sink at `path` for a model with `outputs`: a Parquet file where `path` ends in
    `.parquet` or `.pq`, a folder otherwise."""
    path = os.fspath(path)
    return ParquetSink(path, outputs) if is_parquet(path) else FolderSink(path, outputs)


def read_results(path: str | os.PathLike) -> dict[str, np.ndarray]:
    """The results in a sink, keyed as the folder sink names its files: the record id for
    a model with one output, `<id>/<output>` for several. A folder's PNGs are read as
    HxWx4 RGBA uint8 arrays, its `.npy` files and a Parquet file's values in their shapes."""
    path = os.fspath(path)
    results: dict[str, np.ndarray] = {}
    if is_parquet(path):
        table = pyarrow_parquet("reading a Parquet sink").read_table(path)
        names = [n for n in table.column_names if n != "id" and not n.endswith(".shape")]
        for row in table.to_pylist():
            for name in names:
                key = row["id"] if len(names) == 1 else f"{row['id']}/{_file_name(name)}"
                results[key] = np.asarray(row[name], _dtype(table, name)).reshape(row[f"{name}.shape"])
        return results
    for top, folders, names in os.walk(path):
        folders[:] = [f for f in folders if f != TEMP]
        for name in names:
            stem, ext = os.path.splitext(name)
            if ext in (".png", ".npy"):
                file = os.path.join(top, name)
                key = os.path.relpath(os.path.join(top, stem), path).replace(os.sep, "/")
                results[key] = np.load(file, allow_pickle=False) if ext == ".npy" else _read_png(file)
    return results


def _dtype(table: Any, name: str) -> np.dtype:
    return np.dtype(table.schema.field(name).type.value_type.to_pandas_dtype())


def _read_png(path: str) -> np.ndarray:
    from PIL import Image

    with Image.open(path) as image:
        return np.asarray(image.convert("RGBA"))

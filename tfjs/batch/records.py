"""Where a batch run's records come from: a folder or glob of images and `.npy` files, or
a Parquet file with an image-bytes or array column. Listing a source gives each record an
id (its path under the source's folder without the extension, or the Parquet file's `id`
column / row number); reading a record gives what the model's input is made from."""

from __future__ import annotations

import glob
import io
import os
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

IMAGE_EXTENSIONS = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp", ".tif", ".tiff"})
ARRAY_EXTENSIONS = frozenset({".npy"})
PARQUET_EXTENSIONS = frozenset({".parquet", ".pq"})
INSTALL_PYARROW = "pip install 'tfjs[ray]' (or pip install pyarrow)"


class Record(NamedTuple):
    """One record of a source: its id, its kind ('image', 'array' or 'parquet'), the file
    that holds it and, in a Parquet file, its row."""

    id: str
    kind: str
    path: str
    row: int = -1


def list_records(source: str | os.PathLike, column: str | None = None) -> list[Record]:
    """The records of `source`, sorted by id: every image and `.npy` file of a folder
    (subfolders included) or of a glob pattern, one file of either kind, or the rows of a
    Parquet file (`column` names the column that holds the data).

    >>> [r.id for r in list_records("examples/assets/astronaut.png")]
    ['astronaut']
    """
    path = os.fspath(source)
    if os.path.splitext(path)[1].lower() in PARQUET_EXTENSIONS and not glob.has_magic(path):
        if not os.path.isfile(path):
            raise FileNotFoundError(f"batch: the source {path!r} does not exist")
        return _parquet_records(path, parquet_column(path, column))
    if column is not None:
        raise ValueError(f"batch: column={column!r} is for a Parquet source; {path!r} is not a Parquet file")
    root, files = _files(path)
    records = [
        Record(_file_id(root, file), "image" if _extension(file) in IMAGE_EXTENSIONS else "array", file)
        for file in files
        if _extension(file) in IMAGE_EXTENSIONS | ARRAY_EXTENSIONS
    ]
    if not records:
        kinds = ", ".join(sorted(IMAGE_EXTENSIONS | ARRAY_EXTENSIONS))
        raise ValueError(f"batch: the source {path!r} holds no records (files ending in {kinds})")
    records.sort(key=lambda r: r.id)
    _check_unique([r.id for r in records], [r.path for r in records])
    return records


def _extension(path: str) -> str:
    return os.path.splitext(path)[1].lower()


def _files(path: str) -> tuple[str, list[str]]:
    """The folder that ids are relative to, and the files of a folder, glob or file."""
    if glob.has_magic(path):
        root = path
        while glob.has_magic(root):
            root = os.path.dirname(root)
        files = [f for f in glob.glob(path, recursive=True) if os.path.isfile(f)]
        if not files:
            raise FileNotFoundError(f"batch: the source pattern {path!r} matches no file")
        return root or ".", files
    if os.path.isdir(path):
        files = [os.path.join(top, name) for top, _, names in os.walk(path) for name in names]
        return path, files
    if os.path.isfile(path):
        return os.path.dirname(path) or ".", [path]
    raise FileNotFoundError(f"batch: the source {path!r} does not exist")


def _file_id(root: str, file: str) -> str:
    return os.path.splitext(os.path.relpath(file, root))[0].replace(os.sep, "/")


def _check_unique(ids: Sequence[str], paths: Sequence[str]) -> None:
    for i in range(1, len(ids)):
        if ids[i] == ids[i - 1]:
            raise ValueError(
                f"batch: {paths[i - 1]!r} and {paths[i]!r} would both be record {ids[i]!r}: "
                "give each record its own name"
            )


# ---- Parquet -----------------------------------------------------------------------------


def pyarrow_parquet(what: str) -> Any:
    """`pyarrow.parquet`, or an ImportError that says how to install it."""
    try:
        import pyarrow.parquet
    except ImportError as error:
        raise ImportError(f"{what} needs pyarrow: {INSTALL_PYARROW}") from error
    return pyarrow.parquet


def parquet_column(path: str, column: str | None) -> str:
    """The data column of a Parquet source: `column`, checked, or its one column besides `id`."""
    names = pyarrow_parquet("a Parquet source").read_schema(path).names
    if column is None:
        data = [n for n in names if n != "id"]
        if len(data) != 1:
            raise ValueError(
                f"batch: the Parquet source {path!r} has the columns {names}: say which holds the "
                "records (column=..., or --column NAME)"
            )
        return data[0]
    if column not in names:
        raise ValueError(f"batch: the Parquet source {path!r} has no column {column!r}; it has {names}")
    return column


def _parquet_records(path: str, column: str) -> list[Record]:
    parquet = pyarrow_parquet("a Parquet source")
    rows = parquet.read_metadata(path).num_rows
    if rows == 0:
        raise ValueError(f"batch: the Parquet source {path!r} holds no records (no rows)")
    if "id" in parquet.read_schema(path).names:
        ids = [str(v) for v in parquet.read_table(path, columns=["id"]).column("id").to_pylist()]
    else:
        ids = [str(i) for i in range(rows)]
    records = sorted((Record(i, "parquet", path, row) for row, i in enumerate(ids)), key=lambda r: r.id)
    _check_unique([r.id for r in records], [f"row {r.row}" for r in records])
    return records


class RecordReader:
    """Reads records' values; keeps the data column of the last Parquet file it read."""

    def __init__(self, column: str | None = None) -> None:
        self.column = column
        self._table: tuple[str, Any] | None = None

    def read(self, record: Record, decode: bool = False) -> Any:
        """The value of `record`: an image file's path (a Pillow image when `decode`), a
        `.npy` file's array, a Parquet cell's image (Pillow) or array."""
        if record.kind == "image":
            return open_image(record.path) if decode else record.path
        if record.kind == "array":
            return np.load(record.path, allow_pickle=False)
        value = self._parquet_column(record.path)[record.row].as_py()
        if isinstance(value, bytes):
            return open_image(value)
        if value is None:
            raise ValueError(f"row {record.row} of {record.path!r} has no value in column {self.column!r}")
        return np.asarray(value)

    def _parquet_column(self, path: str) -> Any:
        if self._table is None or self._table[0] != path:
            column = parquet_column(path, self.column)
            table = pyarrow_parquet("a Parquet source").read_table(path, columns=[column])
            self._table = (path, table.column(column))
        return self._table[1]


def open_image(data: bytes | str) -> Any:
    """A Pillow image from encoded bytes or a file, upright as a browser draws it."""
    from tfjs.browser import INSTALL_PILLOW

    try:
        from PIL import Image, ImageOps, UnidentifiedImageError
    except ImportError as error:
        raise ImportError(f"reading images needs Pillow: {INSTALL_PILLOW}") from error
    try:
        with Image.open(io.BytesIO(data) if isinstance(data, bytes) else data) as image:
            image.load()
            return ImageOps.exif_transpose(image)
    except (UnidentifiedImageError, SyntaxError) as error:
        raise ValueError("not an image Pillow can read") from error

"""Reading weight groups from their shard files or URLs: one buffer per group, each
shard read straight into its place (no concatenation copies), after checking paths,
shard order and sizes against the manifest."""

from __future__ import annotations

import os
import posixpath
import re
import stat
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from typing import Any

import numpy as np

from tfjs.io.model_json import check_weights_manifest, group_byte_length
from tfjs.io.types import WeightsManifestConfig
from tfjs.io.weights import CompositeBuffer, decode_weight, make_weight_tensor, weight_ranges

_SHARD_NAME = re.compile(r"shard(\d+)of(\d+)")
DEFAULT_TIMEOUT_S = 60.0


def check_weight_path(path: str, where: str) -> str:
    """`path`, relative to model.json's folder, normalised; a ValueError when it would
    reach outside that folder (`../`, an absolute path, a URL)."""
    normal = posixpath.normpath(path.replace("\\", "/"))
    if (
        normal == ".."
        or normal.startswith("../")
        or posixpath.isabs(normal)
        or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", normal)
    ):
        raise ValueError(
            f"{where}: weight path {path!r} escapes the model's folder; weight files must lie beside it"
        )
    return normal


def check_shard_order(paths: list[str], where: str) -> None:
    """Shards named `...shardIofN...` must be listed 1..N, each once."""
    matches = [_SHARD_NAME.search(posixpath.basename(p)) for p in paths]
    if not paths or not all(matches):
        return
    numbers = [(int(m.group(1)), int(m.group(2))) for m in matches]  # type: ignore[union-attr]
    want = [(i + 1, len(paths)) for i in range(len(paths))]
    if numbers != want:
        expected = [_SHARD_NAME.sub(f"shard{i}of{n}", posixpath.basename(paths[0]), count=1) for i, n in want]
        raise ValueError(
            f"{where}: its shards are listed out of order or incompletely: {paths}; expected {expected}"
        )


def check_shard_sizes(paths: list[str], sizes: list[int], expected: int, where: str) -> None:
    """A ValueError naming the shard whose size does not fit the manifest: the group's
    shards are the converter's shard size each, the last one holding the rest."""
    total = sum(sizes)
    if total == expected:
        return
    need = f"the {len(paths)} shard(s) of {where} hold {total} bytes but its weights need {expected} bytes"
    # The shard size is what most shards before the last have (the larger on a tie).
    counts = {size: sizes[:-1].count(size) for size in sizes[:-1]}
    uniform = max(counts, key=lambda size: (counts[size], size), default=0)
    for path, size in zip(paths[:-1], sizes[:-1], strict=True):
        if size != uniform:
            what = "truncated" if size < uniform else "too long"
            raise ValueError(
                f"Weight file {path!r} is {what}: {size} bytes, expected {uniform} bytes ({need})"
            )
    last = expected - sum(sizes[:-1])
    if last > 0 and (len(paths) == 1 or last <= uniform):
        what = "truncated" if sizes[-1] < last else "too long"
        raise ValueError(
            f"Weight file {paths[-1]!r} is {what}: {sizes[-1]} bytes, expected {last} bytes ({need})"
        )
    raise ValueError(f"Weight files of the wrong total size: {need}")


def _shard_size(file: str, path: str, source: str) -> int:
    """The size of weight file `file` (`path` in the manifest of `source`): a
    FileNotFoundError when it is missing, an OSError when it is no regular file or
    cannot be looked at."""
    if "\x00" in file:
        raise ValueError(f"Weight file {path!r} listed in {source} has a NUL character in its name")
    try:
        status = os.stat(file)
    except FileNotFoundError:
        raise FileNotFoundError(
            2, f"Weight file {path!r} listed in {source} is missing (looked for {file})", file
        ) from None
    except OSError as error:
        raise OSError(
            error.errno, f"Weight file {path!r} listed in {source} cannot be read: {error.strerror}", file
        ) from None
    if not stat.S_ISREG(status.st_mode):
        raise OSError(
            f"Weight file {path!r} listed in {source} is not a file ({file} is a directory or device)"
        )
    return status.st_size


def _allocate(size: int, where: str) -> np.ndarray:
    try:
        return np.empty(size, np.uint8)
    except (MemoryError, ValueError):
        raise ValueError(f"{where}: its weights need {size} bytes, more than this machine can hold") from None


def _check_strings(buffer: np.ndarray, group: Mapping[str, Any], where: str) -> None:
    """A group with string weights: its bytes must end where its last string ends."""
    data = CompositeBuffer(buffer)
    end = weight_ranges(data, group["weights"], where)[-1]
    if end != data.byte_length:
        raise ValueError(
            f"Weight files of the wrong total size: the shards of {where} hold {data.byte_length} bytes "
            f"but its weights need {end} bytes"
        )


def read_file_groups(manifest: WeightsManifestConfig, folder: str, source: str) -> list[np.ndarray]:
    """Each group's bytes, read from the shard files in `folder` (model.json's folder).
    Every path, shard and size is checked before any file is read."""
    plans = []
    for index, group in enumerate(manifest):
        where = f"weight group {index} of {source}"
        check_shard_order(group["paths"], where)
        files, sizes = [], []
        for path in group["paths"]:
            file = os.path.join(folder, *check_weight_path(path, where).split("/"))
            sizes.append(_shard_size(file, path, source))
            files.append(file)
        expected = group_byte_length(group["weights"])
        if expected is not None:
            check_shard_sizes(group["paths"], sizes, expected, where)
        plans.append((group, where, files, sizes))
    buffers = []
    for group, where, files, sizes in plans:
        buffer = _allocate(sum(sizes), where)
        offset = 0
        for path, file, size in zip(group["paths"], files, sizes, strict=True):
            with open(file, "rb", buffering=0) as handle:
                got = _read_into(handle, memoryview(buffer)[offset : offset + size])
            if got != size:
                raise OSError(f"Weight file {path!r} is truncated: {got} bytes read, expected {size} bytes")
            offset += size
        if group_byte_length(group["weights"]) is None:
            _check_strings(buffer, group, where)
        buffers.append(buffer)
    return buffers


def _read_into(handle: Any, view: memoryview) -> int:
    """Reads until `view` is full or the stream ends; the number of bytes read."""
    got = 0
    while got < len(view):
        n = handle.readinto(view[got:])
        if not n:
            break
        got += n
    return got


def open_url(
    url: str,
    headers: Mapping[str, str] | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    *,
    data: bytes | None = None,
    method: str | None = None,
) -> Any:
    """An HTTP(S) response for `url` (a GET, or `method` sending `data`); an OSError naming
    the URL and the status or reason."""
    try:
        quoted = urllib.parse.quote(url, safe=":/?#[]@!$&'()*+,;=%~")
        request = urllib.request.Request(quoted, data=data, headers=dict(headers or {}), method=method)
        return urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as error:
        error.close()
        raise OSError(f"Request to {url} failed with status code {error.code}.") from None
    except urllib.error.URLError as error:
        raise OSError(f"Request to {url} failed: {error.reason}") from None
    except TimeoutError:
        raise OSError(f"Request to {url} timed out after {timeout} s") from None


def read_url_group(
    group: Mapping[str, Any], urls: list[str], where: str, headers: Mapping[str, str] | None, timeout: float
) -> np.ndarray:
    """One group's bytes fetched from `urls` into one buffer, checked against the manifest."""
    paths = group["paths"]
    check_shard_order(paths, where)
    for path in paths:
        check_weight_path(path, where)
    expected = group_byte_length(group["weights"])
    if expected is None:  # string weights: sizes come from the data
        chunks = [_fetch_all(url, headers, timeout) for url in urls]
        buffer = np.frombuffer(b"".join(chunks), np.uint8)
        _check_strings(buffer, group, where)
        return buffer
    buffer = _allocate(expected, where)
    sizes, offset = [], 0
    for url in urls:
        try:
            with open_url(url, headers, timeout) as response:
                got = _read_into(response, memoryview(buffer)[offset:])
                extra = len(response.read()) if offset + got == expected else 0
        except TimeoutError:
            raise OSError(f"Request to {url} timed out after {timeout} s") from None
        sizes.append(got + extra)
        offset += got
    check_shard_sizes(paths, sizes, expected, where)
    return buffer


def _fetch_all(url: str, headers: Mapping[str, str] | None, timeout: float) -> bytes:
    try:
        with open_url(url, headers, timeout) as response:
            return response.read()
    except TimeoutError:
        raise OSError(f"Request to {url} timed out after {timeout} s") from None


def is_http_scheme(url: str) -> bool:
    """Whether `url` starts with http:// or https://."""
    return isinstance(url, str) and url.lower().startswith(("http://", "https://"))


def load_weights(
    manifest: WeightsManifestConfig,
    file_path_prefix: str | os.PathLike[str] = "",
    weight_names: list[str] | None = None,
    **load_options: Any,
) -> dict[str, Any]:
    """Tensors of the weights of `manifest` (all, or those named in `weight_names`),
    read from the files it lists under `file_path_prefix`: a folder or an HTTP(S) URL
    prefix (TF.js's `tf.io.loadWeights`). Only the groups holding them are read."""
    prefix = os.fspath(file_path_prefix)
    check_weights_manifest(manifest, f"weights manifest at {prefix or '.'}")
    names = [spec["name"] for group in manifest for spec in group["weights"]]
    if weight_names is not None:
        missing = [name for name in weight_names if name not in names]
        if missing:
            raise ValueError(
                f"Could not find weights in manifest with names: {', '.join(missing)}. \n"
                f"Manifest JSON has weights with names: {', '.join(names)}."
            )
    wanted = set(names if weight_names is None else weight_names)
    groups = [(i, g) for i, g in enumerate(manifest) if wanted & {spec["name"] for spec in g["weights"]}]
    subset = [group for _, group in groups]
    if is_http_scheme(prefix):
        base = prefix if prefix.endswith("/") else prefix + "/"
        buffers = [
            read_url_group(
                g,
                [base + p for p in g["paths"]],
                f"weight group {i} of {base}",
                None,
                load_options.get("timeout", DEFAULT_TIMEOUT_S),
            )
            for i, g in groups
        ]
    else:
        buffers = read_file_groups(subset, prefix or ".", f"the weights manifest in {prefix or '.'}")
    arrays = {}
    for group, buffer in zip(subset, buffers, strict=True):
        data = CompositeBuffer(buffer)
        offsets = weight_ranges(data, group["weights"], "load_weights")
        for spec, start, end in zip(group["weights"], offsets, offsets[1:], strict=False):
            if spec["name"] in wanted:
                arrays[spec["name"]] = (spec, decode_weight(spec, data.slice(start, end)))
    return {name: make_weight_tensor(spec, values) for name, (spec, values) in arrays.items()}

"""IO handlers: where model artifacts come from and go to (TF.js's tf.io handlers and
router registry, with tfjs-node's file system handler).

`load_model_artifacts` takes a path to model.json or its folder, a `file://` or
`http(s)://` URL, or any handler with a `load()` (`tf.io.from_memory(...)`)."""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import urllib.parse
from collections.abc import Callable, Mapping
from typing import Any

from tfjs.io.http_handler import HTTPRequest, http, normalized_load_options
from tfjs.io.model_json import (
    get_model_artifacts_for_json,
    get_model_artifacts_info_for_json,
    get_model_json_for_model_artifacts,
    get_weight_specs,
    parse_model_json,
)
from tfjs.io.shards import (
    is_http_scheme,
    read_file_groups,
)
from tfjs.io.types import (
    ModelArtifacts,
    SaveResult,
    WeightData,
    WeightsManifestConfig,
    WeightsManifestEntry,
)
from tfjs.io.weights import weight_data_chunks

MODEL_JSON_FILENAME = "model.json"
WEIGHTS_BINARY_FILENAME = "weights.bin"
Router = Callable[..., Any]
_LOAD_ROUTERS: list[Router] = []
_SAVE_ROUTERS: list[Router] = []


class FileSystem:
    """Loads model.json and its weight files from disk, or saves a model there
    (tfjs-node's `tf.io.fileSystem`): `path` is model.json or the folder holding it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)

    def model_json_path(self) -> str:
        path = self.path
        if os.path.isdir(path):
            path = os.path.join(path, MODEL_JSON_FILENAME)
            if not os.path.isfile(path):
                found = sorted(f for f in os.listdir(self.path) if f.endswith(".json"))
                raise FileNotFoundError(
                    2, f"No {MODEL_JSON_FILENAME} in folder {self.path} (its .json files: {found})", path
                )
        elif not os.path.exists(path):
            raise FileNotFoundError(2, f"Model path {path} does not exist", path)
        return path

    def load(self) -> ModelArtifacts:
        path = self.model_json_path()
        with open(path, "rb") as handle:
            model_json = parse_model_json(handle.read(), path)
        folder = os.path.dirname(path)

        def load_weights(manifest: WeightsManifestConfig) -> tuple[list[WeightsManifestEntry], WeightData]:
            return get_weight_specs(manifest), read_file_groups(manifest, folder, path)

        return get_model_artifacts_for_json(model_json, load_weights)

    def save(self, artifacts: ModelArtifacts) -> SaveResult:
        """Writes `path`/model.json and `path`/weights.bin (one weight group)."""
        if isinstance(artifacts.model_topology, (bytes, bytearray, memoryview)):
            raise ValueError("FileSystem.save() does not support saving model topology in binary format yet.")
        if os.path.isfile(self.path):
            raise ValueError(f"Path {self.path} exists as a file. The path must be a directory.")
        os.makedirs(self.path, exist_ok=True)
        manifest = [{"paths": [WEIGHTS_BINARY_FILENAME], "weights": artifacts.weight_specs or []}]
        model_json = get_model_json_for_model_artifacts(artifacts, manifest)
        with open(os.path.join(self.path, MODEL_JSON_FILENAME), "w", encoding="utf-8") as handle:
            json.dump(model_json, handle)
        with open(os.path.join(self.path, WEIGHTS_BINARY_FILENAME), "wb") as handle:
            for chunk in weight_data_chunks(artifacts.weight_data):
                handle.write(chunk)
        return SaveResult(model_artifacts_info=get_model_artifacts_info_for_json(artifacts))


def file_system(path: str | os.PathLike[str]) -> FileSystem:
    """A handler loading a model from model.json (or its folder), or saving one to a
    folder (tfjs-node's `tf.io.fileSystem`)."""
    return FileSystem(path)


class _PassthroughLoader:
    def __init__(self, artifacts: ModelArtifacts) -> None:
        self.artifacts = artifacts

    def load(self) -> ModelArtifacts:
        return self.artifacts


class _PassthroughSaver:
    def __init__(self, save_handler: Callable[[ModelArtifacts], Any]) -> None:
        self.save_handler = save_handler

    def save(self, artifacts: ModelArtifacts) -> Any:
        return self.save_handler(artifacts)


def from_memory(
    model_artifacts: ModelArtifacts | Mapping[str, Any],
    weight_specs: list[WeightsManifestEntry] | None = None,
    weight_data: WeightData = None,
    training_config: Mapping[str, Any] | None = None,
) -> Any:
    """A handler whose `load()` returns artifacts held in memory (TF.js's
    `tf.io.fromMemory`): a ModelArtifacts, or a dict of its fields (camelCase or
    snake_case). The legacy form, a topology dict with `weight_specs` and `weight_data`
    beside it, still works, as in TF.js."""
    if isinstance(model_artifacts, ModelArtifacts):
        artifacts = model_artifacts
    elif not isinstance(model_artifacts, Mapping):
        raise TypeError(f"from_memory() takes ModelArtifacts or a dict, got {type(model_artifacts).__name__}")
    elif (
        weight_specs is None
        and weight_data is None
        and training_config is None
        and any(
            key in model_artifacts
            for key in ("modelTopology", "model_topology", "weightSpecs", "weight_specs")
        )
    ):
        artifacts = ModelArtifacts.from_dict(model_artifacts)
    else:  # legacy: the topology alone, weights beside it
        artifacts = ModelArtifacts(
            model_topology=dict(model_artifacts),
            weight_specs=weight_specs,
            weight_data=weight_data,
            training_config=dict(training_config) if training_config is not None else None,
        )
    return _PassthroughLoader(artifacts)


from_memory_sync = from_memory


def with_save_handler(save_handler: Callable[[ModelArtifacts], Any]) -> Any:
    """A handler whose `save(artifacts)` calls `save_handler(artifacts)` (TF.js's
    `tf.io.withSaveHandler`)."""
    if not callable(save_handler):
        raise TypeError(f"with_save_handler() takes a function, got {type(save_handler).__name__}")
    return _PassthroughSaver(save_handler)


with_save_handler_sync = with_save_handler


def register_load_router(router: Router) -> None:
    """Adds `router(url, **load_options)`, which returns a handler for URLs it knows, or None."""
    _LOAD_ROUTERS.append(router)


def register_save_router(router: Router) -> None:
    _SAVE_ROUTERS.append(router)


def get_load_handlers(url: str, **load_options: Any) -> list[Any]:
    """The handlers the registered routers give for `url`."""
    return [h for h in (router(url, **load_options) for router in _LOAD_ROUTERS) if h is not None]


def get_save_handlers(url: str) -> list[Any]:
    return [h for h in (router(url) for router in _SAVE_ROUTERS) if h is not None]


def _http_router(url: Any, **load_options: Any) -> HTTPRequest | None:
    return http(url, **load_options) if is_http_scheme(url) else None


def _file_router(url: Any, **load_options: Any) -> FileSystem | None:
    if not isinstance(url, str) or not url.startswith("file://"):
        return None
    path = url[len("file://") :]
    if not os.path.exists(path) and os.path.exists(urllib.parse.unquote(path)):
        path = urllib.parse.unquote(path)  # a percent-encoded file URL
    return file_system(path)


for _router in (_http_router, _file_router):
    register_load_router(_router)
    register_save_router(_router)


def _handler_for(source: Any, load_options: Mapping[str, Any]) -> Any:
    load_options = normalized_load_options(load_options)
    if isinstance(source, ModelArtifacts):
        return _PassthroughLoader(source)
    if hasattr(source, "load") or hasattr(source, "save"):
        return source
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str):
        raise TypeError(f"Expected a path, a URL or an IO handler with load(), got {type(source).__name__}")
    handlers = get_load_handlers(source, **load_options)
    if len(handlers) > 1:
        raise ValueError(f"Found more than one ({len(handlers)}) load handlers for URL '{source}'")
    if handlers:
        return handlers[0]
    scheme = urllib.parse.urlsplit(source).scheme
    if len(scheme) > 1:  # a scheme, not a Windows drive letter
        raise ValueError(
            f"Cannot find any load handler for URL '{source}' (supported: a path, file://, http(s)://)"
        )
    return file_system(source)


def load_model_artifacts(source: Any, **load_options: Any) -> ModelArtifacts:
    """The artifacts of a model: `source` is a path to model.json or its folder, a
    `file://` or `http(s)://` URL (load options such as `timeout`, `request_init` and
    `weight_path_prefix` go to the HTTP handler), a ModelArtifacts, or a handler with a
    `load()` (`tf.io.from_memory(...)`). Weights come as one buffer per group in
    `weight_data`; `tf.io.decode_weights(a.weight_data, a.weight_specs)` makes tensors."""
    handler = _handler_for(source, load_options)
    if not callable(getattr(handler, "load", None)):
        raise ValueError(
            "Cannot proceed with model loading because the IOHandler provided does not have the "
            "`load` method implemented."
        )
    artifacts = awaited_outside_loop(handler.load())
    if inspect.isawaitable(artifacts):
        raise RuntimeError(
            "This handler's load() is async: use `await tf.io.load_model_artifacts_async(...)`"
        )
    return _checked(artifacts)


async def load_model_artifacts_async(source: Any, **load_options: Any) -> ModelArtifacts:
    """`load_model_artifacts` for async code: file and network reads run in a thread."""
    handler = _handler_for(source, load_options)
    if inspect.iscoroutinefunction(getattr(handler, "load", None)):
        return _checked(await handler.load())
    return await asyncio.to_thread(load_model_artifacts, handler)


def save_handler_for(handler_or_url: Any, model_kind: str) -> Any:
    """The handler `model.save(handler_or_url)` hands its artifacts to: the handler
    itself, the one the save routers give for a URL, or the file handler for a plain path
    (a folder: model.json and weights.bin). `model_kind` names the model in the errors."""
    if isinstance(handler_or_url, os.PathLike):
        handler_or_url = os.fspath(handler_or_url)
    if isinstance(handler_or_url, str):
        url = handler_or_url
        handlers = get_save_handlers(url)
        if not handlers and url and "://" not in url:
            handlers = [file_system(url)]  # a plain path ('C:/models' too), not a URL
        if not handlers:
            raise ValueError(f"Cannot find any save handlers for URL '{url}'")
        if len(handlers) > 1:
            raise ValueError(f"Found more than one ({len(handlers)}) save handlers for URL '{url}'")
        return handlers[0]
    if not callable(getattr(handler_or_url, "save", None)):
        raise ValueError(
            f"{model_kind}.save() cannot proceed because the IOHandler provided does not have "
            f"the `save` attribute defined (got {type(handler_or_url).__name__})."
        )
    return handler_or_url


def awaited_outside_loop(value: Any) -> Any:
    """`value`, or what it resolves to where it is awaitable and no event loop runs in this
    thread (an awaitable within a running loop comes back as is, for the caller to await)."""
    if not inspect.isawaitable(value):
        return value
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(_awaited(value))
    return value


async def _awaited(value: Any) -> Any:
    return await value


def _checked(artifacts: Any) -> ModelArtifacts:
    if isinstance(artifacts, Mapping):
        artifacts = ModelArtifacts.from_dict(artifacts)
    if not isinstance(artifacts, ModelArtifacts):
        raise TypeError(f"An IO handler's load() must return ModelArtifacts, got {type(artifacts).__name__}")
    return artifacts

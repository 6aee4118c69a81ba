"""The HTTP(S) handler (TF.js's `tf.io.http`, `tf.io.browserHTTPRequest`): a model loaded
from model.json's URL and its weight files beside it, or saved by one request whose
multipart form holds model.json and the weights, as TF.js sends it."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from tfjs.io.model_json import (
    get_model_artifacts_for_json,
    get_model_artifacts_info_for_json,
    get_model_json_for_model_artifacts,
    get_weight_specs,
    parse_model_json,
)
from tfjs.io.option_objects import renamed_options
from tfjs.io.shards import DEFAULT_TIMEOUT_S, open_url, read_url_group
from tfjs.io.types import ModelArtifacts, SaveResult, WeightData, WeightsManifestConfig, WeightsManifestEntry
from tfjs.io.weights import weight_data_chunks

SAVED_WEIGHTS_FILENAME = "model.weights.bin"  # the form field and manifest path TF.js uses


class HTTPRequest:
    """Loads model.json and its weights over HTTP(S) with urllib, or saves a model by a
    request whose body is a multipart form (TF.js's `tf.io.http`).

    Weight files are fetched from model.json's URL prefix (or `weight_path_prefix`),
    keeping its query string, or from the URL `weight_url_converter(path)` returns.
    `request_init` may hold `headers`, and `method` for a save (default POST); each
    request gives up after `timeout` seconds."""

    def __init__(
        self,
        path: str,
        *,
        weight_path_prefix: str | None = None,
        weight_url_converter: Callable[[str], str] | None = None,
        request_init: Mapping[str, Any] | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
    ) -> None:
        if not path:
            raise ValueError("URL path for http must not be null, undefined or empty.")
        request_init = dict(request_init or {})
        if request_init.get("body") is not None:
            raise ValueError("requestInit is expected to have no pre-existing body, but has one.")
        self.path = path
        self.weight_path_prefix = weight_path_prefix
        self.weight_url_converter = weight_url_converter
        self.headers: dict[str, str] = dict(request_init.get("headers") or {})
        self.method = str(request_init.get("method") or "POST")
        self.timeout = timeout

    def load(self) -> ModelArtifacts:
        try:
            with open_url(self.path, self.headers, self.timeout) as response:
                text = response.read()
        except OSError as error:
            said = str(error) if str(error).endswith(".") else f"{error}."
            raise OSError(
                f"{said} Please verify this URL points to the model JSON of the model to load."
            ) from None
        model_json = parse_model_json(text, self.path)
        return get_model_artifacts_for_json(model_json, self._load_weights)

    def save(self, artifacts: ModelArtifacts) -> SaveResult:
        """Sends the model as TF.js does: one request (POST unless `request_init` names
        a method) whose multipart form holds `model.json` (its weights manifest naming
        `./model.weights.bin`) and `model.weights.bin` (every weight in one buffer)."""
        if isinstance(artifacts.model_topology, (bytes, bytearray, memoryview)):
            raise ValueError(
                "BrowserHTTPRequest.save() does not support saving model topology in binary formats yet."
            )
        manifest = [{"paths": ["./" + SAVED_WEIGHTS_FILENAME], "weights": artifacts.weight_specs or []}]
        parts = [
            (
                "model.json",
                "application/json",
                json.dumps(get_model_json_for_model_artifacts(artifacts, manifest)).encode(),
            )
        ]
        if artifacts.weight_data is not None:
            weights = b"".join(chunk.tobytes() for chunk in weight_data_chunks(artifacts.weight_data))
            parts.append((SAVED_WEIGHTS_FILENAME, "application/octet-stream", weights))
        body, content_type = _multipart_form(parts)
        headers = {**self.headers, "Content-Type": content_type}
        try:
            with open_url(self.path, headers, self.timeout, data=body, method=self.method) as response:
                response.read()
        except OSError as error:
            raise OSError(f"BrowserHTTPRequest.save() failed: {error}") from None
        return SaveResult(model_artifacts_info=get_model_artifacts_info_for_json(artifacts))

    def weight_urls(self, group: Mapping[str, Any]) -> list[str]:
        prefix, suffix = parse_url(self.path)
        prefix = self.weight_path_prefix or prefix
        if self.weight_url_converter is not None:
            return [self.weight_url_converter(path) for path in group["paths"]]
        return [prefix + path + suffix for path in group["paths"]]

    def _load_weights(self, manifest: WeightsManifestConfig) -> tuple[list[WeightsManifestEntry], WeightData]:
        buffers = [
            read_url_group(
                group, self.weight_urls(group), f"weight group {i} of {self.path}", self.headers, self.timeout
            )
            for i, group in enumerate(manifest)
        ]
        return get_weight_specs(manifest), buffers


def parse_url(url: str) -> tuple[str, str]:
    """`url`'s prefix up to its last `/` (included), and its query string if any."""
    last_slash, last_query = url.rfind("/"), url.rfind("?")
    suffix = url[last_query:] if last_query > last_slash else ""
    return url[:last_slash] + "/", suffix


def http(path: str, options: Mapping[str, Any] | None = None, **load_options: Any) -> HTTPRequest:
    """A handler loading a model over HTTP(S), or saving one by a POST of a multipart form
    (TF.js's `tf.io.http`): `model.save(tf.io.http(url))`, or `model.save(url)`. `options`
    is TF.js's LoadOptions object (`{"requestInit": {...}, "weightPathPrefix": ...}`); its
    keys may also come as keyword arguments."""
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f"http(path, options): options is TF.js's LoadOptions (a dict), got {options!r}")
    return HTTPRequest(path, **normalized_load_options({**(options or {}), **load_options}))


# TF.js's LoadOptions that apply here, by their Python and TF.js names.
_LOAD_OPTIONS = {
    "timeout": "timeout",
    "request_init": "request_init",
    "requestInit": "request_init",
    "weight_path_prefix": "weight_path_prefix",
    "weightPathPrefix": "weight_path_prefix",
    "weight_url_converter": "weight_url_converter",
    "weightUrlConverter": "weight_url_converter",
}


def normalized_load_options(load_options: Mapping[str, Any]) -> dict[str, Any]:
    """TF.js's LoadOptions (snake_case or camelCase keys) by their Python names; unknown
    ones are a TypeError."""
    options = renamed_options(load_options, _LOAD_OPTIONS, "load")
    return {name: value for name, value in options.items() if value is not None}


browser_http_request = http


def _multipart_form(parts: list[tuple[str, str, bytes]]) -> tuple[bytes, str]:
    """A multipart/form-data body of files (name, content type, bytes), each part's file
    name its field name as TF.js's FormData gives it, and its Content-Type header."""
    boundary = f"tfjs-{uuid.uuid4().hex}"
    body = bytearray()
    for name, content_type, data in parts:
        body += (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{name}"\r\n'
            f"Content-Type: {content_type}\r\n\r\n"
        ).encode()
        body += data + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    return bytes(body), f"multipart/form-data; boundary={boundary}"

"""Loading model artifacts from a path, a folder, file:// and http:// URLs, memory; saving
through a save handler and to a folder; tf.io.load_weights."""

from __future__ import annotations

import asyncio
import functools
import http.server
import json
import socket
import threading
import time

import numpy as np
import pytest

import tfjs as tf
from tests.io.model_files import GRAPH_TOPOLOGY, small_model, spec, write_model


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def server(tmp_path):
    """An HTTP server on 127.0.0.1 serving tmp_path; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(tmp_path))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def values_of(artifacts):
    weights = tf.io.decode_weights(artifacts.weight_data, artifacts.weight_specs)
    try:
        return {name: t.array_sync() for name, t in weights.items()}
    finally:
        tf.dispose(weights)


SMALL = {
    "w": [[0.0, 0.25, 0.5], [0.75, 1.0, 1.25]],
    "k": [7, -8],
    "flag": [True, False, True],
    "q": [-1.0, -0.5, 0.0, 126.5],
    "h": [1.5, -2.0],
}


def check_small(artifacts):
    assert artifacts.format == "graph-model"
    assert artifacts.generated_by == "2.15.0"
    assert artifacts.converted_by == "TensorFlow.js Converter v4.22.0"
    assert artifacts.model_topology == GRAPH_TOPOLOGY
    assert [s["name"] for s in artifacts.weight_specs] == list(SMALL)
    assert len(artifacts.weight_data) == 2  # one buffer per group
    assert values_of(artifacts) == SMALL


def test_path_to_model_json_and_its_folder(tmp_path):
    path = small_model(tmp_path / "m")
    check_small(tf.io.load_model_artifacts(str(path)))
    check_small(tf.io.load_model_artifacts(path.parent))
    check_small(tf.io.load_model_artifacts(f"file://{path}"))
    check_small(tf.io.load_model_artifacts(tf.io.file_system(path)))


def test_a_group_in_many_shards_reads_into_one_buffer(tmp_path):
    data = np.arange(100, dtype="<f4")
    path = write_model(tmp_path, [[(spec("big", "float32", [100]), data.tobytes())]], shard_size=64)
    artifacts = tf.io.load_model_artifacts(path)
    assert len(artifacts.weight_data) == 1 and artifacts.weight_data[0].nbytes == 400
    assert values_of(artifacts)["big"] == data.tolist()


def test_metadata_keys_and_old_converters_without_format(tmp_path):
    extra = {
        "signature": {"inputs": {"x:0": {"name": "x:0", "dtype": "DT_FLOAT"}}},
        "userDefinedMetadata": {"labels": ["a", "b"]},
        "modelInitializer": {"node": []},
    }
    artifacts = tf.io.load_model_artifacts(small_model(tmp_path, extra=extra))
    assert artifacts.signature == extra["signature"]
    assert artifacts.user_defined_metadata == {"labels": ["a", "b"]}
    assert artifacts.model_initializer == {"node": []}
    # A converter 0.x/1.x model.json: no format, generatedBy or convertedBy keys.
    path = small_model(tmp_path / "old")
    model_json = json.loads(path.read_text())
    for key in ("format", "generatedBy", "convertedBy"):
        del model_json[key]
    path.write_text(json.dumps(model_json))
    old = tf.io.load_model_artifacts(path)
    assert old.format is None and old.converted_by is None
    assert values_of(old) == SMALL


def test_model_json_without_weights(tmp_path):
    (tmp_path / "model.json").write_text(json.dumps({"modelTopology": GRAPH_TOPOLOGY}))
    artifacts = tf.io.load_model_artifacts(tmp_path)
    assert artifacts.weight_specs is None and artifacts.weight_data is None


def test_http(tmp_path, server):
    small_model(tmp_path / "m")
    check_small(tf.io.load_model_artifacts(f"{server}/m/model.json"))
    check_small(tf.io.load_model_artifacts(f"{server}/m/model.json?v=3", timeout=5))
    check_small(tf.io.http(f"{server}/m/model.json", request_init={"headers": {"X-Test": "1"}}).load())


def test_http_weight_path_prefix_and_url_converter(tmp_path, server):
    small_model(tmp_path / "m")
    (tmp_path / "m" / "model.json").rename(tmp_path / "model.json")
    check_small(tf.io.load_model_artifacts(f"{server}/model.json", weight_path_prefix=f"{server}/m/"))
    check_small(tf.io.load_model_artifacts(f"{server}/model.json", weightPathPrefix=f"{server}/m/"))
    with pytest.raises(TypeError, match=r"Unknown load option\(s\) \['onProgress'\]"):
        tf.io.load_model_artifacts(f"{server}/model.json", onProgress=print)
    handler = tf.io.http(f"{server}/model.json", weight_url_converter=lambda p: f"{server}/m/{p}")
    check_small(tf.io.load_model_artifacts(handler))
    handler = tf.io.http(f"{server}/model.json", {"weightPathPrefix": f"{server}/m/"})  # TF.js's form
    check_small(tf.io.load_model_artifacts(handler))
    with pytest.raises(TypeError, match=r"Unknown load option\(s\) \['onProgress'\]"):
        tf.io.http(f"{server}/model.json", {"onProgress": print})
    with pytest.raises(TypeError, match=r"options is TF.js's LoadOptions \(a dict\), got 3"):
        tf.io.http(f"{server}/model.json", 3)


def test_http_errors_name_the_url(tmp_path, server):
    with pytest.raises(OSError, match=r"/missing/model.json failed with status code 404"):
        tf.io.load_model_artifacts(f"{server}/missing/model.json")
    small_model(tmp_path / "m")
    (tmp_path / "m" / "group2-shard1of1.bin").unlink()
    with pytest.raises(OSError, match=r"group2-shard1of1.bin failed with status code 404"):
        tf.io.load_model_artifacts(f"{server}/m/model.json")
    with pytest.raises(OSError, match=r"127\.0\.0\.1:9/model\.json failed: .*[a-z]\. Please verify this URL"):
        tf.io.load_model_artifacts("http://127.0.0.1:9/model.json", timeout=2)


def test_http_truncated_shard(tmp_path, server):
    small_model(tmp_path / "m")
    shard = tmp_path / "m" / "group1-shard1of1.bin"
    shard.write_bytes(shard.read_bytes()[:-2])
    with pytest.raises(ValueError, match=r"'group1-shard1of1.bin' is truncated: 33 bytes, expected 35 bytes"):
        tf.io.load_model_artifacts(f"{server}/m/model.json")


def test_from_memory_and_with_save_handler():
    data, specs = np.array([1, 2], "<f4").tobytes(), [spec("a", "float32", [2])]
    artifacts = tf.io.ModelArtifacts(model_topology=GRAPH_TOPOLOGY, weight_specs=specs, weight_data=data)
    assert tf.io.load_model_artifacts(tf.io.from_memory(artifacts)) is artifacts
    assert tf.io.from_memory_sync(artifacts).load() is artifacts
    camel_case = {"modelTopology": GRAPH_TOPOLOGY, "weightSpecs": specs, "weightData": data}
    camel = tf.io.from_memory(camel_case).load()
    assert camel.model_topology == GRAPH_TOPOLOGY and values_of(camel) == {"a": [1.0, 2.0]}
    legacy = tf.io.from_memory(GRAPH_TOPOLOGY, specs, data).load()
    assert legacy.model_topology == GRAPH_TOPOLOGY and legacy.weight_data == data

    saved = []
    handler = tf.io.with_save_handler(lambda a: saved.append(a) or "done")
    assert handler.save(artifacts) == "done" and saved == [artifacts]
    assert tf.io.with_save_handler_sync(saved.append).save(artifacts) is None
    with pytest.raises(TypeError, match="takes a function"):
        tf.io.with_save_handler(3)
    with pytest.raises(ValueError, match="does not have the `load` method"):
        tf.io.load_model_artifacts(handler)


def test_file_system_save_then_load(tmp_path):
    tensors = {"a": tf.tensor([[1, 2]], dtype="int32"), "s": tf.tensor(["x", "yz"])}
    data, specs = tf.io.encode_weights(tensors)
    tf.dispose(list(tensors.values()))
    artifacts = tf.io.ModelArtifacts(
        model_topology=GRAPH_TOPOLOGY,
        weight_specs=specs,
        weight_data=data,
        format="graph-model",
        signature={"s": 0},
    )
    result = tf.io.file_system(tmp_path / "saved").save(artifacts)
    assert result.model_artifacts_info.weight_data_bytes == len(data)
    assert result.model_artifacts_info.model_topology_type == "JSON"
    loaded = tf.io.load_model_artifacts(tmp_path / "saved")
    assert loaded.signature == {"s": 0} and loaded.format == "graph-model"
    assert values_of(loaded) == {"a": [[1, 2]], "s": ["x", "yz"]}


def test_load_weights_reads_only_the_groups_named(tmp_path):
    path = small_model(tmp_path)
    manifest = json.loads(path.read_text())["weightsManifest"]
    (tmp_path / "group1-shard1of1.bin").unlink()  # not needed for "q"
    weights = tf.io.load_weights(manifest, tmp_path, ["q"])
    try:
        assert list(weights) == ["q"] and weights["q"].array_sync() == SMALL["q"]
    finally:
        tf.dispose(weights)
    with pytest.raises(ValueError, match="Could not find weights in manifest with names: nope"):
        tf.io.load_weights(manifest, tmp_path, ["nope"])


def test_load_weights_over_http(tmp_path, server):
    path = small_model(tmp_path)
    weights = tf.io.load_weights(json.loads(path.read_text())["weightsManifest"], server)
    try:
        assert {name: t.array_sync() for name, t in weights.items()} == SMALL
    finally:
        tf.dispose(weights)


def test_routers_and_async_loading(tmp_path):
    path = small_model(tmp_path)
    assert len(tf.io.get_load_handlers("http://example.com/model.json")) == 1
    assert len(tf.io.get_load_handlers(f"file://{path}")) == 1
    assert tf.io.get_load_handlers(str(path)) == []
    assert tf.io.is_http_scheme("https://x") and not tf.io.is_http_scheme("file://x")
    check_small(asyncio.run(tf.io.load_model_artifacts_async(path)))

    class AsyncHandler:
        async def load(self):
            return tf.io.load_model_artifacts(path)

    check_small(asyncio.run(tf.io.load_model_artifacts_async(AsyncHandler())))
    check_small(tf.io.load_model_artifacts(AsyncHandler()))
    with pytest.raises(ValueError, match=r"Cannot find any load handler for URL 'ftp://x/model\.json'"):
        tf.io.load_model_artifacts("ftp://x/model.json")
    with pytest.raises(TypeError, match="Expected a path, a URL or an IO handler"):
        tf.io.load_model_artifacts(42)


def test_http_gives_up_after_its_timeout():
    with socket.socket() as listener:  # accepts connections (backlog) but never answers
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/model.json"
        start = time.monotonic()
        with pytest.raises(OSError, match="timed out"):
            tf.io.load_model_artifacts(url, timeout=0.3)
        assert time.monotonic() - start < 5

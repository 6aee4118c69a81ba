"""Bad model.json files and weight shards: each a clear ValueError/OSError naming the
file and what is wrong, raised before any shard is read or any tensor made."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tfjs as tf
from tests.io.model_files import GRAPH_TOPOLOGY, small_model, spec, strings_bytes, write_model

F64 = spec("a", "float64", [1])
INT4 = spec("a", "float32", [1], {"dtype": "int4"})


def rewrite(path, change):
    model_json = json.loads(path.read_text())
    change(model_json)
    path.write_text(json.dumps(model_json))


def big_model(folder):
    """One float32 weight of 100 values in shards of 64 bytes: 7 shards, the last 16 bytes."""
    data = np.arange(100, dtype="<f4").tobytes()
    return write_model(folder, [[(spec("big", "float32", [100]), data)]], shard_size=64)


def test_malformed_json_names_file_line_and_column(tmp_path):
    path = tmp_path / "model.json"
    path.write_text('{"modelTopology": {"node": []},\n "weightsManifest": [}')
    with pytest.raises(ValueError, match=r"Failed to parse model JSON of .*model\.json: .* line 2 column"):
        tf.io.load_model_artifacts(path)
    path.write_bytes(b"\x89PNG\x00\xff")
    with pytest.raises(ValueError, match="not UTF-8 text"):
        tf.io.load_model_artifacts(path)
    pb = tmp_path / "tensorflowjs_model.pb"
    pb.write_text("\x08\x01 not json")
    with pytest.raises(ValueError, match=r"Support for \.pb models was removed in TensorFlow\.js 1\.0"):
        tf.io.load_model_artifacts(pb)


@pytest.mark.parametrize(
    ("model_json", "message"),
    [
        ([1, 2], "must hold a JSON object, got list"),
        ({"format": "graph-model"}, "contains neither model topology or manifest for weights"),
        ({"modelTopology": [1]}, "modelTopology must be a JSON object"),
        ({"modelTopology": {}, "format": 3}, "format must be a string"),
        ({"modelTopology": {}, "signature": []}, "signature must be a JSON object"),
        ({"weightsManifest": {"paths": []}}, "weightsManifest must be a list of groups"),
        ({"weightsManifest": [{"paths": "a.bin", "weights": []}]}, "weight group 0: 'paths' must be a list"),
        ({"weightsManifest": [{"paths": [], "weights": [spec("a", "float32", [1])]}]}, "no weight files"),
        ({"weightsManifest": [{"paths": ["a"], "weights": [F64]}]}, "dtype in weight 'a'"),
        ({"weightsManifest": [{"paths": ["a"], "weights": [INT4]}]}, "unknown quantization dtype int4"),
    ],
)
def test_malformed_model_json(tmp_path, model_json, message):
    (tmp_path / "model.json").write_text(json.dumps(model_json))
    with pytest.raises(ValueError, match=message):
        tf.io.load_model_artifacts(tmp_path)


def test_missing_model_json_or_path(tmp_path):
    (tmp_path / "other.json").write_text("{}")
    with pytest.raises(FileNotFoundError, match=r"No model\.json in folder .*other\.json"):
        tf.io.load_model_artifacts(tmp_path)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        tf.io.load_model_artifacts(tmp_path / "nope" / "model.json")


def test_missing_shard_is_named(tmp_path):
    path = small_model(tmp_path)
    (tmp_path / "group2-shard1of1.bin").unlink()
    message = r"Weight file 'group2-shard1of1\.bin' listed in .*model\.json is missing"
    with pytest.raises(FileNotFoundError, match=message):
        tf.io.load_model_artifacts(path)


def test_truncated_last_shard_names_file_expected_and_actual_bytes(tmp_path):
    path = small_model(tmp_path)
    shard = tmp_path / "group1-shard1of1.bin"
    shard.write_bytes(shard.read_bytes()[:-3])
    message = r"'group1-shard1of1\.bin' is truncated: 32 bytes, expected 35 bytes"
    with pytest.raises(ValueError, match=message):
        tf.io.load_model_artifacts(path)


def test_truncated_middle_shard(tmp_path):
    path = big_model(tmp_path)
    shard = tmp_path / "group1-shard3of7.bin"
    shard.write_bytes(shard.read_bytes()[:50])
    message = r"'group1-shard3of7\.bin' is truncated: 50 bytes, expected 64 bytes"
    with pytest.raises(ValueError, match=message):
        tf.io.load_model_artifacts(path)


def test_shard_too_long_and_wrong_total(tmp_path):
    path = big_model(tmp_path)
    shard = tmp_path / "group1-shard7of7.bin"
    shard.write_bytes(shard.read_bytes() + b"\0" * 4)
    with pytest.raises(ValueError, match=r"'group1-shard7of7\.bin' is too long: 20 bytes, expected 16 bytes"):
        tf.io.load_model_artifacts(path)
    shard.write_bytes(shard.read_bytes()[:16])
    (tmp_path / "group1-shard2of7.bin").write_bytes(b"\0" * 80)
    with pytest.raises(ValueError, match=r"'group1-shard2of7\.bin' is too long: 80 bytes, expected 64 bytes"):
        tf.io.load_model_artifacts(path)
    (tmp_path / "group1-shard2of7.bin").write_bytes(b"\0" * 64)
    rewrite(path, lambda m: m["weightsManifest"][0]["weights"][0].__setitem__("shape", [10]))
    message = r"wrong total size: the 7 shard.* hold 400 bytes but its weights need 40 bytes"
    with pytest.raises(ValueError, match=message):
        tf.io.load_model_artifacts(path)


def test_shards_listed_out_of_order_or_incompletely(tmp_path):
    path = big_model(tmp_path)
    rewrite(path, lambda m: m["weightsManifest"][0]["paths"].reverse())
    with pytest.raises(ValueError, match=r"listed out of order or incompletely: \['group1-shard7of7\.bin'"):
        tf.io.load_model_artifacts(path)
    rewrite(path, lambda m: m["weightsManifest"][0]["paths"].sort())
    rewrite(path, lambda m: m["weightsManifest"][0]["paths"].pop(3))
    with pytest.raises(ValueError, match="out of order or incompletely"):
        tf.io.load_model_artifacts(path)


@pytest.mark.parametrize("bad", ["../secret.bin", "a/../../secret.bin", "/etc/passwd", "file:///etc/passwd"])
def test_weight_path_escaping_the_folder(tmp_path, bad):
    (tmp_path / "secret.bin").write_bytes(b"\0" * 64)
    path = small_model(tmp_path / "m")
    rewrite(path, lambda m: m["weightsManifest"][0]["paths"].__setitem__(0, bad))
    with pytest.raises(ValueError, match="escapes the model's folder"):
        tf.io.load_model_artifacts(path)


def test_weight_paths_inside_the_folder_are_fine(tmp_path):
    path = small_model(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "group1-shard1of1.bin").rename(tmp_path / "sub" / "g.bin")
    rewrite(path, lambda m: m["weightsManifest"][0]["paths"].__setitem__(0, "./sub/../sub/g.bin"))
    weights = tf.io.decode_weights(*_data_and_specs(tf.io.load_model_artifacts(path)))
    assert weights["k"].array_sync() == [7, -8]
    tf.dispose(weights)


def _data_and_specs(artifacts):
    return artifacts.weight_data, artifacts.weight_specs


def test_checks_come_before_any_shard_is_read(tmp_path, monkeypatch):
    path = small_model(tmp_path)
    shard = tmp_path / "group2-shard1of1.bin"
    shard.write_bytes(shard.read_bytes()[:-1])
    opened = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda f, *a, **k: opened.append(str(f)) or real_open(f, *a, **k))
    with pytest.raises(ValueError, match="group2-shard1of1"):
        tf.io.load_model_artifacts(path)
    assert [f for f in opened if f.endswith(".bin")] == []


def test_a_shape_too_big_for_memory_is_a_size_error_not_an_allocation(tmp_path):
    path = small_model(tmp_path)
    rewrite(path, lambda m: m["weightsManifest"][0]["weights"][0].__setitem__("shape", [2**40, 2**20]))
    with pytest.raises(ValueError, match=r"hold 35 bytes but its weights need 4611686018427387915 bytes"):
        tf.io.load_model_artifacts(path)


def test_string_weights_of_the_wrong_size(tmp_path):
    data = strings_bytes(["ab", "c"])
    path = write_model(tmp_path, [[(spec("s", "string", [2]), data + b"xx")]])
    with pytest.raises(ValueError, match="hold 13 bytes but its weights need 11 bytes"):
        tf.io.load_model_artifacts(path)
    path = write_model(tmp_path, [[(spec("s", "string", [3]), data)]])
    with pytest.raises(ValueError, match="weight 's'"):
        tf.io.load_model_artifacts(path)


def test_from_memory_rejects_what_is_not_artifacts():
    with pytest.raises(TypeError, match="takes ModelArtifacts or a dict"):
        tf.io.from_memory("model.json")
    with pytest.raises(ValueError, match="ModelArtifacts has no field 'weightsManifest'"):
        tf.io.ModelArtifacts.from_dict({"modelTopology": GRAPH_TOPOLOGY, "weightsManifest": []})

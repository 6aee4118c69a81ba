"""What the model-file fuzz (tests/fuzz/test_model_files.py) found in tf.io: each a clear
error naming the file or the weight, before any tensor is made."""

from __future__ import annotations

import json

import pytest

import tfjs as tf
from tests.io.model_files import small_model


def rewrite(path, change):
    model_json = json.loads(path.read_text())
    change(model_json)
    path.write_text(json.dumps(model_json))


@pytest.mark.parametrize(
    ("name", "error", "message"),
    [
        ("a_directory", OSError, r"Weight file 'a_directory' listed in .*model\.json is not a file"),
        ("x" * 5000, OSError, r"Weight file 'xxxx.* cannot be read: File name too long"),
        ("nul\x00byte.bin", ValueError, r"Weight file 'nul\\x00byte\.bin' .* has a NUL character"),
    ],
)
def test_weight_paths_that_cannot_be_read(tmp_path, name, error, message):
    path = small_model(tmp_path)
    (tmp_path / "a_directory").mkdir()

    def point_at(model_json):
        model_json["weightsManifest"][0]["paths"] = [name]

    rewrite(path, point_at)
    with pytest.raises(error, match=message):
        tf.io.load_model_artifacts(path)


def test_two_weights_of_one_name_are_an_error(tmp_path):
    path = small_model(tmp_path)

    def rename(model_json):
        model_json["weightsManifest"][0]["weights"][1]["name"] = "w"

    rewrite(path, rename)
    with pytest.raises(ValueError, match="weight group 0: two weights are named 'w'"):
        tf.io.load_model_artifacts(path)
    rewrite(path, lambda j: j["weightsManifest"][0]["weights"][1].update(name="k"))
    rewrite(path, lambda j: j["weightsManifest"][1]["weights"][0].update(name="w"))
    with pytest.raises(ValueError, match=r"weights named \['w'\] appear in more than one weight group"):
        tf.io.load_model_artifacts(path)
    specs = [{"name": "a", "shape": [1], "dtype": "float32"}] * 2
    with pytest.raises(ValueError, match="two weights are named 'a'"):
        tf.io.decode_weights(bytes(8), specs)


def test_json_nested_too_deeply(tmp_path):
    path = tmp_path / "model.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match=r"model\.json: its arrays or objects nest too deeply"):
        tf.io.load_model_artifacts(path)

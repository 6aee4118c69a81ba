"""GraphModel's remaining TF.js surface: `save`, `tf.load_graph_model_sync` and the
KEEP_INTERMEDIATE_TENSORS debugging mode (`get_intermediate_tensors`,
`dispose_intermediate_tensors`); custom ops are in test_graph_model_custom_ops.py."""

from __future__ import annotations

import asyncio
import json

import numpy as np
import pytest

import tfjs as tf
from tests.converter.graph_api_fixtures import CONV, CONV_NODES, FIXTURES, reference, run

# ---- save ---------------------------------------------------------------------------------


@pytest.mark.parametrize("as_url", [True, False], ids=["file_url", "plain_path"])
def test_save_and_reload(tmp_path, conv_input, as_url):
    model = tf.load_graph_model(str(CONV))
    folder = tmp_path / "saved"
    result = model.save(folder.as_uri() if as_url else str(folder))
    assert isinstance(result, tf.io.SaveResult)
    assert result.model_artifacts_info.model_topology_type == "JSON"
    assert result.model_artifacts_info.weight_data_bytes == (CONV / "group1-shard1of1.bin").stat().st_size
    saved = json.loads((folder / "model.json").read_text())
    specs = saved["weightsManifest"][0]["weights"]
    assert specs[1]["quantization"] == {"dtype": "uint8", "scale": 0.1, "min": -0.2}
    assert saved["userDefinedMetadata"] == {"author": "tests"}
    reloaded = tf.load_graph_model(str(folder / "model.json"))
    np.testing.assert_array_equal(run(reloaded, conv_input), run(model, conv_input))
    assert reloaded.model_version == model.model_version
    reloaded.dispose()
    model.dispose()


def test_save_with_save_handler_receives_the_artifacts():
    model = tf.load_graph_model(str(CONV))
    received = []
    result = model.save(tf.io.with_save_handler(lambda artifacts: received.append(artifacts) or "done"))
    assert result == "done"
    (artifacts,) = received
    assert artifacts is model.artifacts
    assert [s["name"] for s in artifacts.weight_specs] == ["conv/filter", "conv/bias"]
    assert artifacts.model_topology["node"][3]["op"] == "Conv2D"
    model.dispose()


def test_save_errors(monkeypatch, tmp_path):
    model = tf.load_graph_model(str(CONV))
    monkeypatch.chdir(tmp_path)
    for url in ("nope://here", "x://y", ""):  # (a one-letter scheme is no drive: 'x://y' made x:/y/)
        with pytest.raises(ValueError, match=f"Cannot find any save handlers for URL '{url}'"):
            model.save(url)
    assert not list(tmp_path.iterdir())
    with pytest.raises(ValueError, match=r"does not have the `save` attribute defined"):
        model.save(tf.io.from_memory(model.artifacts))
    handler = tf.io.with_save_handler(lambda artifacts: None)
    monkeypatch.setattr("tfjs.io.handlers.get_save_handlers", lambda url: [handler, handler])
    with pytest.raises(ValueError, match=r"Found more than one \(2\) save handlers for URL 'x://y'"):
        model.save("x://y")
    model.dispose()


# ---- load_graph_model_sync ----------------------------------------------------------------


def _sources():
    text = (CONV / "model.json").read_text()
    weights = (CONV / "group1-shard1of1.bin").read_bytes()
    half = len(weights) // 2
    return {
        "dict_and_bytes": (json.loads(text), weights),
        "text_and_buffers": [text, [weights[:half], bytearray(weights[half:])]],
        "bytes_and_array": (text.encode(), np.frombuffer(weights, np.uint8)),
        "handler": tf.io.file_system(str(CONV)),
        "artifacts": tf.io.load_model_artifacts(str(CONV)),
        "memory_handler": tf.io.from_memory(tf.io.load_model_artifacts(str(CONV))),
        "artifacts_dict": {
            "modelTopology": json.loads(text)["modelTopology"],
            "weightSpecs": json.loads(text)["weightsManifest"][0]["weights"],
            "weightData": weights,
        },
    }


@pytest.mark.parametrize("kind", list(_sources()))
def test_load_graph_model_sync(kind, conv_input):
    model = tf.load_graph_model_sync(_sources()[kind])
    assert isinstance(model, tf.GraphModel)
    np.testing.assert_allclose(run(model, conv_input), reference(conv_input), rtol=1e-6, atol=1e-6)
    model.dispose()


class _AsyncHandler:
    async def load(self):
        return tf.io.load_model_artifacts(str(CONV))


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (None, "cannot be null"),
        (str(CONV), r"got str .*use load_graph_model"),
        (42, "got int 42"),
        ({"format": "graph-model"}, "not ModelArtifacts"),
        ((None, b""), "modelJSON must be the first element"),
        (({"modelTopology": {"node": []}, "weightsManifest": []}, None), "An ArrayBuffer of weights"),
        (({"modelTopology": {"node": []}, "weightsManifest": []}, "bytes?"), "got str"),
        (({"modelTopology": {"node": []}}, b""), "missing 'weightsManifest'"),
        (({"weightsManifest": []}, b""), "missing 'modelTopology'"),
        (("{not json", b""), "Failed to parse model JSON"),
        ((1, 2, 3), "pair"),
        (_AsyncHandler(), "synchronous load"),
    ],
)
def test_load_graph_model_sync_bad_input(source, message):
    with pytest.raises(ValueError, match=message):
        tf.load_graph_model_sync(source)


def test_load_graph_model_sync_short_weights():
    text = (CONV / "model.json").read_text()
    with pytest.raises(ValueError, match="conv/bias"):
        tf.load_graph_model_sync((text, (CONV / "group1-shard1of1.bin").read_bytes()[:-2]))


# ---- intermediate tensors -----------------------------------------------------------------


def test_flag_registered_and_off_by_default():
    assert tf.env().get("KEEP_INTERMEDIATE_TENSORS") is False


def test_intermediate_tensors(keep_intermediates, conv_input):
    model = tf.load_graph_model(str(CONV))
    base = tf.memory()
    y = model.execute(conv_input)
    kept = model.get_intermediate_tensors()
    assert list(kept) == CONV_NODES
    values = {name: tensors[0].numpy() for name, tensors in kept.items()}
    conv = tf.conv2d(conv_input, values["conv/filter"], 1, "same")
    np.testing.assert_array_equal(values["conv/Conv2D"], conv.numpy())
    np.testing.assert_array_equal(values["conv/BiasAdd"], conv.numpy() + values["conv/bias"])
    np.testing.assert_array_equal(values["conv/Relu"], np.maximum(values["conv/BiasAdd"], 0))
    np.testing.assert_array_equal(values["out"], y.numpy())
    np.testing.assert_array_equal(values["x"], conv_input.numpy())
    np.testing.assert_allclose(y.numpy(), reference(conv_input), rtol=1e-6, atol=1e-6)
    conv.dispose()
    # the plan ran every node as the graph has it: nothing fused or folded
    ((key, plan),) = model.executor._plans.items()
    assert key[-1] is True and [n.name for n in plan.nodes] == CONV_NODES[3:]
    memory = tf.memory()
    # one kept clone per tensor; the buffers of Conv2D and BiasAdd outlive the run (Relu's
    # is the output's: Identity shares its buffer)
    assert memory["num_tensors"] == base["num_tensors"] + 1 + len(CONV_NODES)
    out_bytes = 4 * int(np.prod(y.shape))
    assert memory["num_bytes"] == base["num_bytes"] + 3 * out_bytes
    model.dispose_intermediate_tensors()
    assert model.get_intermediate_tensors() == {}
    assert tf.memory()["num_tensors"] == base["num_tensors"] + 1
    assert tf.memory()["num_bytes"] == base["num_bytes"] + out_bytes
    y.dispose()
    model.dispose()


def test_intermediate_tensors_freed_by_next_run_and_dispose(keep_intermediates, conv_input):
    model = tf.load_graph_model(str(CONV))
    base = tf.memory()["num_tensors"]
    for _ in range(2):
        tf.dispose(model.execute(conv_input))
        assert tf.memory()["num_tensors"] == base + len(CONV_NODES)
    y = tf.tidy(lambda: model.execute(conv_input))  # kept tensors outlive a tidy
    assert model.get_intermediate_tensors()["conv/Relu"][0].shape == (1, 4, 4, 3)
    y.dispose()
    model.dispose()
    assert tf.memory()["num_tensors"] == base - 2  # the model's two weights are gone too


def test_intermediate_tensors_of_execute_async(keep_intermediates, conv_input):
    model = tf.load_graph_model(str(CONV))
    y = asyncio.run(model.execute_async(conv_input))
    assert list(model.get_intermediate_tensors()) == CONV_NODES
    y.dispose()
    model.dispose()


def test_intermediate_tensors_of_a_loop(keep_intermediates):
    model = tf.load_graph_model(str(FIXTURES / "frames_loop"))
    x = tf.scalar(1, "int32")
    out = model.execute(x)
    assert out.array_sync() == 5
    kept = model.get_intermediate_tensors()
    assert len(kept) > len(model.executor.graph.nodes)  # one entry per node and loop iteration
    tf.dispose([x, out])
    model.dispose()


def test_flag_off_keeps_nothing(conv_input):
    model = tf.load_graph_model(str(CONV))
    base = tf.memory()["num_tensors"]
    y = model.execute(conv_input)
    assert model.get_intermediate_tensors() == {}
    assert tf.memory()["num_tensors"] == base + 1
    ((key, plan),) = model.executor._plans.items()
    assert key[-1] is False and [n.op for n in plan.nodes] == ["FusedConv2D", "Identity"]
    y.dispose()
    model.dispose()

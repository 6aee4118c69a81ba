"""GraphModel's remaining TF.js surface: `save`, `tf.load_graph_model_sync`, the
KEEP_INTERMEDIATE_TENSORS debugging mode (`get_intermediate_tensors`,
`dispose_intermediate_tensors`) and custom ops (`tf.register_op`, `tf.get_registered_op`,
`tf.deregister_op`). Fixtures: tests/converter/fixtures/graph_api (make_graph_api_fixtures.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
from tfjs.converter.plan_runner import FUSED_OPS

FIXTURES = Path(__file__).parent / "fixtures"
CONV = FIXTURES / "graph_api" / "conv_chain"
CUSTOM = FIXTURES / "graph_api" / "custom_op"
CONV_NODES = ["conv/filter", "conv/bias", "x", "conv/Conv2D", "conv/BiasAdd", "conv/Relu", "out"]


@pytest.fixture
def keep_intermediates():
    tf.env().set("KEEP_INTERMEDIATE_TENSORS", True)
    yield
    tf.env().set("KEEP_INTERMEDIATE_TENSORS", False)


@pytest.fixture(autouse=True)
def _no_custom_ops():
    yield
    for name in ("MyAdd", "Relu", "Conv2D"):
        tf.deregister_op(name)


@pytest.fixture
def conv_input():
    x = tf.tensor(np.linspace(-1, 1, 32, dtype=np.float32).reshape(1, 4, 4, 2))
    yield x
    x.dispose()


def run(model: tf.GraphModel, x: tf.Tensor) -> np.ndarray:
    y = model.execute(x)
    values = y.numpy()
    y.dispose()
    return values


def reference(x: tf.Tensor) -> np.ndarray:
    """The conv chain computed with the ops themselves."""
    shard = np.fromfile(CONV / "group1-shard1of1.bin", np.uint8)
    filter_ = shard[: 18 * 4 * 3].view(np.float32).reshape(3, 3, 2, 3)
    bias = shard[18 * 4 * 3 :].astype(np.float32) * np.float32(0.1) + np.float32(-0.2)
    y = tf.tidy(lambda: tf.relu(tf.add(tf.conv2d(x, filter_, 1, "same"), bias)))
    values = y.numpy()
    y.dispose()
    return values


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
    for url in ("nope://here", "x://y"):  # (a one-letter scheme is no drive: 'x://y' made x:/y/)
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


# ---- custom ops ---------------------------------------------------------------------------


def _my_add(seen=None):
    def my_add(node):
        if seen is not None:
            seen.append(node)
        x, y = node.inputs
        return tf.add(x, tf.mul(y, node.attrs["alpha"]))  # the product is an intermediate

    return my_add


def test_unknown_op_is_listed_at_load():
    with pytest.raises(ValueError, match=r"'MyAdd' \(node 'sum'\).*tf.register_op"):
        tf.load_graph_model(str(CUSTOM))


def test_registered_op_runs(conv_input):
    seen = []
    fn = _my_add(seen)
    assert tf.register_op("MyAdd", fn) is None
    mapper = tf.get_registered_op("MyAdd")
    assert mapper.op == "MyAdd" and mapper.category == "custom" and mapper.custom_executor is fn
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0, 2.0]), tf.tensor([4.0, -6.0])
    before = tf.memory()["num_tensors"]
    out = model.execute({"x": x, "y": y})
    assert out.array_sync() == [3.0, -1.0]
    assert tf.memory()["num_tensors"] == before + 1  # the product inside MyAdd was freed
    (node,) = seen
    assert node.name == "sum" and node.op == "MyAdd"
    assert node.attrs == {
        "alpha": 0.5,
        "count": 3,
        "mode": "nhwc",  # lower-cased, as TF.js's getStringParam
        "flag": True,
        "out_shape": [-1, 2],
        "T": "float32",
        "sizes": [1, 2],
        "scales": [0.25, 4.0],
        "names": ["foo", "bar"],
        "flags": [True, False],
        "types": ["int32", "bool"],
        "shapes": [[1], None],
        "value": None,
    }
    result = asyncio.run(model.execute_async([x, y]))
    assert result.array_sync() == [3.0, -1.0]
    tf.dispose([x, y, out, result])
    model.dispose()


def test_custom_op_with_several_outputs():
    tf.register_op("MyAdd", lambda node: [tf.add(*node.inputs), tf.sub(*node.inputs)])
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0]), tf.tensor([3.0])
    total, difference = model.execute({"x": x, "y": y}, ["sum", "sum:1"])
    assert (total.array_sync(), difference.array_sync()) == ([4.0], [-2.0])
    tf.dispose([x, y, total, difference])
    model.dispose()


def test_override_builtin_op_and_deregister(conv_input):
    builtin_before = tf.load_graph_model(str(CONV))
    expected = reference(conv_input)
    tf.register_op("Relu", lambda node: tf.neg(node.inputs[0]))
    overridden = tf.load_graph_model(str(CONV))  # resolved at load: this one runs the custom op
    assert "Relu" in FUSED_OPS  # the custom Relu must not be fused away
    np.testing.assert_allclose(run(overridden, conv_input), -_biased(conv_input), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(run(builtin_before, conv_input), expected, rtol=1e-6, atol=1e-6)
    tf.deregister_op("Relu")
    assert tf.get_registered_op("Relu") is None
    restored = tf.load_graph_model(str(CONV))
    np.testing.assert_allclose(run(restored, conv_input), expected, rtol=1e-6, atol=1e-6)
    with pytest.raises(TypeError, match=r"Custom op Relu is not registered \(node 'conv/Relu'\)"):
        overridden.execute(conv_input)  # as TF.js: a node loaded as custom looks its function up
    for model in (builtin_before, overridden, restored):
        model.dispose()


def _biased(x: tf.Tensor) -> np.ndarray:
    model = tf.load_graph_model(str(CONV))
    y = model.execute(x, "conv/BiasAdd")
    values = y.numpy()
    tf.dispose(y)
    model.dispose()
    return values


def test_register_op_bad_arguments():
    with pytest.raises(TypeError, match=r"register_op\('MyAdd', op_func\).*callable.*got int"):
        tf.register_op("MyAdd", 3)
    with pytest.raises(TypeError, match="TF op name"):
        tf.register_op("", lambda node: node.inputs[0])
    with pytest.raises(TypeError, match="TF op name"):
        tf.register_op(None, lambda node: node.inputs[0])
    assert tf.get_registered_op("MyAdd") is None
    tf.deregister_op("NeverRegistered")  # as TF.js: nothing to do


@pytest.mark.parametrize(
    ("returned", "message"),
    [
        (lambda node: 3.0, r"'MyAdd' \(node 'sum'\) must return a Tensor or a list of Tensors, got float"),
        (lambda node: np.ones(2), r"'MyAdd' \(node 'sum'\) must return a Tensor.*got ndarray"),
        (lambda node: [tf.mul(node.inputs[0], 2), "x"], r"'MyAdd' \(node 'sum'\).*got str"),
        (lambda node: [], r"'MyAdd' \(node 'sum'\) returned no tensors"),
    ],
)
def test_custom_op_returning_a_non_tensor(returned, message):
    tf.register_op("MyAdd", returned)
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0]), tf.tensor([3.0])
    before = tf.memory()["num_tensors"]
    with pytest.raises(TypeError, match=message):
        model.execute({"x": x, "y": y})
    assert tf.memory()["num_tensors"] == before  # what it made before failing is freed
    tf.dispose([x, y])
    model.dispose()


def test_custom_op_raising_frees_its_tensors():
    def failing(node):
        tf.mul(node.inputs[0], 2)
        raise RuntimeError("custom failure")

    tf.register_op("MyAdd", failing)
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0]), tf.tensor([3.0])
    before = tf.memory()["num_tensors"]
    with pytest.raises(RuntimeError, match="custom failure"):
        model.execute({"x": x, "y": y})
    assert tf.memory()["num_tensors"] == before
    tf.dispose([x, y])
    model.dispose()


def test_custom_op_with_intermediate_tensors_kept(keep_intermediates):
    tf.register_op("MyAdd", _my_add())
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0]), tf.tensor([2.0])
    out = model.execute({"x": x, "y": y})
    assert model.get_intermediate_tensors()["sum"][0].array_sync() == [2.0]
    tf.dispose([x, y, out])
    model.dispose()

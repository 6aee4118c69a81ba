"""Saving and loading in TF.js's layers format: round trips, the files save writes, Keras 2/3
and old-converter topologies written by hand, and bad files."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tfjs as tf


def two_output_model():
    """in -> shared dense (kernel [[1,2],[3,4]], bias [1,1]) -> relu / linear heads."""
    x = tf.input(shape=[2], name="rt_in")
    h = tf.layers.dense(units=2, name="rt_hidden", activation="relu").apply(x)
    a = tf.layers.dense(units=1, name="rt_a", kernel_initializer="ones", bias_initializer="zeros").apply(h)
    b = tf.layers.batch_normalization(name="rt_bn").apply(h)
    model = tf.model(inputs=x, outputs=[a, b], name="rt_model")
    values = [tf.tensor2d([[1, 2], [3, 4]]), tf.tensor1d([1, 1])]
    model.get_layer("rt_hidden").set_weights(values)
    tf.dispose(values)
    return model


def test_save_writes_tfjs_files_and_loads_back(tmp_path):
    model = two_output_model()
    result = model.save(str(tmp_path))
    assert result.model_artifacts_info.model_topology_type == "JSON"
    saved = json.loads((tmp_path / "model.json").read_text())
    assert saved["format"] == "layers-model"
    assert saved["generatedBy"] == "TensorFlow.js tfjs-layers v4.22.0" and saved["convertedBy"] is None
    topology = saved["modelTopology"]
    assert topology["class_name"] == "Model" and topology["keras_version"] == "tfjs-layers 4.22.0"
    assert topology["backend"] == "tensor_flow.js"
    layer = topology["config"]["layers"][1]
    assert (
        layer["class_name"] == "Dense"
        and layer["config"]["kernel_initializer"]["config"]["mode"] == "fan_avg"
    )
    assert layer["inbound_nodes"] == [[["rt_in", 0, 0, {}]]]
    manifest = saved["weightsManifest"]
    assert manifest[0]["paths"] == ["weights.bin"]
    names = [w["name"] for w in manifest[0]["weights"]]
    # trainable weights of every layer first, then the non-trainable ones
    assert names == [
        "rt_hidden/kernel", "rt_hidden/bias", "rt_a/kernel", "rt_a/bias", "rt_bn/gamma", "rt_bn/beta",
        "rt_bn/moving_mean", "rt_bn/moving_variance",
    ]  # fmt: skip
    data = np.frombuffer((tmp_path / "weights.bin").read_bytes(), "<f4")
    np.testing.assert_array_equal(data[:6], [1, 2, 3, 4, 1, 1])
    loaded = tf.load_layers_model(str(tmp_path / "model.json"))
    x = tf.tensor2d([[1, -1], [0, 1]])
    for model_ in (model, loaded):
        a, b = model_.predict(x)
        assert a.array_sync() == [[0.0], [9.0]]  # relu([-1, -1]) summed; relu([4, 5]) summed
        np.testing.assert_allclose(
            b.numpy(), np.maximum(x.numpy() @ [[1, 2], [3, 4]] + 1, 0) / np.sqrt(1.001), rtol=1e-6
        )
        tf.dispose([a, b])
    tf.dispose(x)
    model.dispose()
    loaded.dispose()


def _write(folder, topology, weights, specs, **extra):
    folder.mkdir(parents=True, exist_ok=True)
    model_json = {
        "modelTopology": topology,
        "weightsManifest": [{"paths": ["group1-shard1of1"], "weights": specs}],
    }
    model_json.update(extra)
    (folder / "model.json").write_text(json.dumps(model_json))
    (folder / "group1-shard1of1").write_bytes(weights)
    return str(folder / "model.json")


DENSE_SPECS = [
    {"name": "dense_1/kernel", "shape": [2, 1], "dtype": "float32"},
    {"name": "dense_1/bias", "shape": [1], "dtype": "float32"},
]
DENSE_BYTES = np.array([2, 3, 0.5], "<f4").tobytes()  # y = 2 x0 + 3 x1 + 0.5


def _predict_one(path, *args, **kwargs):
    model = tf.load_layers_model(path, *args, **kwargs)
    x = tf.tensor2d([[1, 1]])
    y = model.predict(x)
    value = y.array_sync()
    tf.dispose([x, y])
    model.dispose()
    return value


def test_old_keras_converter_topology(tmp_path):
    """Keras 2.1 through the first converters: model_config nested, a Sequential's config is
    its list of layers, no "format" key."""
    topology = {
        "keras_version": "2.1.5",
        "backend": "tensorflow",
        "model_config": {
            "class_name": "Sequential",
            "config": [
                {
                    "class_name": "Dense",
                    "config": {
                        "name": "dense_1",
                        "units": 1,
                        "activation": "linear",
                        "batch_input_shape": [None, 2],
                        "dtype": "float32",
                        "kernel_initializer": {
                            "class_name": "VarianceScaling",
                            "config": {
                                "scale": 1.0,
                                "mode": "fan_avg",
                                "distribution": "uniform",
                                "seed": None,
                                "dtype": "float32",
                            },
                        },
                        "use_bias": True,
                    },
                }
            ],
        },
    }
    assert _predict_one(_write(tmp_path, topology, DENSE_BYTES, DENSE_SPECS)) == [[5.5]]


def test_keras3_functional_config(tmp_path):
    """Keras 3: batch_shape, dtype policies, {"args", "kwargs"} inbound nodes, "Functional"."""
    policy = {
        "module": "keras",
        "class_name": "DTypePolicy",
        "config": {"name": "float32"},
        "registered_name": None,
    }
    tensor = {
        "class_name": "__keras_tensor__",
        "config": {"shape": [None, 2], "dtype": "float32", "keras_history": ["input_layer", 0, 0]},
    }
    topology = {
        "module": "keras",
        "class_name": "Functional",
        "registered_name": "Functional",
        "config": {
            "name": "functional",
            "trainable": True,
            "layers": [
                {
                    "module": "keras.layers",
                    "class_name": "InputLayer",
                    "name": "input_layer",
                    "inbound_nodes": [],
                    "config": {
                        "batch_shape": [None, 2],
                        "dtype": "float32",
                        "sparse": False,
                        "name": "input_layer",
                    },
                },
                {
                    "module": "keras.layers",
                    "class_name": "Dense",
                    "name": "dense_1",
                    "registered_name": None,
                    "build_config": {"input_shape": [None, 2]},
                    "config": {
                        "name": "dense_1",
                        "trainable": True,
                        "dtype": policy,
                        "units": 1,
                        "activation": "linear",
                        "use_bias": True,
                        "kernel_initializer": {
                            "module": "keras.initializers",
                            "class_name": "GlorotUniform",
                            "config": {"seed": None},
                            "registered_name": None,
                        },
                    },
                    "inbound_nodes": [{"args": [tensor], "kwargs": {}}],
                },
            ],
            "input_layers": ["input_layer", 0, 0],
            "output_layers": ["dense_1", 0, 0],
        },
    }
    assert _predict_one(_write(tmp_path, topology, DENSE_BYTES, DENSE_SPECS)) == [[5.5]]


def _sequential_topology(class_name="Dense"):
    return {
        "class_name": "Sequential",
        "config": {
            "name": "s",
            "layers": [
                {
                    "class_name": class_name,
                    "config": {"name": "dense_1", "units": 1, "batch_input_shape": [None, 2]},
                }
            ],
        },
    }


def test_unknown_layer_class_names_it_and_the_file(tmp_path):
    path = _write(tmp_path, _sequential_topology("Densish"), DENSE_BYTES, DENSE_SPECS)
    with pytest.raises(ValueError, match=r"Unknown layer: Densish(.|\n)*model\.json"):
        tf.load_layers_model(path)


def test_weights_that_do_not_match(tmp_path):
    topology = _sequential_topology()
    extra = [*DENSE_SPECS, {"name": "dense_9/kernel", "shape": [1], "dtype": "float32"}]
    path = _write(tmp_path / "extra", topology, DENSE_BYTES + np.array([7], "<f4").tobytes(), extra)
    with pytest.raises(ValueError, match="Provided weight data has no target variable: dense_9/kernel"):
        tf.load_layers_model(path)
    assert _predict_one(path, strict=False) == [[5.5]]
    assert _predict_one(path, {"strict": False}) == [[5.5]]  # TF.js's options object
    with pytest.raises(TypeError, match=r"strict must be True or False, got 'no'"):
        tf.load_layers_model(path, {"strict": "no"})
    with pytest.raises(TypeError, match=r"options is TF.js's options object \(a dict\), got bool"):
        tf.load_layers_model(path, False)
    with pytest.raises(TypeError, match=r"Unknown load option\(s\) \['onProgress'\]"):
        tf.load_layers_model(path, {"onProgress": print})
    path = _write(tmp_path / "missing", topology, DENSE_BYTES[:8], DENSE_SPECS[:1])
    with pytest.raises(ValueError, match=r"1 of 2 weights are not set: \['dense_1/bias'\]"):
        tf.load_layers_model(path)
    wrong = [{"name": "dense_1/kernel", "shape": [1, 2], "dtype": "float32"}, DENSE_SPECS[1]]
    path = _write(tmp_path / "shape", topology, DENSE_BYTES, wrong)
    with pytest.raises(ValueError, match=r"Shape mismatch for weight dense_1/kernel.*\[2,1\].*\[1,2\]"):
        tf.load_layers_model(path)


def test_truncated_weights_file(tmp_path):
    path = _write(tmp_path, _sequential_topology(), DENSE_BYTES[:10], DENSE_SPECS)
    with pytest.raises(ValueError, match=r"group1-shard1of1. is truncated: 10 bytes, expected 12"):
        tf.load_layers_model(path)


def test_graph_model_is_refused(tmp_path):
    path = _write(tmp_path, {"node": [], "versions": {}}, b"", [])
    with pytest.raises(ValueError, match=r"graph model.*load_graph_model"):
        tf.load_layers_model(path)


def test_optimizer_state_round_trip(tmp_path):
    model = tf.sequential()
    model.add(tf.layers.dense(units=1, input_shape=[2], kernel_initializer="ones", name="opt_d"))
    model.compile(optimizer=tf.train.adam(0.1), loss="meanSquaredError", metrics=["mae"])
    x, y = tf.tensor2d([[1, 2]]), tf.tensor2d([[0]])
    model.train_on_batch(x, y)
    model.save(str(tmp_path), include_optimizer=True)
    saved = json.loads((tmp_path / "model.json").read_text())
    assert saved["trainingConfig"]["loss"] == "mean_squared_error" and saved["trainingConfig"]["metrics"] == [
        "mae"
    ]
    assert saved["trainingConfig"]["optimizer_config"]["class_name"] == "Adam"
    groups = [w.get("group") for w in saved["weightsManifest"][0]["weights"]]
    assert groups.count("optimizer") == 5  # iter, then m and v of kernel and bias
    loaded = tf.load_layers_model(str(tmp_path))
    assert loaded.optimizer.class_name == "Adam" and loaded.optimizer.iterations == 1
    a, b = model.train_on_batch(x, y), loaded.train_on_batch(x, y)
    np.testing.assert_allclose(a, b, rtol=1e-6)
    tf.dispose([x, y])
    model.optimizer.dispose()
    model.dispose()
    loaded.dispose()


def test_save_config_as_tfjs_passes_it(tmp_path):
    model = tf.sequential()
    model.add(tf.layers.dense(units=2, input_shape=[2], name="cfg_d"))
    model.add(tf.layers.batch_normalization(name="cfg_bn"))
    model.compile(optimizer="sgd", loss="meanSquaredError")

    def saved(folder, *args, **kwargs):
        model.save(str(tmp_path / folder), *args, **kwargs)
        manifest = json.loads((tmp_path / folder / "model.json").read_text())
        return [w["name"] for w in manifest["weightsManifest"][0]["weights"]]

    everything = saved("all")
    assert len(everything) == 6  # kernel, bias, gamma, beta, moving mean and variance
    assert saved("plain", {"includeOptimizer": False}) == everything  # (a dict was read as True)
    trainable = saved("trainable", {"trainableOnly": True})
    assert trainable == [name for name in everything if "moving" not in name] and len(trainable) == 4
    assert saved("kw", trainable_only=True) == trainable
    assert "iter" in saved("opt", {"include_optimizer": True})
    with pytest.raises(TypeError, match=r"Unknown save option\(s\) \['includeOptimiser'\]"):
        model.save(str(tmp_path / "bad"), {"includeOptimiser": True})
    with pytest.raises(TypeError, match="save: include_optimizer must be True or False, got 1"):
        model.save(str(tmp_path / "bad"), {"include_optimizer": 1})
    with pytest.raises(TypeError, match=r"config is TF.js's SaveConfig \(a dict\), got True"):
        model.save(str(tmp_path / "bad"), True)
    assert not (tmp_path / "bad").exists()
    model.dispose()


def test_sharded_and_quantized_weights(tmp_path):
    """uint8 kernel (min 1, scale 0.5: bytes 2, 4 -> 2, 3) and float16 bias split over two
    shard files of one group, read by tfjs.io."""
    data = np.array([2, 4], np.uint8).tobytes() + np.array([0.5], "<f2").tobytes()
    specs = [
        {"name": "dense_1/kernel", "shape": [2, 1], "dtype": "float32",
         "quantization": {"dtype": "uint8", "min": 1.0, "scale": 0.5}},
        {"name": "dense_1/bias", "shape": [1], "dtype": "float32", "quantization": {"dtype": "float16"}},
    ]  # fmt: skip
    model_json = {
        "modelTopology": _sequential_topology(),
        "weightsManifest": [{"paths": ["group1-shard1of2.bin", "group1-shard2of2.bin"], "weights": specs}],
    }
    (tmp_path / "model.json").write_text(json.dumps(model_json))
    (tmp_path / "group1-shard1of2.bin").write_bytes(data[:3])
    (tmp_path / "group1-shard2of2.bin").write_bytes(data[3:])
    assert _predict_one(str(tmp_path / "model.json")) == [[5.5]]


def test_unknown_loss_in_the_training_config_names_the_file(tmp_path):
    config = {
        "loss": "mean_squared_errorr",
        "metrics": [],
        "optimizer_config": {"class_name": "SGD", "config": {"learningRate": 0.1}},
    }
    path = _write(tmp_path, _sequential_topology(), DENSE_BYTES, DENSE_SPECS, trainingConfig=config)
    with pytest.raises(
        ValueError, match=r"Unknown loss meanSquaredErrorr(.|\n)*training config of .*model\.json"
    ):
        tf.load_layers_model(path)


def test_save_and_load_through_memory_handlers():
    model = tf.sequential()
    model.add(tf.layers.dense(units=1, input_shape=[2], kernel_initializer="ones", name="mem_d"))
    saved = []
    model.save(tf.io.with_save_handler(saved.append))
    artifacts = saved[0]
    assert artifacts.format == "layers-model" and [s["name"] for s in artifacts.weight_specs] == [
        "mem_d/kernel",
        "mem_d/bias",
    ]
    loaded = tf.load_layers_model(tf.io.from_memory(artifacts))
    x = tf.tensor2d([[1, 2]])
    y = loaded.predict(x)
    assert y.array_sync() == [[3.0]]
    with pytest.raises(ValueError, match="does not have the `save` attribute"):
        model.save(object())
    tf.dispose([x, y])
    model.dispose()
    loaded.dispose()


def test_custom_layer_saves_and_loads_once_registered(tmp_path):
    class TimesTwo(tf.layers.Layer):  # no class_name: saved under "TimesTwo"
        def call(self, inputs, **kwargs):
            return tf.mul(inputs, 2)

    model = tf.sequential()
    model.add(TimesTwo(input_shape=[1], name="times_two"))
    model.save(str(tmp_path))
    assert (
        json.loads((tmp_path / "model.json").read_text())["modelTopology"]["config"]["layers"][0][
            "class_name"
        ]
        == "TimesTwo"
    )
    with pytest.raises(ValueError, match="Unknown layer: TimesTwo"):
        tf.load_layers_model(str(tmp_path))
    tf.serialization.register_class(TimesTwo)
    loaded = tf.load_layers_model(str(tmp_path))
    x = tf.tensor2d([[3]])
    y = loaded.predict(x)
    assert y.array_sync() == [[6.0]]
    tf.dispose([x, y])
    model.dispose()
    loaded.dispose()


def test_unknown_activation_in_a_model_json_names_it_and_the_file(tmp_path):
    topology = _sequential_topology()
    topology["config"]["layers"][0]["config"]["activation"] = "swishy"
    path = _write(tmp_path, topology, DENSE_BYTES, DENSE_SPECS)
    with pytest.raises(ValueError, match=r"swishy(.|\n)*model\.json"):
        tf.load_layers_model(path)

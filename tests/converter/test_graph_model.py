"""tf.load_graph_model and GraphModel's surface: inputs/outputs, metadata, version,
execute/execute_async/predict, initializer graphs, dispose, and the errors of bad models."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf

FIXTURES = Path(__file__).parent / "fixtures"


def load(name: str, **options) -> tf.GraphModel:
    return tf.load_graph_model(str(FIXTURES / name / "model.json"), **options)


def memory_model(nodes, **extra):
    return tf.io.from_memory(
        {"modelTopology": {"node": nodes}, "weightSpecs": [], "weightData": b"", **extra}
    )


def split_model() -> tf.GraphModel:
    """x (2 values) -> split (split:0, split:1); neg = -split:1; sum = split:0 + split:1."""
    axis = {"tensor": {"dtype": "DT_INT32", "tensorShape": {}, "intVal": [0]}}
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "axis", "op": "Const", "attr": {"dtype": {"type": "DT_INT32"}, "value": axis}},
        {"name": "split", "op": "Split", "input": ["axis", "x"], "attr": {"num_split": {"i": "2"}}},
        {"name": "neg", "op": "Neg", "input": ["split:1"]},
        {"name": "sum", "op": "AddV2", "input": ["split:0", "split:1"]},
    ]
    return tf.load_graph_model(memory_model(nodes))


def test_exported_names():
    assert tf.GraphModel is tf.converter.graph_model.GraphModel
    assert callable(tf.load_graph_model)


def test_description():
    model = load("add_mul")
    assert [tuple(i) for i in model.inputs] == [("x", [-1], "float32")]
    assert [o.name for o in model.outputs] == ["out"]
    assert model.model_version == "1395.12"
    assert model.metadata == {"author": "tests"}
    assert model.input_nodes == ["x"] and model.output_nodes == ["out"]
    assert set(model.weights) == {"w", "b"}
    model.dispose()


def test_signature_names_inputs_and_outputs():
    model = load("chain")
    assert [tuple(i) for i in model.inputs] == [("x", [2, -1], "float32"), ("y", [-1], "int32")]
    assert [tuple(o) for o in model.outputs] == [("out", [2, -1], "float32"), ("yout", None, "int32")]
    assert model.output_nodes == ["out:0", "yout:0"]
    model.dispose()


def test_load_from_folder_and_file_url():
    for source in (str(FIXTURES / "add_mul"), (FIXTURES / "add_mul" / "model.json").as_uri()):
        model = tf.load_graph_model(source)
        x = tf.tensor([0.0])
        y = model.execute(x)
        assert y.array_sync() == [1.0]
        tf.dispose([x, y])
        model.dispose()


def test_dispose_frees_weights():
    before = tf.memory()["num_tensors"]
    model = load("functional")
    assert tf.memory()["num_tensors"] > before
    model.dispose()
    assert tf.memory()["num_tensors"] == before


@pytest.mark.parametrize("ran_before", [False, True])
def test_a_disposed_model_refuses_to_run_and_disposes_once(ran_before):
    model = load("add_mul")
    x = tf.tensor([0.0])
    if ran_before:
        tf.dispose(model.execute(x))
    model.dispose()
    model.dispose()
    before = tf.memory()["num_tensors"]
    for run in (model.execute, model.predict, lambda x: asyncio.run(model.execute_async(x))):
        with pytest.raises(ValueError, match="GraphModel is disposed"):
            run(x)
    assert tf.memory()["num_tensors"] == before
    x.dispose()


def test_execute_async_and_predict():
    model = load("chain")
    x, y = tf.tensor([[1.0, 2.0], [3.0, 4.0]]), tf.tensor([3], dtype="int32")
    sync = model.execute([x, y])
    async_ = asyncio.run(model.execute_async([x, y]))
    predicted = model.predict([x, y])
    configured = model.predict([x, y], {"batchSize": 1})  # TF.js's config: accepted, unused
    predicted_async = asyncio.run(model.predict_async([x, y], {"batchSize": 1}))
    for a, *others in zip(sync, async_, predicted, configured, predicted_async, strict=True):
        for other in others:
            np.testing.assert_array_equal(a.numpy(), other.numpy())
    tf.dispose([x, y, sync, async_, predicted, configured, predicted_async])
    model.dispose()


def test_execute_returns_a_tensor_for_one_output_and_a_list_for_several():
    model = load("chain")
    x, y = tf.tensor([[1.0, 2.0], [3.0, 4.0]]), tf.tensor([3], dtype="int32")
    one = model.execute({"x": x, "y": y}, "yout")
    two = model.execute({"x": x, "y": y}, ["yout", "neg"])
    assert isinstance(one, tf.Tensor) and isinstance(two, list) and len(two) == 2
    tf.dispose([x, y, one, two])
    model.dispose()


@pytest.mark.parametrize(
    ("outputs", "error", "message"),
    [
        (3, TypeError, "outputs must be a tensor name or a list of them, got int"),
        (b"neg", TypeError, "outputs must be a tensor name or a list of them, got bytes"),
        (["neg", 3], ValueError, "A tensor name must be a string, got 3"),
        ([], ValueError, "execute\\(\\) got an empty list of outputs"),
    ],
)
def test_outputs_of_the_wrong_kind_are_refused(outputs, error, message):
    model, x = split_model(), tf.tensor([1.0, 2.0])
    with pytest.raises(error, match=message):
        model.execute(x, outputs)
    x.dispose()
    model.dispose()


def test_model_initializer_fills_hash_table():
    model = load("hash_table")
    keys = tf.tensor(["a", "c", "b"])
    found = model.execute(keys)
    assert found.array_sync() == [10, -1, 20]
    again = asyncio.run(model.execute_async(keys))
    assert again.array_sync() == [10, -1, 20]
    tf.dispose([keys, found, again])
    model.dispose()


def test_int64_and_uint8_placeholders_take_int32():
    nodes = [
        {
            "name": "a",
            "op": "Placeholder",
            "attr": {"dtype": {"type": "DT_INT64"}, "shape": {"shape": {"dim": [{"size": "2"}]}}},
        },
        {
            "name": "b",
            "op": "Placeholder",
            "attr": {"dtype": {"type": 4}},
        },  # DT_UINT8 as an old converter's number
        {"name": "s", "op": "AddV2", "input": ["a", "b"], "attr": {"T": {"type": "DT_INT64"}}},
    ]
    model = tf.load_graph_model(memory_model(nodes))
    assert [i.dtype for i in model.inputs] == ["int32", "int32"]
    a, b = tf.tensor([1, 2], dtype="int32"), tf.tensor([10, 20], dtype="int32")
    s = model.execute({"a": a, "b": b})
    assert s.dtype == "int32" and s.array_sync() == [11, 22]
    f = tf.tensor([1.0, 2.0])
    with pytest.raises(ValueError, match="must be int32, but was float32"):
        model.execute({"a": f, "b": b})
    tf.dispose([a, b, s, f])
    model.dispose()


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        (["x", "x:0"], "feeds the tensor 'x:0' twice: as 'x' and as 'x:0'"),
        (["image", "x"], "feeds the tensor 'x:0' twice: as 'image' and as 'x'"),  # a signature key
        (["x:1"], "has key 'x:1', but the Placeholder 'x' has one output: feed it as 'x'"),
    ],
)
def test_a_feed_named_twice_or_past_a_placeholders_output_is_refused(backend, keys, message):
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "out", "op": "Neg", "input": ["x"]},
    ]
    signature = {"inputs": {"image": {"name": "x:0", "dtype": "DT_FLOAT"}}}
    model = tf.load_graph_model(memory_model(nodes, signature=signature))
    feeds = {key: tf.tensor([float(i)]) for i, key in enumerate(keys)}
    with pytest.raises(ValueError, match=re.escape(message)):
        model.execute(feeds, "out")
    tf.dispose(list(feeds.values()))
    model.dispose()


def test_each_request_of_outputs_gets_those_outputs_in_its_order(backend):
    model = split_model()
    x = tf.tensor([1.0, 2.0])
    values = {"split:0": [1.0], "split:1": [2.0], "neg": [-2.0]}
    requests = [["split:0"], ["split:1"], ["split:1", "split:0"], ["neg", "split:0"], ["split:0", "neg"]]
    for outputs in requests * 3:  # the first call of each runs node by node, later ones its program
        got = model.execute({"x": x}, outputs)
        got = got if isinstance(got, list) else [got]
        assert [t.array_sync() for t in got] == [values[name] for name in outputs], outputs
        tf.dispose(got)
    x.dispose()
    model.dispose()


def test_a_feed_of_one_output_leaves_the_nodes_other_outputs_uncomputed(backend):
    model = split_model()
    x, fed = tf.tensor([1.0, 2.0]), tf.tensor([7.0])
    neg = model.execute({"x": x, "split:1": fed}, "neg")  # a feed stands for its node
    assert neg.array_sync() == [-7.0]
    before = tf.memory()["num_tensors"]
    with pytest.raises(ValueError, match=re.escape("Node 'sum' (AddV2) reads 'split:0', which nothing")):
        model.execute({"x": x, "split:1": fed}, "sum")
    assert tf.memory()["num_tensors"] == before
    tf.dispose([x, fed, neg])
    model.dispose()


def test_feeds_named_as_node_or_as_tensor_reach_the_same_inputs(backend):
    nodes = [
        {"name": "a", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "a0", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "out", "op": "Sub", "input": ["a", "a0"]},
    ]
    model = tf.load_graph_model(memory_model(nodes))
    a, a0 = tf.tensor([10.0]), tf.tensor([1.0])
    # "a:0" sorts after "a0" as text, "a" before it: each call must still take a as a
    for names in [("a", "a0")] * 2 + [("a:0", "a0")] * 2 + [("a0", "a"), ("a0:0", "a:0")]:
        tensors = {"a": a, "a0": a0}
        out = model.execute({name: tensors[name.split(":")[0]] for name in names}, "out")
        assert out.array_sync() == [9.0], names
        out.dispose()
    tf.dispose([a, a0])
    model.dispose()


def test_placeholder_with_default():
    nodes = [
        {
            "name": "d",
            "op": "Const",
            "attr": {
                "dtype": {"type": "DT_FLOAT"},
                "value": {
                    "tensor": {
                        "dtype": "DT_FLOAT",
                        "tensorShape": {"dim": [{"size": "2"}]},
                        "floatVal": [1.5, 2.5],
                    }
                },
            },
        },
        {
            "name": "p",
            "op": "PlaceholderWithDefault",
            "input": ["d"],
            "attr": {"dtype": {"type": "DT_FLOAT"}, "shape": {"shape": {"dim": [{"size": "-1"}]}}},
        },
        {"name": "out", "op": "Neg", "input": ["p"], "attr": {"T": {"type": "DT_FLOAT"}}},
    ]
    model = tf.load_graph_model(memory_model(nodes))
    default = model.execute({}, "out")
    x = tf.tensor([4.0])
    fed = model.execute({"p": x}, "out")
    assert default.array_sync() == [-1.5, -2.5] and fed.array_sync() == [-4.0]
    tf.dispose([default, x, fed])
    model.dispose()


# the first call runs the node's op; later ones the joined plan, or, after a node that
# reads values on the host (Unique), the node's own kernel program
@pytest.mark.parametrize("good_calls", [0, 4])
@pytest.mark.parametrize("after_unique", [False, True])
def test_an_op_error_names_the_node_that_raised_it(backend, good_calls, after_unique):
    axis = {"tensor": {"dtype": "DT_INT32", "tensorShape": {}, "intVal": [0]}}
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "i", "op": "Placeholder", "attr": {"dtype": {"type": "DT_INT32"}}},
        {"name": "unique", "op": "Unique", "input": ["i"]},
        {"name": "axis", "op": "Const", "attr": {"dtype": {"type": "DT_INT32"}, "value": axis}},
        {"name": "rows", "op": "GatherV2", "input": ["x", "unique" if after_unique else "i", "axis"]},
        {"name": "out", "op": "Relu", "input": ["rows"]},
    ]
    model = tf.load_graph_model(memory_model(nodes))
    x = tf.tensor([[1.0], [2.0]])
    good, bad = tf.tensor([1, 0], dtype="int32"), tf.tensor([1, 5], dtype="int32")
    for _ in range(good_calls):
        tf.dispose(model.execute({"x": x, "i": good}, "out"))
    before = tf.memory()["num_tensors"]
    with pytest.raises(IndexError, match="index value 5") as raised:
        model.execute({"x": x, "i": bad}, "out")
    assert raised.value.__notes__ == ["(raised by node 'rows', op GatherV2)"]
    assert tf.memory()["num_tensors"] == before
    tf.dispose([x, good, bad])
    model.dispose()


def test_an_error_of_a_node_that_takes_the_execution_context_names_it(backend):
    shape = {"tensor": {"dtype": "DT_INT32", "tensorShape": {"dim": [{"size": "1"}]}, "intVal": [1]}}
    element = {"element_dtype": {"type": "DT_FLOAT"}}
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "i", "op": "Placeholder", "attr": {"dtype": {"type": "DT_INT32"}}},
        {"name": "shape", "op": "Const", "attr": {"dtype": {"type": "DT_INT32"}, "value": shape}},
        {"name": "list", "op": "TensorListFromTensor", "input": ["x", "shape"], "attr": element},
        {"name": "item", "op": "TensorListGetItem", "input": ["list", "i", "shape"], "attr": element},
    ]
    model = tf.load_graph_model(memory_model(nodes))
    x, i = tf.tensor([[1.0], [2.0]]), tf.scalar(5, "int32")
    with pytest.raises(ValueError, match="element 5 in a list with 2") as raised:
        model.execute({"x": x, "i": i}, "item")
    assert raised.value.__notes__ == ["(raised by node 'item', op TensorListGetItem)"]
    tf.dispose([x, i])
    model.dispose()


def test_an_error_inside_a_function_call_names_the_node_then_the_call():
    def refuse(node):
        raise ValueError("this AddV2 refuses")

    x, pred = tf.tensor([1.0]), tf.tensor(True)
    tf.register_op("AddV2", refuse)  # models loaded from now on run it for AddV2
    try:
        model = load("functional")  # `while` (StatelessWhile) calls body_fn, whose `add` adds
        with pytest.raises(ValueError, match="this AddV2 refuses") as raised:
            model.execute({"x": x, "pred": pred})
    finally:
        tf.deregister_op("AddV2")
    assert raised.value.__notes__ == [
        "(raised by node 'add', op AddV2)",
        "(raised by node 'while', op StatelessWhile)",
    ]
    tf.dispose([x, pred])
    model.dispose()


def test_structured_output_keys():
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        {"name": "a", "op": "Neg", "input": ["x"]},
        {"name": "b", "op": "Abs", "input": ["x"]},
    ]
    model = tf.load_graph_model(
        memory_model(nodes, userDefinedMetadata={"structuredOutputKeys": ["neg", "abs"]})
    )
    x = tf.tensor([-2.0])
    result = model.predict(x)
    assert {k: v.array_sync() for k, v in result.items()} == {"neg": [2.0], "abs": [2.0]}
    tf.dispose([x, result])
    model.dispose()


def test_layers_model_is_refused_with_what_to_call(tmp_path):
    path = tmp_path / "model.json"
    path.write_text(
        json.dumps(
            {
                "format": "layers-model",
                "modelTopology": {"class_name": "Sequential", "config": {"layers": []}},
                "weightsManifest": [],
            }
        )
    )
    with pytest.raises(ValueError, match=r"layers model.*load_layers_model"):
        tf.load_graph_model(str(path))


def test_unsupported_ops_and_missing_weights_are_load_errors():
    with pytest.raises(ValueError, match="'FancyOp'"):
        load("unsupported")
    nodes = [
        {
            "name": "w",
            "op": "Const",
            "attr": {
                "dtype": {"type": "DT_FLOAT"},
                "value": {"tensor": {"dtype": "DT_FLOAT", "tensorShape": {"dim": [{"size": "3"}]}}},
            },
        }
    ]
    with pytest.raises(ValueError, match="Const node 'w' has no value"):
        tf.load_graph_model(memory_model(nodes))
    with pytest.raises(ValueError, match="needs a path"):
        tf.load_graph_model(None)

"""A graph model whose vocabulary is a StaticHashTable (TF 2 SavedModels of text models):
the table is made and filled by the model's `modelInitializer`, and reaches the graph
through a DT_RESOURCE signature input with a `resourceId`, which the model feeds itself
from the initializer's output of the same resourceId (TF.js's resourceIdToCapturedInput).

The fixture is written by fixtures/lookup_table/make_lookup_table_fixture.py; expected
ids come from its table (the 3, cat 1, sat 4, on 1; default -1), and TF.js 4.22's
executeAsync returns the same."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import tfjs as tf

MODEL = Path(__file__).parent / "fixtures" / "lookup_table" / "model.json"
WORDS = ["cat", "dog", "the", "on", "sat"]
IDS = [1, -1, 3, 1, 4]
IDS_PLUS_ONE = [2, 0, 4, 2, 5]


@pytest.fixture
def model():
    before = tf.memory()["num_tensors"]
    loaded = tf.load_graph_model(str(MODEL))
    yield loaded
    loaded.dispose()
    assert tf.memory()["num_tensors"] == before, "the model or a run leaked tensors"


def test_inputs_list_the_captured_table_with_no_dtype_as_tfjs():
    model = tf.load_graph_model(str(MODEL))
    assert [tuple(i) for i in model.inputs] == [("s", [-1], "string"), ("unknown", [], None)]
    assert model.output_nodes == ["output_0", "output_1"]
    model.dispose()


def test_execute_with_a_dict_feeds_the_table_itself(model):
    words = tf.tensor(WORDS)
    before = tf.memory()["num_tensors"]
    ids, plus_one = model.execute({"s": words})
    assert ids.dtype == "int32" and ids.array_sync() == IDS
    assert plus_one.array_sync() == IDS_PLUS_ONE
    tf.dispose([ids, plus_one])
    # the initializer's table lives with the model, not in the caller's count
    after_first = tf.memory()["num_tensors"]
    again = model.execute({"s": words}, "output_0")
    assert again.array_sync() == IDS
    again.dispose()
    assert tf.memory()["num_tensors"] == after_first >= before
    words.dispose()


def test_no_words_give_no_ids(backend, model):
    """TF.js fails stacking no values."""
    words = tf.tensor([], [0], "string")
    ids, plus_one = model.execute(words)
    assert (ids.shape, ids.dtype, plus_one.shape) == ((0,), "int32", (0,))
    tf.dispose([ids, plus_one, words])


def test_execute_with_a_list_or_a_tensor_counts_only_user_inputs(model):
    words = tf.tensor(WORDS)
    for feed in (words, [words]):
        ids, plus_one = model.execute(feed)
        assert ids.array_sync() == IDS and plus_one.array_sync() == IDS_PLUS_ONE
        tf.dispose([ids, plus_one])
    with pytest.raises(ValueError, match="1 non-resource placeholders"):
        model.execute([words, words])
    words.dispose()


def test_execute_async_and_predict(model):
    words = tf.tensor(WORDS)
    ids, plus_one = asyncio.run(model.execute_async({"s": words}))
    assert ids.array_sync() == IDS and plus_one.array_sync() == IDS_PLUS_ONE
    predicted = model.predict(words)
    assert [t.array_sync() for t in predicted] == [IDS, IDS_PLUS_ONE]
    tf.dispose([words, ids, plus_one, predicted])


def test_execute_async_first_then_execute(model):
    words = tf.tensor(WORDS)
    first = asyncio.run(model.execute_async(words, "output_1"))
    second = model.execute(words, "output_1")
    assert first.array_sync() == second.array_sync() == IDS_PLUS_ONE
    tf.dispose([words, first, second])


def test_dispose_frees_the_table():
    before = tf.memory()["num_tensors"]
    model = tf.load_graph_model(str(MODEL))
    words = tf.tensor(WORDS)
    ids, plus_one = model.execute(words)
    tf.dispose([words, ids, plus_one])
    assert tf.memory()["num_tensors"] > before  # weights, the table's handle and values
    model.dispose()
    assert tf.memory()["num_tensors"] == before
    assert not model.resources.tables


def test_a_resource_input_no_initializer_output_provides_is_a_load_error():
    import json

    model_json = json.loads(MODEL.read_text())
    model_json["initializerSignature"]["outputs"]["Identity:0"]["resourceId"] = 8
    weights = (MODEL.parent / "group1-shard1of1.bin").read_bytes()
    with pytest.raises(ValueError, match=r"signature input 'unknown:0' is a resource \(resourceId 7\)"):
        tf.load_graph_model_sync((model_json, weights))
    del model_json["modelInitializer"]
    with pytest.raises(ValueError, match="no output of the model's initializerSignature provides"):
        tf.load_graph_model_sync((model_json, weights))

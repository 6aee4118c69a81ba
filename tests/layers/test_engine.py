"""The layers engine: Layer base, SymbolicTensor wiring, functional and Sequential models,
shared layers, nested models, summary, weights, config, dispose (values by hand)."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf


class Scale(tf.layers.Layer):
    """y = x * w (w one scalar weight, initialised to 2) + a non-trainable offset of 1."""

    class_name = "TestEngineScale"

    def build(self, input_shape):
        self.w = self.add_weight("w", [1], initializer=tf.initializers.constant(value=2))
        self.offset = self.add_weight("offset", [1], initializer="ones", trainable=False)
        self.built = True

    def call(self, inputs, **kwargs):
        return tf.add(tf.mul(inputs, self.w.read()), self.offset.read())


def dense(units, name, value=1.0, **kwargs):
    return tf.layers.dense(
        units=units, name=name, kernel_initializer=tf.initializers.constant(value=value), **kwargs
    )


def test_custom_layer_on_tensors_and_symbolic_tensors():
    layer = Scale(name="scale_a")
    t = tf.tensor1d([1.0, 2.0])
    y = layer.apply(t)
    assert y.array_sync() == [3.0, 5.0]
    assert [w.original_name for w in layer.weights] == ["scale_a/w", "scale_a/offset"]
    assert len(layer.trainable_weights) == 1 and len(layer.non_trainable_weights) == 1
    x = tf.input(shape=[3])
    out = layer.apply(x)
    assert out.shape == (None, 3) and out.source_layer is layer
    layer.trainable = False
    assert layer.trainable_weights == [] and len(layer.non_trainable_weights) == 2
    tf.dispose([y, t])
    assert layer.dispose()["numDisposedVariables"] == 2


def test_apply_rejects_mixed_symbolic_and_concrete_inputs():
    x = tf.input(shape=[2])
    t = tf.ones([1, 2])
    with pytest.raises(ValueError, match="all SymbolicTensors or all Tensors"):
        tf.layers.add().apply([x, t])
    t.dispose()


def test_incompatible_input_names_both_layers_and_shapes():
    x = tf.input(shape=[3])
    first = dense(4, "first_dense").apply(x)
    shared = dense(2, "shared_dense")
    shared.apply(first)
    other = dense(5, "other_dense").apply(x)
    with pytest.raises(ValueError) as error:
        shared.apply(other)
    text = str(error.value)
    assert "shared_dense" in text and "other_dense" in text and "[null,5]" in text and "value 4" in text
    tf.dispose_variables()


def test_sequential_add_names_the_layers_on_shape_mismatch():
    model = tf.sequential()
    model.add(tf.layers.dense(units=3, input_shape=[2], name="seq_first"))
    model.add(tf.layers.reshape(target_shape=[3, 1], name="seq_reshape"))
    with pytest.raises(ValueError, match=r"seq_conv.*seq_reshape|seq_reshape.*seq_conv"):
        model.add(tf.layers.conv2d(filters=1, kernel_size=1, name="seq_conv"))
    model.dispose()


def test_sequential_first_layer_needs_an_input_shape():
    model = tf.sequential()
    with pytest.raises(ValueError, match="inputShape"):
        model.add(tf.layers.dense(units=1))


def test_functional_multi_input_multi_output_predict():
    a, b = tf.input(shape=[2], name="in_a"), tf.input(shape=[1], name="in_b")
    merged = tf.layers.concatenate(name="cat").apply([a, b])
    total = dense(1, "total", use_bias=False).apply(merged)
    doubled = dense(2, "doubled", value=2.0, use_bias=False).apply(merged)
    model = tf.model(inputs=[a, b], outputs=[total, doubled])
    assert model.input_names == ["in_a", "in_b"] and model.output_names == ["total", "doubled"]
    xa, xb = tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[10], [20]])
    for feed in ([xa, xb], {"in_b": xb, "in_a": xa}):
        out_total, out_doubled = model.predict(feed)
        assert out_total.array_sync() == [[13.0], [27.0]]
        assert out_doubled.array_sync() == [[26.0, 26.0], [54.0, 54.0]]
        tf.dispose([out_total, out_doubled])
    assert model.get_layer("cat").class_name == "Concatenate"
    assert model.get_layer(index=0).name in ("in_a", "in_b")
    with pytest.raises(ValueError, match="No such layer: nope"):
        model.get_layer("nope")
    tf.dispose([xa, xb])
    model.dispose()


def test_predict_in_batches_equals_one_batch_and_leaks_nothing():
    model = tf.sequential()
    model.add(dense(2, "batched", input_shape=[3], activation="relu"))
    x = tf.tensor2d(np.arange(15, dtype="float32").reshape(5, 3) - 7)
    before = tf.memory()["num_tensors"]
    whole, parts = model.predict(x, batch_size=32), model.predict(x, batch_size=2)
    assert tf.memory()["num_tensors"] == before + 2
    np.testing.assert_array_equal(whole.numpy(), parts.numpy())
    np.testing.assert_array_equal(whole.numpy(), np.maximum(x.numpy().sum(1, keepdims=True), 0).repeat(2, 1))
    tf.dispose([whole, parts, x])
    model.dispose()


def test_predict_of_no_samples_gives_outputs_of_no_rows():
    """TF.js's predict returns an empty list for them (its concat of no batches)."""
    model = tf.sequential()
    model.add(dense(2, "empty", input_shape=[3]))
    x = tf.zeros([0, 3])
    out = model.predict(x, batch_size=2)
    assert out.shape == (0, 2) and out.dtype == "float32"
    tf.dispose([out, x])
    model.dispose()
    a, b = tf.input(shape=[2, 3]), tf.input(shape=[2, 3])  # Flatten and Dot reshape by the batch
    flat = tf.layers.flatten().apply(a)
    dot = tf.layers.dot(axes=2).apply([a, b])
    model = tf.model(inputs=[a, b], outputs=[flat, dot])
    x = tf.zeros([0, 2, 3])
    outs = model.predict([x, x])
    assert [t.shape for t in outs] == [(0, 6), (0, 2, 2)]
    tf.dispose([*outs, x])
    model.dispose()


def test_predict_checks_the_input_shape():
    model = tf.sequential()
    model.add(dense(1, "checked", input_shape=[3]))
    x = tf.ones([2, 4])
    with pytest.raises(
        ValueError,
        match=r"^Error when checking input: expected checked_input to have shape \[null,3\].*\[2,4\]",
    ):
        model.predict(x)
    with pytest.raises(ValueError, match="batch_size"):
        model.predict(x, batch_size=0)
    x.dispose()
    model.dispose()


def test_shared_layer_weights_counted_once_and_summary_connections():
    a, b = tf.input(shape=[2], name="left"), tf.input(shape=[2], name="right")
    shared = dense(3, "shared")
    out = tf.layers.add(name="sum").apply([shared.apply(a), shared.apply(b)])
    model = tf.model(inputs=[a, b], outputs=out)
    assert model.count_params() == 9 and len(model.weights) == 2
    lines = []
    model.summary(print_fn=lines.append)
    text = "\n".join(lines)
    assert "Receives inputs" in text and "left[0][0]" in text and "right[0][0]" in text
    assert "shared[0][0]" in text and "shared[1][0]" in text
    assert "Total params: 9" in text and "Trainable params: 9" in text and "Non-trainable params: 0" in text
    xa, xb = tf.ones([1, 2]), tf.ones([1, 2])
    y = model.predict([xa, xb])
    assert y.array_sync() == [[4.0, 4.0, 4.0]]
    tf.dispose([xa, xb, y])
    model.dispose()


def test_sequential_summary_table():
    model = tf.sequential(name="summary_seq")
    model.add(dense(4, "sum_d1", input_shape=[3]))
    model.add(tf.layers.batch_normalization(name="sum_bn"))
    lines = []
    model.summary(print_fn=lines.append)
    assert lines[1].startswith("Layer (type)") and "Output shape" in lines[1] and "Receives" not in lines[1]
    assert (
        lines[3].startswith("sum_d1 (Dense)") and "[null,4]" in lines[3] and lines[3].rstrip().endswith("16")
    )
    assert (
        "Total params: 32" in lines and "Trainable params: 24" in lines and "Non-trainable params: 8" in lines
    )
    model.dispose()


def test_nested_model_as_a_layer():
    inner = tf.sequential(name="inner")
    inner.add(dense(2, "inner_d", input_shape=[2], use_bias=False))
    x = tf.input(shape=[2])
    y = dense(1, "outer_d", use_bias=False).apply(inner.apply(x))
    outer = tf.model(inputs=x, outputs=y)
    assert [la.name for la in outer.layers][1:] == ["inner", "outer_d"]
    assert outer.count_params() == 6
    t = tf.tensor2d([[1, 2]])
    out = outer.predict(t)
    assert out.array_sync() == [[6.0]]
    tf.dispose([t, out])
    assert outer.dispose()["numDisposedVariables"] == 2


def test_weights_round_trip_and_set_weights_checks_shapes():
    model = tf.sequential()
    model.add(dense(2, "sw", input_shape=[1]))
    good = [tf.tensor2d([[5, 6]]), tf.tensor1d([1, 2])]
    model.set_weights(good)
    before = tf.memory()["num_tensors"]
    got = model.get_weights()
    assert tf.memory()["num_tensors"] == before  # as TF.js: the weights' own variables
    layer = model.layers[0]
    assert [id(w) for w in got] == [id(layer.kernel.read()), id(layer.bias.read())]
    assert [id(w) for w in model.get_weights(trainable_only=True)] == [id(w) for w in got]
    assert [w.array_sync() for w in got] == [[[5.0, 6.0]], [1.0, 2.0]]
    bad = [tf.tensor2d([[5, 6, 7]]), tf.tensor1d([0, 0])]
    with pytest.raises(
        ValueError, match=r"weight shape \[1,2\] not compatible with provided weight shape \[1,3\]"
    ):
        model.set_weights(bad)
    assert model.layers[0].bias.read().array_sync() == [1.0, 2.0]  # unchanged
    assert got[1].array_sync() == [1.0, 2.0]
    tf.dispose(good + bad)
    model.dispose()


def test_config_round_trip_builds_the_same_model():
    a = tf.input(shape=[2], name="cfg_in")
    h = dense(3, "cfg_h", activation="relu").apply(a)
    out = tf.layers.concatenate(name="cfg_cat").apply([h, a])
    model = tf.model(inputs=a, outputs=out, name="cfg_model")
    config = model.get_config()
    assert config["inputLayers"] == [["cfg_in", 0, 0]] and config["outputLayers"] == [["cfg_cat", 0, 0]]
    assert config["layers"][2]["inboundNodes"] == [[["cfg_h", 0, 0, {}], ["cfg_in", 0, 0, {}]]]
    model.dispose()
    rebuilt = tf.LayersModel.from_config(config)
    assert [la.name for la in rebuilt.layers] == ["cfg_in", "cfg_h", "cfg_cat"]
    assert rebuilt.outputs[0].shape == (None, 5)
    rebuilt.dispose()


def test_graph_disconnected_and_duplicate_names():
    a, b = tf.input(shape=[2]), tf.input(shape=[2])
    y = tf.layers.add().apply([a, b])
    with pytest.raises(ValueError, match="Graph disconnected"):
        tf.model(inputs=a, outputs=y)
    x = tf.input(shape=[2])
    out = tf.layers.dense(units=1, name="twin").apply(tf.layers.dense(units=2, name="twin").apply(x))
    with pytest.raises(ValueError, match='The name "twin" is used 2 times'):
        tf.model(inputs=x, outputs=out)
    tf.dispose_variables()


def test_disposed_model_refuses_work():
    model = tf.sequential()
    model.add(dense(1, "gone", input_shape=[1]))
    assert model.dispose() == {"refCountAfterDispose": 0, "numDisposedVariables": 2}
    with pytest.raises(ValueError, match="already disposed"):
        model.dispose()


def test_execute_named_layers_and_predict_frees_intermediates():
    x = tf.input(shape=[2], name="ex_in")
    h = dense(2, "ex_h").apply(x)
    d = tf.layers.dropout(rate=0.5, name="ex_drop").apply(h)  # returns its input at inference
    y = dense(1, "ex_y").apply(tf.layers.activation(activation="relu", name="ex_relu").apply(d))
    model = tf.model(inputs=x, outputs=y)
    t = tf.tensor2d([[1, -3]])
    hidden, out = model.execute(t, ["ex_h", "ex_y"])
    assert hidden.array_sync() == [[-2.0, -2.0]] and out.array_sync() == [[0.0]]
    before = tf.memory()["num_tensors"]
    pred = model.predict(t)
    assert tf.memory()["num_tensors"] == before + 1 and pred.array_sync() == [[0.0]]
    tf.dispose([t, hidden, out, pred])
    model.dispose()


def test_set_weights_takes_nested_lists():
    layer = tf.layers.dense(units=1, input_shape=[2], name="lists_d")
    x = tf.ones([1, 2])
    layer.apply(x).dispose()
    layer.set_weights([[[1.0], [2.0]], [0.5]])
    y = layer.apply(x)
    assert y.array_sync() == [[3.5]]
    with pytest.raises(
        ValueError, match=r"weight shape \[2,1\] not compatible with provided weight shape \[2\]"
    ):
        layer.set_weights([[1.0, 2.0], [0.5]])
    tf.dispose([x, y])
    layer.dispose()


def test_predict_on_batch():
    model = tf.sequential()
    model.add(dense(1, "pob", input_shape=[2], use_bias=False))
    x = tf.tensor2d([[1, 2], [3, 4]])
    y = model.predict_on_batch(x)
    assert y.array_sync() == [[3.0], [7.0]]
    bad = tf.ones([1, 3])
    with pytest.raises(ValueError, match=r"expected pob_input to have shape \[null,2\]"):
        model.predict_on_batch(bad)
    tf.dispose([x, y, bad])
    model.dispose()


def test_apply_on_arrays_keeps_an_input_the_layer_returns():
    y = tf.layers.dropout(rate=0.5).apply(np.ones([2, 2], "float32"))  # identity at inference
    assert y.array_sync() == [[1.0, 1.0], [1.0, 1.0]]
    y.dispose()
    x = tf.input(shape=[2])
    assert tf.layers.add().apply((x, x)).shape == (None, 2)  # a tuple of inputs is a list

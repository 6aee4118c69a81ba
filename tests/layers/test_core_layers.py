"""Layer families called on tensors, against values computed by hand."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf


def run(layer, *inputs, **kwargs):
    """The layer's output on the given arrays, as NumPy; nothing left allocated."""
    tensors = [tf.tensor(np.asarray(x, dtype="float32")) for x in inputs]
    try:
        out = layer.apply(tensors if len(tensors) > 1 else tensors[0], **kwargs)
        result = [o.numpy() for o in out] if isinstance(out, list) else out.numpy()
        tf.dispose(out)
    finally:
        tf.dispose(tensors)
        if layer.built:
            layer.dispose()
    return result


def const(value):
    return tf.initializers.constant(value=value)


def test_dense_and_activations():
    y = run(
        tf.layers.dense(units=2, kernel_initializer="ones", bias_initializer=const(-4), activation="relu"),
        [[1, 2], [3, 4]],
    )
    np.testing.assert_array_equal(y, [[0, 0], [3, 3]])
    y = run(tf.layers.dense(units=1, kernel_initializer="ones", use_bias=False), np.ones([2, 3, 4]))
    np.testing.assert_array_equal(y, np.full([2, 3, 1], 4.0))
    np.testing.assert_allclose(run(tf.layers.activation(activation="sigmoid"), [0.0]), [0.5])
    np.testing.assert_allclose(run(tf.layers.leaky_re_lu(), [-1.0, 2.0]), [-0.3, 2.0], rtol=1e-6)
    np.testing.assert_allclose(run(tf.layers.re_lu(max_value=1.5), [-1.0, 2.0]), [0.0, 1.5])
    np.testing.assert_allclose(run(tf.layers.softmax(), [[0.0, 0.0]]), [[0.5, 0.5]])


def test_dense_rejects_bad_units():
    with pytest.raises(ValueError, match="Dense: units must be a positive integer, got 0"):
        tf.layers.dense(units=0)


def test_dropout_is_identity_at_inference_and_scales_in_training():
    x = np.ones([4, 50])
    np.testing.assert_array_equal(run(tf.layers.dropout(rate=0.5), x), x)
    y = run(tf.layers.dropout(rate=0.5), x, training=True)
    assert set(np.unique(y)) <= {0.0, 2.0} and 0 < (y == 0).sum() < y.size
    with pytest.raises(ValueError, match="rate must be a number in"):
        tf.layers.dropout(rate=1.5)


def test_shape_layers():
    x = np.arange(12).reshape(1, 2, 3, 2)
    np.testing.assert_array_equal(run(tf.layers.flatten(), x), x.reshape(1, 12))
    np.testing.assert_array_equal(run(tf.layers.reshape(target_shape=[-1, 4]), x), x.reshape(1, 3, 4))
    np.testing.assert_array_equal(run(tf.layers.permute(dims=[3, 1, 2]), x), x.transpose(0, 3, 1, 2))
    np.testing.assert_array_equal(run(tf.layers.repeat_vector(n=3), [[1, 2]]), [[[1, 2]] * 3])
    with pytest.raises(ValueError, match="consecutive integers starting from 1"):
        tf.layers.permute(dims=[0, 1])


def test_reshape_wrong_size_names_the_layer():
    x = tf.input(shape=[6])
    layer = tf.layers.reshape(target_shape=[-1, 4], name="bad_reshape")
    assert layer.apply(x).shape == (None, None, 4)  # TF.js leaves -1 unknown while the batch is
    t = tf.ones([2, 6])
    with pytest.raises(ValueError, match="Reshape bad_reshape: total size of new array must be unchanged"):
        layer.apply(t)
    t.dispose()


def test_embedding_gathers_rows_and_masks_zeros():
    layer = tf.layers.embedding(input_dim=3, output_dim=2, embeddings_initializer=const(0), mask_zero=True)
    idx = tf.tensor2d([[0, 2]], dtype="int32")
    layer.apply(idx).dispose()
    table = tf.tensor2d([[0, 0], [1, 1], [2, 3]])
    layer.set_weights([table])
    table.dispose()
    y = layer.apply(idx)
    mask = layer.compute_mask(idx)
    assert y.array_sync() == [[[0.0, 0.0], [2.0, 3.0]]] and mask.array_sync() == [[False, True]]
    tf.dispose([y, mask, idx])
    tf.dispose_variables()


def test_conv_pool_and_upsampling():
    x = np.arange(16, dtype="float32").reshape(1, 4, 4, 1)
    y = run(tf.layers.conv2d(filters=1, kernel_size=2, kernel_initializer="ones", use_bias=False), x)
    want = x[0, :-1, :-1, 0] + x[0, 1:, :-1, 0] + x[0, :-1, 1:, 0] + x[0, 1:, 1:, 0]
    np.testing.assert_array_equal(y[0, :, :, 0], want)
    y = run(
        tf.layers.conv2d(filters=2, kernel_size=3, strides=2, padding="same", kernel_initializer="ones"), x
    )
    assert y.shape == (1, 2, 2, 2) and y[0, 0, 0, 0] == x[0, :3, :3].sum()  # TF pads bottom/right
    np.testing.assert_array_equal(
        run(tf.layers.max_pooling2d(pool_size=2), x)[0, :, :, 0], [[5, 7], [13, 15]]
    )
    np.testing.assert_array_equal(
        run(tf.layers.average_pooling2d(pool_size=2), x)[0, :, :, 0], [[2.5, 4.5], [10.5, 12.5]]
    )
    np.testing.assert_array_equal(run(tf.layers.global_average_pooling2d(), x), [[7.5]])
    np.testing.assert_array_equal(run(tf.layers.global_max_pooling1d(), [[[1, 5], [3, 2]]]), [[3, 5]])
    up = run(tf.layers.up_sampling2d(size=[2, 1]), [[[[1], [2]]]])
    np.testing.assert_array_equal(up[0, :, :, 0], [[1, 2], [1, 2]])
    y = run(
        tf.layers.conv1d(filters=1, kernel_size=2, kernel_initializer="ones", use_bias=False),
        [[[1], [2], [4]]],
    )
    np.testing.assert_array_equal(y[0, :, 0], [3, 6])


def test_conv2d_transpose_spreads_each_input():
    y = run(
        tf.layers.conv2d_transpose(
            filters=1, kernel_size=2, strides=2, kernel_initializer="ones", use_bias=False
        ),
        [[[[1], [2]]]],
    )
    np.testing.assert_array_equal(y[0, :, :, 0], [[1, 1, 2, 2], [1, 1, 2, 2]])


def test_conv2d_needs_known_channels_and_rank():
    x = tf.input(shape=[4, 4])
    with pytest.raises(ValueError, match="expected ndim=4, found ndim=3"):
        tf.layers.conv2d(filters=1, kernel_size=1, name="c2").apply(x)


def test_batch_normalization_inference_and_training():
    layer = tf.layers.batch_normalization(momentum=0.5, epsilon=0)
    x = tf.tensor2d([[1, 2], [3, 6]])
    layer.apply(x).dispose()
    values = [tf.tensor1d([2, 2]), tf.tensor1d([1, 1]), tf.tensor1d([1, 2]), tf.tensor1d([4, 4])]
    layer.set_weights(values)  # gamma, beta, moving mean, moving variance
    tf.dispose(values)
    y = layer.apply(x)
    assert y.array_sync() == [[1.0, 1.0], [3.0, 5.0]]  # (x - mean) / sqrt(var) * gamma + beta
    z = layer.apply(x, training=True)  # batch mean [2, 4], variance [1, 4]
    assert z.array_sync() == [[-1.0, -1.0], [3.0, 3.0]]
    assert layer.moving_mean.read().array_sync() == [1.5, 3.0]
    assert layer.moving_variance.read().array_sync() == [2.5, 4.0]
    tf.dispose([x, y, z])
    tf.dispose_variables()


def test_merge_layers():
    a, b = [[1.0, 5.0]], [[3.0, 2.0]]
    np.testing.assert_array_equal(run(tf.layers.add(), a, b), [[4, 7]])
    np.testing.assert_array_equal(run(tf.layers.multiply(), a, b), [[3, 10]])
    np.testing.assert_array_equal(run(tf.layers.average(), a, b), [[2, 3.5]])
    np.testing.assert_array_equal(run(tf.layers.maximum(), a, b), [[3, 5]])
    np.testing.assert_array_equal(run(tf.layers.minimum(), a, b), [[1, 2]])
    np.testing.assert_array_equal(run(tf.layers.concatenate(), a, b), [[1, 5, 3, 2]])
    np.testing.assert_array_equal(run(tf.layers.dot(axes=1), a, b), [[13]])
    x, y = tf.input(shape=[2, 3]), tf.input(shape=[3, 3])
    with pytest.raises(
        ValueError, match=r"matching shapes except for the concat axis.*\[null,2,3\], \[null,3,3\]"
    ):
        tf.layers.concatenate(axis=-1).apply([x, y])
    with pytest.raises(ValueError, match="at least 2 inputs"):
        tf.layers.add().apply([x])


def test_simple_rnn_by_hand_and_go_backwards():
    def rnn(**kwargs):
        return tf.layers.simple_rnn(
            units=1,
            kernel_initializer="ones",
            recurrent_initializer=const(0.5),
            activation="linear",
            **kwargs,
        )

    x = [[[1.0], [2.0], [4.0]]]  # h1 = 1, h2 = 2 + 0.5, h3 = 4 + 1.25
    np.testing.assert_allclose(run(rnn(), x), [[5.25]])
    np.testing.assert_allclose(run(rnn(return_sequences=True), x)[0, :, 0], [1, 2.5, 5.25])
    np.testing.assert_allclose(run(rnn(go_backwards=True), x), [[4 * 0.25 + 2 * 0.5 + 1]])
    out, state = run(rnn(return_state=True), x)
    np.testing.assert_allclose(out, state)


def test_masked_steps_keep_the_previous_state():
    x = tf.input(shape=[3, 1])
    masked = tf.layers.masking(mask_value=0).apply(x)
    y = tf.layers.simple_rnn(
        units=1, kernel_initializer="ones", recurrent_initializer="ones", activation="linear"
    ).apply(masked)
    model = tf.model(inputs=x, outputs=y)
    data = tf.tensor3d([[[1.0], [0.0], [2.0]], [[0.0], [0.0], [3.0]]])
    out = model.predict(data)
    assert out.array_sync() == [[3.0], [3.0]]
    tf.dispose([data, out])
    model.dispose()


def test_gru_and_lstm_shapes_and_weights():
    gru = tf.layers.gru(units=3, return_sequences=True)
    lstm = tf.layers.lstm(units=2, return_state=True)
    y = run(gru, np.ones([2, 4, 5]))
    assert y.shape == (2, 4, 3)
    outs = run(lstm, np.ones([2, 4, 5]))
    assert [o.shape for o in outs] == [(2, 2), (2, 2), (2, 2)]
    assert [list(w.shape) for w in gru.weights] == [[5, 9], [3, 9], [9]]
    with pytest.raises(NotImplementedError, match="reset_after"):
        tf.layers.gru(units=2, reset_after=True)


def test_noise_layers_act_only_while_training():
    x = np.ones([2, 50])
    for layer in (
        tf.layers.gaussian_noise(stddev=1.0),
        tf.layers.gaussian_dropout(rate=0.5),
        tf.layers.alpha_dropout(rate=0.5),
    ):
        np.testing.assert_array_equal(run(layer, x), x)
    noisy = run(tf.layers.gaussian_noise(stddev=1.0), x, training=True)
    assert noisy.shape == x.shape and np.abs(noisy - 1).max() > 0


def test_wrappers_shapes_and_weights():
    td = tf.layers.time_distributed(layer=tf.layers.dense(units=2, kernel_initializer="ones", use_bias=False))
    y = run(td, np.ones([1, 3, 4]))
    np.testing.assert_array_equal(y, np.full([1, 3, 2], 4.0))
    for mode, last in (("concat", 6), ("sum", 3), ("ave", 3), ("mul", 3)):
        bi = tf.layers.bidirectional(
            layer=tf.layers.simple_rnn(units=3, return_sequences=True), merge_mode=mode
        )
        out = run(bi, np.ones([2, 4, 5]))
        assert out.shape == (2, 4, last)
    bi = tf.layers.bidirectional(layer=tf.layers.gru(units=2), merge_mode=None, name="bi_none")
    forward, backward = run(bi, np.ones([1, 3, 2]))
    assert forward.shape == backward.shape == (1, 2)
    assert [w.original_name for w in bi.weights][:1] == ["bi_none/forward_" + bi.layer.name + "/kernel"]
    with pytest.raises(ValueError, match="Invalid merge mode"):
        tf.layers.bidirectional(layer=tf.layers.gru(units=2), merge_mode="max")
    tf.dispose_variables()


def test_preprocessing_layers():
    np.testing.assert_allclose(run(tf.layers.rescaling(scale=0.5, offset=1), [[2.0, 4.0]]), [[2.0, 3.0]])
    counts = run(tf.layers.category_encoding(num_tokens=4, output_mode="count"), [[0, 1, 1, 3]])
    np.testing.assert_array_equal(counts, [[1, 2, 0, 1]])
    with pytest.raises(ValueError, match="numTokens=4"):
        run(tf.layers.category_encoding(num_tokens=4), [[0, 4]])
    image = np.arange(16, dtype="float32").reshape(1, 4, 4, 1)
    assert run(tf.layers.resizing(height=2, width=3), image).shape == (1, 2, 3, 1)
    assert run(tf.layers.center_crop(height=2, width=2), image).shape == (1, 2, 2, 1)


def test_rnn_initial_state_joins_the_inputs():
    # h1 = x1 + 0.5 * h0 with h0 = 10: the given state, not zeros, starts the recurrence.
    rnn = tf.layers.simple_rnn(
        units=1, kernel_initializer="ones", recurrent_initializer=const(0.5), activation="linear"
    )
    x, h0 = tf.tensor3d([[[1.0], [2.0]]]), tf.tensor2d([[10.0]])
    y = rnn.apply(x, initial_state=[h0])
    assert y.array_sync() == [[2.0 + 0.5 * (1.0 + 5.0)]]
    seq, state = tf.input(shape=[2, 1]), tf.input(shape=[1])
    out = rnn.apply(seq, initial_state=state)
    model = tf.model(inputs=[seq, state], outputs=out)
    assert [len(n.input_tensors) for n in rnn.inbound_nodes] == [2]  # [sequence, state]
    z = model.predict([x, h0])
    assert z.array_sync() == y.array_sync()
    tf.dispose([x, h0, y, z])
    model.dispose()

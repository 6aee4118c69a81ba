"""compile / fit / evaluate / callbacks: values by hand (one-weight models and SGD) and TF.js's
semantics (History keys, per-epoch averages, validation split, early stopping), memory."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf


def line_model(name="line", w=1.0, b=0.0):
    """y = w x + b, one Dense unit."""
    model = tf.sequential()
    model.add(
        tf.layers.dense(
            units=1,
            input_shape=[1],
            name=name,
            kernel_initializer=tf.initializers.constant(value=w),
            bias_initializer=tf.initializers.constant(value=b),
        )
    )
    return model


def test_sgd_fit_by_hand():
    # x = 1, y = 3, w = 1, b = 0: loss (1 - 3)^2 = 4, dL/dw = dL/db = -4, so lr 0.1 gives
    # w = 1.4, b = 0.4; then prediction 1.8 and loss 1.44.
    model = line_model("sgd_line")
    model.compile(optimizer=tf.train.sgd(0.1), loss="meanSquaredError", metrics=["mae"])
    x, y = tf.tensor2d([[1]]), tf.tensor2d([[3]])
    history = model.fit(x, y, epochs=2, verbose=0)
    assert history.epoch == [0, 1]
    np.testing.assert_allclose(history.history["loss"], [4.0, 1.44], rtol=1e-6)
    np.testing.assert_allclose(history.history["mae"], [2.0, 1.2], rtol=1e-6)
    np.testing.assert_allclose([w.read().data_sync()[0] for w in model.weights], [1.64, 0.64], rtol=1e-6)
    loss, mae = model.evaluate(x, y)
    np.testing.assert_allclose([loss.array_sync(), mae.array_sync()], [0.72**2, 0.72], rtol=1e-6)  # 3 - 2.28
    tf.dispose([x, y, loss, mae])
    model.optimizer.dispose()
    model.dispose()


def test_epoch_values_are_batch_size_weighted_averages():
    # w = 0, b = 0, lr 0: the losses of the batches [1, 2] and [3] are 2.5 and 9.
    model = line_model("avg_line", w=0.0)
    model.compile(optimizer="sgd", loss="mse")
    model.optimizer.set_learning_rate(0.0)
    x, y = tf.tensor2d([[0], [0], [0]]), tf.tensor2d([[1], [2], [3]])
    batches = []
    history = model.fit(
        x,
        y,
        batch_size=2,
        shuffle=False,
        verbose=0,
        callbacks={"on_batch_end": lambda b, logs: batches.append(logs)},
    )
    assert [(b["batch"], b["size"], b["loss"]) for b in batches] == [(0, 2, 2.5), (1, 1, 9.0)]
    np.testing.assert_allclose(history.history["loss"], [(2.5 * 2 + 9) / 3])
    tf.dispose([x, y])
    model.dispose()


def test_validation_split_takes_the_last_samples():
    model = line_model("val_line", w=0.0)
    model.compile(optimizer="sgd", loss="meanAbsoluteError", metrics=["acc"])
    x = tf.zeros([4, 1])
    y = tf.tensor2d([[1], [1], [1], [5]])
    history = model.fit(x, y, epochs=1, validation_split=0.25, verbose=0, batch_size=4)
    assert set(history.history) == {"loss", "acc", "val_loss", "val_acc"}
    # training moved the bias by 0.01 (sgd's default learning rate): |5 - 0.01|
    np.testing.assert_allclose(history.history["val_loss"], [4.99], rtol=1e-6)
    tf.dispose([x, y])
    model.dispose()


def test_accuracy_name_and_function_follow_the_loss():
    x = tf.input(shape=[3])
    y = tf.layers.dense(units=3, activation="softmax").apply(x)
    model = tf.model(inputs=x, outputs=y)
    model.compile(optimizer="adam", loss="sparseCategoricalCrossentropy", metrics=["accuracy", "ce"])
    assert model.metrics_names == ["loss", "acc", "ce"]
    assert model.metric_specs[0].fn is tf.metrics.sparse_categorical_accuracy
    model.compile(optimizer="adam", loss="categoricalCrossentropy", metrics=["acc"])
    assert model.metric_specs[0].fn is tf.metrics.categorical_accuracy
    model.dispose()


def test_multi_output_history_keys_and_class_weights():
    x = tf.input(shape=[2])
    reg = tf.layers.dense(units=1, name="reg").apply(x)
    cls = tf.layers.dense(units=2, activation="softmax", name="cls").apply(x)
    model = tf.model(inputs=x, outputs=[reg, cls])
    model.compile(
        optimizer="sgd", loss={"reg": "mse", "cls": "categoricalCrossentropy"}, metrics={"cls": "accuracy"}
    )
    model.optimizer.set_learning_rate(0.0)
    assert model.metrics_names == ["loss", "reg_loss", "cls_loss", "cls_acc"]
    xs = tf.ones([2, 2])
    ys = [tf.zeros([2, 1]), tf.tensor2d([[1, 0], [0, 1]])]
    plain = model.fit(xs, ys, verbose=0).history
    weighted = model.fit(xs, ys, verbose=0, class_weight=[None, {0: 3.0, 1: 1.0}]).history
    # the same model (lr 0): class 0's sample counts three times in the cls loss
    outputs = model.predict(xs)
    l0, l1 = (-np.log(p) for p in outputs[1].numpy()[[0, 1], [0, 1]])
    tf.dispose(outputs)
    np.testing.assert_allclose(weighted["cls_loss"], plain["cls_loss"], rtol=1e-6)  # metrics are unweighted
    np.testing.assert_allclose(weighted["loss"][0] - plain["reg_loss"][0], (3 * l0 + l1) / 2, rtol=1e-5)
    tf.dispose([xs, *ys])
    model.dispose()


def test_callbacks_objects_dicts_and_functions():
    events = []

    class Recorder(tf.callbacks.Callback):
        def on_train_begin(self, logs=None):
            events.append("train_begin")

        def on_epoch_begin(self, epoch, logs=None):
            events.append(f"epoch_begin {epoch}")

        def on_train_end(self, logs=None):
            events.append("train_end")

    ends = []
    model = line_model("cb_line")
    model.compile(optimizer="sgd", loss="mse")
    x, y = tf.ones([3, 1]), tf.ones([3, 1])
    as_dict = {"onEpochEnd": lambda e, logs: ends.append((e, sorted(logs)))}
    model.fit(
        x,
        y,
        epochs=3,
        initial_epoch=1,
        verbose=0,
        callbacks=[Recorder(), as_dict, lambda e, logs: ends.append(e)],
    )
    assert events == ["train_begin", "epoch_begin 1", "epoch_begin 2", "train_end"]
    assert ends == [(1, ["loss"]), 1, (2, ["loss"]), 2]
    with pytest.raises(ValueError, match="Unknown callback hook 'onEpochFinish'"):
        model.fit(x, y, verbose=0, callbacks={"onEpochFinish": print})
    tf.dispose([x, y])
    model.dispose()


def test_early_stopping_stops_when_the_loss_stalls():
    model = line_model("es_line")
    model.compile(optimizer="sgd", loss="mse")
    model.optimizer.set_learning_rate(0.0)
    x, y = tf.ones([2, 1]), tf.zeros([2, 1])
    history = model.fit(
        x, y, epochs=10, verbose=0, callbacks=[tf.callbacks.early_stopping(monitor="loss", patience=2)]
    )
    assert history.epoch == [0, 1, 2]  # best at epoch 0, two epochs without improvement
    tf.dispose([x, y])
    model.dispose()


def test_progress_output(capsys):
    model = line_model("verbose_line")
    model.compile(optimizer="sgd", loss="mse")
    x, y = tf.ones([4, 1]), tf.ones([4, 1])
    model.fit(x, y, epochs=2, batch_size=2, verbose=1)
    out = capsys.readouterr().out
    assert "Epoch 1 / 2" in out and "Epoch 2 / 2" in out and "4/4 [" in out and "loss=" in out
    model.fit(x, y, epochs=1, verbose=0)
    assert capsys.readouterr().out == ""
    tf.dispose([x, y])
    model.dispose()


def test_fit_rejects_bad_input():
    model = line_model("bad_fit")
    x, y = tf.ones([3, 1]), tf.ones([2, 1])
    with pytest.raises(ValueError, match="must compile a model before fitting"):
        model.fit(x, y)
    with pytest.raises(ValueError, match="Unknown loss meanSquaredErr"):
        model.compile(optimizer="sgd", loss="meanSquaredErr")
    with pytest.raises(ValueError, match="Unknown metric"):
        model.compile(optimizer="sgd", loss="mse", metrics=["accuracyy"])
    with pytest.raises(ValueError, match="Unknown Optimizer adamm"):
        model.compile(optimizer="adamm", loss="mse")
    model.compile(optimizer="sgd", loss="mse")
    with pytest.raises(ValueError, match="3 input sample\\(s\\) and 2 target sample\\(s\\)"):
        model.fit(x, y, verbose=0)
    bad, good = tf.ones([3, 2]), tf.ones([3, 1])
    with pytest.raises(ValueError, match=r"expected bad_fit_input to have shape \[null,1\]"):
        model.fit(bad, good, verbose=0)
    tf.dispose([x, y, bad, good])
    model.dispose()


@pytest.mark.parametrize(
    ("target_shape", "loss", "message"),
    [
        ([3, 2], "mse", r"target expected a batch of elements where each example has shape \[1\] "),
        ([3, 1, 1], "mse", r"Error when checking target: expected checked_targets to have 2 dimension"),
        ([3, 1], "categoricalCrossentropy", r"a loss 'categorical_crossentropy'. 'categorical_crossentropy'"),
    ],
)
def test_targets_of_the_wrong_shape_are_refused(target_shape, loss, message):
    """TF.js checks them; broadcast, they gave a loss (of the wrong sum)."""
    model = line_model("checked_targets")
    model.compile(optimizer="sgd", loss=loss)
    x, y = tf.ones([3, 1]), tf.ones(target_shape)
    before = tf.memory()["num_tensors"]
    for run in (lambda: model.fit(x, y, verbose=0), lambda: model.evaluate(x, y)):
        with pytest.raises(ValueError, match=message):
            run()
        assert tf.memory()["num_tensors"] == before
    tf.dispose([x, y])
    model.dispose()


def test_rank_1_inputs_and_targets_are_columns():
    """As TF.js's ensureTensorsRank2OrHigher: [n] is [n, 1] to fit and evaluate."""
    model = line_model("columns", w=2.0)
    model.compile(optimizer="sgd", loss="mse")
    x, y = tf.tensor([1.0, 2.0]), tf.tensor([3.0, 3.0])
    x_column, y_column = tf.reshape(x, [2, 1]), tf.reshape(y, [2, 1])
    column, flat = model.evaluate(x_column, y_column), model.evaluate(x, y)
    assert flat.array_sync() == column.array_sync() == 1.0  # ((2 - 3)^2 + (4 - 3)^2) / 2
    tf.dispose([x, y, x_column, y_column, flat, column])
    model.dispose()


def test_train_on_batch_and_fit_dataset():
    model = line_model("ds_line")
    model.compile(optimizer=tf.train.sgd(0.1), loss="mse")
    batches = [(tf.tensor2d([[1]]), tf.tensor2d([[3]]))]
    history = model.fit_dataset(batches, epochs=2, verbose=0)
    np.testing.assert_allclose(history.history["loss"], [4.0, 1.44], rtol=1e-6)
    assert model.train_on_batch(*batches[0]) == pytest.approx(0.72**2)  # w + b = 2.28 after two steps
    tf.dispose(list(batches[0]))
    model.optimizer.dispose()
    model.dispose()


def test_twenty_epochs_leave_only_weights_and_optimizer_state():
    start = tf.memory()["num_tensors"]
    model = tf.sequential()
    model.add(tf.layers.dense(units=8, input_shape=[4], activation="relu"))
    model.add(tf.layers.batch_normalization())
    model.add(tf.layers.dropout(rate=0.2))
    model.add(tf.layers.dense(units=3, activation="softmax"))
    model.compile(optimizer="adam", loss="categoricalCrossentropy", metrics=["accuracy"])
    x = tf.random_normal([32, 4], seed=1)
    labels = tf.tensor1d([i % 3 for i in range(32)], "int32")
    y = tf.one_hot(labels, 3)
    labels.dispose()
    with_data = tf.memory()["num_tensors"]
    model.fit(x, y, epochs=1, batch_size=8, verbose=0, validation_split=0.25)
    after_one = tf.memory()["num_tensors"]
    model.fit(x, y, epochs=20, batch_size=8, verbose=0, validation_split=0.25)
    assert tf.memory()["num_tensors"] == after_one
    weights = len(model.weights)
    state = after_one - with_data
    assert state == 2 * len(model.trainable_weights)  # Adam's m and v of each trainable weight
    tf.dispose([x, y])
    model.dispose()
    assert tf.memory()["num_tensors"] == start
    assert weights == 8


def test_fit_dataset_with_validation_batches_and_evaluate_dataset():
    model = line_model("ds_val_line", w=0.0)
    model.compile(optimizer="sgd", loss="mae")
    model.optimizer.set_learning_rate(0.0)
    train = [{"xs": tf.zeros([2, 1]), "ys": tf.ones([2, 1])}]
    val = [(tf.zeros([1, 1]), tf.tensor2d([[3]])), (tf.zeros([3, 1]), tf.tensor2d([[1], [1], [1]]))]
    history = model.fit_dataset(train, epochs=2, validation_data=val, verbose=0)
    np.testing.assert_allclose(history.history["val_loss"], [1.5, 1.5])  # (3 * 1 + 1 * 3) / 4
    score = model.evaluate_dataset(val, batches=1)
    assert score.array_sync() == 3.0
    lone = tf.zeros([1, 1])
    with pytest.raises(ValueError, match="each dataset element must be"):
        model.fit_dataset([lone], verbose=0)
    tf.dispose([score, lone, *train[0].values(), *[t for pair in val for t in pair]])
    model.dispose()


def test_fit_dataset_refuses_a_generator_for_several_epochs_and_an_empty_dataset():
    model = line_model("ds_once_line", w=0.0)
    model.compile(optimizer="sgd", loss="mse")
    batch = (tf.tensor2d([[1]]), tf.tensor2d([[3]]))
    before = [w.array_sync() for w in model.get_weights()]
    with pytest.raises(ValueError, match=r"dataset is an iterator \(generator\), which gives"):
        model.fit_dataset((b for b in [batch]), epochs=2, verbose=0)
    with pytest.raises(ValueError, match=r"validation_data is an iterator.*or validation_batches"):
        model.fit_dataset([batch], epochs=2, validation_data=iter([batch]), verbose=0)
    with pytest.raises(ValueError, match="fit_dataset: the dataset gave no batches"):
        model.fit_dataset([], epochs=2, verbose=0)
    with pytest.raises(ValueError, match="evaluate_dataset: the dataset gave no batches"):
        model.evaluate_dataset([])
    assert [w.array_sync() for w in model.get_weights()] == before  # nothing trained
    once = model.fit_dataset((b for b in [batch]), verbose=0)  # one epoch: a generator will do
    many = model.fit_dataset(iter([batch] * 4), epochs=2, batches_per_epoch=2, verbose=0)
    assert len(once.history["loss"]) == 1 and len(many.history["loss"]) == 2
    tf.dispose(list(batch))
    model.optimizer.dispose()
    model.dispose()

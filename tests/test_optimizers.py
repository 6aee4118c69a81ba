"""tf.train's optimizers: what the recorded cases (tests/conformance/cases/optimizers.*)
cannot say: argument checks, state round trips, configs, and exact memory over long loops."""

from __future__ import annotations

import asyncio
import math

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with, scope

# Each optimizer as tf.train makes it, with a learning rate that trains the model below.
FACTORIES = {
    "sgd": lambda: tf.train.sgd(0.02),
    "momentum": lambda: tf.train.momentum(0.01, 0.9),
    "nesterov": lambda: tf.train.momentum(0.01, 0.9, True),
    "adagrad": lambda: tf.train.adagrad(0.1),
    "adadelta": lambda: tf.train.adadelta(0.01, 0.9),
    "adam": lambda: tf.train.adam(0.1),
    "adamax": lambda: tf.train.adamax(0.1),
    "rmsprop": lambda: tf.train.rmsprop(0.05, 0.9, 0.5),
    "rmsprop_centered": lambda: tf.train.rmsprop(0.05, 0.9, 0.5, None, True),
}


@pytest.fixture(autouse=True)
def _no_variables_left():
    """Each test must dispose the variables it makes (the optimizers' state included)."""
    registry = tf.engine().registered_variables
    before = set(registry)
    yield
    leftover = sorted(set(registry) - before)
    for name in leftover:
        registry[name].dispose()
    assert not leftover, f"test left variables registered: {leftover}"


class Model:
    """loss = sum((xs·w + b - ys)²) with w of shape [2] and b a scalar (the recorded cases' model)."""

    def __init__(self) -> None:
        self.w = tf.variable([0.3, -0.7], True, "w")
        self.b = tf.variable(0.1, True, "b")
        self.xs = tf.tensor2d([[1, 2], [3, -1], [0.5, 4]])
        self.ys = tf.tensor1d([1, -2, 3])

    def loss(self) -> tf.Tensor:
        return tf.sum(tf.square(tf.sub(tf.add(tf.sum(tf.mul(self.xs, self.w), 1), self.b), self.ys)))

    def values(self) -> list[np.ndarray]:
        return [self.w.numpy(), self.b.numpy()]

    def dispose(self) -> None:
        tf.dispose([self.w, self.b, self.xs, self.ys])


@pytest.fixture
def model():
    m = Model()
    yield m
    m.dispose()


def counts() -> tuple[int, int, int]:
    memory = tf.memory()
    return memory["num_tensors"], memory["num_data_buffers"], memory["num_bytes"]


def run(coroutine):
    return asyncio.run(coroutine)


# ---- training -------------------------------------------------------------------------


@pytest.mark.parametrize("name", FACTORIES)
def test_each_optimizer_lowers_the_loss(name, model, backend):
    optimizer = FACTORIES[name]()
    costs = []
    for _ in range(20):
        cost = optimizer.minimize(model.loss, return_cost=True)
        costs.append(cost.array_sync())
        cost.dispose()
    optimizer.dispose()
    assert costs[-1] < costs[0] / 2, costs
    assert optimizer.iterations == 20


def test_minimize_returns_none_unless_asked_for_the_cost(model):
    optimizer = tf.train.sgd(0.01)
    assert optimizer.minimize(model.loss) is None
    cost = optimizer.minimize(model.loss, True)
    assert isinstance(cost, tf.Tensor) and cost.shape == ()
    cost.dispose()
    optimizer.dispose()


def test_a_thousand_steps_keep_memory_constant(model):
    optimizer = tf.train.adam(0.01)
    optimizer.minimize(model.loss)  # the first step makes the optimizer's state
    start = counts()
    for step in range(1000):
        optimizer.minimize(model.loss)
        if step % 100 == 0:
            assert counts() == start, f"step {step}"
    assert counts() == start
    assert optimizer.iterations == 1001
    optimizer.dispose()


@pytest.mark.parametrize("name", FACTORIES)
def test_memory_is_constant_per_step_and_dispose_frees_the_state(name, model, backend):
    start = counts()
    optimizer = FACTORIES[name]()
    for _ in range(2):
        tf.dispose(optimizer.minimize(model.loss, True))
    after_two = counts()
    for _ in range(10):
        tf.dispose(optimizer.minimize(model.loss, True))
    assert counts() == after_two
    optimizer.dispose()
    assert counts() == start


def test_var_list_limits_the_update_and_skips_non_trainable_variables(model):
    frozen = tf.variable(2.0, False, "frozen")
    optimizer = tf.train.momentum(0.01, 0.5)
    loss = lambda: tf.add(model.loss(), frozen)  # noqa: E731
    optimizer.minimize(loss, var_list=[model.w, frozen])
    assert model.b.array_sync() == pytest.approx(0.1)
    assert frozen.array_sync() == 2.0
    assert model.w.array_sync() != pytest.approx([0.3, -0.7])
    weights = run(optimizer.get_weights())
    # As in TF.js, a variable without a gradient still gets its slot.
    assert [w["name"] for w in weights] == ["iter", "w/momentum", "frozen/momentum"]
    tf.dispose(weights[0]["tensor"])
    optimizer.dispose()
    frozen.dispose()


def test_apply_gradients_takes_a_dict_or_a_list_and_skips_none(model):
    optimizer = tf.train.sgd(0.5)
    with scope():
        optimizer.apply_gradients({"w": tf.tensor1d([1.0, 2.0]), "b": None})
        optimizer.apply_gradients([{"name": "b", "tensor": tf.scalar(1.0)}, {"name": "w", "tensor": None}])
    np.testing.assert_allclose(model.w.numpy(), [-0.2, -1.7], rtol=1e-6)
    assert model.b.array_sync() == pytest.approx(-0.4)
    assert optimizer.iterations == 2
    optimizer.dispose()


def test_set_learning_rate_and_set_momentum_change_the_updates():
    v = tf.variable([1.0], name="v")
    optimizer = tf.train.momentum(1.0, 0.5)
    optimizer.set_learning_rate(0.5)
    optimizer.set_momentum(0.0)
    with scope():
        for _ in range(2):
            optimizer.apply_gradients({"v": tf.tensor1d([1.0])})
    assert v.array_sync() == [0.0]  # plain steps of 0.5: the momentum is gone
    assert optimizer.get_config() == {"learningRate": 0.5, "momentum": 0.0, "useNesterov": False}
    optimizer.dispose()
    v.dispose()


def test_js_key_order_decides_the_slots():
    from tfjs.optimizers.optimizer import named_gradients

    grads = {"b": 1, "10": 2, "a": 3, "2": 4, "01": 5, "4294967295": 6}
    names = [name for name, _ in named_gradients(grads, "test")]
    assert names == ["2", "10", "b", "a", "01", "4294967295"]


# ---- state ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in FACTORIES if n != "sgd"])
def test_get_weights_and_set_weights_resume_training(name, model, backend):
    """Two steps, the state moved to a second optimizer, two more steps: the same values
    as four steps of one optimizer (Adam's and Adamax's β^t are recomputed by pow, so
    those agree to a few ulps, as in TF.js: see the recorded set_weights cases)."""
    start = counts()
    baseline = FACTORIES[name]()
    for _ in range(4):
        baseline.minimize(model.loss)
    expected = model.values()
    baseline.dispose()
    with scope():
        model.w.assign(tf.tensor1d([0.3, -0.7]))
        model.b.assign(tf.scalar(0.1))

    first, second = FACTORIES[name](), FACTORIES[name]()
    for _ in range(2):
        first.minimize(model.loss)
    weights = run(first.get_weights())
    assert weights[0]["name"] == "iter" and weights[0]["tensor"].dtype == "int32"
    assert all(w["name"].split("/")[0] in ("w", "b") for w in weights[1:])
    run(second.set_weights(weights))
    tf.dispose(weights[0]["tensor"])
    first.dispose()  # the second optimizer's state shares the buffers, not the variables
    assert second.iterations == 2
    for _ in range(2):
        second.minimize(model.loss)
    for got, want in zip(model.values(), expected, strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-4)
    second.dispose()
    assert counts() == start


def test_set_weights_replaces_and_frees_the_old_state(model):
    optimizer = tf.train.adam(0.1)
    optimizer.minimize(model.loss)
    start = counts()
    state = [{"name": "iter", "tensor": tf.scalar(7, "int32")}] + [
        {"name": f"{v}/{slot}", "tensor": tf.ones_like(getattr(model, v))} for slot in "mv" for v in "wb"
    ]
    run(optimizer.set_weights(state))
    tf.dispose([w["tensor"] for w in state])
    assert counts() == start
    assert optimizer.iterations == 7
    weights = run(optimizer.get_weights())
    assert [w["name"] for w in weights] == ["iter", "w/m", "b/m", "w/v", "b/v"]
    assert [w["tensor"].array_sync() for w in weights[1:3]] == [[1.0, 1.0], 1.0]
    tf.dispose(weights[0]["tensor"])
    optimizer.dispose()


def test_sgd_has_only_the_iteration_count():
    optimizer = tf.train.sgd(0.1)
    weights = run(optimizer.get_weights())
    assert [w["name"] for w in weights] == ["iter"]
    run(optimizer.set_weights(weights))
    tf.dispose(weights[0]["tensor"])
    with scope(), raises_with(ValueError, "SGD optimizer does not have settable weights."):
        run(
            optimizer.set_weights(
                [{"name": "iter", "tensor": tf.scalar(1, "int32")}, {"name": "x", "tensor": tf.scalar(1)}]
            )
        )
    optimizer.dispose()


def test_set_weights_bad_input():
    optimizer = tf.train.adam(0.1)
    iter_tensor = tf.scalar(5, "int32")
    with raises_with(ValueError, "expected the 'iter' weight first"):
        run(optimizer.set_weights([]))
    with raises_with(ValueError, "AdamOptimizer.set_weights", "2 state weights per variable", "got 1"):
        run(
            optimizer.set_weights(
                [{"name": "iter", "tensor": iter_tensor}, {"name": "w/m", "tensor": iter_tensor}]
            )
        )
    with raises_with(TypeError, "AdamOptimizer.set_weights: each weight must be"):
        run(
            optimizer.set_weights([{"name": "iter", "tensor": iter_tensor}, {"name": "w/m"}, {"name": "w/v"}])
        )
    assert optimizer.iterations == 0  # nothing changed
    iter_tensor.dispose()
    optimizer.dispose()


def test_base_class_methods_say_what_is_missing():
    optimizer = tf.Optimizer()
    with raises_with(NotImplementedError, "Optimizer does not implement apply_gradients"):
        optimizer.apply_gradients({})
    with raises_with(NotImplementedError, "getWeights() is not implemented for this optimizer yet."):
        run(optimizer.get_weights())
    with raises_with(
        NotImplementedError, "setWeights() is not implemented for this optimizer class Optimizer"
    ):
        run(optimizer.set_weights([]))
    assert optimizer.iterations == 0
    optimizer.dispose()


# ---- config ---------------------------------------------------------------------------

CLASSES = {
    "sgd": (tf.SGDOptimizer, "SGD"),
    "momentum": (tf.MomentumOptimizer, "Momentum"),
    "nesterov": (tf.MomentumOptimizer, "Momentum"),
    "adagrad": (tf.AdagradOptimizer, "Adagrad"),
    "adadelta": (tf.AdadeltaOptimizer, "Adadelta"),
    "adam": (tf.AdamOptimizer, "Adam"),
    "adamax": (tf.AdamaxOptimizer, "Adamax"),
    "rmsprop": (tf.RMSPropOptimizer, "RMSProp"),
    "rmsprop_centered": (tf.RMSPropOptimizer, "RMSProp"),
}


@pytest.mark.parametrize("name", FACTORIES)
def test_from_config_rebuilds_the_optimizer(name):
    optimizer = FACTORIES[name]()
    cls, class_name = CLASSES[name]
    assert type(optimizer) is cls and isinstance(optimizer, tf.Optimizer)
    assert optimizer.get_class_name() == class_name == cls.class_name
    config = optimizer.get_config()
    copy = cls.from_config(config)
    assert type(copy) is cls and copy.get_config() == config
    snake = {"_".join(part.lower() for part in _split_camel(key)): value for key, value in config.items()}
    from_snake = cls.from_config(snake)
    assert from_snake.get_config() == config
    for made in (optimizer, copy, from_snake):
        made.dispose()


def _split_camel(key: str) -> list[str]:
    import re

    return re.findall(r"[a-z0-9]+|[A-Z][a-z0-9]*", key)


def test_defaults_are_tfjs_defaults():
    made = [
        tf.train.adam(),
        tf.train.adadelta(),
        tf.train.adamax(),
        tf.train.rmsprop(0.1),
        tf.train.adagrad(0.1),
        tf.train.momentum(0.1, 0.2),
    ]
    configs = [optimizer.get_config() for optimizer in made]
    assert configs == [
        {"learningRate": 0.001, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-7},
        {"learningRate": 0.001, "rho": 0.95, "epsilon": 1e-7},
        {"learningRate": 0.002, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-7, "decay": 0.0},
        {"learningRate": 0.1, "decay": 0.9, "momentum": 0.0, "epsilon": 1e-7, "centered": False},
        {"learningRate": 0.1, "initialAccumulatorValue": 0.1},
        {"learningRate": 0.1, "momentum": 0.2, "useNesterov": False},
    ]
    for optimizer in made:
        optimizer.dispose()


# ---- bad input ------------------------------------------------------------------------

LEARNING_RATE_TAKERS = {
    "sgd": (tf.train.sgd, "SGDOptimizer"),
    "momentum": (lambda lr: tf.train.momentum(lr, 0.9), "MomentumOptimizer"),
    "adagrad": (tf.train.adagrad, "AdagradOptimizer"),
    "adadelta": (tf.train.adadelta, "AdadeltaOptimizer"),
    "adam": (tf.train.adam, "AdamOptimizer"),
    "adamax": (tf.train.adamax, "AdamaxOptimizer"),
    "rmsprop": (tf.train.rmsprop, "RMSPropOptimizer"),
}


@pytest.mark.parametrize("name", LEARNING_RATE_TAKERS)
@pytest.mark.parametrize("bad", [math.nan, -0.1, math.inf])
def test_a_nan_negative_or_infinite_learning_rate_is_refused(name, bad):
    make, owner = LEARNING_RATE_TAKERS[name]
    start = counts()
    with raises_with(ValueError, owner, "learning_rate must be a finite number >= 0", repr(bad)):
        make(bad)
    assert counts() == start


@pytest.mark.parametrize("name", LEARNING_RATE_TAKERS)
def test_a_learning_rate_that_is_not_a_number_is_refused(name):
    make, owner = LEARNING_RATE_TAKERS[name]
    with raises_with(TypeError, owner, "learning_rate must be a number, got '0.1'"):
        make("0.1")


def test_rmsprop_needs_a_learning_rate():
    with raises_with(ValueError, "learning_rate for RMSPropOptimizer must be defined."):
        tf.train.rmsprop(None)


@pytest.mark.parametrize(
    ("make", "fragments"),
    [
        (lambda: tf.train.momentum(0.1, math.nan), ("MomentumOptimizer: momentum must be", "nan")),
        (lambda: tf.train.momentum(0.1, -1), ("MomentumOptimizer: momentum must be a finite number >= 0",)),
        (lambda: tf.train.adagrad(0.1, -1), ("initial_accumulator_value must be",)),
        (
            lambda: tf.train.adadelta(0.1, 1.5),
            ("AdadeltaOptimizer: rho must be a number in [0, 1], got 1.5",),
        ),
        (lambda: tf.train.adadelta(0.1, 0.9, math.nan), ("AdadeltaOptimizer: epsilon must be",)),
        (lambda: tf.train.adam(0.1, 1.0), ("AdamOptimizer: beta1 must be a number in [0, 1), got 1.0",)),
        (lambda: tf.train.adam(0.1, 0.9, math.nan), ("AdamOptimizer: beta2 must be",)),
        (lambda: tf.train.adam(0.1, 0.9, 0.999, -1e-8), ("AdamOptimizer: epsilon must be",)),
        (lambda: tf.train.adamax(0.1, 0.9, 0.999, None, -0.5), ("AdamaxOptimizer: decay must be",)),
        (lambda: tf.train.rmsprop(0.1, math.nan), ("RMSPropOptimizer: decay must be a number in [0, 1]",)),
        (lambda: tf.train.rmsprop(0.1, 0.9, -0.5), ("RMSPropOptimizer: momentum must be",)),
    ],
)
def test_bad_hyperparameters_are_refused(make, fragments):
    start = counts()
    with raises_with(ValueError, *fragments):
        make()
    assert counts() == start


def test_set_learning_rate_checks_its_argument():
    optimizer = tf.train.sgd(0.1)
    with raises_with(ValueError, "SGDOptimizer: learning_rate must be a finite number >= 0, got nan"):
        optimizer.set_learning_rate(math.nan)
    assert optimizer.learning_rate == 0.1
    optimizer.dispose()


def test_var_list_must_hold_variables(model):
    optimizer = tf.train.sgd(0.1)
    with raises_with(TypeError, "var_list", "must be an array of variables"):
        optimizer.minimize(model.loss, var_list=[model.w, model.xs])
    with raises_with(TypeError, "var_list", "must be an array of variables"):
        optimizer.compute_gradients(model.loss, var_list=model.w)
    optimizer.dispose()


def test_the_loss_must_be_a_scalar(model):
    optimizer = tf.train.adam(0.1)
    start = counts()
    with raises_with(ValueError, "must return a scalar", "rank-1"):
        optimizer.minimize(lambda: tf.square(tf.sub(model.w, 1)))
    assert counts() == start
    assert model.w.array_sync() == pytest.approx([0.3, -0.7])
    optimizer.dispose()


def test_a_loss_no_variable_reaches_is_refused(model):
    optimizer = tf.train.sgd(0.1)
    with raises_with(ValueError, "Cannot find a connection between any variable and the result"):
        optimizer.minimize(lambda: tf.scalar(3.0), var_list=[model.w])
    optimizer.dispose()


def test_apply_gradients_bad_input(model):
    optimizer = tf.train.momentum(0.1, 0.9)
    with scope():
        with raises_with(
            ValueError, "MomentumOptimizer.apply_gradients", "no variable named 'nope' is registered"
        ):
            optimizer.apply_gradients({"nope": tf.scalar(1.0)})
        with raises_with(TypeError, "a list of gradients must hold {'name': ..., 'tensor': ...} dicts"):
            optimizer.apply_gradients([model.w])
        with raises_with(TypeError, "variable_gradients must be a dict of name -> gradient or a list"):
            optimizer.apply_gradients(model.w)
        with raises_with(ValueError, "the gradient of 'w' has shape [3] but the variable has shape [2]"):
            optimizer.apply_gradients({"w": tf.tensor1d([1.0, 2.0, 3.0])})
    optimizer.dispose()


def test_apply_gradients_for_a_disposed_variable():
    v = tf.variable(1.0, name="gone")
    optimizer = tf.train.sgd(0.1)
    v.dispose()
    with scope(), raises_with(ValueError, "no variable named 'gone' is registered (was it disposed?)"):
        optimizer.apply_gradients({"gone": tf.scalar(1.0)})
    optimizer.dispose()


def test_numpy_numbers_are_taken_as_javascript_numbers():
    optimizer = tf.train.adam(np.float32(0.1), np.float32(0.9))
    assert type(optimizer.learning_rate) is float and optimizer.beta1 == float(np.float32(0.9))
    optimizer.dispose()

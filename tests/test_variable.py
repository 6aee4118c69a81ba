"""tf.variable / tf.Variable: a mutable tensor registered by name, shared with its
initial value, untouched by tidy, replaced in place by assign (TF.js's semantics)."""

from __future__ import annotations

import pytest

import tfjs as tf
from tests.helpers import raises_with


@pytest.fixture(autouse=True)
def _no_variables_left():
    """Each test starts with no registered variable and must dispose the ones it makes."""
    registry = tf.engine().registered_variables
    assert not registry, "a previous test left variables registered"
    yield
    leftover = sorted(registry)
    tf.dispose_variables()
    assert not leftover, f"test left variables registered: {leftover}"


def counts() -> tuple[int, int, int]:
    memory = tf.memory()
    return memory["num_tensors"], memory["num_data_buffers"], memory["num_bytes"]


def test_variable_shares_the_initial_tensor_buffer(backend):
    initial = tf.tensor([[1, 2], [3, 4]])
    tensors, buffers, num_bytes = counts()
    v = tf.variable(initial)
    assert counts() == (tensors + 1, buffers, num_bytes)
    assert isinstance(v, tf.Variable)
    assert isinstance(v, tf.Tensor)
    assert v.data_id is initial.data_id
    assert (v.shape, v.dtype, v.rank, v.size) == ((2, 2), "float32", 2, 4)
    assert v.id != initial.id
    assert v.array_sync() == [[1, 2], [3, 4]]
    initial.dispose()  # the variable keeps the buffer alive
    assert counts() == (tensors, buffers, num_bytes)
    assert v.array_sync() == [[1, 2], [3, 4]]
    v.dispose()
    assert counts() == (tensors - 1, buffers - 1, num_bytes - 16)


@pytest.mark.parametrize(
    ("initial", "dtype", "expected"),
    [
        ([1, 2, 3], "float32", [1.0, 2.0, 3.0]),
        ([[True, False]], "bool", [[True, False]]),
        ("s", "string", "s"),
        (4, "float32", 4.0),
    ],
)
def test_variable_of_tensor_like(initial, dtype, expected, backend):
    tensors = tf.memory()["num_tensors"]
    v = tf.variable(initial)
    assert tf.memory()["num_tensors"] == tensors + 1  # the converted value is not left over
    assert (v.dtype, v.array_sync()) == (dtype, expected)
    v.dispose()


def test_variable_with_dtype_casts(backend):
    initial = tf.tensor([1.7, -2.5])
    tensors, buffers, _ = counts()
    v = tf.variable(initial, dtype="int32")
    assert counts()[:2] == (tensors + 1, buffers + 1)  # the cast made one new buffer
    assert (v.dtype, v.array_sync()) == ("int32", [1, -2])
    assert initial.dtype == "float32"
    tf.dispose([v, initial])


def test_variable_with_unknown_dtype():
    before = counts()
    with pytest.raises(ValueError, match="'float64'"):
        tf.variable([1.0], dtype="float64")
    assert counts() == before


def test_names_and_registration():
    a = tf.variable(1.0)
    b = tf.variable(2.0)
    registry = tf.engine().registered_variables
    assert isinstance(a.name, str)
    assert a.name != b.name  # unnamed variables get unique names
    assert registry[a.name] is a
    assert registry[b.name] is b
    named = tf.variable([1.0], name="weights")
    assert named.name == "weights"
    assert registry["weights"] is named
    tf.dispose([a, b, named])
    assert tf.engine().registered_variables == {}


@pytest.mark.parametrize(
    "initial",
    [lambda: [5.0, 6.0], lambda: tf.tensor([5.0, 6.0]), lambda: 5],
)
def test_duplicate_name_leaves_nothing_behind(initial):
    v = tf.variable([1.0, 2.0], name="w")
    value = initial()
    before = counts()
    backend_buffers = tf.backend().num_data_ids()
    with pytest.raises(ValueError, match="Variable with name w was already registered"):
        tf.variable(value, name="w")
    assert counts() == before
    assert tf.backend().num_data_ids() == backend_buffers
    assert list(tf.engine().registered_variables) == ["w"]
    assert tf.engine().registered_variables["w"] is v
    assert v.array_sync() == [1.0, 2.0]
    tf.dispose([v, value])


def test_name_must_be_a_string():
    before = counts()
    with pytest.raises(TypeError, match=r"name.*5"):
        tf.variable([1.0], name=5)
    assert counts() == before


def test_name_is_free_again_after_dispose():
    v = tf.variable([1.0], name="reused")
    v.dispose()
    assert "reused" not in tf.engine().registered_variables
    w = tf.variable([2.0], name="reused")
    assert tf.engine().registered_variables["reused"] is w
    v.dispose()  # disposing the old one again does not unregister the new one
    assert tf.engine().registered_variables["reused"] is w
    w.dispose()


def test_trainable_flag():
    default = tf.variable([1.0])
    frozen = tf.variable([1.0], False)
    named = tf.variable([1.0], trainable=False, name="frozen")
    assert default.trainable is True
    assert frozen.trainable is False
    assert named.trainable is False
    tf.dispose([default, frozen, named])


def test_assign(backend):
    initial = tf.tensor([1, 2, 3])
    v = tf.variable(initial)
    initial.dispose()
    new = tf.tensor([4, 5, 6])
    tensors, buffers, num_bytes = counts()
    result = v.assign(new)
    assert result is None
    assert v.array_sync() == [4.0, 5.0, 6.0]
    assert v.data_id is new.data_id  # shares the new value's buffer
    assert counts() == (tensors, buffers - 1, num_bytes - 12)  # the old buffer is freed
    assert not v.is_disposed
    new.dispose()
    assert tf.tidy(lambda: (v + 1).array_sync()) == [5.0, 6.0, 7.0]
    v.dispose()
    assert counts() == (tensors - 2, buffers - 2, num_bytes - 24)


def test_assign_keeps_a_buffer_still_shared(backend):
    initial = tf.tensor([1.0])
    v = tf.variable(initial)
    new = tf.tensor([2.0])
    v.assign(new)
    assert initial.array_sync() == [1.0]  # the initial tensor still owns its buffer
    assert v.array_sync() == [2.0]
    v.assign(v)  # assigning itself changes nothing
    assert v.array_sync() == [2.0]
    tf.dispose([initial, new, v])


def test_assign_string_variable(backend):
    v = tf.variable(["a", "b"])
    new = tf.tensor(["c", "d"])
    v.assign(new)
    assert v.array_sync() == ["c", "d"]
    tf.dispose([v, new])


@pytest.mark.parametrize(
    ("new_value", "error", "texts"),
    [
        (lambda: tf.tensor([1, 2, 3], None, "int32"), TypeError, ["int32", "float32"]),
        (lambda: tf.tensor([True, False, True]), TypeError, ["bool", "float32"]),
        (lambda: tf.tensor([1, 2]), ValueError, ["[2]", "[3]"]),
        (lambda: tf.tensor([[1, 2, 3]]), ValueError, ["[1, 3]", "[3]"]),
        (lambda: tf.scalar(1), ValueError, ["[]", "[3]"]),
    ],
)
def test_assign_mismatch(new_value, error, texts, backend):
    v = tf.variable([1, 2, 3])
    value = new_value()
    before = counts()
    with raises_with(error, *texts):
        v.assign(value)
    assert counts() == before
    assert v.array_sync() == [1.0, 2.0, 3.0]
    tf.dispose([v, value])


def test_assign_bad_values():
    v = tf.variable([1.0, 2.0])
    with pytest.raises(TypeError, match="list"):
        v.assign([3.0, 4.0])
    disposed = tf.tensor([3.0, 4.0])
    disposed.dispose()
    with pytest.raises(ValueError, match="disposed"):
        v.assign(disposed)
    assert v.array_sync() == [1.0, 2.0]
    v.dispose()
    live = tf.tensor([5.0, 6.0])
    with pytest.raises(ValueError, match="disposed"):
        v.assign(live)
    assert v.is_disposed
    live.dispose()


def test_tidy_does_not_dispose_variables(backend):
    def make():
        inner = tf.variable(tf.tensor([1.0, 2.0]), name="inner")
        scratch = inner.add(1)
        return scratch.mul(2)

    tensors = tf.memory()["num_tensors"]
    result = tf.tidy(make)
    inner = tf.engine().registered_variables["inner"]
    assert not inner.is_disposed
    assert inner.array_sync() == [1.0, 2.0]
    assert result.array_sync() == [4.0, 6.0]
    assert tf.memory()["num_tensors"] == tensors + 2  # the variable and the result
    returned = tf.tidy(lambda: tf.variable([3.0], name="returned"))
    assert not returned.is_disposed
    assert returned.array_sync() == [3.0]
    tf.dispose([result, inner, returned])


def test_tidy_disposes_what_is_made_from_a_variable(backend):
    v = tf.variable([1.0, 2.0])
    tensors = tf.memory()["num_tensors"]
    total = tf.tidy(lambda: (v * 2).add(v).sum())
    assert total.array_sync() == 9.0
    assert tf.memory()["num_tensors"] == tensors + 1
    tf.dispose([total, v])


def test_dispose_unregisters(backend):
    v = tf.variable([1.0], name="gone")
    tensors = tf.memory()["num_tensors"]
    v.dispose()
    assert v.is_disposed
    assert "gone" not in tf.engine().registered_variables
    assert tf.memory()["num_tensors"] == tensors - 1
    v.dispose()
    assert tf.memory()["num_tensors"] == tensors - 1
    with pytest.raises(ValueError, match="disposed"):
        v.data_sync()
    with pytest.raises(ValueError, match="disposed"):
        tf.add(v, 1)
    assert "disposed" in repr(v)


def test_tf_dispose_unregisters():
    v = tf.variable([1.0], name="through_dispose")
    tf.dispose({"weights": [v]})
    assert v.is_disposed
    assert "through_dispose" not in tf.engine().registered_variables


def test_dispose_variables():
    tensors, buffers, num_bytes = counts()
    made = [tf.variable([1.0, 2.0]), tf.variable([True], name="flag"), tf.variable(["x"])]
    assert len(tf.engine().registered_variables) == 3
    assert tf.memory()["num_tensors"] == tensors + 3
    tf.dispose_variables()
    assert tf.engine().registered_variables == {}
    assert all(v.is_disposed for v in made)
    assert counts() == (tensors, buffers, num_bytes)
    tf.dispose_variables()  # nothing left to dispose
    assert counts() == (tensors, buffers, num_bytes)


def test_variables_in_ops(backend):
    v = tf.variable([[1, 2], [3, 4]])

    def use() -> None:
        assert (v + v).array_sync() == [[2, 4], [6, 8]]
        assert tf.mat_mul(v, v).array_sync() == [[7, 10], [15, 22]]
        assert v[1].array_sync() == [3, 4]
        assert v.sum().array_sync() == 10
        assert float(v[0, 1]) == 2.0

    tf.tidy(use)
    assert not v.is_disposed
    v.dispose()


def test_automatic_names_skip_names_users_took():
    taken = [tf.variable(0, name=str(i)) for i in range(200)]
    try:
        made = tf.variable(1)
        assert made.name not in {v.name for v in taken}
        made.dispose()
    finally:
        tf.dispose(taken)

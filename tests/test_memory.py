"""Memory: tf.memory()'s exact counts, shared buffers, dispose, keep and tidy (TF.js's
engine_test.ts "memory" and "tidy" suites)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import tfjs as tf
from tests.twin_backend import TWIN


def _counts() -> tuple[int, int, int]:
    info = tf.memory()
    return info["num_tensors"], info["num_data_buffers"], info["num_bytes"]


def _delta(before: tuple[int, int, int]) -> tuple[int, int, int]:
    """(tensors, buffers, bytes) added since `before`."""
    now = _counts()
    return now[0] - before[0], now[1] - before[1], now[2] - before[2]


def _all_backend_data_ids() -> int:
    engine = tf.engine()
    return sum(engine.find_backend(name).num_data_ids() for name in engine.registered_backends())


# ---- tf.memory() ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "dtype", "num_bytes"),
    [
        ([[1, 2, 3], [4, 5, 6]], "float32", 6 * 4),
        (7, "float32", 4),
        ([1, 2, 3, 4, 5], "int32", 5 * 4),
        ([True, False, True, True], "bool", 4 * 1),
        ([1 + 2j, 3, -1j], "complex64", 3 * 8),
        ([], "float32", 0),
        (["a", "héllo", "日本"], "string", 1 + 6 + 6),  # UTF-8: é is 2 bytes, 日 and 本 3
        ([["ab", ""], ["", "xyz"]], "string", 2 + 0 + 0 + 3),
    ],
)
def test_memory_counts_one_tensor_exactly(backend, values: Any, dtype: str, num_bytes: int):
    before = _counts()
    t = tf.tensor(values, dtype=dtype)
    assert t.dtype == dtype
    assert _delta(before) == (1, 1, num_bytes)
    t.dispose()
    assert _delta(before) == (0, 0, 0)


def test_memory_counts_many_tensors():
    before = _counts()
    a = tf.tensor([1, 2, 3, 4])  # 16 bytes
    b = tf.ones([2, 3], "int32")  # 24 bytes
    c = tf.zeros([5], "bool")  # 5 bytes
    assert _delta(before) == (3, 3, 45)
    b.dispose()
    assert _delta(before) == (2, 2, 21)
    tf.dispose([a, c])
    assert _delta(before) == (0, 0, 0)


def test_memory_of_kernel_outputs():
    a = tf.tensor([[1, 2], [3, 4]])
    before = _counts()
    total = tf.sum(a)  # float32 scalar
    ints = tf.cast(a, "int32")  # 4 int32
    flags = tf.greater(a, 2)  # 4 bool
    assert _delta(before) == (3, 3, 4 + 16 + 4)
    tf.dispose([a, total, ints, flags])


def test_memory_keys_and_reliability():
    info = tf.memory()
    assert {"num_tensors", "num_data_buffers", "num_bytes", "unreliable", "reasons"} <= set(info)
    assert info["unreliable"] is False
    assert info["reasons"] == []
    text = tf.tensor(["hello"])
    info = tf.memory()
    assert info["unreliable"] is True
    assert len(info["reasons"]) == 1
    assert "string" in info["reasons"][0]
    text.dispose()
    info = tf.memory()
    assert info["unreliable"] is False
    assert info["reasons"] == []


def test_a_reshaped_string_tensor_shares_its_utf8_bytes():
    before = _counts()
    text = tf.tensor(["añb", "c"])  # 4 + 1 bytes
    assert _delta(before) == (1, 1, 5)
    before = _counts()
    reshaped = tf.reshape(text, [2, 1])  # shares the buffer
    assert _delta(before) == (1, 0, 0)
    assert tf.memory()["unreliable"] is True
    tf.dispose([text, reshaped])
    assert tf.memory()["unreliable"] is False


def test_a_string_tensor_made_by_a_kernel_counts_its_own_utf8_bytes():
    text = tf.tensor(["ab", "cdé", "f"])  # 2 + 4 + 1 bytes
    raw = tf.tensor([b"\xff\x00", b"a"], dtype="string")  # bytes count as they are: 2 + 1
    before = _counts()
    tail = text[1:]  # a new buffer holding "cdé", "f"
    assert tail.dtype == "string"
    assert _delta(before) == (1, 1, 4 + 1)
    tf.dispose([text, raw])
    assert _delta(before) == (1 - 2, 1 - 2, 5 - 7 - 3)
    tail.dispose()


def test_reshape_and_clone_share_one_buffer(backend):
    before = _counts()
    backend_before = tf.backend().num_data_ids()
    a = tf.tensor([[1, 2], [3, 4]])
    b = a.reshape([4])
    c = tf.clone(a)
    d = b.flatten()
    assert _delta(before) == (4, 1, 16)
    assert tf.backend().num_data_ids() == backend_before + 1

    a.dispose()
    assert _delta(before) == (3, 1, 16)  # the buffer lives while others share it
    assert b.array_sync() == [1.0, 2.0, 3.0, 4.0]
    c.dispose()
    b.dispose()
    assert _delta(before) == (1, 1, 16)
    assert d.array_sync() == [1.0, 2.0, 3.0, 4.0]
    d.dispose()  # the last one frees it
    assert _delta(before) == (0, 0, 0)
    assert tf.backend().num_data_ids() == backend_before


def test_a_shared_buffer_moves_once_for_all_its_tensors():
    a = tf.tensor([1, 2, 3])
    b = tf.reshape(a, [3, 1])
    before = _counts()
    tf.set_backend(TWIN)
    y = tf.square(b)
    assert tf.engine().backend_of(a) == TWIN  # a shares b's buffer, which moved
    assert _delta(before) == (1, 1, 12)
    assert a.array_sync() == [1.0, 2.0, 3.0]
    assert y.array_sync() == [[1.0], [4.0], [9.0]]
    tf.dispose([a, b, y])


def test_variables_share_the_buffer_of_their_initial_value():
    before = _counts()
    initial = tf.tensor([1, 2, 3])
    v = tf.variable(initial)
    assert _delta(before) == (2, 1, 12)
    initial.dispose()
    assert v.array_sync() == [1.0, 2.0, 3.0]
    assert _delta(before) == (1, 1, 12)
    new_value = tf.tensor([4, 5, 6])
    v.assign(new_value)  # the old buffer goes, v now shares new_value's
    assert _delta(before) == (2, 1, 12)
    assert v.array_sync() == [4.0, 5.0, 6.0]
    v.dispose()
    assert _delta(before) == (1, 1, 12)
    assert new_value.array_sync() == [4.0, 5.0, 6.0]
    new_value.dispose()
    assert _delta(before) == (0, 0, 0)


def test_backend_data_ids_equal_the_engine_buffer_count():
    assert _all_backend_data_ids() == tf.memory()["num_data_buffers"]
    a = tf.tensor([1, 2, 3])
    b = a.reshape([3, 1])
    tf.set_backend(TWIN)
    c = tf.tensor([4, 5])
    d = tf.add(c, 1)
    assert _all_backend_data_ids() == tf.memory()["num_data_buffers"]
    e = tf.square(b)  # moves a's buffer to twin
    assert _all_backend_data_ids() == tf.memory()["num_data_buffers"]
    tf.dispose([a, b, c, d, e])
    assert _all_backend_data_ids() == tf.memory()["num_data_buffers"]


# ---- dispose ----------------------------------------------------------------------------


def test_dispose_nested_containers():
    before = _counts()
    tensors = [tf.tensor([i]) for i in range(5)]
    container = {"a": [tensors[0], (tensors[1], {"b": tensors[2]})], "c": (tensors[3],), "d": tensors[4]}
    container["e"] = 5
    container["f"] = "not a tensor"
    container["g"] = None
    assert _delta(before) == (5, 5, 20)
    tf.dispose(container)
    assert all(t.is_disposed for t in tensors)
    assert _delta(before) == (0, 0, 0)


def test_dispose_accepts_a_tensor_a_tuple_and_non_tensors():
    before = _counts()
    a, b = tf.tensor([1]), tf.tensor([2])
    tf.dispose(a)
    assert a.is_disposed
    assert not b.is_disposed
    tf.dispose((b,))
    assert b.is_disposed
    tf.dispose(None)
    tf.dispose([1, "x", {"k": 2.0}])
    assert _delta(before) == (0, 0, 0)


def test_double_dispose_is_a_no_op():
    before = _counts()
    a = tf.tensor([1, 2])
    b = a.reshape([2, 1])
    a.dispose()
    a.dispose()
    tf.dispose([a, a])
    assert a.is_disposed
    # b still holds the buffer: a's extra disposes did not release it.
    assert _delta(before) == (1, 1, 8)
    assert b.array_sync() == [[1.0], [2.0]]
    b.dispose()
    b.dispose()
    assert _delta(before) == (0, 0, 0)


def test_a_disposed_tensor_can_not_be_read():
    t = tf.tensor([1, 2])
    t.dispose()
    with pytest.raises(ValueError, match="disposed"):
        t.data_sync()
    with pytest.raises(ValueError, match="disposed"):
        asyncio.run(t.data())
    with pytest.raises(ValueError, match="disposed"):
        t.array_sync()


# ---- tidy -------------------------------------------------------------------------------


def test_tidy_returns_a_tensor_and_frees_the_rest():
    before = _counts()
    made: list[tf.Tensor] = []

    def fn() -> tf.Tensor:
        x = tf.tensor([1, 2])
        y = tf.square(x)
        made.extend([x, y])
        return y.add(1)

    result = tf.tidy(fn)
    assert result.array_sync() == [2.0, 5.0]
    assert not result.is_disposed
    assert all(t.is_disposed for t in made)
    assert _delta(before) == (1, 1, 8)
    result.dispose()
    assert _delta(before) == (0, 0, 0)


def test_tidy_returns_a_list():
    before = _counts()
    made: list[tf.Tensor] = []

    def fn() -> list[tf.Tensor]:
        x = tf.tensor([1, 2, 3])
        made.append(x)
        return [x.square(), x.neg()]

    result = tf.tidy(fn)
    assert isinstance(result, list)
    assert [r.array_sync() for r in result] == [[1.0, 4.0, 9.0], [-1.0, -2.0, -3.0]]
    assert made[0].is_disposed
    assert _delta(before) == (2, 2, 24)
    tf.dispose(result)
    assert _delta(before) == (0, 0, 0)


def test_tidy_returns_a_dict_and_nested_containers():
    before = _counts()
    made: list[tf.Tensor] = []

    def fn() -> dict[str, Any]:
        x = tf.tensor([2])
        squared = x.square()
        cubed = squared.mul(x)
        fourth = squared.square()
        made.extend([x, squared])
        return {"cubed": cubed, "nested": [(fourth, {"again": cubed}), "text", 3], "none": None}

    result = tf.tidy(fn)
    assert result["cubed"].array_sync() == [8.0]
    assert result["nested"][0][0].array_sync() == [16.0]
    assert result["nested"][0][1]["again"] is result["cubed"]
    assert result["nested"][1:] == ["text", 3]
    assert all(t.is_disposed for t in made)
    assert _delta(before) == (2, 2, 8)
    tf.dispose(result)
    assert _delta(before) == (0, 0, 0)


def test_tidy_returning_a_tensor_that_shares_a_buffer_keeps_the_buffer():
    before = _counts()
    result = tf.tidy(lambda: tf.tensor([[1, 2], [3, 4]]).reshape([4]))
    assert _delta(before) == (1, 1, 16)
    assert result.array_sync() == [1.0, 2.0, 3.0, 4.0]
    result.dispose()
    assert _delta(before) == (0, 0, 0)


def test_tidy_returning_nothing_or_a_number_frees_everything():
    before = _counts()
    assert tf.tidy(lambda: [tf.tensor([1]), None][1]) is None
    assert tf.tidy(lambda: tf.tensor([3, 4]).sum().array_sync()) == 7.0
    assert _delta(before) == (0, 0, 0)


def test_tidy_does_not_dispose_tensors_made_outside():
    outside = tf.tensor([1, 2])
    before = _counts()
    result = tf.tidy(lambda: outside)  # returning an outer tensor is allowed
    assert result is outside

    def fn() -> None:
        outside.add(1)

    tf.tidy(fn)
    assert not outside.is_disposed
    assert _delta(before) == (0, 0, 0)
    outside.dispose()


def test_tidy_with_a_name():
    before = _counts()
    result = tf.tidy("my scope", lambda: tf.tensor([3]).square())
    assert result.array_sync() == [9.0]
    assert _delta(before) == (1, 1, 4)
    result.dispose()
    with pytest.raises(TypeError, match="name must be a string"):
        tf.tidy(5, lambda: None)


def test_nested_tidy():
    before = _counts()
    made: dict[str, tf.Tensor] = {}

    def inner() -> tf.Tensor:
        made["inner_temp"] = tf.tensor([1, 2])
        return made["inner_temp"].add(1)

    def outer() -> tf.Tensor:
        made["outer_temp"] = tf.tensor([10, 20])
        made["dropped"] = tf.tidy(inner)  # returned by inner, not by outer
        assert made["inner_temp"].is_disposed
        assert not made["dropped"].is_disposed
        made["returned"] = tf.tidy(inner)
        return made["returned"].mul(made["outer_temp"])

    result = tf.tidy(outer)
    assert result.array_sync() == [20.0, 60.0]
    for key in ("inner_temp", "outer_temp", "dropped", "returned"):
        assert made[key].is_disposed, key
    assert _delta(before) == (1, 1, 8)
    result.dispose()


def test_a_result_returned_through_two_tidies_survives():
    before = _counts()
    result = tf.tidy(lambda: tf.tidy(lambda: tf.tidy(lambda: tf.tensor([5]).square())))
    assert result.array_sync() == [25.0]
    assert _delta(before) == (1, 1, 4)
    result.dispose()


def test_keep_inside_tidy():
    before = _counts()
    kept: list[tf.Tensor] = []

    def fn() -> None:
        kept.append(tf.keep(tf.tensor([1, 2])))
        tf.tensor([3])
        kept.append(tf.tidy(lambda: tf.keep(tf.tensor([4]).square())))  # kept in a nested tidy

    assert tf.tidy(fn) is None
    assert [t.is_disposed for t in kept] == [False, False]
    assert kept[0].array_sync() == [1.0, 2.0]
    assert kept[1].array_sync() == [16.0]
    assert _delta(before) == (2, 2, 12)
    tf.dispose(kept)
    assert _delta(before) == (0, 0, 0)


def test_keep_returns_its_tensor_and_rejects_non_tensors():
    t = tf.tensor([1])
    assert tf.keep(t) is t
    t.dispose()
    with pytest.raises(TypeError, match="Tensor"):
        tf.keep([1, 2])


def test_an_exception_inside_tidy_frees_everything_and_propagates():
    before = _counts()
    made: list[tf.Tensor] = []
    kept: list[tf.Tensor] = []

    def fn() -> tf.Tensor:
        x = tf.tensor([1, 2, 3])
        made.extend([x, x.square(), tf.tidy(lambda: x.add(1))])
        kept.append(tf.keep(tf.tensor([7])))
        raise ArithmeticError("boom")

    with pytest.raises(ArithmeticError, match="boom"):
        tf.tidy(fn)
    assert all(t.is_disposed for t in made)
    assert not kept[0].is_disposed
    assert _delta(before) == (1, 1, 4)
    kept[0].dispose()
    assert _delta(before) == (0, 0, 0)
    # The engine's scope stack is back to normal: the next tidy works.
    result = tf.tidy(lambda: tf.tensor([1]).add(1))
    assert result.array_sync() == [2.0]
    result.dispose()


def test_an_exception_in_a_nested_tidy_caught_by_the_outer_one():
    before = _counts()

    def failing() -> None:
        tf.tensor([1, 2])
        raise KeyError("inner")

    def outer() -> tf.Tensor:
        survivor = tf.tensor([3])
        with pytest.raises(KeyError):
            tf.tidy(failing)
        return survivor.square()

    result = tf.tidy(outer)
    assert result.array_sync() == [9.0]
    assert _delta(before) == (1, 1, 4)
    result.dispose()


def test_tidy_rejects_a_coroutine_and_leaks_nothing():
    before = _counts()
    made: list[tf.Tensor] = []

    async def later(t: tf.Tensor) -> tf.Tensor:
        return t.square()

    def fn() -> Any:
        made.append(tf.tensor([1, 2]))
        return later(made[0])

    with pytest.raises(TypeError, match="coroutine"):
        tf.tidy(fn)
    assert made[0].is_disposed
    assert _delta(before) == (0, 0, 0)

    async def directly() -> None:
        return None

    with pytest.raises(TypeError, match="coroutine"):
        tf.tidy(directly)


@pytest.mark.parametrize("args", [(5,), (None,), ("just a name",), ("name", "not callable"), ("name", None)])
def test_tidy_needs_a_function(args: tuple[Any, ...]):
    before = _counts()
    with pytest.raises(TypeError):
        tf.tidy(*args)
    assert _delta(before) == (0, 0, 0)
    # No scope was left open: a tensor made now is not freed by a stray scope.
    t = tf.tensor([1])
    tf.tidy(lambda: None)
    assert not t.is_disposed
    t.dispose()


def test_variables_are_not_freed_by_tidy():
    before = _counts()
    made: list[tf.Variable] = []

    def fn() -> None:
        made.append(tf.variable(tf.tensor([1, 2])))

    assert tf.tidy(fn) is None
    # The variable survives; only its temporary initial tensor went.
    assert not made[0].is_disposed
    assert _delta(before) == (1, 1, 8)
    assert made[0].array_sync() == [1.0, 2.0]
    made[0].dispose()
    assert _delta(before) == (0, 0, 0)


def test_ten_thousand_tidy_iterations_leave_memory_exactly_as_before(backend):
    """THE REQUIRED TEST: a long loop of tidy'd op chains leaks nothing at all."""
    x = tf.tensor([1, 2, 3, 4])
    before = tf.memory()
    backend_ids = tf.backend().num_data_ids()

    def chain() -> tf.Tensor:
        return x.add(1).mul(2).square().sub(x).mean()

    def chain_returning_nothing() -> None:
        chain()

    for i in range(10_000):
        if i % 2:
            assert tf.tidy(chain_returning_nothing) is None
            continue
        result = tf.tidy(chain)
        if i == 0:
            # ((x + 1) * 2)^2 - x = [15, 34, 61, 96], mean 206 / 4
            assert result.array_sync() == 51.5
        result.dispose()
    after = tf.memory()
    assert after["num_tensors"] == before["num_tensors"]
    assert after["num_data_buffers"] == before["num_data_buffers"]
    assert after["num_bytes"] == before["num_bytes"]
    assert tf.backend().num_data_ids() == backend_ids
    x.dispose()

"""tfjs/tensor_size.py: the size check of every op that makes a tensor (issue 13, defect 7).
The op-by-op sweep, run under a memory cap, is tests/fuzz/test_huge_sizes.py."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with
from tfjs.tensor_size import MAX_TENSOR_ELEMENTS, TensorTooLargeError, check_tensor_size


def test_the_error_names_the_op_the_shape_and_the_bytes():
    with raises_with(
        TensorTooLargeError,
        "zeros: a tensor of shape [1000000,1000000] and dtype float32 needs 4000000000000 bytes (3.6 TiB)",
        "more than the memory available to the process",
    ):
        tf.zeros([10**6, 10**6])


def test_it_is_a_value_error():
    with pytest.raises(ValueError, match=r"^ones: "):
        tf.ones([10**6, 10**6], "int32")


def test_more_elements_than_a_shape_can_hold():
    with raises_with(TensorTooLargeError, "random_normal: a tensor of shape [1000000000,1000000000]"):
        tf.random_normal([10**9, 10**9], seed=1)
    assert MAX_TENSOR_ELEMENTS == 2**53 - 1


def test_an_empty_tensor_with_an_impossible_dimension():
    with raises_with(TensorTooLargeError, "fill: a tensor of shape [0,", "has a dimension of"):
        tf.fill([0, 2**60], 1.0)


def test_the_flag_sets_a_lower_cap(backend):
    tf.env().set("TENSOR_MAX_BYTES", 4000)
    tf.zeros([1000]).dispose()
    with raises_with(TensorTooLargeError, "zeros: a tensor of shape [1001]", "4004 bytes", "MAX_BYTES"):
        tf.zeros([1001])
    x = tf.ones([2])
    with raises_with(TensorTooLargeError, "tile: a tensor of shape [2000]", "8000 bytes"):
        tf.tile(x, [1000])
    x.dispose()


def test_strings_count_a_reference_per_element():
    tf.env().set("TENSOR_MAX_BYTES", 80)
    with raises_with(TensorTooLargeError, "fill: a tensor of shape [11] and dtype string needs 88 bytes"):
        tf.fill([11], "a")


def test_small_tensors_are_not_checked_against_the_system():
    assert check_tensor_size((3, 4), "float32", "zeros", available_bytes=lambda: 0) == 12


def test_the_check_asks_the_backend_what_it_can_give():
    with raises_with(TensorTooLargeError, "more than the memory available to the process (100 bytes"):
        check_tensor_size((2**30,), "bool", "zeros", available_bytes=lambda: 100)


def test_a_kernel_that_runs_out_of_memory_says_which_kernel(monkeypatch):
    # NumPy's refusal is simulated: where the system overcommits memory (a GPU machine's
    # VM), a real 4 TB request was granted and the process killed as it filled the pages.
    def refused(*args: object, **kwargs: object) -> None:
        raise MemoryError("Unable to allocate 3.64 TiB for an array with shape (1000000, 1000000)")

    monkeypatch.setattr(np, "full", refused)
    fill = tf.get_kernel("Fill", "cpu").kernel_func
    backend = tf.backend()
    attrs = {"shape": (10**6, 10**6), "value": 0.0, "dtype": "float32"}
    with raises_with(TensorTooLargeError, "Fill: the cpu backend could not allocate memory for this kernel"):
        backend.execute(fill, {}, attrs)


def test_the_error_is_exported_for_users_to_catch():
    with pytest.raises(tf.TensorTooLargeError, match=r"^zeros: a tensor of shape \[1000000,1000000\]"):
        tf.zeros([10**6, 10**6])

"""`with tf.track_leaks() as report:`: which tensors made in a block are still alive at its
end, with the op that made them and the user's file and line."""

from __future__ import annotations

import os
import sys

import pytest

import tfjs as tf

THIS_FILE = os.path.abspath(__file__)


def _line() -> int:
    """The line of the caller."""
    return sys._getframe(1).f_lineno


def _same_file(filename: str) -> bool:
    return os.path.abspath(filename) == THIS_FILE


def test_a_leaked_tensor_is_reported_with_its_file_line_op_shape_and_dtype():
    with tf.track_leaks() as report:
        line = _line() + 1
        leaked = tf.tensor([[1, 2, 3]])
    assert report.finished
    assert bool(report) is True
    assert len(report.leaks) == 1
    leak = report.leaks[0]
    assert leak.id == leaked.id
    assert _same_file(leak.filename)
    assert leak.lineno == line
    assert leak.location == f"{leak.filename}:{line}"
    assert leak.op == "tensor"
    assert leak.shape == (1, 3)
    assert leak.dtype == "float32"
    assert leak.is_variable is False
    leaked.dispose()


def test_a_tensor_made_by_a_kernel_names_its_op_and_kernel():
    x = tf.tensor([1, 2], dtype="int32")
    with tf.track_leaks() as report:
        square_line = _line() + 1
        squared = tf.square(x)
        mean_line = _line() + 1
        chained = x.mean()  # a chained method: the line found is still this file's
    leaks = {leak.id: leak for leak in report.leaks}
    assert set(leaks) == {squared.id, chained.id}
    assert leaks[squared.id].op == "square"
    assert leaks[squared.id].kernel == "Square"
    assert leaks[squared.id].shape == (2,)
    assert leaks[squared.id].dtype == "int32"
    assert leaks[squared.id].lineno == square_line
    assert leaks[chained.id].op == "mean"
    assert leaks[chained.id].kernel == "Mean"
    assert leaks[chained.id].shape == ()
    assert leaks[chained.id].dtype == "float32"
    assert leaks[chained.id].lineno == mean_line
    tf.dispose([x, squared, chained])


def test_disposed_and_tidied_tensors_are_not_reported():
    outside = tf.tensor([1])
    with tf.track_leaks() as report:
        a = tf.tensor([1, 2])
        a.dispose()
        tf.dispose([tf.tensor([3]), {"b": tf.tensor([4])}])
        kept_by_tidy = tf.tidy(lambda: tf.square(tf.tensor([5])).add(1))
        kept_by_tidy.dispose()
        outside.dispose()  # made before the block: neither reported nor a problem
        tf.tidy(lambda: [tf.tensor([6]), None][1])
    assert report.leaks == []
    assert bool(report) is False
    assert str(report) == "No leaked tensors"


def test_only_what_tidy_returned_is_reported():
    with tf.track_leaks() as report:
        line = _line() + 1
        result = tf.tidy(lambda: tf.square(tf.tensor([3])))
    assert len(report.leaks) == 1
    leak = report.leaks[0]
    assert leak.id == result.id
    assert leak.op == "square"
    assert leak.shape == (1,)
    assert _same_file(leak.filename)
    assert leak.lineno == line
    result.dispose()


def test_str_lists_every_leak():
    with tf.track_leaks() as report:
        line = _line() + 1
        first = tf.tensor([1, 2], dtype="int32")
        second = tf.tensor([True])
    text = str(report)
    lines = text.splitlines()
    assert len(lines) == 3
    assert "2 tensor(s)" in lines[0]
    assert f"Tensor {first.id} (int32 [2]) made by 'tensor'" in lines[1]
    assert lines[1].endswith(f"test_leak_tracker.py:{line}")
    assert f"Tensor {second.id} (bool [1]) made by 'tensor'" in lines[2]
    assert lines[2].endswith(f"test_leak_tracker.py:{line + 1}")
    tf.dispose([first, second])


def test_a_variable_is_reported_as_a_variable():
    with tf.track_leaks() as report:
        line = _line() + 1
        v = tf.variable([1.5, 2.5, 3.5, 4.5], name="leaky_weights_of_test_leak_tracker")
    # The temporary tensor made from the list was freed; only the variable remains.
    assert len(report.leaks) == 1
    leak = report.leaks[0]
    assert leak.id == v.id
    assert leak.is_variable is True
    assert leak.op == "variable"
    assert leak.shape == (4,)
    assert leak.dtype == "float32"
    assert _same_file(leak.filename)
    assert leak.lineno == line
    assert str(leak).startswith(f"Variable {v.id} (float32 [4])")
    assert "Variable" in str(report)
    v.dispose()


def test_a_variable_of_a_tensor_leaves_the_tensor_too():
    with tf.track_leaks() as report:
        initial = tf.tensor([1, 2])
        v = tf.variable(initial)
    assert sorted((leak.id, leak.is_variable) for leak in report.leaks) == [(initial.id, False), (v.id, True)]
    tf.dispose([initial, v])


def test_nested_trackers_both_see_inner_leaks():
    with tf.track_leaks() as outer:
        a = tf.tensor([1])
        with tf.track_leaks() as inner:
            b = tf.tensor([2])
        c = tf.tensor([3])
    assert [leak.id for leak in inner.leaks] == [b.id]
    assert [leak.id for leak in outer.leaks] == [a.id, b.id, c.id]
    tf.dispose([a, b, c])


def test_the_report_is_finished_when_the_block_raises():
    made: list[tf.Tensor] = []
    with pytest.raises(KeyError), tf.track_leaks() as report:
        made.append(tf.tensor([1, 2, 3]))
        raise KeyError("stop")
    assert report.finished
    assert [leak.id for leak in report.leaks] == [made[0].id]
    assert tf.engine().leak_reports == []
    # Tensors made after the block are not recorded.
    later = tf.tensor([1])
    assert [leak.id for leak in report.leaks] == [made[0].id]
    tf.dispose([made, later])


def test_a_tensor_disposed_after_the_block_was_still_a_leak_at_its_end():
    with tf.track_leaks() as report:
        t = tf.tensor([[1.0]])
    t.dispose()
    assert [leak.id for leak in report.leaks] == [t.id]


def test_assigning_a_variable_made_before_the_block_is_not_a_leak():
    v = tf.variable([1, 2], name="assigned_in_test_leak_tracker")
    with tf.track_leaks() as report:
        new_value = tf.tensor([3, 4])
        v.assign(new_value)
        new_value.dispose()
    assert report.leaks == []
    assert v.array_sync() == [3.0, 4.0]
    v.dispose()


def test_a_variable_made_and_assigned_in_the_block_keeps_its_origin():
    with tf.track_leaks() as report:
        line = _line() + 1
        v = tf.variable([1, 2], name="made_and_assigned_in_test_leak_tracker")
        new_value = tf.tensor([5, 6])
        v.assign(new_value)
        new_value.dispose()
    assert [leak.id for leak in report.leaks] == [v.id]
    leaks = {leak.id: leak for leak in report.leaks}
    assert leaks[v.id].op == "variable"
    assert leaks[v.id].lineno == line
    assert leaks[v.id].is_variable
    v.dispose()

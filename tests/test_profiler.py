"""Debug mode, NaN checks, prod mode, tf.time and tf.profile (TF.js's profiler_test.ts,
engine_test.ts "profile" and debug-mode tests)."""

from __future__ import annotations

import logging
import re
import time
import warnings
from collections.abc import Iterator

import numpy as np
import pytest

import tfjs as tf
from tfjs.backends.backend import BackendTimingInfo, PendingMs

DEBUG_LOGGER = "tfjs.debug"


@pytest.fixture(autouse=True)
def _restore_debug_logger() -> Iterator[None]:
    """enable_debug_mode sets the level (and maybe a handler) of 'tfjs.debug': undo it."""
    logger = logging.getLogger(DEBUG_LOGGER)
    level, handlers = logger.level, list(logger.handlers)
    yield
    logger.setLevel(level)
    logger.handlers[:] = handlers


def _counts() -> tuple[int, int, int]:
    info = tf.memory()
    return info["num_tensors"], info["num_data_buffers"], info["num_bytes"]


def _kernel_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == DEBUG_LOGGER]


# ---- debug mode -------------------------------------------------------------------------


def test_debug_mode_logs_each_kernel(caplog):
    x = tf.tensor([[1, 2, 3], [4, 5, 6]])
    with caplog.at_level(logging.INFO, logger=DEBUG_LOGGER):
        tf.enable_debug_mode()
        assert tf.env().get("DEBUG") is True
        y = tf.square(x)
        total = tf.sum(y)
    lines = _kernel_lines(caplog)
    assert len(lines) == 2
    square, summed = lines
    # name, time in ms, output rank and shape, output size, input shapes
    assert square.split()[0] == "Square"
    assert re.search(r"\d+\.\d+ms", square)
    assert float(re.search(r"(\d+\.\d+)ms", square).group(1)) >= 0
    assert "2D [2, 3]" in square
    assert re.search(r"\t6\t", square)
    assert "x: 2D [2, 3]" in square
    assert summed.split()[0] == "Sum"
    assert "0D []" in summed
    assert re.search(r"\t1\t", summed)
    assert "x: 2D [2, 3]" in summed
    # Turning debug on warned, as TF.js does.
    assert any("Debugging mode is ON" in r.getMessage() for r in caplog.records if r.name == "tfjs")
    assert total.array_sync() == 91.0
    tf.dispose([x, y, total])


def test_debug_mode_logs_nothing_for_tensors_made_without_a_kernel(caplog):
    with caplog.at_level(logging.INFO, logger=DEBUG_LOGGER):
        tf.enable_debug_mode()
        made = [tf.tensor([1, 2]), tf.tensor1d([1, 1, 1], "int32"), tf.scalar(2)]
    assert _kernel_lines(caplog) == []
    tf.dispose(made)


def test_no_kernel_is_logged_when_debug_is_off(caplog):
    x = tf.tensor([1, 2])
    with caplog.at_level(logging.INFO, logger=DEBUG_LOGGER):
        y = tf.square(x)
    assert _kernel_lines(caplog) == []
    tf.dispose([x, y])


def test_debug_mode_finds_nan(caplog):
    x = tf.tensor([-1])
    with caplog.at_level(logging.INFO, logger=DEBUG_LOGGER):
        tf.enable_debug_mode()
        with pytest.warns(RuntimeWarning, match=r"^Found NaN in the result of 'Log'$"):
            y = tf.log(x)
    assert y.array_sync() != y.array_sync()  # NaN: the result is still returned
    tf.dispose([x, y])


def test_debug_mode_turned_on_after_ops_ran_still_checks_for_nan():
    # CHECK_COMPUTATION_FOR_ERRORS used to take DEBUG's value at its first read and keep it.
    x, y = tf.tensor([2.0]), tf.tensor([-1.0])
    before = tf.log(x)
    tf.enable_debug_mode()
    with pytest.warns(RuntimeWarning, match=r"^Found NaN in the result of 'Log'$"):
        after = tf.log(y)
    tf.dispose([x, y, before, after])


def test_profile_without_debug_mode_does_not_check_for_nan():
    x = tf.tensor([-1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        info = tf.profile(lambda: tf.log(x))
    assert [k.name for k in info.kernels] == ["Log"]
    tf.dispose([x, info.result])


def test_debug_mode_finds_infinity():
    tf.enable_debug_mode()
    a, b = tf.tensor([1, 2]), tf.tensor([0, 1])
    with pytest.warns(RuntimeWarning, match=r"^Found Infinity in the result of 'RealDiv'$"):
        y = tf.div(a, b)
    assert y.array_sync() == [float("inf"), 2.0]
    with pytest.warns(RuntimeWarning, match=r"^Found -Infinity in the result of 'Log'$"):
        z = tf.tidy(lambda: tf.log(tf.tensor([0, 1])))
    assert z.array_sync() == [float("-inf"), 0.0]
    with pytest.warns(RuntimeWarning, match=r"^Found Infinity in the result of 'Exp'$"):
        w = tf.tidy(lambda: tf.exp(tf.tensor([1000])))  # overflows float32
    tf.dispose([a, b, y, z, w])


def test_debug_mode_reports_the_first_bad_value():
    tf.enable_debug_mode()
    x = tf.tensor([1, 0, -1])
    with pytest.warns(RuntimeWarning, match=r"Found -Infinity in the result of 'Log'"):
        y = tf.log(x)  # [0, -Infinity, NaN]
    tf.dispose([x, y])


def test_debug_mode_does_not_warn_on_finite_or_integer_results():
    tf.enable_debug_mode()
    x = tf.tensor([1, 4, 9])
    ints = tf.tensor([7, 0], dtype="int32")
    zeros = tf.tensor([0, 0], dtype="int32")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        y = tf.sqrt(x)
        z = tf.floor_div(ints, zeros)  # int32: no NaN to find
    assert y.array_sync() == [1.0, 2.0, 3.0]
    assert z.dtype == "int32"
    tf.dispose([x, ints, zeros, y, z])


def test_no_nan_check_when_debug_is_off():
    x = tf.tensor([-1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        y = tf.log(x)
    tf.dispose([x, y])


def test_computation_errors_raise_flag_raises_and_leaks_nothing():
    tf.enable_debug_mode()
    tf.env().set("COMPUTATION_ERRORS_RAISE", True)
    x = tf.tensor([-1, 1])
    before = _counts()
    with pytest.raises(FloatingPointError, match=r"Found NaN in the result of 'Log'"):
        tf.log(x)
    assert _counts() == before
    with pytest.raises(FloatingPointError, match="'Log'"):
        tf.tidy(lambda: tf.log(x.add(0)))
    assert _counts() == before
    # Called straight on the engine, outside any op or tidy.
    with pytest.raises(FloatingPointError, match="'Log'"):
        tf.engine().run_kernel("Log", {"x": x})
    assert _counts() == before
    x.dispose()


def test_prod_mode_drops_logs_and_checks(caplog):
    x = tf.tensor([-1, 2])
    with caplog.at_level(logging.INFO, logger=DEBUG_LOGGER):
        tf.enable_debug_mode()
        tf.env().set("COMPUTATION_ERRORS_RAISE", True)
        tf.enable_prod_mode()
        assert tf.env().get("PROD") is True
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            y = tf.log(x)
            z = tf.square(x)
    assert _kernel_lines(caplog) == []
    assert z.array_sync() == [1.0, 4.0]
    tf.dispose([x, y, z])


# ---- tf.time ----------------------------------------------------------------------------


def test_time_measures_kernels_and_wall_time():
    x = tf.ones([64, 64])

    def work() -> None:
        tf.dispose(tf.tidy(lambda: tf.mat_mul(x, x).square().sum()))

    info = tf.time(work)
    assert isinstance(info, tf.TimingInfo)
    assert info.kernel_ms > 0
    assert info.wall_ms >= info.kernel_ms
    assert info.kernels == 3
    assert tf.engine().timers == []
    x.dispose()


def test_time_of_a_function_running_no_kernel():
    info = tf.time(lambda: time.sleep(0.02))
    assert info.kernel_ms == 0
    assert info.wall_ms >= 20


def test_time_stops_timing_when_the_function_raises():
    def failing() -> None:
        raise LookupError("oops")

    with pytest.raises(LookupError):
        tf.time(failing)
    assert tf.engine().timers == []


# ---- tf.profile -------------------------------------------------------------------------


def test_profile_reports_memory_and_kernels():
    before = _counts()
    ones = tf.tensor(np.ones(1000, np.float32))  # made outside: only the profiled kernels count
    info = tf.profile(lambda: tf.tidy(lambda: ones.square().sum()))
    ones.dispose()
    assert isinstance(info, tf.ProfileInfo)
    assert info.result.array_sync() == 1000.0
    assert info.new_tensors == 1
    assert info.new_bytes == 4
    # ones (4000 bytes) and its square (4000 bytes) were alive together when Sum ran.
    assert info.peak_bytes - before[2] == 4000 + 4000 + 4
    assert info.peak_bytes >= before[2] + 8000
    assert [k.name for k in info.kernels] == ["Square", "Sum"]
    assert info.kernel_names == ["Square", "Sum"]
    square, summed = info.kernels
    assert square.input_shapes == [(1000,)]
    assert square.output_shapes == [(1000,)]
    assert square.bytes_added == 4000
    assert square.tensors_added == 1
    assert square.total_bytes_snapshot == before[2] + 8000
    assert summed.input_shapes == [(1000,)]
    assert summed.output_shapes == [()]
    assert summed.bytes_added == 4
    assert summed.total_bytes_snapshot == before[2] + 8004
    assert all(k.kernel_time_ms >= 0 for k in info.kernels)
    info.result.dispose()
    assert _counts() == before


def test_profile_of_binary_kernels_lists_every_input_shape():
    a = tf.tensor([[1, 2, 3], [4, 5, 6]])
    b = tf.tensor([10, 20, 30])
    info = tf.profile(lambda: tf.add(a, b))
    assert [k.name for k in info.kernels] == ["Add"]
    assert info.kernels[0].input_shapes == [(2, 3), (3,)]
    assert info.kernels[0].output_shapes == [(2, 3)]
    assert info.kernels[0].bytes_added == 24
    assert info.new_bytes == 24
    assert info.new_tensors == 1
    assert info.result.array_sync() == [[11.0, 22.0, 33.0], [14.0, 25.0, 36.0]]
    tf.dispose([a, b, info.result])


def test_profile_of_a_shared_buffer_adds_no_bytes():
    a = tf.tensor([1, 2, 3, 4])
    info = tf.profile(lambda: a.reshape([2, 2]))
    assert [k.name for k in info.kernels] == ["Reshape"]
    assert info.kernels[0].bytes_added == 0
    assert info.kernels[0].tensors_added == 1
    assert info.new_tensors == 1
    assert info.new_bytes == 0
    tf.dispose([a, info.result])


def test_profile_counts_tensors_freed_inside():
    before = _counts()

    def fn() -> None:
        tf.dispose(tf.tidy(lambda: tf.tensor([1, 2, 3, 4]).square().mean()))
        tf.dispose(tf.tidy(lambda: tf.tensor([1, 2, 3, 4]).square().mean()))

    info = tf.profile(fn)
    assert info.result is None
    assert info.new_tensors == 0
    assert info.new_bytes == 0
    # At most the input (16 bytes), its square (16) and the mean (4) at a time.
    assert info.peak_bytes - before[2] == 36
    assert [k.name for k in info.kernels] == ["Square", "Mean", "Square", "Mean"]
    assert tf.engine().profiles == []
    assert _counts() == before


def test_profile_stops_recording_when_the_function_raises():
    def failing() -> None:
        raise ZeroDivisionError("nope")

    with pytest.raises(ZeroDivisionError):
        tf.profile(failing)
    assert tf.engine().profiles == []


def test_profile_peak_counts_tensors_made_without_kernels():
    def make_and_drop():
        big = tf.tensor(np.zeros(1000, np.float32))  # 4000 bytes, made without a kernel, then freed
        big.dispose()
        return tf.tensor([1.0])

    info = tf.profile(make_and_drop)
    try:
        assert info.kernels == []
        assert info.peak_bytes - (tf.memory()["num_bytes"] - info.new_bytes) >= 4000
    finally:
        info.result.dispose()


def test_profile_kernel_names_are_in_first_run_order():
    info = tf.profile(lambda: tf.tidy(lambda: tf.tensor([4.0]).sqrt().add(1).sqrt()))
    try:
        assert info.kernel_names == ["Sqrt", "Add"]  # each once, in the order first run
    finally:
        info.result.dispose()


def test_profile_and_time_take_kernel_times_from_the_backends_time(monkeypatch):
    backend = tf.engine().find_backend("cpu")
    resolved: list[str] = []

    def stand_in_time(f):
        f()
        return BackendTimingInfo(
            kernel_ms=PendingMs(lambda: resolved.append("kernel") or 1.5),
            wall_ms=0.25,
            start_ms=100.0,
            device_start_ms=PendingMs(lambda: resolved.append("start") or 101.0),
            extra_info="stand-in clock",
        )

    monkeypatch.setattr(backend, "time", stand_in_time)
    x = tf.tensor([1.0, 4.0])

    def two_kernels() -> tf.Tensor:
        y = tf.tidy(lambda: tf.sqrt(x).neg())
        assert resolved == []  # nothing is read while the kernels run
        return y

    info = tf.profile(two_kernels)
    assert [k.name for k in info.kernels] == ["Sqrt", "Neg"]
    for kernel in info.kernels:
        assert (kernel.kernel_time_ms, kernel.wall_ms) == (1.5, 0.25)
        assert (kernel.start_ms, kernel.device_start_ms) == (100.0, 101.0)
        assert kernel.extra_info == "stand-in clock"
    resolved.clear()
    results: list[tf.Tensor] = []
    timing = tf.time(lambda: results.append(two_kernels()))
    assert timing.kernel_ms == 3.0 and timing.kernels == 2
    assert timing.extra_info == "stand-in clock"
    assert resolved == ["kernel", "kernel"]  # the start times are not needed for tf.time
    tf.dispose([x, info.result, *results])


def test_cpu_times_a_kernel_by_the_wall_clock():
    x = tf.tensor([1.0, 4.0])
    info = tf.profile(lambda: tf.sqrt(x))
    (kernel,) = info.kernels
    assert kernel.kernel_time_ms == kernel.wall_ms > 0
    assert kernel.device_start_ms == kernel.start_ms > 0
    assert kernel.extra_info == "wall clock"
    tf.dispose([x, info.result])


def test_debug_mode_asks_the_backend_for_the_first_bad_value(monkeypatch):
    backend = tf.engine().find_backend("cpu")
    asked: list[str] = []

    def first_non_finite(data_id, dtype):
        asked.append(dtype)
        return float("-inf")  # what a device would report, whatever the values

    monkeypatch.setattr(backend, "first_non_finite", first_non_finite)
    x = tf.tensor([4.0])
    tf.enable_debug_mode()
    with pytest.warns(RuntimeWarning, match=r"^Found -Infinity in the result of 'Sqrt'$"):
        y = tf.sqrt(x)
    assert asked == ["float32"]
    tf.dispose([x, y])


@pytest.mark.parametrize("measure", [tf.time, tf.profile], ids=["time", "profile"])
def test_time_and_profile_need_a_function(measure):
    with pytest.raises(TypeError, match=rf"^{measure.__name__}: argument 'fn' must be a function, got 3$"):
        measure(3)
    assert tf.engine().timers == [] and tf.engine().profiles == []

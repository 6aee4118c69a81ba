"""`tf.time` and `tf.profile` on `torch` time kernels by device events read at the end
(TF.js's WebGL timer queries), and debug mode's NaN check runs on the device. The
events here are stand-ins with times the test sets, so this runs without a GPU."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator

import pytest

import tfjs as tf

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

from tfjs.backends.torch.device_timing import DeviceTimer  # noqa: E402


class StandInDevice:
    """A device whose events record the times given, in order, and are complete once an
    event at or after them was waited for (as on a CUDA stream); it logs every call."""

    def __init__(self, times: list[float]) -> None:
        self.times = iter(times)
        self.log: list[str] = []
        self.recorded = 0
        self.done_through = 0

    def event(self, device: torch.device) -> StandInEvent:
        self.recorded += 1
        self.log.append("record")
        return StandInEvent(self, self.recorded, next(self.times))


class StandInEvent:
    def __init__(self, device: StandInDevice, number: int, ms: float) -> None:
        self.device, self.number, self.ms = device, number, ms

    def synchronize(self) -> None:
        self.device.log.append("synchronize")
        self.device.done_through = max(self.device.done_through, self.number)

    def elapsed_time(self, end_event: StandInEvent) -> float:
        if max(self.number, end_event.number) > self.device.done_through:
            raise RuntimeError("stand-in event read before the device finished it")
        return end_event.ms - self.ms


# Start and end events of three kernels: 2.5 ms, 1 ms and 4 ms long, starting 10 ms apart.
EVENT_TIMES = [10.0, 12.5, 20.0, 21.0, 30.0, 34.0]


@pytest.fixture
def stand_in(torch_backend) -> Iterator[StandInDevice]:
    """The torch backend timing with stand-in events; its own timer is put back after."""
    device = StandInDevice(EVENT_TIMES)
    saved = torch_backend.device_timer
    torch_backend.device_timer = DeviceTimer(torch_backend.device, device.event)
    yield device
    torch_backend.device_timer = saved


def _three_kernels(x: tf.Tensor, log: list[str], device: StandInDevice) -> tf.Tensor:
    def run() -> tf.Tensor:
        y = tf.square(x)
        log.append(f"after Square: {device.log.count('synchronize')} waits")
        z = tf.neg(y)
        log.append(f"after Neg: {device.log.count('synchronize')} waits")
        return tf.exp(z)

    return tf.tidy(run)


def test_profile_reads_kernel_times_from_the_events_and_waits_once_at_the_end(stand_in, tmp_path):
    x = tf.tensor([1.0, 2.0])
    log: list[str] = []
    out = tmp_path / "trace.json"
    info = tf.profile(lambda: _three_kernels(x, log, stand_in), trace=out)
    assert log == ["after Square: 0 waits", "after Neg: 0 waits"]
    assert stand_in.log == ["record"] * 6 + ["synchronize"]  # one wait, after every kernel
    square, neg, exp = info.kernels
    assert [k.name for k in info.kernels] == ["Square", "Neg", "Exp"]
    assert [k.kernel_time_ms for k in info.kernels] == [2.5, 1.0, 4.0]
    # The first span is anchored at its host start; the others are placed by the events.
    assert square.device_start_ms == square.start_ms
    assert neg.device_start_ms == pytest.approx(square.start_ms + 10.0)
    assert exp.device_start_ms == pytest.approx(square.start_ms + 20.0)
    assert all("device events" in k.extra_info for k in info.kernels)
    events = json.loads(out.read_text())["traceEvents"]
    device_pid = next(
        e["pid"] for e in events if e["name"] == "process_name" and e["args"]["name"] == "device"
    )
    device_spans = [e for e in events if e["ph"] == "X" and e["pid"] == device_pid]
    assert [e["name"] for e in device_spans] == ["Square", "Neg", "Exp"]
    assert [e["dur"] for e in device_spans] == [2500.0, 1000.0, 4000.0]  # microseconds
    starts = [e["ts"] - device_spans[0]["ts"] for e in device_spans]
    assert starts == pytest.approx([0.0, 10000.0, 20000.0], abs=1e-3)
    assert info.result.data_sync().tolist() == pytest.approx([0.36787944, 0.01831564])
    tf.dispose([x, info.result])


def test_time_sums_the_event_times_of_its_kernels_and_waits_once(stand_in):
    x = tf.tensor([1.0, 2.0])
    log: list[str] = []
    results: list[tf.Tensor] = []
    info = tf.time(lambda: results.append(_three_kernels(x, log, stand_in)))
    assert log == ["after Square: 0 waits", "after Neg: 0 waits"]
    assert stand_in.log == ["record"] * 6 + ["synchronize"]
    assert info.kernel_ms == 2.5 + 1.0 + 4.0
    assert info.kernels == 3
    assert "device events" in info.extra_info
    assert info.wall_ms > 0
    tf.dispose([x, *results])


def test_device_timer_waits_for_the_latest_event_only_and_then_anchors_afresh():
    device = StandInDevice([1.0, 3.0, 5.0, 9.0, 100.0, 101.0])
    timer = DeviceTimer(torch.device("cpu"), device.event)
    first, second = timer.time(lambda: None), timer.time(lambda: None)
    assert device.log == ["record"] * 4  # nothing waited yet
    assert first.kernel_ms.resolve() == 2.0  # waits for the latest event: the second's end
    assert second.kernel_ms.resolve() == 4.0
    assert second.device_start_ms.resolve() == pytest.approx(first.start_ms + 4.0)
    assert device.log == ["record"] * 4 + ["synchronize"]
    third = timer.time(lambda: None)  # the device had finished: a new anchor
    assert third.device_start_ms.resolve() == third.start_ms
    assert third.kernel_ms.resolve() == 1.0
    assert device.log == ["record"] * 4 + ["synchronize"] + ["record"] * 2 + ["synchronize"]


def test_on_the_cpu_device_kernels_are_timed_by_the_wall_clock(torch_backend):
    if torch_backend.device.type != "cpu":
        pytest.skip("the torch backend runs on a GPU here: its kernels are timed by events")
    assert torch_backend.device_timer is None
    x = tf.tensor([1.0, 4.0])
    info = tf.profile(lambda: tf.sqrt(x))
    (kernel,) = info.kernels
    assert kernel.kernel_time_ms == kernel.wall_ms > 0
    assert kernel.device_start_ms == kernel.start_ms
    assert kernel.extra_info == "wall clock"
    tf.dispose([x, info.result])


# ---- debug mode's check on the device ---------------------------------------------------


@pytest.fixture
def read_sync_spy(torch_backend, monkeypatch) -> list[object]:
    """The data ids the torch backend reads to the host."""
    read_ids: list[object] = []
    read_sync = torch_backend.read_sync

    def spy(data_id):
        read_ids.append(data_id)
        return read_sync(data_id)

    monkeypatch.setattr(torch_backend, "read_sync", spy)
    return read_ids


def test_debug_mode_finds_nan_on_the_device_without_downloading_the_result(read_sync_spy):
    x = tf.tensor([[1.0, 0.0], [-1.0, 4.0]])
    w = tf.tensor([4.0, -1.0, float("inf")])
    tf.enable_debug_mode()
    with pytest.warns(RuntimeWarning, match=r"^Found -Infinity in the result of 'Log'$"):
        y = tf.log(x)  # [[0, -Infinity], [NaN, 1.386]]: -Infinity comes first
    with pytest.warns(RuntimeWarning, match=r"^Found NaN in the result of 'Sqrt'$"):
        z = tf.sqrt(w)
    assert y.data_id not in read_sync_spy and z.data_id not in read_sync_spy
    assert read_sync_spy == []
    tf.dispose([x, w, y, z])


def test_debug_mode_on_the_device_is_quiet_for_finite_and_int_results(read_sync_spy):
    x = tf.tensor([1.0, 4.0])
    ints, zeros = tf.tensor([7, 1], dtype="int32"), tf.tensor([0, 0], dtype="int32")
    tf.enable_debug_mode()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        y = tf.sqrt(x)
        q = tf.floor_div(ints, zeros)  # int32: no NaN to find
    assert read_sync_spy == []
    assert y.data_sync().tolist() == [1.0, 2.0]
    tf.dispose([x, ints, zeros, y, q])


def test_computation_errors_raise_on_the_device_leaks_nothing(read_sync_spy):
    x = tf.tensor([-1.0, 1.0])
    tf.enable_debug_mode()
    tf.env().set("COMPUTATION_ERRORS_RAISE", True)
    before = tf.memory()["num_tensors"]
    with pytest.raises(FloatingPointError, match=r"^Found NaN in the result of 'Log'$"):
        tf.log(x)
    assert tf.memory()["num_tensors"] == before
    assert read_sync_spy == []
    x.dispose()

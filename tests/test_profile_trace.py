"""Chrome/Perfetto trace files from tf.profile and `tfjs profile --trace`."""

from __future__ import annotations

import asyncio
import json

import pytest

import tfjs as tf
from tests.cli.test_cli import CONV, run_cli
from tfjs.profile_trace import tracing


def _load(path):
    document = json.loads(path.read_text())
    assert set(document) == {"traceEvents", "displayTimeUnit"}
    return document["traceEvents"]


def _tracks(events):
    """Each track's (process name, thread name), by its (pid, tid)."""
    meta = [e for e in events if e["ph"] == "M"]
    processes = {e["pid"]: e["args"]["name"] for e in meta if e["name"] == "process_name"}
    return {
        (e["pid"], e["tid"]): (processes[e["pid"]], e["args"]["name"])
        for e in meta
        if e["name"] == "thread_name"
    }


def _on_track(events, process, thread):
    tracks = _tracks(events)
    return [e for e in events if e["ph"] == "X" and tracks[(e["pid"], e["tid"])] == (process, thread)]


def test_profile_trace_has_kernels_and_downloads_on_their_tracks(tmp_path, backend):
    out = tmp_path / "run.json"

    def f():
        a = tf.tensor([[1.0, 2.0], [3.0, 4.0]])
        return tf.mat_mul(a, a).relu().data_sync()

    info = tf.profile(lambda: tf.tidy(f), trace=out)
    events = _load(out)
    tracks = _tracks(events)
    assert sorted(tracks.values()) == [("device", "kernels"), ("tfjs", "downloads"), ("tfjs", "kernels")]
    complete = [e for e in events if e["ph"] == "X"]
    for event in complete:
        assert set(event) >= {"name", "ph", "pid", "tid", "ts", "dur", "args"}
        assert event["ts"] >= 0 and event["dur"] >= 0
    kernels = _on_track(events, "tfjs", "kernels")
    assert [e["name"] for e in kernels] == [k.name for k in info.kernels]
    matmul = next(e for e in kernels if e["name"] == "BatchMatMul")
    assert matmul["args"]["output_shapes"] == [[2, 2]] and matmul["args"]["backend"] == backend
    # Without a device clock (cpu, torch on the CPU device) a kernel's device span is its host span.
    device_kernels = _on_track(events, "device", "kernels")
    assert [e["name"] for e in device_kernels] == [k.name for k in info.kernels]
    for host, device in zip(kernels, device_kernels, strict=True):
        assert (device["ts"], device["dur"]) == (host["ts"], host["dur"])
        assert device["args"]["backend"] == backend and device["args"]["timed_by"] == "wall clock"
    for record, device in zip(info.kernels, device_kernels, strict=True):
        assert device["dur"] == pytest.approx(record.kernel_time_ms * 1e3, abs=1e-3)
    downloads = _on_track(events, "tfjs", "downloads")
    assert len(downloads) == 1 and downloads[0]["args"]["shape"] == [2, 2]
    # Events are in time order per track: the download comes after the kernels it reads.
    assert downloads[0]["ts"] >= max(e["ts"] for e in kernels)
    assert min(e["ts"] for e in complete) == 0
    assert tf.engine().read_sync.__func__ is type(tf.engine()).read_sync  # hook removed


def test_tracing_block_collects_every_profile(tmp_path):
    out = tmp_path / "all.json"
    with tracing(out):
        tf.profile(lambda: tf.tidy(lambda: tf.square(tf.scalar(2.0)).data_sync()))
        tf.profile(lambda: tf.tidy(lambda: tf.neg(tf.scalar(2.0)).data_sync()))
    names = [e["name"] for e in _load(out) if e["ph"] == "X"]
    assert names.count("download") == 2 and {"Square", "Neg"} <= set(names)


def test_awaited_downloads_are_traced(tmp_path):
    out = tmp_path / "async.json"

    def f():
        t = tf.tensor([1, 2, 3], dtype="int32")
        values = asyncio.run(t.data())
        t.dispose()
        return values

    tf.profile(f, trace=out)
    downloads = [e for e in _load(out) if e["name"] == "download"]
    assert [d["args"]["shape"] for d in downloads] == [[3]]
    assert downloads[0]["args"]["dtype"] == "int32"
    assert "read" not in vars(tf.engine())


def test_nested_traced_profiles_both_see_the_download(tmp_path):
    inner, outer = tmp_path / "inner.json", tmp_path / "outer.json"
    read = lambda: tf.tidy(lambda: tf.abs(tf.scalar(-1.0)).data_sync())  # noqa: E731
    tf.profile(lambda: tf.profile(read, trace=inner), trace=outer)
    for path in (inner, outer):
        assert [e["name"] for e in _load(path) if e["ph"] == "X"][-1] == "download"
    assert "read_sync" not in vars(tf.engine()) and "read" not in vars(tf.engine())


def test_trace_into_missing_folder_is_a_clear_error_before_running(tmp_path):
    ran = []
    with pytest.raises(ValueError, match="profile: argument 'trace'"):
        tf.profile(lambda: ran.append(1), trace=tmp_path / "nowhere" / "t.json")
    assert ran == []


def test_cli_profile_writes_a_trace(capsys, tmp_path):
    out = tmp_path / "conv.json"
    status, text, _ = run_cli(capsys, "profile", CONV, "--runs", "2", "--trace", str(out))
    assert status == 0 and "trace written to" in text
    events = _load(out)
    for process in ("tfjs", "device"):  # each kernel on the host's track and the device's
        names = [e["name"] for e in _on_track(events, process, "kernels")]
        assert names.count("Conv2D") + names.count("FusedConv2D") == 2  # two profiled runs, no warm-up

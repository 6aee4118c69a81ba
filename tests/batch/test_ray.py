"""tf.batch.run on Ray: the same bytes as in this process on a local instance and on a
2-node cluster simulated on this machine; an actor killed mid-run; resume; an address with
no cluster behind it. One Ray instance at a time (xdist group "ray"), each shut down."""

from __future__ import annotations

import os
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tfjs as tf
from tests.batch.conftest import IMAGE_COUNT, TINY, sink_bytes
from tests.batch.test_resume import InterruptAfter

ray = pytest.importorskip("ray", reason="ray not installed")
pytest.importorskip("ray.data", reason="ray not installed (ray[data])")
pytestmark = [
    pytest.mark.xdist_group("ray"),
    # Ray Data 2.60 warns about its own defaults when its context is first made.
    pytest.mark.filterwarnings("ignore::DeprecationWarning:ray.data.context"),
]
FORTY = 40
NODE_MEMORY = {"num_cpus": 1, "object_store_memory": 100 * 1024 * 1024}


@pytest.fixture
def no_ray() -> Iterator[None]:
    """No Ray instance before the test, none left after it."""
    assert not ray.is_initialized()
    yield
    ray.shutdown()


def _two_nodes() -> Any:
    """A Ray cluster of two 1-CPU nodes on this machine."""
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={**NODE_MEMORY, "include_dashboard": False})
    cluster.add_node(**NODE_MEMORY)
    return cluster


def test_same_bytes_in_process_on_a_local_instance_and_on_two_nodes(
    images: Path, tmp_path: Path, no_ray: None
) -> None:
    here = tf.batch.run(TINY, images, tmp_path / "here", batch_size=4, progress=False)
    local = tf.batch.run(TINY, images, tmp_path / "local", batch_size=4, ray=True, workers=2, progress=False)
    assert not ray.is_initialized()  # the local instance it started is gone
    cluster = _two_nodes()
    try:
        nodes = tf.batch.run(
            TINY, images, tmp_path / "nodes", batch_size=4, address=cluster.address, workers=2, progress=False
        )
        ray.init(address=cluster.address)
        assert len([n for n in ray.nodes() if n["Alive"]]) == 2  # one actor (1 CPU) per node
    finally:
        ray.shutdown()
        cluster.shutdown()
    assert [(s.engine, s.workers, s.records) for s in (here, local, nodes)] == [
        ("in-process", 1, IMAGE_COUNT),
        ("ray", 2, IMAGE_COUNT),
        ("ray", 2, IMAGE_COUNT),
    ]
    expected = sink_bytes(tmp_path / "here")
    assert len(expected) == 2 * IMAGE_COUNT + 1
    assert sink_bytes(tmp_path / "local") == expected
    assert sink_bytes(tmp_path / "nodes") == expected


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("form", ["HOST:PORT", "ray://HOST:PORT", "auto"])
def test_an_address_with_no_cluster_is_an_error_within_30_s(
    form: str, tmp_path: Path, no_ray: None, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tfjs.cli import main

    nothing = f"127.0.0.1:{_free_port()}"
    monkeypatch.setenv("RAY_ADDRESS", nothing)  # where `auto` looks first
    address = form.replace("HOST:PORT", nothing)
    start = time.monotonic()
    out = str(tmp_path / "out")
    status = main(["batch", TINY, "examples/assets/astronaut.png", "--out", out, "--address", address])
    assert time.monotonic() - start < 30
    assert status == 2 and not (tmp_path / "out").exists()
    err = capsys.readouterr().err
    shown = "auto (" if form == "auto" else f"{address}'"
    assert err.startswith(f"tfjs: error: batch: no Ray cluster answers at '{shown}") and err.count("\n") == 1


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray instance (2 CPUs) for the tests below, which tf.batch.run uses as it finds it."""
    assert not ray.is_initialized()
    ray.init(num_cpus=2, object_store_memory=150 * 1024 * 1024, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture
def forty(images: Path, tmp_path: Path) -> Path:
    """The first 40 of the 200 images."""
    folder = tmp_path / "forty"
    folder.mkdir()
    for path in sorted(images.iterdir())[:FORTY]:
        (folder / path.name).symlink_to(path)
    return folder


class KillOnce:
    """A preprocess that kills the process it runs in (a Ray actor) at its `at`-th call,
    once across all processes (a marker file remembers)."""

    def __init__(self, marker: Path, at: int) -> None:
        self.marker, self.at, self.calls = marker, at, 0

    def __call__(self, image: Any) -> Any:
        self.calls += 1
        if self.calls == self.at and not self.marker.exists():
            self.marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return image


def test_a_killed_actor_costs_no_record_and_duplicates_none(
    forty: Path, tmp_path: Path, local_ray: None
) -> None:
    marker = tmp_path / "killed"
    summary = tf.batch.run(
        TINY,
        forty,
        tmp_path / "out",
        batch_size=4,
        ray=True,
        workers=2,
        preprocess=KillOnce(marker, 6),
        progress=False,
    )
    assert marker.exists()  # an actor was killed mid-run
    assert (summary.records, summary.errors) == (FORTY, 0)
    written = sink_bytes(tmp_path / "out")
    assert sorted(written) == sorted(
        [f"img_{i:03d}/{name}" for i in range(FORTY) for name in ("mask.png", "mean.npy")] + ["errors.csv"]
    )
    tf.batch.run(TINY, forty, tmp_path / "here", batch_size=4, progress=False)
    assert written == sink_bytes(tmp_path / "here")


def test_resume_on_ray_runs_only_what_is_missing(forty: Path, tmp_path: Path, local_ray: None) -> None:
    out = tmp_path / "out.parquet"
    with pytest.raises(KeyboardInterrupt):
        tf.batch.run(TINY, forty, out, batch_size=8, preprocess=InterruptAfter(20), progress=False)
    summary = tf.batch.run(TINY, forty, out, batch_size=8, resume=True, ray=True, workers=2, progress=False)
    assert 0 < summary.skipped < FORTY and summary.records == FORTY - summary.skipped
    results = tf.batch.read_results(out)
    assert sorted(results) == sorted(f"img_{i:03d}/{n}" for i in range(FORTY) for n in ("mask", "mean"))

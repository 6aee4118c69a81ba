"""tf.batch.run on Ray: the same bytes as in this process on a 2-node cluster simulated on
this machine and on a local instance (where an actor is killed mid-run); resume; an
address with no cluster behind it. One Ray instance at a time (xdist group "ray"), each
shut down. Ray starts twice in all (the cluster, the local instance): each start costs
seconds."""

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
NODE_MEMORY = {"num_cpus": 1, "object_store_memory": 100 * 1024 * 1024}


@pytest.fixture(scope="module")
def reference(images: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The sink of the 200 images in this process on `cpu` (the backend each test runs on:
    a module fixture runs before the per-test one sets it), batch size 4, file by file."""
    out = tmp_path_factory.mktemp("reference") / "out"
    summary = tf.batch.run(TINY, images, out, batch_size=4, backend="cpu", progress=False)
    assert (summary.engine, summary.records) == ("in-process", IMAGE_COUNT)
    written = sink_bytes(out)
    assert len(written) == 2 * IMAGE_COUNT + 1
    return written


@pytest.fixture
def no_ray() -> Iterator[None]:
    """No Ray instance before the test, none left after it."""
    assert not ray.is_initialized()
    yield
    ray.shutdown()


def test_two_nodes_give_the_same_bytes_and_resume(
    images: Path, tmp_path: Path, reference: dict[str, bytes], no_ray: None
) -> None:
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={**NODE_MEMORY, "include_dashboard": False})
    try:
        cluster.add_node(**NODE_MEMORY)
        nodes = tf.batch.run(
            TINY, images, tmp_path / "nodes", batch_size=4, address=cluster.address, workers=2, progress=False
        )
        assert (nodes.engine, nodes.workers, nodes.records, nodes.errors) == ("ray", 2, IMAGE_COUNT, 0)
        ray.init(address=cluster.address)  # the next run uses this connection as it finds it
        assert len([n for n in ray.nodes() if n["Alive"]]) == 2  # one actor (1 CPU) per node
        assert sink_bytes(tmp_path / "nodes") == reference
        # An interrupted run finished on the cluster: only the missing records run there.
        out = tmp_path / "resumed"
        with pytest.raises(KeyboardInterrupt):
            tf.batch.run(TINY, images, out, batch_size=4, preprocess=InterruptAfter(60), progress=False)
        resumed = tf.batch.run(
            TINY, images, out, batch_size=4, resume=True, address=cluster.address, progress=False
        )
        assert 0 < resumed.skipped < IMAGE_COUNT and resumed.records == IMAGE_COUNT - resumed.skipped
        assert sink_bytes(out) == reference
    finally:
        ray.shutdown()
        cluster.shutdown()


class KillOnce:
    """A preprocess that notes its process's BLAS thread count in `marker`, then kills
    that process (a Ray actor) at its `at`-th call, once across all processes."""

    def __init__(self, marker: Path, at: int) -> None:
        self.marker, self.at, self.calls = marker, at, 0

    def __call__(self, image: Any) -> Any:
        self.calls += 1
        if self.calls == self.at and not self.marker.exists():
            self.marker.write_text(os.environ.get("OPENBLAS_NUM_THREADS", "unset"))
            os.kill(os.getpid(), signal.SIGKILL)
        return image


def test_a_local_instance_gives_the_same_bytes_though_an_actor_is_killed(
    images: Path, tmp_path: Path, reference: dict[str, bytes], no_ray: None
) -> None:
    marker = tmp_path / "killed"
    summary = tf.batch.run(
        TINY,
        images,
        tmp_path / "out",
        batch_size=4,
        ray=True,
        workers=2,
        preprocess=KillOnce(marker, 20),
        progress=False,
    )
    assert not ray.is_initialized()  # the local instance it started is gone
    assert marker.read_text() == "1"  # an actor was killed mid-run; it ran one BLAS thread
    assert (summary.engine, summary.workers, summary.records, summary.errors) == ("ray", 2, IMAGE_COUNT, 0)
    assert sink_bytes(tmp_path / "out") == reference  # every record exactly once, same bytes


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

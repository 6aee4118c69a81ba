"""The Ray path of `tf.batch.run`: Ray Data spreads the groups of records over a pool of
actors (`map_batches` with `BatchWorker`, one model per actor), on a local instance or a
cluster. Only this module imports Ray."""

from __future__ import annotations

import json
import logging
import socket
from collections.abc import Iterator, Sequence
from typing import Any

from tfjs.batch.records import Record
from tfjs.batch.worker import BatchWorker

INSTALL_RAY = "pip install 'tfjs[ray]'"
# A local instance only passes record ids and errors around: a small object store will do.
OBJECT_STORE_BYTES = 200 * 1024 * 1024
CONNECT_TIMEOUT_S = 10.0
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def import_ray() -> Any:
    """`ray` with Ray Data, or an ImportError that says how to install it."""
    try:
        import ray
        import ray.data
    except ImportError as error:
        raise ImportError(f"batch on Ray needs Ray Data: {INSTALL_RAY}") from error
    return ray


def check_address(address: str) -> None:
    """Fails within `CONNECT_TIMEOUT_S` where nothing listens at a HOST:PORT (or
    ray://HOST:PORT) address, instead of Ray's own minutes of retries."""
    given = address
    if address == "auto":
        resolved = _auto_address()
        if resolved is None:
            return
        address, given = resolved, f"auto ({resolved})"
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"batch: a Ray address is auto, HOST:PORT or ray://HOST:PORT, got {address!r}")
    try:
        with socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT_S):
            pass
    except OSError as error:
        raise ConnectionError(f"batch: no Ray cluster answers at {given!r}: {error}") from None


def _auto_address() -> str | None:
    """The HOST:PORT that `auto` stands for (RAY_ADDRESS, or the cluster `ray start` last
    started here); Ray itself says so at once where there is none."""
    try:
        from ray._private.services import canonicalize_bootstrap_address
    except ImportError:
        return None
    try:
        return canonicalize_bootstrap_address("auto")
    except ConnectionError:
        return None


class RaySession:
    """A connection to Ray for one run: the caller's where Ray is already initialised in
    this process, else a local instance (`address` None) or the cluster at `address`
    (checked first either way), closed by `close()`.
    `workers` actors (default one per GPU where the backend is torch and the cluster has
    GPUs, one per CPU otherwise)."""

    def __init__(self, address: str | None, workers: int | None, backend: str | None) -> None:
        ray = import_ray()
        if address is not None:
            check_address(address)
        self.owned = not ray.is_initialized()
        if self.owned:
            if address is not None:
                ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
            else:
                ray.init(
                    address="local",  # a new instance, even where RAY_ADDRESS names a cluster
                    include_dashboard=False,
                    object_store_memory=OBJECT_STORE_BYTES,
                    logging_level=logging.WARNING,
                    log_to_driver=False,
                )
        resources = ray.cluster_resources()
        self.gpus = backend == "torch" and resources.get("GPU", 0) >= 1
        self.workers = workers or max(1, int(resources.get("GPU" if self.gpus else "CPU", 1)))

    def run(
        self, groups: Sequence[tuple[int, list[Record]]], worker_args: dict[str, Any], threads: int
    ) -> Iterator[tuple[str, str]]:
        """Runs the groups on the actor pool; yields (record id, error) as they finish."""
        ray = import_ray()
        logging.getLogger("ray.data").setLevel(logging.ERROR)  # our own progress bar, not Ray's
        ray.data.DataContext.get_current().enable_progress_bars = False
        if not groups:
            return
        self.workers = min(self.workers, len(groups))  # no actor without a group to run
        items = [{"first": first, "records": json.dumps([list(r) for r in group])} for first, group in groups]
        dataset = ray.data.from_items(items, override_num_blocks=min(len(items), 4 * self.workers))
        results = dataset.map_batches(
            BatchWorker,
            fn_constructor_kwargs=worker_args,
            batch_size=1,
            batch_format="numpy",
            compute=ray.data.ActorPoolStrategy(size=self.workers),
            num_cpus=0 if self.gpus else 1,
            num_gpus=1 if self.gpus else 0,
            runtime_env={"env_vars": {name: str(threads) for name in THREAD_VARIABLES}},
        )
        for batch in results.iter_batches(batch_size=None, batch_format="numpy"):
            yield from zip(batch["id"].tolist(), batch["error"].tolist(), strict=True)

    def close(self) -> None:
        """Shuts down the instance or connection this session opened."""
        if self.owned:
            import_ray().shutdown()

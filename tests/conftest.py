from __future__ import annotations

import zlib

import numpy as np
import pytest

import tfjs as tf
from tests.twin_backend import register_test_backends

register_test_backends()
# Every registered backend, `torch` only where PyTorch is installed (it is an optional
# dependency: without it, its runs are skipped and say so).
BACKENDS = tf.engine().registered_backends()
STARTED = {name for name in BACKENDS if tf.engine().find_backend(name) is not None}


def pytest_addoption(parser):
    parser.addoption(
        "--deferred-checks",
        action="store_true",
        help="the torch backend's value checks deferred to the next download on any device, as on a GPU",
    )
    parser.addoption(
        "--failures-to",
        metavar="FILE",
        help="append each failure's report to FILE as it happens (a run cut off by a time limit keeps them)",
    )


_FAILURE_LOG: list[str] = []  # --failures-to's file, in the process that writes it


def pytest_runtest_logreport(report):
    if report.failed and _FAILURE_LOG:
        with open(_FAILURE_LOG[0], "a", encoding="utf-8") as failures:
            failures.write(f"==== {report.nodeid} ({report.when})\n{report.longreprtext[-4000:]}\n")


def pytest_configure(config):
    if config.getoption("--failures-to") and not hasattr(config, "workerinput"):  # xdist's controller
        _FAILURE_LOG.append(config.getoption("--failures-to"))
    if config.getoption("--deferred-checks") and "torch" in STARTED:
        from tfjs.backends.torch import backend_torch
        from tfjs.backends.torch.deferred_checks import ValueChecks

        backend_torch.checks_for = lambda device: ValueChecks(deferred=True)  # backends started later
        tf.engine().find_backend("torch").checks = ValueChecks(deferred=True)


def pytest_collection_modifyitems(items):
    if "torch" in STARTED:  # its known gaps: one strict-xfail set
        from tests.backends.torch.known_gaps import mark_known_gaps

        mark_known_gaps(items)


@pytest.fixture(autouse=True)
def _own_random_stream(request):
    """A test module's shared `RNG` gives each test its own stream, seeded by the test's
    id, so a test's values do not depend on which tests ran before it on its worker."""
    if isinstance(getattr(request.module, "RNG", None), np.random.Generator):
        request.module.RNG = np.random.default_rng(zlib.crc32(request.node.nodeid.encode()))


def _settle_value_checks() -> Exception | None:
    """Settles the value checks a backend still holds pending (torch on a GPU defers them
    to the next download), so none outlives its test: the error of the first that
    failed, or None."""
    failed = None
    for name in STARTED:
        checks = getattr(tf.engine().find_backend(name), "checks", None)
        if checks is None:
            continue
        try:
            checks.raise_pending()
        except (IndexError, ValueError) as error:
            failed = failed or error
    return failed


@pytest.fixture(autouse=True)
def _fresh_state():
    """Each test starts on `cpu` with default flags, and may not leak tensors nor leave a
    failed value check pending (it would raise in a later test instead)."""
    tf.env().reset()
    tf.set_backend("cpu")
    before = tf.memory()["num_tensors"]
    yield
    failed = _settle_value_checks()
    tf.env().reset()
    tf.set_backend("cpu")
    assert failed is None, f"a value check failed and the test never downloaded to see it: {failed}"
    assert tf.memory()["num_tensors"] == before, "test leaked tensors"


@pytest.fixture(params=BACKENDS)
def backend(request):
    """Runs the test once on every registered backend (TF.js's ALL_ENVS)."""
    if request.param not in STARTED:
        pytest.skip(f"backend '{request.param}' did not start: PyTorch is not installed")
    tf.set_backend(request.param)
    return request.param

"""Issue 13, defect 7: an op asked for a tensor larger than memory raises one
`TensorTooLargeError` naming the op, at once (run in the fuzz worker, under a 4 GiB
address-space cap, so that a missing check fails the test instead of the machine)."""

from __future__ import annotations

import pytest

from tests.conftest import BACKENDS
from tests.fuzz.huge_calls import CASES
from tests.fuzz.worker import RAISED, Worker

SECONDS = 5.0


@pytest.fixture(scope="module")
def worker():
    with Worker(time_limit=60.0, initializer="tests.twin_backend:register_test_backends") as running:
        yield running


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_tensor_larger_than_memory_is_one_clear_error_at_once(worker, case, backend_name):
    op_name = CASES[case][0]
    outcome = worker.call("tests.fuzz.huge_calls:run", case, backend_name)
    assert outcome.kind == RAISED, outcome.describe()
    assert outcome.exc_type == "tfjs.tensor_size.TensorTooLargeError", outcome.describe()
    assert outcome.exc_message.startswith(f"{op_name}: "), outcome.exc_message
    assert outcome.seconds < SECONDS, outcome.describe()


def test_the_memory_available_is_what_the_address_space_cap_leaves():
    with Worker(memory_limit=2 * 2**30) as capped:
        outcome = capped.call("tfjs.tensor_size:process_available_bytes")
    assert 0 < outcome.value < 2 * 2**30

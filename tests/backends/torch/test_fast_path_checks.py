"""The checks behind the torch kernels' fast paths (deferred_checks.ValueChecks): eagerly,
each says at once whether its result stands; while a plan is traced, they become one flag
the graph returns, whose failure runs that call's kernels one by one."""

import math

import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

from tfjs.backends.torch.deferred_checks import ValueChecks  # noqa: E402

LEAST = -3.4028234663852886e38  # -FLT_MAX, the max pools' bound


@pytest.mark.parametrize("total", [0.0, -2.5, 1e30, math.inf, -math.inf, math.nan])
def test_an_eager_check_stands_on_a_finite_total(total):
    assert ValueChecks(deferred=False).stands_if_finite(torch.tensor(total)) == math.isfinite(total)


@pytest.mark.parametrize("least", [0.0, -1e38, LEAST, -math.inf, math.nan])
def test_an_eager_check_stands_above_its_bound(least):
    assert ValueChecks(deferred=False).stands_if_above(torch.tensor(least), LEAST) == (least > LEAST)


@pytest.mark.parametrize(
    ("totals", "leasts", "bad", "failed"),
    [
        ([1.0, -2.0], [0.0, -5.0], [False], False),
        ([1.0, math.inf], [0.0], [], True),  # one non-finite total
        ([math.nan], [], [], True),
        ([3e38, 3e38], [], [], True),  # finite totals whose sum overflows: kernels one by one, never wrong
        ([1.0], [0.0, LEAST], [], True),  # a pool's least at its bound
        ([1.0], [math.nan], [], True),
        ([], [], [False, True], True),  # an index check's bad flag
        ([], [], [], False),
    ],
)
def test_traced_checks_fail_as_one_flag(totals, leasts, bad, failed):
    checks = ValueChecks(deferred=False)
    checks.start_tracing()
    assert all(checks.stands_if_finite(torch.tensor(total)) for total in totals)  # each stands while traced
    assert all(checks.stands_if_above(torch.tensor(least), LEAST) for least in leasts)
    for flag in bad:
        checks.check(torch.tensor([flag]), lambda position: IndexError(position))
    flag = checks.traced_failure()
    assert flag.shape == () and flag.dtype == torch.bool and bool(flag) == failed
    checks.stop_tracing()
    assert checks.traced is None
    assert not checks.stands_if_finite(torch.tensor(math.inf))  # eager again

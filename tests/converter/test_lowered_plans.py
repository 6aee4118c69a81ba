"""A plan program as its backend runs it (converter/lowered_plans.py): the loop or the
backend's compiled runner, whichever the first call's trial measured faster; its weights
checked again only once a watched tensor was disposed or a buffer moved."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.converter.test_plan_programs import RNG, conv_model, plan_runs, reference, reference_relu  # noqa: F401 - the fixture
from tfjs.converter.lowered_plans import TRIAL_RUNS


def test_a_plan_program_checks_its_weights_again_once_one_is_disposed(backend, plan_runs, monkeypatch):  # noqa: F811
    """A plan checks its weights (none disposed, each on its backend) on its first run and
    then only after a watched tensor was disposed or a buffer moved: a weight disposed
    after several calls still fails the next one, naming it."""
    from tfjs.engine import Engine

    checked = []
    real_prepare_input = Engine.prepare_input

    def prepare_input(self, backend, value, input_name, kernel_name):
        checked.extend([value.id] if input_name == "weight" else [])
        return real_prepare_input(self, backend, value, input_name, kernel_name)

    monkeypatch.setattr(Engine, "prepare_input", prepare_input)
    model = conv_model()
    x = tf.tensor(RNG.standard_normal((1, 4, 4, 2)).astype(np.float32))
    tf.dispose(model.execute(x))  # lowered (and, on torch, settled)
    checked.clear()
    for _ in range(3):
        tf.dispose(model.execute(x))
    assert len(plan_runs) == 3
    assert len(checked) == 3  # the three weights, on the first of these runs only
    tf.dispose(tf.add(x, 1))  # disposing a tensor nothing watches changes nothing
    tf.dispose(model.execute(x))
    assert len(checked) == 3
    model.weights["dense"][0].dispose()
    with pytest.raises(ValueError, match=r"input 'weight' of kernel 'a graph model'\) is disposed"):
        model.execute(x)
    tf.dispose(x)
    model.dispose()


@pytest.mark.parametrize(
    ("runner_costs", "kept"),
    [((100.0, 1.0), "runner"), ((3.0, 6.0), "loop")],  # the runner's first call is not timed
)
def test_the_faster_of_the_loop_and_the_compiled_runner_is_kept(monkeypatch, runner_costs, kept):
    """In the call that records the plan, the loop and the compiled runner take turns
    for TRIAL_RUNS runs each (the loop costing 5 a run here), after the runner's first
    run, which sets it up and is not timed; every later call runs the faster."""
    from tfjs.converter import lowered_plans

    tf.set_backend("cpu")
    made = []

    def compile_plan(self, run, feeds):
        made.append(lambda infos: run(infos))
        return made[0]

    monkeypatch.setattr(type(tf.backend()), "compile_plan", compile_plan)
    clock, ran = [0.0], []
    real_run_program = lowered_plans.run_program

    def timed_run_program(program, feeds, runner=None, check_weights=True):
        ran.append("loop" if runner is None else "runner")
        clock[0] += 5.0 if runner is None else runner_costs[min(ran.count("runner"), 2) - 1]
        return real_run_program(program, feeds, runner, check_weights)

    monkeypatch.setattr(lowered_plans, "run_program", timed_run_program)
    monkeypatch.setattr(lowered_plans.time, "perf_counter", lambda: clock[0])
    model = conv_model()
    x = tf.tensor(RNG.standard_normal((1, 4, 4, 2)).astype(np.float32))
    want = reference(x.numpy())
    for _ in range(3):
        y = model.execute(x)
        np.testing.assert_allclose(y.numpy(), want, rtol=1e-4, atol=1e-4)
        y.dispose()
    (lowered,) = model.executor.plan_programs.by_key.values()
    # the first call collected the plan node by node, then settled it
    assert ran == ["runner"] + ["loop", "runner"] * TRIAL_RUNS + [kept] * 2
    assert lowered.runner is (made[0] if kept == "runner" else None)
    tf.dispose(x)
    model.dispose()


def test_a_plan_fed_more_shapes_than_are_kept_compiles_no_new_one(monkeypatch):
    """Programs are kept for MAX_PLAN_PROGRAMS feed shapes a plan, the least recently
    used dropped. Each of the first shapes is compiled once and then found; once a plan
    needs more than are kept, no new shape is compiled (shapes that keep changing would
    compile again on every call: seconds each), and the values stay right."""
    from tfjs.converter.lowered_plans import MAX_PLAN_PROGRAMS, PlanPrograms

    tf.set_backend("cpu")
    compiled, lowered = [], []

    def compile_plan(self, run, feeds):
        compiled.append([tuple(feed.shape) for feed in feeds])
        return lambda infos: run(infos)

    real_lower = PlanPrograms.lower

    def lower(self, key, collector, feeds, results):
        lowered.append(feeds[0].shape[0])
        return real_lower(self, key, collector, feeds, results)

    monkeypatch.setattr(type(tf.backend()), "compile_plan", compile_plan)
    monkeypatch.setattr(PlanPrograms, "lower", lower)
    model = conv_model()
    inputs = {batch: RNG.standard_normal((batch, 4, 4, 2)).astype(np.float32) for batch in range(1, 7)}

    def run(batches):
        for batch in batches:
            x = tf.tensor(inputs[batch])
            y = model.execute(x)
            np.testing.assert_allclose(y.numpy(), reference(inputs[batch]), rtol=1e-4, atol=1e-4)
            tf.dispose([x, y])

    kept = list(range(1, MAX_PLAN_PROGRAMS + 1))
    run(kept * 3)
    assert lowered == kept  # each lowered once, then found
    assert [shapes[0][0] for shapes in compiled] == kept
    assert not model.executor.plan_programs.varying
    run([5, 6, 5, 6, *kept])  # 5 and 6 push 1 and 2 out, then 1 to 4 push out 3 to 6
    assert lowered == [*kept, 5, 6, *kept]
    assert [shapes[0][0] for shapes in compiled] == kept  # but none is compiled again
    assert len(model.executor.plan_programs.by_key) == MAX_PLAN_PROGRAMS
    model.dispose()


def test_an_executor_holds_at_most_max_compiled_runners(monkeypatch):
    """Past MAX_COMPILED (2 here) compiled runners, a newly lowered plan runs as the loop
    and compiles at its COMPILE_AT_RUN-th run, the least recently used runner dropped
    (that plan runs as the loop from then on, never compiled again); values stay right."""
    from tfjs.converter import lowered_plans

    tf.set_backend("cpu")
    compiled = []

    def compile_plan(self, run, feeds):
        compiled.append(len(compiled))
        return lambda infos: run(infos)

    monkeypatch.setattr(type(tf.backend()), "compile_plan", compile_plan)
    monkeypatch.setattr(lowered_plans, "MAX_COMPILED", 2)
    monkeypatch.setattr(lowered_plans, "TRIAL_RUNS", 0)  # each runner kept
    model = conv_model()
    array = RNG.standard_normal((2, 4, 4, 2)).astype(np.float32)
    x = tf.tensor(array)
    relu = reference_relu(array)
    wants = {"relu": relu, "flat": relu.reshape(2, 12), "out": reference(array)}
    by_output = {}

    def run(output):
        y = model.execute(x, output)
        np.testing.assert_allclose(y.numpy(), wants[output], rtol=1e-4, atol=1e-4)
        y.dispose()
        by_output.setdefault(output, next(reversed(model.executor.plan_programs.by_key.values())))

    run("relu")
    run("flat")
    assert len(compiled) == 2
    run("out")  # lowered while two runners are held: the loop
    assert len(compiled) == 2 and by_output["out"].runner is None
    run("flat")
    run("out")  # its second run compiles it, dropping the least recently used (relu's)
    assert len(compiled) == 3
    assert by_output["out"].runner is not None and by_output["flat"].runner is not None
    assert by_output["relu"].runner is None
    run("relu")
    run("relu")
    assert len(compiled) == 3  # a dropped runner is not compiled again
    tf.dispose(x)
    model.dispose()

"""The examples run as users run them, and do what they say."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import tfjs as tf

EXAMPLES = Path(__file__).parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"examples_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_train_quadratic_fits_the_curve(capsys):
    example = load("train_quadratic")
    variables = dict(tf.engine().registered_variables)
    result = example.main()
    printed = capsys.readouterr().out
    assert result["first_loss"] > 0.5
    assert result["loss"] < 0.002  # the noise alone gives about 0.0016
    for name, true_value in example.TRUE_COEFFICIENTS.items():
        assert abs(result[name] - true_value) < 0.02, name
    losses = [float(line.split("loss ")[1]) for line in printed.splitlines() if line.startswith("step")]
    assert len(losses) == 11 and losses == sorted(losses, reverse=True)  # it falls at every print
    assert tf.engine().registered_variables == variables  # everything it made is disposed

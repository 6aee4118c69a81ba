"""Tensor's chained methods are declared (tfjs/tensor_methods.py, generated) with exactly
their ops' signatures, for exactly the ops of the chained list, and call their op looked
up at call time."""

from __future__ import annotations

import ast
import inspect

import pytest

import tfjs as tf
from tfjs import generate_tensor_methods
from tfjs.chained_ops import CHAINED_OPS
from tfjs.tensor_methods import TensorMethods

REGENERATE = "regenerate it: python -m tfjs.generate_tensor_methods"


def _declared() -> set[str]:
    return {name for name, value in vars(TensorMethods).items() if inspect.isfunction(value)}


def test_every_chained_op_is_declared_and_nothing_else():
    assert _declared() == set(CHAINED_OPS), REGENERATE
    assert len(CHAINED_OPS) == len(set(CHAINED_OPS)), "an op listed twice"


@pytest.mark.parametrize("name", CHAINED_OPS)
def test_a_method_has_its_ops_signature_after_self(name):
    op_signature = inspect.signature(getattr(tf.ops, name))
    method_signature = inspect.signature(getattr(TensorMethods, name))
    method_parameters = list(method_signature.parameters.values())
    assert method_parameters[0].name == "self"
    # Parameter equality is name, kind, default and annotation (as written).
    assert method_parameters[1:] == list(op_signature.parameters.values())[1:], REGENERATE
    assert method_signature.return_annotation == op_signature.return_annotation, REGENERATE


def test_tensor_gets_the_declared_methods():
    for name in CHAINED_OPS:
        assert getattr(tf.Tensor, name) is getattr(TensorMethods, name), name
    # Tensor keeps its __slots__: the mixin adds no instance dict.
    scalar = tf.scalar(1.0)
    assert not hasattr(scalar, "__dict__")
    scalar.dispose()


def _code(source: str) -> str:
    """The source's syntax tree without its docstrings."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node):
            node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree)


def test_the_file_is_what_the_generator_writes():
    # Code only: a method's docstring copies its op's summary, which may be reworded
    # without regenerating (`python -m tfjs.generate_tensor_methods --check` tells).
    written = generate_tensor_methods.TARGET.read_text()
    assert _code(written) == _code(generate_tensor_methods.generate_source()), REGENERATE


def test_code_comparison_sees_a_changed_default():
    source = generate_tensor_methods.generate_source(["mean"])
    changed = source.replace("keep_dims: bool = False", "keep_dims: bool = True")
    assert changed != source and _code(changed) != _code(source)
    reworded = source.replace("Computes the mean", "The mean")
    assert reworded != source and _code(reworded) == _code(source)


def test_a_method_looks_its_op_up_at_call_time(monkeypatch, backend):
    calls = []
    monkeypatch.setattr(tf.ops, "mat_mul", lambda *args: calls.append(args) or "replaced")
    a = tf.tensor2d([[1, 2]])
    assert a.mat_mul(a, False, True) == "replaced"
    assert calls == [(a, a, False, True)]
    a.dispose()


def test_methods_pass_keywords_and_defaults_through(backend):
    def run() -> None:
        x = tf.tensor2d([[1, 5], [3, 2]])
        assert x.mean(keep_dims=True, axis=1).array_sync() == [[3.0], [2.5]]
        assert x.transpose().array_sync() == [[1.0, 3.0], [5.0, 2.0]]
        values, indices = x.topk(k=1)
        assert values.array_sync() == [[5.0], [3.0]] and indices.array_sync() == [[1], [0]]
        with pytest.raises(TypeError, match="unexpected keyword argument 'kept_dims'"):
            x.mean(kept_dims=True)  # type: ignore[call-arg]

    tf.tidy(run)


def test_the_generator_refuses_what_it_cannot_declare():
    with pytest.raises(ValueError, match=r"'no_such_op' is not an op of tfjs\.ops"):
        generate_tensor_methods.generate_source(["no_such_op"])
    # A default that is not a literal could not be written into the file as it is.
    with pytest.raises(ValueError, match="is not a literal"):
        generate_tensor_methods._default(
            inspect.Parameter("p", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=object())
        )

"""The public surfaces are explicit lists; these tests keep them honest."""

from __future__ import annotations

from pathlib import Path

import tfjs as tf
from tfjs import kernel_names
from tfjs.tensor import CHAINED_OPS

TFJS_OPS = {
    line.strip()
    for line in (Path(__file__).parent / "fixtures" / "tfjs_ops.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
}


def test_every_exported_op_is_a_tfjs_op():
    assert set(tf.ops.__all__) - TFJS_OPS == set()


def test_every_namespaced_op_is_a_tfjs_op():
    for namespace, module in tf.ops.NAMESPACES.items():
        assert {f"{namespace}.{name}" for name in module.__all__} - TFJS_OPS == set()
        assert getattr(tf, namespace) is module


def test_every_op_is_exported_at_top_level():
    for name in tf.ops.__all__:
        assert getattr(tf, name) is getattr(tf.ops, name)


def test_every_chained_method_is_an_op():
    for name in CHAINED_OPS:
        assert name in tf.ops.__all__
        assert callable(getattr(tf.Tensor, name))


def test_chained_methods_call_their_op():
    result = tf.tidy(lambda: tf.tensor([[1, 2], [3, 4]]).sub(1).square().mean().array_sync())
    assert result == (0 + 1 + 4 + 9) / 4


KERNEL_NAMES = sorted(
    value for key, value in vars(kernel_names).items() if key.isupper() and isinstance(value, str)
)


def test_every_kernel_name_has_a_cpu_kernel():
    missing = [name for name in KERNEL_NAMES if tf.get_kernel(name, "cpu") is None]
    assert missing == []


def test_every_kernel_has_a_gradient_or_is_listed_as_non_differentiable():
    from tfjs.kernel_registry import get_gradient

    missing = [
        n for n in KERNEL_NAMES if get_gradient(n) is None and n not in kernel_names.NON_DIFFERENTIABLE
    ]
    both = [n for n in KERNEL_NAMES if get_gradient(n) is not None and n in kernel_names.NON_DIFFERENTIABLE]
    assert missing == []
    assert both == []


def test_kernel_names_are_tfjs_spelling():
    assert kernel_names.BATCH_MAT_MUL == "BatchMatMul"
    assert kernel_names.DIV == "RealDiv"
    assert kernel_names.MULTIPLY == "Multiply"


def test_where_chains_with_the_tensor_as_the_true_branch(backend):
    def run():
        t = tf.tensor([1, 2, 3])
        return t.where(tf.tensor([True, False, True]), tf.tensor([10, 20, 30])).array_sync()

    assert tf.tidy(run) == [1.0, 20.0, 3.0]


def test_concat_and_stack_chain_with_the_tensor_first(backend):
    def run():
        a, b, c = tf.tensor([1, 2]), tf.tensor([3, 4]), tf.tensor([5, 6])
        return a.concat(b).array_sync(), a.concat([b, c]).array_sync(), a.stack(b, 1).array_sync()

    concat_one, concat_many, stacked = tf.tidy(run)
    assert concat_one == [1.0, 2.0, 3.0, 4.0]
    assert concat_many == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    assert stacked == [[1.0, 3.0], [2.0, 4.0]]

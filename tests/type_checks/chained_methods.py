"""What a type checker sees of Tensor's chained methods: checked by mypy in
tests/test_typing.py, never run. Each expected error carries its `type: ignore[code]`, and
mypy's warn_unused_ignores fails the check when the error is no longer found (as when the
methods were attributes set at import time, unknown to a type checker)."""

from __future__ import annotations

from typing import assert_type

import tfjs as tf
from tfjs.ops.topk import TopK
from tfjs.ops.unique import Unique


def chained_methods_have_their_ops_types(t: tf.Tensor, v: tf.Variable) -> None:
    """Return types as the ops declare them."""
    assert_type(t.reshape([2, -1]), tf.Tensor)
    assert_type(t.mat_mul(t, transpose_b=True).relu(), tf.Tensor)
    assert_type(v.square().mean(axis=0, keep_dims=True), tf.Tensor)
    assert_type(t.split(2, axis=1), list[tf.Tensor])
    assert_type(t.topk(k=2), TopK)
    assert_type(t.unique(), Unique)
    assert_type(t.where(t.greater(0), 0), tf.Tensor)
    assert_type(t.concat([t, t], 1), tf.Tensor)


def chained_methods_have_their_ops_parameters(t: tf.Tensor) -> None:
    """Wrong calls a type checker finds."""
    t.reshape([2], 3)  # type: ignore[call-arg]
    t.mean(kept_dims=True)  # type: ignore[call-arg]
    t.mat_mul(t, transpose_a="yes")  # type: ignore[arg-type]
    t.arg_max(axis=[0, 1])  # type: ignore[arg-type]
    t.no_such_method()  # type: ignore[attr-defined]

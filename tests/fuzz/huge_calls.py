"""Calls that ask for a tensor far larger than memory (issue 13, defect 7), by name, for
the fuzz worker to run under its memory cap: each must raise `TensorTooLargeError`
naming the op at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tfjs as tf

HUGE = 10**6  # a dimension; HUGE x HUGE float32 is 4 TB
ENORMOUS = 2**40


def _x(*shape: int, dtype: str = "float32") -> tf.Tensor:
    return tf.zeros(shape, dtype)


def _with(make: Callable[[], list[tf.Tensor]], call: Callable[..., Any]) -> Callable[[], Any]:
    """`call(*tensors)` on tensors made first, disposed afterwards whatever happens."""

    def run() -> Any:
        tensors = make()
        try:
            return call(*tensors)
        finally:
            tf.dispose(tensors)

    return run


# name -> (the op the error must name, the call)
CASES: dict[str, tuple[str, Callable[[], Any]]] = {
    "zeros": ("zeros", lambda: tf.zeros([HUGE, HUGE])),
    "zeros_dim": ("zeros", lambda: tf.zeros([0, 2**60, 2**60])),
    "ones": ("ones", lambda: tf.ones([HUGE, HUGE], "int32")),
    "fill": ("fill", lambda: tf.fill([HUGE, HUGE], 7)),
    "fill_string": ("fill", lambda: tf.fill([HUGE, HUGE], "a")),
    "eye": ("eye", lambda: tf.eye(HUGE)),
    "eye_batch": ("eye", lambda: tf.eye(2, 2, [HUGE, HUGE])),
    "range": ("range", lambda: tf.range(0, 2**32)),
    "linspace": ("linspace", lambda: tf.linspace(0, 1, ENORMOUS)),
    "random_normal": ("random_normal", lambda: tf.random_normal([10**9, 10**9], seed=1)),
    "random_normal_unseeded": ("random_normal", lambda: tf.random_normal([10**9, 10**9])),
    "truncated_normal": ("truncated_normal", lambda: tf.truncated_normal([10**9, 10**9], seed=1)),
    "random_standard_normal": ("random_standard_normal", lambda: tf.random_standard_normal([HUGE, HUGE])),
    "random_uniform": ("random_uniform", lambda: tf.random_uniform([10**9, 10**9], seed=1)),
    "random_uniform_int": ("random_uniform_int", lambda: tf.random_uniform_int([HUGE, HUGE], 0, 9, 1)),
    "random_gamma": ("random_gamma", lambda: tf.random_gamma([10**9, 10**9], 1.0, seed=1)),
    "rand": ("rand", lambda: tf.rand([HUGE, HUGE], lambda: 0.5)),
    "buffer": ("buffer", lambda: tf.buffer([HUGE, HUGE])),
    "multinomial": ("multinomial", _with(lambda: [_x(1, 2)], lambda x: tf.multinomial(x, ENORMOUS, 1))),
    "one_hot": ("one_hot", _with(lambda: [_x(4, dtype="int32")], lambda x: tf.one_hot(x, ENORMOUS))),
    "hann_window": ("hann_window", lambda: tf.signal.hann_window(ENORMOUS)),
    "hamming_window": ("hamming_window", lambda: tf.signal.hamming_window(ENORMOUS)),
    "frame": ("frame", _with(lambda: [_x(4)], lambda x: tf.signal.frame(x, ENORMOUS, 1, True))),
    "stft": ("stft", _with(lambda: [_x(8)], lambda x: tf.signal.stft(x, 4, 1, ENORMOUS))),
    "tile": ("tile", _with(lambda: [_x(2, 2)], lambda x: tf.tile(x, [HUGE, HUGE]))),
    "pad": ("pad", _with(lambda: [_x(2)], lambda x: tf.pad(x, [[ENORMOUS, ENORMOUS]]))),
    "broadcast_to": ("broadcast_to", _with(lambda: [_x(1, 1)], lambda x: tf.broadcast_to(x, [HUGE, HUGE]))),
    "add_broadcast": (
        "add",
        _with(lambda: [_x(HUGE, 1), _x(1, HUGE)], tf.add),
    ),
    "resize_bilinear": (
        "resize_bilinear",
        _with(lambda: [_x(1, 2, 2, 1)], lambda x: tf.image.resize_bilinear(x, [HUGE, HUGE])),
    ),
    "resize_nearest_neighbor": (
        "resize_nearest_neighbor",
        _with(lambda: [_x(1, 2, 2, 1)], lambda x: tf.image.resize_nearest_neighbor(x, [HUGE, HUGE])),
    ),
    "crop_and_resize": (
        "crop_and_resize",
        _with(
            lambda: [_x(1, 2, 2, 1), tf.tensor2d([[0, 0, 1, 1]]), tf.tensor1d([0], "int32")],
            lambda x, boxes, ind: tf.image.crop_and_resize(x, boxes, ind, [HUGE, HUGE]),
        ),
    ),
    "transform": (
        "transform",
        _with(
            lambda: [_x(1, 2, 2, 1), tf.tensor2d([[1, 0, 0, 0, 1, 0, 0, 0]])],
            lambda x, t: tf.image.transform(x, t, output_shape=[HUGE, HUGE]),
        ),
    ),
    "conv2d_transpose": (
        "conv2d_transpose",
        _with(
            lambda: [_x(1, 1, 1, 1), _x(1, 1, 1, 1)],
            lambda x, f: tf.conv2d_transpose(x, f, [1, HUGE, HUGE, 1], HUGE, "same"),
        ),
    ),
    "space_to_batch_nd": (
        "space_to_batch_nd",
        _with(lambda: [_x(1, 2, 1)], lambda x: tf.space_to_batch_nd(x, [2], [[ENORMOUS, ENORMOUS]])),
    ),
    "sparse_to_dense": (
        "sparse_to_dense",
        _with(
            lambda: [tf.tensor1d([0], "int32"), tf.tensor1d([1.0])],
            lambda i, v: tf.sparse_to_dense(i, v, [ENORMOUS]),
        ),
    ),
    "scatter_nd": (
        "scatter_nd",
        _with(
            lambda: [tf.tensor2d([[0]], dtype="int32"), _x(1, HUGE)],
            lambda i, u: tf.scatter_nd(i, u, [HUGE, HUGE]),
        ),
    ),
    "bincount": (
        "bincount",
        _with(
            lambda: [tf.tensor1d([0], "int32"), tf.tensor1d([], "float32")],
            lambda x, w: tf.bincount(x, w, ENORMOUS),
        ),
    ),
    "dense_bincount": (
        "dense_bincount",
        _with(
            lambda: [tf.tensor1d([0], "int32"), tf.tensor1d([], "float32")],
            lambda x, w: tf.dense_bincount(x, w, ENORMOUS),
        ),
    ),
    "unsorted_segment_sum": (
        "unsorted_segment_sum",
        _with(
            lambda: [_x(1), tf.tensor1d([0], "int32")], lambda x, s: tf.unsorted_segment_sum(x, s, ENORMOUS)
        ),
    ),
    "ragged_range": (
        "ragged_range",
        _with(
            lambda: [tf.tensor1d([0], "int32"), tf.tensor1d([2**31 - 1], "int32"), tf.tensor1d([1], "int32")],
            tf.ragged_range,
        ),
    ),
    "confusion_matrix": (
        "confusion_matrix",
        _with(
            lambda: [tf.tensor1d([0], "int32"), tf.tensor1d([0], "int32")],
            lambda a, b: tf.math.confusion_matrix(a, b, HUGE),
        ),
    ),
    "split": ("split", _with(lambda: [_x(2, 0)], lambda x: tf.split(x, 2**31, 1))),
    "unstack": ("unstack", _with(lambda: [_x(0, ENORMOUS)], lambda x: tf.unstack(x, 1))),
    "mat_mul": ("mat_mul", _with(lambda: [_x(HUGE, 1), _x(1, HUGE)], tf.mat_mul)),
    "rfft": ("rfft", _with(lambda: [_x(2, 4)], lambda x: tf.rfft(x, ENORMOUS))),
    "equal_broadcast": ("equal", _with(lambda: [_x(HUGE, 1), _x(1, HUGE)], tf.equal)),
}


def run(name: str, backend: str) -> Any:
    """Runs case `name` on `backend`; the worker disposes its result, if any."""
    tf.set_backend(backend)
    return CASES[name][1]()

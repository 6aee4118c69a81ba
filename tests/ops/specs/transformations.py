"""Tensors / Transformations."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, F32, I23, I32, M23, OpSpec


def _space_to_batch(x: np.ndarray, block: list[int], paddings: list[list[int]]) -> np.ndarray:
    """TensorFlow's definition for two spatial dimensions, one output position at a time:
    out[(i1 * b2 + i2) * batch + n, h, w] = padded[n, h * b1 + i1, w * b2 + i2]."""
    padded = np.pad(x, [(0, 0), *paddings, *[(0, 0)] * (x.ndim - 3)])
    (b1, b2), batch = block, x.shape[0]
    out = np.zeros((batch * b1 * b2, padded.shape[1] // b1, padded.shape[2] // b2, *x.shape[3:]))
    for i1 in range(b1):
        for i2 in range(b2):
            for n in range(batch):
                out[(i1 * b2 + i2) * batch + n] = padded[n, i1::b1, i2::b2]
    return out


def _depth_to_space(x: np.ndarray, bs: int) -> np.ndarray:
    out = np.zeros((x.shape[0], x.shape[1] * bs, x.shape[2] * bs, x.shape[3] // (bs * bs)))
    for h in range(out.shape[1]):
        for w in range(out.shape[2]):
            offset = ((h % bs) * bs + w % bs) * out.shape[3]
            out[:, h, w, :] = x[:, h // bs, w // bs, offset : offset + out.shape[3]]
    return out


SPECS: list[OpSpec] = [
    OpSpec("reshape", lambda x: tf.reshape(x, [3, -1]), lambda x: x.reshape(3, -1), (((2, 6), F32),), F32),
    OpSpec("cast", lambda x: tf.cast(x, "int32"), np.trunc, (M23,), I32),
    OpSpec(
        "cast", lambda x: tf.cast(x, "bool"), lambda x: x != 0, (I23,), BOOL, low=-1, high=2, id_suffix="bool"
    ),
    OpSpec("transpose", tf.transpose, np.transpose, (((2, 3, 4), F32),), F32),
    OpSpec(
        "transpose",
        lambda x: tf.transpose(x, [1, 2, 0]),
        lambda x: x.transpose(1, 2, 0),
        (((2, 3, 4), I32),),
        I32,
        id_suffix="perm-int32",
    ),
    OpSpec("transpose", tf.transpose, np.transpose, (((3, 2), BOOL),), BOOL, id_suffix="bool"),
    OpSpec(
        "transpose",
        lambda x: tf.transpose(x, [2, 0, 3, 1]),
        lambda x: x.transpose(2, 0, 3, 1),
        (((2, 3, 4, 5), F32),),
        F32,
        id_suffix="perm",
    ),
    OpSpec("expand_dims", lambda x: tf.expand_dims(x, 1), lambda x: x[:, None], (M23,), F32),
    OpSpec(
        "expand_dims",
        lambda x: tf.expand_dims(x, -1),
        lambda x: x[..., None],
        (I23,),
        I32,
        id_suffix="negative-int32",
    ),
    OpSpec("squeeze", tf.squeeze, np.squeeze, (((1, 3, 1, 2), F32),), F32),
    OpSpec(
        "squeeze",
        lambda x: tf.squeeze(x, [2]),
        lambda x: x.squeeze(2),
        (((1, 3, 1), BOOL),),
        BOOL,
        id_suffix="axis-bool",
    ),
    OpSpec(
        "broadcast_to",
        lambda x: tf.broadcast_to(x, [2, 4, 3]),
        lambda x: np.broadcast_to(x, (2, 4, 3)),
        (((4, 1), F32),),
        F32,
    ),
    OpSpec(
        "broadcast_to",
        lambda x: tf.broadcast_to(x, [3, 2, 3]),
        lambda x: np.broadcast_to(x, (3, 2, 3)),
        (I23,),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "broadcast_args",
        lambda x: tf.broadcast_args(tf.cast(x, "int32"), tf.tensor1d([3, 1, 1], "int32")),
        lambda x: np.broadcast_shapes(tuple(x.astype(int)), (3, 1, 1)),
        (((2,), F32),),
        I32,
        low=1,
        high=6,
    ),
    OpSpec("ensure_shape", lambda x: tf.ensure_shape(x, [None, 3]), lambda x: x, (M23,), F32),
    OpSpec(
        "pad",
        lambda x: tf.pad(x, [[1, 2], [0, 3]], 1.5),
        lambda x: np.pad(x, [(1, 2), (0, 3)], constant_values=1.5),
        (M23,),
        F32,
    ),
    OpSpec(
        "pad",
        lambda x: tf.pad(x, [[0, 1], [2, 0]], -7),
        lambda x: np.pad(x, [(0, 1), (2, 0)], constant_values=-7),
        (I23,),
        I32,
        id_suffix="int32",
    ),
    OpSpec("pad1d", lambda x: tf.pad1d(x, [2, 1]), lambda x: np.pad(x, (2, 1)), (((3,), F32),), F32),
    OpSpec(
        "pad2d",
        lambda x: tf.pad2d(x, [[1, 0], [1, 1]], 2),
        lambda x: np.pad(x, [(1, 0), (1, 1)], constant_values=2),
        (M23,),
        F32,
    ),
    OpSpec(
        "pad3d",
        lambda x: tf.pad3d(x, [[0, 1], [1, 0], [0, 2]]),
        lambda x: np.pad(x, [(0, 1), (1, 0), (0, 2)]),
        (((2, 2, 2), F32),),
        F32,
    ),
    OpSpec(
        "pad4d",
        lambda x: tf.pad4d(x, [[1, 0], [0, 0], [0, 1], [2, 0]], 3),
        lambda x: np.pad(x, [(1, 0), (0, 0), (0, 1), (2, 0)], constant_values=3),
        (((1, 2, 2, 2), I32),),
        I32,
    ),
    OpSpec(
        "mirror_pad",
        lambda x: tf.mirror_pad(x, [[1, 1], [2, 2]], "reflect"),
        lambda x: np.pad(x, [(1, 1), (2, 2)], mode="reflect"),
        (((3, 4), F32),),
        F32,
        # TF.js's gradient is the slice of dy over x: the mirrored copies' gradients are
        # dropped (tests/conformance/cases/transform_gradients records it).
        differentiable=False,
    ),
    OpSpec(
        "mirror_pad",
        lambda x: tf.mirror_pad(x, [[2, 0], [3, 1]], "symmetric"),
        lambda x: np.pad(x, [(2, 0), (3, 1)], mode="symmetric"),
        (((3, 4), I32),),
        I32,
        id_suffix="symmetric-int32",
    ),
    OpSpec(
        "space_to_batch_nd",
        lambda x: tf.space_to_batch_nd(x, [2, 3], [[1, 1], [0, 2]]),
        lambda x: _space_to_batch(x, [2, 3], [[1, 1], [0, 2]]),
        (((2, 4, 4, 3), F32),),
        F32,
    ),
    OpSpec(
        "batch_to_space_nd",
        lambda x: tf.batch_to_space_nd(
            tf.space_to_batch_nd(x, [2, 2], [[1, 1], [2, 0]]), [2, 2], [[1, 1], [2, 0]]
        ),
        lambda x: x,
        (((2, 4, 2, 3), F32),),
        F32,
    ),
    OpSpec(
        "space_to_batch_nd",
        lambda x: tf.space_to_batch_nd(x, [3], [[2, 1]]),
        # [2, 3, 2] padded to [2, 6, 2] -> [2 (batch), 2, 3 (block), 2] -> [block, batch, 2, 2]
        lambda x: (
            np.pad(x, [(0, 0), (2, 1), (0, 0)]).reshape(2, 2, 3, 2).transpose(2, 0, 1, 3).reshape(6, 2, 2)
        ),
        (((2, 3, 2), F32),),
        F32,
        id_suffix="1d",
    ),
    OpSpec(
        "batch_to_space_nd",
        lambda x: tf.batch_to_space_nd(x, [2], [[1, 2]]),
        lambda x: x.reshape(2, 2, 3, 2).transpose(1, 2, 0, 3).reshape(2, 6, 2)[:, 1:4],
        (((4, 3, 2), F32),),
        F32,
        id_suffix="cropped",
    ),
    OpSpec(
        "batch_to_space_nd",
        lambda x: tf.batch_to_space_nd(x, [2], [[1, 2]]),
        # [4, 3, 2] -> [2 (block), 2 (batch), 3, 2] -> [batch, 3, block, 2] -> cropped [2, 3, 2]
        lambda x: x.reshape(2, 2, 3, 2).transpose(1, 2, 0, 3).reshape(2, 6, 2)[:, 1:4],
        (((4, 3, 2), I32),),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "depth_to_space",
        lambda x: tf.depth_to_space(x, 2),
        lambda x: _depth_to_space(x, 2),
        (((2, 2, 3, 8), F32),),
        F32,
    ),
    OpSpec(
        "depth_to_space",
        lambda x: tf.depth_to_space(x, 2, "NCHW"),
        lambda x: _depth_to_space(x.transpose(0, 2, 3, 1), 2).transpose(0, 3, 1, 2),
        (((2, 8, 2, 3), F32),),
        F32,
        id_suffix="NCHW",
    ),
]

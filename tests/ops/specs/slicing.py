"""Tensors / Slicing and Joining and Operations / Slicing and Joining."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import BOOL, F32, I32, OpSpec

M34, M34I, M34B = ((3, 4), F32), ((3, 4), I32), ((3, 4), BOOL)
T234, T234I = ((2, 3, 4), F32), ((2, 3, 4), I32)
Q2234 = ((2, 2, 3, 4), F32)
V5, V5I, V5B = ((5,), F32), ((5,), I32), ((5,), BOOL)

# Index vectors into the first two axes of a [2, 3, 4] tensor; [1, 2] twice.
ND_INDICES = [[1, 2], [0, 0], [1, 2], [0, 1]]
# Two rows for each of the (2, 2) batches of a gather with batch_dims=2.
BATCH2_INDICES = [[[1, 1], [0, 2]], [[2, 0], [0, 0]]]


def _gather_batched(x: np.ndarray, indices: np.ndarray, axis: int) -> np.ndarray:
    """gather with batch_dims=1, one batch at a time."""
    return np.stack([np.take(x[b], indices[b], axis=axis - 1) for b in range(x.shape[0])])


def _scatter_add(indices: list[list[int]], updates: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    out = np.zeros(shape)
    for index, update in zip(indices, updates, strict=True):
        out[tuple(index)] += update
    return out


def _scatter_set(x: np.ndarray, indices: list[list[int]], updates: np.ndarray) -> np.ndarray:
    out = x.copy()
    for index, update in zip(indices, updates, strict=True):
        out[tuple(index)] = update
    return out


def _joined(axis: int):
    """NumPy's concatenate of the inputs along `axis`."""
    return lambda *xs: np.concatenate(xs, axis)


def _i32(values: list) -> tf.Tensor:
    return tf.tensor(values, dtype="int32")


SPECS: list[OpSpec] = [
    OpSpec(
        "strided_slice",
        lambda x: tf.strided_slice(x, [0, 3], [2, 0], [1, -2]),
        lambda x: x[0:2, 3:0:-2],
        (((3, 5), F32),),
        F32,
    ),
    OpSpec(
        "strided_slice",
        lambda x: tf.strided_slice(x, [1, 0, -1], [0, 0, 0], [1, 1, -2], 0, 2, 0, 0, 1),
        lambda x: x[1, :, :0:-2],
        (T234,),
        F32,
        id_suffix="shrink-end_mask-negative",
    ),
    OpSpec(
        "strided_slice",
        lambda x: tf.strided_slice(x, [0, 0, 1], [0, 0, 3], [1, 1, 1], 0, 0, 1, 2),
        lambda x: x[..., None, 1:3],
        (T234,),
        F32,
        id_suffix="ellipsis-new_axis",
    ),
    OpSpec(
        "strided_slice",
        lambda x: x[::2, 1],
        lambda x: x[::2, 1],
        (((5, 3), F32),),
        F32,
        id_suffix="indexing",
    ),
    # concat and its ranked forms
    OpSpec("concat", lambda a, b: tf.concat([a, b], 1), _joined(1), (M34, M34), F32),
    OpSpec(
        "concat",
        lambda a, b, c: tf.concat([a, b, c], -1),
        _joined(-1),
        (((2, 1), I32), ((2, 3), I32), ((2, 0), I32)),
        I32,
        id_suffix="int32-three",
    ),
    OpSpec("concat", lambda a, b: tf.concat([a, b]), _joined(0), (V5B, V5B), BOOL, id_suffix="bool"),
    OpSpec(
        "concat",
        lambda a, b, c: tf.concat([a, b, c], 0),
        _joined(0),
        (((2, 3), F32), ((0, 3), F32), ((1, 3), F32)),
        F32,
        id_suffix="three-with-empty",
    ),
    OpSpec("concat1d", lambda a, b: tf.concat1d([a, b]), _joined(0), (V5, V5I), F32),
    OpSpec("concat2d", lambda a, b: tf.concat2d([a, b], 0), _joined(0), (M34, M34), F32),
    OpSpec("concat3d", lambda a, b: tf.concat3d([a, b], 2), _joined(2), (T234, T234), F32),
    OpSpec("concat4d", lambda a, b: tf.concat4d([a, b], 1), _joined(1), (Q2234, Q2234), F32),
    # gather, gather_nd
    OpSpec(
        "gather",
        lambda x: tf.gather(x, _i32([[2, 0], [1, 2]]), 1),
        lambda x: np.take(x, [[2, 0], [1, 2]], axis=1),
        (T234,),
        F32,
    ),
    OpSpec(
        "gather",
        lambda x: tf.gather(x, _i32([[3, 0, 3], [1, 1, 2]]), 2, 1),
        lambda x: _gather_batched(x, np.array([[3, 0, 3], [1, 1, 2]]), 2),
        (T234I,),
        I32,
        id_suffix="batch_dims-int32",
    ),
    OpSpec(
        "gather",
        lambda x: tf.gather(x, _i32([[2, 2, 0], [1, 1, 1]]), -1, 1),
        lambda x: _gather_batched(x, np.array([[2, 2, 0], [1, 1, 1]]), 2),
        (((2, 3, 3), F32),),
        F32,
        id_suffix="batch_dims-repeats",
    ),
    OpSpec(
        "gather",
        lambda x: tf.gather(x, _i32(BATCH2_INDICES), 2, 2),
        lambda x: np.take_along_axis(x, np.array(BATCH2_INDICES)[..., None], 2),
        (((2, 2, 3, 2), F32),),
        F32,
        id_suffix="batch_dims2",
    ),
    OpSpec(
        "gather",
        lambda x: tf.gather(x, _i32([1, 1, 0, 1])),
        lambda x: x[[1, 1, 0, 1]],
        (((2, 3), F32),),
        F32,
        id_suffix="axis0-repeats",
    ),
    OpSpec(
        "gather",
        lambda x: tf.gather(x, _i32([4, 0, 4])),
        lambda x: x[[4, 0, 4]],
        (V5B,),
        BOOL,
        id_suffix="bool",
    ),
    OpSpec(
        "gather_nd",
        lambda x: tf.gather_nd(x, _i32(ND_INDICES)),
        lambda x: x[tuple(np.array(ND_INDICES).T)],
        (T234,),
        F32,
    ),
    OpSpec(
        "gather_nd",
        lambda x: tf.gather_nd(x, _i32([[[2, 1, 3]], [[0, 0, 0]]])),
        lambda x: x[tuple(np.array([[[2, 1, 3]], [[0, 0, 0]]]).transpose(2, 0, 1))],
        (((3, 2, 4), I32),),
        I32,
        id_suffix="int32-full-index",
    ),
    OpSpec(
        "gather_nd",
        lambda x: tf.gather_nd(x, _i32([2, 1])),
        lambda x: x[2, 1],
        (((3, 2, 2), F32),),
        F32,
        id_suffix="one-vector",
    ),
    OpSpec(
        "gather_nd",
        lambda x: tf.gather_nd(x, _i32([[[2, 1], [2, 1]], [[0, 0], [1, 0]]])),
        lambda x: x[[[2, 2], [0, 1]], [[1, 1], [0, 0]]],
        (((3, 2), F32),),
        F32,
        id_suffix="full-index-repeats",
    ),
    # scatter_nd, tensor_scatter_update (repeated indices add up / the last one wins)
    OpSpec(
        "scatter_nd",
        lambda u: tf.scatter_nd(_i32(ND_INDICES), u, [2, 3, 4]),
        lambda u: _scatter_add(ND_INDICES, u, (2, 3, 4)),
        (((4, 4), F32),),
        F32,
    ),
    OpSpec(
        "scatter_nd",
        lambda u: tf.scatter_nd(_i32([4, 0, 4]), u, [6]),
        lambda u: _scatter_add([[4], [0], [4]], u, (6,)),
        (((3,), I32),),
        I32,
        id_suffix="int32-1d-indices",
    ),
    OpSpec(
        "tensor_scatter_update",
        lambda x, u: tf.tensor_scatter_update(x, _i32(ND_INDICES), u),
        lambda x, u: _scatter_set(x, ND_INDICES, u),
        (T234, ((4, 4), F32)),
        F32,
    ),
    OpSpec(
        "scatter_nd",
        lambda u: tf.scatter_nd(_i32([4, 0, 4]), u, [6, 2]),
        lambda u: _scatter_add([[4], [0], [4]], u, (6, 2)),
        (((3, 2), F32),),
        F32,
        id_suffix="1d-indices",
    ),
    OpSpec(
        "tensor_scatter_update",
        lambda x, u: tf.tensor_scatter_update(x, _i32([3, 1, 3]), u),
        lambda x, u: _scatter_set(x, [[3], [1], [3]], u),
        (((5, 2), F32), ((3, 2), F32)),
        F32,
        id_suffix="1d-indices-repeat",
    ),
    OpSpec(
        "tensor_scatter_update",
        lambda x, u: tf.tensor_scatter_update(x, _i32([[3], [1]]), u),
        lambda x, u: _scatter_set(x, [[3], [1]], u),
        (V5B, ((2,), BOOL)),
        BOOL,
        id_suffix="bool",
    ),
    # reverse
    OpSpec("reverse", tf.reverse, lambda x: x[::-1, ::-1, ::-1], (T234,), F32),
    OpSpec(
        "reverse",
        lambda x: tf.reverse(x, [-1, 0]),
        lambda x: x[::-1, :, ::-1],
        (T234I,),
        I32,
        id_suffix="axes-int32",
    ),
    OpSpec("reverse", lambda x: tf.reverse(x, 1), lambda x: x[:, ::-1], (M34B,), BOOL, id_suffix="bool"),
    OpSpec(
        "reverse",
        lambda x: tf.reverse(x, [1, -2, 0]),
        lambda x: x[:, ::-1],
        (M34,),
        F32,
        id_suffix="axis-twice",
    ),
    OpSpec("reverse1d", tf.reverse1d, lambda x: x[::-1], (V5,), F32),
    OpSpec("reverse2d", lambda x: tf.reverse2d(x, 0), lambda x: x[::-1], (M34,), F32),
    OpSpec("reverse3d", lambda x: tf.reverse3d(x, [1, 2]), lambda x: x[:, ::-1, ::-1], (T234,), F32),
    OpSpec("reverse4d", lambda x: tf.reverse4d(x, 3), lambda x: x[..., ::-1], (Q2234,), F32),
    # slice
    OpSpec("slice", lambda x: tf.slice(x, [1, 0, 2], [1, -1, 2]), lambda x: x[1:2, :, 2:4], (T234,), F32),
    OpSpec("slice", lambda x: tf.slice(x, 1), lambda x: x[1:], (M34I,), I32, id_suffix="begin-only-int32"),
    OpSpec("slice", lambda x: tf.slice(x, [0, 1], [2]), lambda x: x[:2, 1:], (M34B,), BOOL, id_suffix="bool"),
    OpSpec("slice1d", lambda x: tf.slice1d(x, 1, 3), lambda x: x[1:4], (V5,), F32),
    OpSpec("slice2d", lambda x: tf.slice2d(x, [1, 1], [2, 3]), lambda x: x[1:3, 1:4], (M34,), F32),
    OpSpec("slice3d", lambda x: tf.slice3d(x, [0, 1, 0], [2, 2, 0]), lambda x: x[:, 1:3, 0:0], (T234,), F32),
    OpSpec(
        "slice4d",
        lambda x: tf.slice4d(x, [1, 0, 1, 1], [1, 2, 2, -1]),
        lambda x: x[1:2, :, 1:3, 1:],
        (Q2234,),
        F32,
    ),
    # split, unstack (one output), stack, tile
    OpSpec("split", lambda x: tf.split(x, 2, 2)[1], lambda x: np.split(x, 2, 2)[1], (T234,), F32),
    OpSpec(
        "split",
        lambda x: tf.split(x, [1, -1, 1], 1)[1],
        lambda x: x[:, 1:3],
        (M34I,),
        I32,
        id_suffix="sizes-int32",
    ),
    OpSpec(
        "split", lambda x: tf.split(x, [1, -1, 1], 1)[1], lambda x: x[:, 1:3], (M34,), F32, id_suffix="sizes"
    ),
    OpSpec(
        "split",
        lambda x: tf.add(*tf.split(x, 2, -1)),
        lambda x: np.add(*np.split(x, 2, -1)),
        (T234,),
        F32,
        id_suffix="both-pieces",
    ),
    OpSpec("unstack", lambda x: tf.unstack(x, 1)[2], lambda x: x[:, 2], (T234,), F32),
    OpSpec(
        "unstack",
        lambda x: tf.mul(*tf.unstack(x, -1)),
        lambda x: np.multiply(x[..., 0], x[..., 1]),
        (((3, 2), F32),),
        F32,
        id_suffix="both-outputs",
    ),
    OpSpec("unstack", lambda x: tf.unstack(x, -1)[0], lambda x: x[..., 0], (M34B,), BOOL, id_suffix="bool"),
    OpSpec("stack", lambda a, b: tf.stack([a, b], 1), lambda a, b: np.stack([a, b], 1), (M34, M34), F32),
    OpSpec(
        "stack",
        lambda a, b, c: tf.stack([a, b, c], -2),
        lambda a, b, c: np.stack([a, b, c], -2),
        (M34, M34, M34),
        F32,
        id_suffix="three-negative-axis",
    ),
    OpSpec(
        "stack",
        lambda a, b, c: tf.stack([a, b, c], -1),
        lambda a, b, c: np.stack([a, b, c], -1),
        (V5I, V5I, V5I),
        I32,
        id_suffix="int32-last",
    ),
    OpSpec("tile", lambda x: tf.tile(x, [2, 1, 3]), lambda x: np.tile(x, (2, 1, 3)), (T234,), F32),
    OpSpec(
        "tile",
        lambda x: tf.tile(x, [3, 2]),
        lambda x: np.tile(x, (3, 2)),
        (((2, 2), F32),),
        F32,
        id_suffix="2d",
    ),
    OpSpec(
        "tile",
        lambda x: tf.tile(x, [1, 2, 1, 1, 3]),
        lambda x: np.tile(x, (1, 2, 1, 1, 3)),
        (((1, 2, 1, 2, 1), F32),),
        F32,
        id_suffix="rank5",
    ),
    OpSpec("tile", lambda x: tf.tile(x, [3]), lambda x: np.tile(x, 3), (V5B,), BOOL, id_suffix="bool"),
    # meshgrid (one output)
    OpSpec(
        "meshgrid",
        lambda x, y: tf.meshgrid(x, y)[0],
        lambda x, y: np.meshgrid(x, y)[0],
        (V5, V5),
        F32,
        differentiable=False,  # the first grid does not depend on y: tf.grads refuses (as TF.js)
    ),
    OpSpec(
        "meshgrid",
        lambda x, y: tf.mul(*tf.meshgrid(x, y)),
        lambda x, y: np.multiply(*np.meshgrid(x, y)),
        (V5, ((3,), F32)),
        F32,
        id_suffix="both-grids",
    ),
    OpSpec(
        "meshgrid",
        lambda x, y: tf.meshgrid(x, y, indexing="ij")[1],
        lambda x, y: np.meshgrid(x, y, indexing="ij")[1],
        (V5I, ((2, 2), I32)),
        I32,
        id_suffix="ij-int32",
    ),
]

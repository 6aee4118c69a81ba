"""Plausible calls of the ops whose arguments must agree with each other (convolutions,
pools, space/batch moves, NMS, sparse and ragged ops, ...), which random arguments
almost never satisfy. The op fuzz starts from one of these half of the time and then,
half of the time again, replaces one argument with a random or hostile value — so the
checks deep in these ops, and their kernels, are reached too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tfjs as tf
from tests.fuzz.op_values import Draw

Call = tuple[list[Any], dict[str, Any]]


def _t(draw: Draw, shape: list[int], dtype: str = "float32") -> tf.Tensor:
    """A tensor of `shape`, its values drawn as the fuzz draws them."""
    made = tf.tensor(draw.numbers(_size(shape), dtype), shape, dtype)
    draw.tensors.append(made)
    return made


def _ints(draw: Draw, shape: list[int], high: int) -> tf.Tensor:
    """An int32 tensor of `shape`, its values in [0, high) (mostly)."""
    values = [draw.rng.randrange(max(high, 1)) for _ in range(_size(shape))]
    made = tf.tensor(values, shape, "int32")
    draw.tensors.append(made)
    return made


def _i32(draw: Draw, values: list[int]) -> tf.Tensor:
    made = tf.tensor1d(values, "int32")
    draw.tensors.append(made)
    return made


def _size(shape: list[int]) -> int:
    size = 1
    for dim in shape:
        size *= dim
    return size


def _dim(draw: Draw, low: int = 1, high: int = 4) -> int:
    return draw.rng.randint(low, high)


def _pad(draw: Draw) -> Any:
    return draw.rng.choice(("same", "valid", "same", 0, 1))


def _conv2d(draw: Draw) -> Call:
    c, o = _dim(draw, 1, 3), _dim(draw, 1, 3)
    x = _t(draw, [_dim(draw, 1, 2), _dim(draw), _dim(draw), c])
    return [x, _t(draw, [_dim(draw, 1, 2), _dim(draw, 1, 2), c, o]), _dim(draw, 1, 2), _pad(draw)], {}


def _depthwise(draw: Draw) -> Call:
    c = _dim(draw, 1, 3)
    x = _t(draw, [1, _dim(draw), _dim(draw), c])
    return [x, _t(draw, [_dim(draw, 1, 2), _dim(draw, 1, 2), c, _dim(draw, 1, 2)]), 1, _pad(draw)], {}


def _separable(draw: Draw) -> Call:
    c, m = _dim(draw, 1, 2), _dim(draw, 1, 2)
    x = _t(draw, [1, _dim(draw), _dim(draw), c])
    depthwise, pointwise = _t(draw, [1, 1, c, m]), _t(draw, [1, 1, c * m, _dim(draw, 1, 2)])
    return [x, depthwise, pointwise, 1, _pad(draw)], {}


def _conv1d(draw: Draw) -> Call:
    c = _dim(draw, 1, 3)
    x = _t(draw, [_dim(draw, 1, 2), _dim(draw), c])
    return [x, _t(draw, [_dim(draw, 1, 2), c, _dim(draw, 1, 2)]), _dim(draw, 1, 2), _pad(draw)], {}


def _conv2d_transpose(draw: Draw) -> Call:
    c, o, h, w = _dim(draw, 1, 2), _dim(draw, 1, 2), _dim(draw), _dim(draw)
    x, f = _t(draw, [1, h, w, o]), _t(draw, [_dim(draw, 1, 2), _dim(draw, 1, 2), c, o])
    return [x, f, [1, h, w, c], 1, "same"], {}


def _conv3d(draw: Draw) -> Call:
    c = _dim(draw, 1, 2)
    x = _t(draw, [1, _dim(draw, 1, 3), _dim(draw, 1, 3), _dim(draw, 1, 3), c])
    return [x, _t(draw, [1, 1, 1, c, _dim(draw, 1, 2)]), 1, draw.rng.choice(("same", "valid"))], {}


def _conv3d_transpose(draw: Draw) -> Call:
    c, o, d = _dim(draw, 1, 2), _dim(draw, 1, 2), _dim(draw, 1, 3)
    x, f = _t(draw, [1, d, d, d, o]), _t(draw, [1, 1, 1, c, o])
    return [x, f, [1, d, d, d, c], 1, "same"], {}


def _dilation2d(draw: Draw) -> Call:
    c = _dim(draw, 1, 3)
    x = _t(draw, [1, _dim(draw), _dim(draw), c])
    return [x, _t(draw, [_dim(draw, 1, 2), _dim(draw, 1, 2), c]), 1, _pad(draw)], {}


def _pool(draw: Draw) -> Call:
    x = _t(draw, [_dim(draw, 1, 2), _dim(draw), _dim(draw), _dim(draw, 1, 3)])
    return [x, _dim(draw, 1, 2), _dim(draw, 1, 2), _pad(draw)], {}


def _pool_any(draw: Draw) -> Call:
    x = _t(draw, [1, _dim(draw), _dim(draw), _dim(draw, 1, 2)])
    return [x, _dim(draw, 1, 2), draw.rng.choice(("avg", "max")), _pad(draw)], {}


def _pool3d(draw: Draw) -> Call:
    x = _t(draw, [1, _dim(draw, 1, 3), _dim(draw, 1, 3), _dim(draw, 1, 3), _dim(draw, 1, 2)])
    return [x, _dim(draw, 1, 2), 1, draw.rng.choice(("same", "valid"))], {}


def _batch_to_space(draw: Draw) -> Call:
    return [_t(draw, [4, _dim(draw, 1, 2), _dim(draw, 1, 2), _dim(draw, 1, 2)]), [2, 2], [[0, 0], [0, 0]]], {}


def _space_to_batch(draw: Draw) -> Call:
    x = _t(draw, [1, 2 * _dim(draw, 1, 2), 2 * _dim(draw, 1, 2), _dim(draw, 1, 2)])
    return [x, [2, 2], [[0, 0], [0, 0]]], {}


def _depth_to_space(draw: Draw) -> Call:
    return [_t(draw, [1, _dim(draw, 1, 2), _dim(draw, 1, 2), 4 * _dim(draw, 1, 2)]), 2], {}


def _padding(draw: Draw, rank: int) -> Call:
    shape = [_dim(draw, 2, 4) for _ in range(rank)]
    pairs = [[draw.rng.randint(0, 1), draw.rng.randint(0, 1)] for _ in range(rank)]
    return [_t(draw, shape), pairs], {}


def _mirror_pad(draw: Draw) -> Call:
    args, _ = _padding(draw, _dim(draw, 1, 3))
    return [*args, draw.rng.choice(("reflect", "symmetric"))], {}


def _slice(draw: Draw, rank: int) -> Call:
    shape = [_dim(draw) for _ in range(rank)]
    begin = [draw.rng.randrange(d) for d in shape]
    return [_t(draw, shape), begin, [d - b for d, b in zip(shape, begin, strict=True)]], {}


def _strided_slice(draw: Draw) -> Call:
    shape = [_dim(draw) for _ in range(_dim(draw, 1, 3))]
    return [_t(draw, shape), [0] * len(shape), shape, [1] * len(shape)], {}


def _gather(draw: Draw) -> Call:
    x = _t(draw, [_dim(draw), _dim(draw)])
    return [x, _ints(draw, [_dim(draw)], x.shape[0])], {}


def _concat(draw: Draw) -> Call:
    shape = [_dim(draw) for _ in range(_dim(draw, 1, 3))]
    return [[_t(draw, shape) for _ in range(_dim(draw, 1, 3))], draw.rng.randrange(len(shape))], {}


def _concat_method(draw: Draw) -> Call:
    shape = [_dim(draw) for _ in range(_dim(draw, 1, 3))]
    return [_t(draw, shape), [_t(draw, shape)]], {}


def _tensor_nd(draw: Draw, rank: int) -> Call:
    shape = [_dim(draw, 1, 2) for _ in range(rank)]
    return [draw.numbers(_size(shape), "float32"), shape], {}


def _batch_norm(draw: Draw, rank: int) -> Call:
    c = _dim(draw, 1, 3)
    x = _t(draw, [_dim(draw, 1, 2) for _ in range(rank - 1)] + [c])
    return [x, _t(draw, [c]), _t(draw, [c]), _t(draw, [c]), _t(draw, [c]), 0.001], {}


def _lstm(draw: Draw) -> Call:
    batch, units, inputs = _dim(draw, 1, 2), _dim(draw, 1, 2), _dim(draw, 1, 2)
    kernel, bias = _t(draw, [inputs + units, 4 * units]), _t(draw, [4 * units])
    data, c, h = _t(draw, [batch, inputs]), _t(draw, [batch, units]), _t(draw, [batch, units])
    return [_t(draw, []), kernel, bias, data, c, h], {}


def _multi_rnn(draw: Draw) -> Call:
    forget, kernel, bias, data, c, h = _lstm(draw)[0]

    def cell(data: Any, c: Any, h: Any) -> Any:
        return tf.basic_lstm_cell(forget, kernel, bias, data, c, h)

    return [[cell], data, [c], [h]], {}


def _fused_mat_mul(draw: Draw) -> Call:
    m, k, n = _dim(draw), _dim(draw), _dim(draw)
    activation = draw.rng.choice(("linear", "relu", "relu6", "elu", "sigmoid", "leakyrelu"))
    return [_t(draw, [m, k]), _t(draw, [k, n])], {"bias": _t(draw, [n]), "activation": activation}


def _band_part(draw: Draw) -> Call:
    return [_t(draw, [_dim(draw), _dim(draw)]), _dim(draw, -1, 2), _dim(draw, -1, 2)], {}


def _boxes(draw: Draw) -> Call:
    n = _dim(draw, 1, 4)
    return [_t(draw, [n, 4]), _t(draw, [n]), _dim(draw, 0, 4)], {}


def _image(draw: Draw) -> tf.Tensor:
    return _t(draw, [_dim(draw, 1, 2), _dim(draw), _dim(draw), _dim(draw, 1, 3)])


def _crop_and_resize(draw: Draw) -> Call:
    image, n = _image(draw), _dim(draw, 1, 3)
    boxes, index = _t(draw, [n, 4]), _ints(draw, [n], image.shape[0])
    return [image, boxes, index, [_dim(draw), _dim(draw)]], {}


def _transform(draw: Draw) -> Call:
    return [_image(draw), _t(draw, [1, 8])], {"interpolation": draw.rng.choice(("nearest", "bilinear"))}


def _in_top_k(draw: Draw) -> Call:
    b, c = _dim(draw), _dim(draw)
    return [_t(draw, [b, c]), _ints(draw, [b], c), _dim(draw, 1, c)], {}


def _scatter_nd(draw: Draw) -> Call:
    n, k = _dim(draw), _dim(draw)
    return [_ints(draw, [n, 1], k), _t(draw, [n]), [k]], {}


def _tensor_scatter_update(draw: Draw) -> Call:
    n, k = _dim(draw), _dim(draw)
    return [_t(draw, [k]), _ints(draw, [n, 1], k), _t(draw, [n])], {}


def _sparse_to_dense(draw: Draw) -> Call:
    k = _dim(draw, 2, 5)
    indices = sorted(draw.rng.sample(range(k), _dim(draw, 1, k)))
    return [_i32(draw, indices), _t(draw, [len(indices)]), [k]], {}


def _segments(draw: Draw) -> Call:
    rows = _dim(draw)
    segment_ids = sorted(draw.rng.randrange(3) for _ in range(rows))
    return [_t(draw, [rows, _dim(draw)]), _ints(draw, [rows], rows), _i32(draw, segment_ids)], {}


def _sparse_rows(draw: Draw) -> Call:
    n = _dim(draw, 1, 3)
    indices = _ints(draw, [n, 2], 3)
    return [indices, _t(draw, [n]), _i32(draw, [3, 3]), _t(draw, [])], {}


def _sparse_reshape(draw: Draw) -> Call:
    n = _dim(draw, 1, 3)
    return [_ints(draw, [n, 2], 2), _i32(draw, [2, 2]), _i32(draw, [4, -1])], {}


def _ragged_range(draw: Draw) -> Call:
    n = _dim(draw, 1, 3)
    return [_ints(draw, [n], 3), _ints(draw, [n], 6), _i32(draw, [1] * n)], {}


def _ragged_gather(draw: Draw) -> Call:
    splits = _i32(draw, [0, 1, 3])
    return [[splits], _t(draw, [3]), _ints(draw, [_dim(draw)], 2), 1], {}


def _ragged_to_tensor(draw: Draw) -> Call:
    splits = _i32(draw, [0, 1, 3])
    return [[2, 3], _t(draw, [3]), _t(draw, []), [splits], ["ROW_SPLITS"]], {}


def _strings(draw: Draw, shape: list[int]) -> tf.Tensor:
    return _t(draw, shape, "string")


def _string_n_grams(draw: Draw) -> Call:
    data = _strings(draw, [4])
    return [data, _i32(draw, [0, 2, 4]), "|", [_dim(draw, 1, 2)], "L", "R", _dim(draw, 0, 1), False], {}


def _string_split(draw: Draw) -> Call:
    return [_strings(draw, [_dim(draw)]), _strings(draw, [])], {}


def _einsum(draw: Draw) -> Call:
    i, j, k = _dim(draw), _dim(draw), _dim(draw)
    return ["ij,jk->ik", _t(draw, [i, j]), _t(draw, [j, k])], {}


TEMPLATES: dict[str, Callable[[Draw], Call]] = {
    "conv2d": _conv2d,
    "depthwise_conv2d": _depthwise,
    "separable_conv2d": _separable,
    "conv1d": _conv1d,
    "conv2d_transpose": _conv2d_transpose,
    "conv3d": _conv3d,
    "conv3d_transpose": _conv3d_transpose,
    "dilation2d": _dilation2d,
    "avg_pool": _pool,
    "max_pool": _pool,
    "max_pool_with_argmax": _pool,
    "pool": _pool_any,
    "avg_pool3d": _pool3d,
    "max_pool3d": _pool3d,
    "batch_to_space_nd": _batch_to_space,
    "space_to_batch_nd": _space_to_batch,
    "depth_to_space": _depth_to_space,
    "pad": lambda draw: _padding(draw, _dim(draw, 1, 4)),
    "pad3d": lambda draw: _padding(draw, 3),
    "pad4d": lambda draw: _padding(draw, 4),
    "mirror_pad": _mirror_pad,
    "slice1d": lambda draw: _slice(draw, 1),
    "slice2d": lambda draw: _slice(draw, 2),
    "slice3d": lambda draw: _slice(draw, 3),
    "slice4d": lambda draw: _slice(draw, 4),
    "strided_slice": _strided_slice,
    "gather": _gather,
    "concat": _concat,
    "tensor4d": lambda draw: _tensor_nd(draw, 4),
    "tensor5d": lambda draw: _tensor_nd(draw, 5),
    "tensor6d": lambda draw: _tensor_nd(draw, 6),
    "batch_norm2d": lambda draw: _batch_norm(draw, 2),
    "batch_norm3d": lambda draw: _batch_norm(draw, 3),
    "batch_norm4d": lambda draw: _batch_norm(draw, 4),
    "basic_lstm_cell": _lstm,
    "multi_rnn_cell": _multi_rnn,
    "fused.mat_mul": _fused_mat_mul,
    "non_max_suppression": _boxes,
    "non_max_suppression_async": _boxes,
    "non_max_suppression_padded": _boxes,
    "non_max_suppression_padded_async": _boxes,
    "non_max_suppression_with_score": _boxes,
    "non_max_suppression_with_score_async": _boxes,
    "crop_and_resize": _crop_and_resize,
    "flip_left_right": lambda draw: ([_image(draw)], {}),
    "resize_bilinear": lambda draw: ([_image(draw), [_dim(draw), _dim(draw)]], {}),
    "transform": _transform,
    "in_top_k_async": _in_top_k,
    "band_part": lambda draw: (
        [_t(draw, [_dim(draw), _dim(draw)]), _dim(draw, -1, 2), _dim(draw, -1, 2)],
        {},
    ),
    "gram_schmidt": lambda draw: ([_t(draw, [_dim(draw, 1, 2), 3])], {}),
    "cosine_distance": lambda draw: ([_t(draw, [2, 3]), _t(draw, [2, 3]), 1], {}),
    "softmax_cross_entropy": lambda draw: ([_t(draw, [2, 3]), _t(draw, [2, 3])], {}),
    "confusion_matrix": lambda draw: ([_ints(draw, [4], 3), _ints(draw, [4], 3), 3], {}),
    "dense_bincount": lambda draw: ([_ints(draw, [_dim(draw)], 4), _t(draw, [0]), 4], {}),
    "dropout": lambda draw: ([_t(draw, [_dim(draw), _dim(draw)]), draw.rng.choice((0.0, 0.5, 0.9))], {}),
    "einsum": _einsum,
    "boolean_mask_async": lambda draw: ([_t(draw, [3, 2]), _t(draw, [3], "bool")], {}),
    "broadcast_args": lambda draw: ([_i32(draw, [2, 1]), _i32(draw, [3])], {}),
    "scatter_nd": _scatter_nd,
    "tensor_scatter_update": _tensor_scatter_update,
    "sparse_to_dense": _sparse_to_dense,
    "sparse_segment_sum": _segments,
    "sparse_segment_mean": _segments,
    "sparse_fill_empty_rows": _sparse_rows,
    "sparse_reshape": _sparse_reshape,
    "ragged_range": _ragged_range,
    "ragged_gather": _ragged_gather,
    "ragged_tensor_to_tensor": _ragged_to_tensor,
    "string_n_grams": _string_n_grams,
    "string_split": _string_split,
}
# Keyed by op name, or "namespace.op" where the namespace's op differs (tf.fused).
# A chained method's first argument is the tensor itself: these templates give it first.
METHOD_TEMPLATES: dict[str, Callable[[Draw], Call]] = {**TEMPLATES, "concat": _concat_method}

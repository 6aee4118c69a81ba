"""Tensors / Transformations: transpose, expand_dims, squeeze, broadcast_to, broadcast_args,
ensure_shape, pad (1d..4d), mirror_pad, space_to_batch_nd, batch_to_space_nd,
depth_to_space, setdiff1d_async."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def _parts(t: tf.Tensor) -> list[tf.Tensor]:
    """A complex tensor as [real, imag], which the recorded JSON can hold."""
    return [tf.real(t), tf.imag(t)]


CASES = {
    "transpose/2d_default": lambda: tf.transpose(tf.tensor2d([[1, 2, 3], [4, 5, 6]])),
    "transpose/3d_perm": lambda: tf.transpose(tf.tensor3d(list(r(24)), [2, 3, 4]), [2, 0, 1]),
    "transpose/3d_default": lambda: tf.transpose(tf.tensor3d(list(r(24)), [2, 3, 4])),
    "transpose/4d_perm": lambda: tf.transpose(tf.tensor4d(list(r(24)), [1, 2, 3, 4]), [3, 1, 0, 2]),
    "transpose/int32_limits": lambda: tf.transpose(i32([2147483647, -2147483648, 0, -1, 7, 8], [3, 2])),
    "transpose/bool": lambda: tf.transpose(tf.tensor2d([[True, False, True], [False, False, True]])),
    "transpose/special": lambda: tf.transpose(tf.tensor2d([[nan, inf], [-inf, -0.0], [1e-45, 3e38]])),
    "transpose/1d": lambda: tf.transpose(tf.tensor1d([1, 2, 3])),
    "transpose/scalar": lambda: tf.transpose(tf.scalar(5)),
    "transpose/empty": lambda: tf.transpose(tf.zeros([0, 3])),
    "transpose/identity_perm": lambda: tf.transpose(tf.tensor2d([[1, 2], [3, 4]]), [0, 1]),
    "transpose/nested_array": lambda: tf.transpose([[1, 2], [3, 4]]),
    "transpose/complex": lambda: _parts(
        tf.transpose(tf.complex([[1, 2, 3], [4, 5, 6]], [[7, -8, 9], [-0.0, nan, inf]]))
    ),
    "transpose/complex_conjugate": lambda: _parts(
        tf.transpose(tf.complex([[1, 2, 3], [4, 5, 6]], [[7, -8, 9], [-0.0, nan, inf]]), [1, 0], True)
    ),
    # TF.js returns a rank 0 or 1 tensor unchanged: no conjugate.
    "transpose/complex_1d_conjugate": lambda: _parts(tf.transpose(tf.complex([1, 2], [3, -4]), None, True)),
    "transpose/error_perm_length": lambda: tf.transpose(tf.zeros([2, 3]), [1]),
    "transpose/error_perm_range": lambda: tf.transpose(tf.zeros([2, 3]), [0, 2]),
    "transpose/error_string": lambda: tf.transpose(tf.tensor(["a", "b"])),
    "expand_dims/default": lambda: tf.expand_dims(tf.tensor1d([1, 2, 3])),
    "expand_dims/axis1": lambda: tf.expand_dims(tf.tensor2d([[1, 2], [3, 4]]), 1),
    "expand_dims/axis_rank": lambda: tf.expand_dims(tf.tensor2d([[1, 2], [3, 4]]), 2),
    "expand_dims/negative": lambda: tf.expand_dims(tf.tensor2d([[1, 2], [3, 4]]), -1),
    "expand_dims/most_negative": lambda: tf.expand_dims(tf.tensor2d([[1, 2], [3, 4]]), -3),
    "expand_dims/scalar": lambda: tf.expand_dims(tf.scalar(7, "int32")),
    "expand_dims/string": lambda: tf.expand_dims(tf.tensor(["a", "b"]), 1),
    "expand_dims/bool": lambda: tf.expand_dims(tf.tensor([True, False]), 0),
    "expand_dims/empty": lambda: tf.expand_dims(tf.zeros([0, 2]), 1),
    "expand_dims/error_axis_too_big": lambda: tf.expand_dims(tf.zeros([2, 2]), 3),
    "expand_dims/error_axis_too_small": lambda: tf.expand_dims(tf.zeros([2, 2]), -4),
    "squeeze/default": lambda: tf.squeeze(tf.tensor3d([1, 2, 3, 4], [1, 4, 1])),
    "squeeze/axis": lambda: tf.squeeze(tf.tensor3d([1, 2, 3, 4], [1, 4, 1]), [0]),
    "squeeze/negative_axis": lambda: tf.squeeze(tf.tensor3d([1, 2, 3, 4], [1, 4, 1]), [-1]),
    "squeeze/two_axes": lambda: tf.squeeze(tf.zeros([1, 2, 1, 1]), [3, 0]),
    "squeeze/empty_axis_list": lambda: tf.squeeze(tf.zeros([1, 2, 1]), []),
    "squeeze/to_scalar": lambda: tf.squeeze(i32([-2147483648], [1, 1])),
    "squeeze/string": lambda: tf.squeeze(tf.tensor([["a"], ["b"]])),
    "squeeze/bool": lambda: tf.squeeze(tf.tensor([[True, False]])),
    "squeeze/empty": lambda: tf.squeeze(tf.zeros([0, 1, 3])),
    "squeeze/nothing_to_squeeze": lambda: tf.squeeze(tf.tensor2d([[1, 2], [3, 4]])),
    "squeeze/error_not_one": lambda: tf.squeeze(tf.zeros([1, 3]), [1]),
    "squeeze/error_axis_range": lambda: tf.squeeze(tf.zeros([1, 3]), [2]),
    "broadcast_to/1d_to_2d": lambda: tf.broadcast_to(tf.tensor1d([1, 2]), [3, 2]),
    "broadcast_to/column": lambda: tf.broadcast_to(tf.tensor2d([[1], [2]]), [2, 3]),
    "broadcast_to/scalar": lambda: tf.broadcast_to(tf.scalar(-0.0), [2, 2]),
    "broadcast_to/same_shape": lambda: tf.broadcast_to(tf.tensor1d([nan, inf]), [2]),
    "broadcast_to/int32": lambda: tf.broadcast_to(i32([2147483647, -2147483648]), [2, 1, 2]),
    "broadcast_to/bool": lambda: tf.broadcast_to(tf.tensor([[True], [False]]), [2, 2, 3]),
    "broadcast_to/only_new_dims": lambda: tf.broadcast_to(tf.tensor2d([[1, 2]]), [1, 1, 2]),
    "broadcast_to/empty_input": lambda: tf.broadcast_to(tf.zeros([0, 1]), [2, 0, 3]),
    "broadcast_to/to_empty": lambda: tf.broadcast_to(tf.tensor1d([5]), [0]),
    "broadcast_to/error_incompatible": lambda: tf.broadcast_to(tf.zeros([2, 3]), [4, 3]),
    "broadcast_to/error_complex": lambda: tf.broadcast_to(tf.complex([1], [2]), [3]),
    "broadcast_to/error_rank": lambda: tf.broadcast_to(tf.zeros([2, 3]), [3]),
    "broadcast_args/basic": lambda: tf.broadcast_args(i32([2, 1, 3]), i32([4, 1])),
    "broadcast_args/ones": lambda: tf.broadcast_args(i32([1, 1]), i32([1])),
    "broadcast_args/zero_dims": lambda: tf.broadcast_args(i32([0, 1]), i32([1, 5])),
    "broadcast_args/empty": lambda: tf.broadcast_args(i32([]), i32([3, 2])),
    "broadcast_args/both_empty": lambda: tf.broadcast_args(i32([]), i32([])),
    "broadcast_args/from_arrays": lambda: tf.broadcast_args([5, 1], [1, 1, 7]),
    "broadcast_args/error_incompatible": lambda: tf.broadcast_args(i32([2, 3]), i32([4])),
    "broadcast_args/error_rank_s0": lambda: tf.broadcast_args(i32([2, 3], [1, 2]), i32([4])),
    "broadcast_args/error_rank_s1": lambda: tf.broadcast_args(i32([2, 3]), tf.scalar(4, "int32")),
    "ensure_shape/match": lambda: tf.ensure_shape(tf.tensor2d([[1, 2], [3, 4]]), [2, 2]),
    "ensure_shape/null_dims": lambda: tf.ensure_shape(tf.zeros([3, 2]), [None, 2]),
    "ensure_shape/string": lambda: tf.ensure_shape(tf.tensor(["a", "b"]), [2]),
    "ensure_shape/scalar": lambda: tf.ensure_shape(tf.scalar(1), []),
    "ensure_shape/error_mismatch": lambda: tf.ensure_shape(tf.zeros([2, 3]), [2, 4]),
    "ensure_shape/error_mismatch_null": lambda: tf.ensure_shape(tf.zeros([2, 3]), [None, 4]),
    "ensure_shape/error_rank": lambda: tf.ensure_shape(tf.zeros([2, 3]), [2, 3, 1]),
    "pad/1d": lambda: tf.pad(tf.tensor1d([1, 2, 3]), [[1, 2]]),
    "pad/2d_constant": lambda: tf.pad(tf.tensor2d([[1, 2], [3, 4]]), [[1, 0], [0, 2]], 7.5),
    "pad/special_values": lambda: tf.pad(tf.tensor1d([nan, -inf, -0.0]), [[1, 1]], inf),
    "pad/nan_constant": lambda: tf.pad(tf.tensor1d([1]), [[2, 1]], nan),
    "pad/negative_zero_constant": lambda: tf.pad(tf.tensor1d([1, -0.0]), [[1, 1]], -0.0),
    "pad/float_rounding": lambda: tf.pad(tf.tensor1d([0.1]), [[1, 0]], 0.1),
    "pad/int32": lambda: tf.pad(i32([2147483647, -2147483648]), [[1, 1]], -3),
    "pad/int32_fraction": lambda: tf.pad(i32([1, 2]), [[1, 1]], 2.7),
    "pad/int32_negative_fraction": lambda: tf.pad(i32([1, 2]), [[1, 1]], -2.7),
    "pad/int32_nan": lambda: tf.pad(i32([1]), [[1, 1]], nan),
    "pad/bool": lambda: tf.pad(tf.tensor([True, False]), [[1, 1]], 1),
    "pad/bool_default": lambda: tf.pad(tf.tensor([[True]]), [[1, 0], [0, 1]]),
    "pad/bool_fraction": lambda: tf.pad(tf.tensor([True]), [[1, 1]], 0.5),
    "pad/3d": lambda: tf.pad(tf.tensor3d(list(r(8)), [2, 2, 2]), [[0, 1], [1, 0], [1, 1]], 9),
    "pad/zero_paddings": lambda: tf.pad(tf.tensor2d([[1, 2]]), [[0, 0], [0, 0]]),
    "pad/empty_input": lambda: tf.pad(tf.zeros([0, 2]), [[1, 1], [0, 0]], 4),
    "pad/empty_stays_empty": lambda: tf.pad(tf.zeros([2, 0]), [[1, 0], [0, 0]], 4),
    "pad/from_array": lambda: tf.pad([[1, 2]], [[1, 0], [1, 0]]),
    "pad/error_scalar": lambda: tf.pad(tf.scalar(1), []),
    "pad/error_complex": lambda: tf.pad(tf.complex([1], [2]), [[1, 1]]),
    "pad1d/basic": lambda: tf.pad1d(tf.tensor1d([1, 2]), [2, 1], -1),
    "pad1d/error_paddings": lambda: tf.pad1d(tf.tensor1d([1, 2]), [2, 1, 0]),
    "pad2d/basic": lambda: tf.pad2d(tf.tensor2d([[1, 2], [3, 4]]), [[1, 1], [0, 1]]),
    "pad2d/error_paddings": lambda: tf.pad2d(tf.tensor2d([[1, 2], [3, 4]]), [[1, 1], [0, 1, 2]]),
    "pad3d/basic": lambda: tf.pad3d(tf.tensor3d([1, 2, 3, 4], [1, 2, 2]), [[1, 0], [0, 0], [0, 1]], 5),
    "pad3d/error_paddings": lambda: tf.pad3d(tf.tensor3d([1, 2, 3, 4], [1, 2, 2]), [[1, 0], [0, 0]]),
    "pad4d/basic": lambda: tf.pad4d(
        tf.tensor4d([1, 2, 3, 4], [1, 1, 2, 2]), [[0, 0], [1, 0], [0, 1], [1, 1]]
    ),
    "pad4d/error_paddings": lambda: tf.pad4d(
        tf.tensor4d([1, 2, 3, 4], [1, 1, 2, 2]), [[0, 0], [1, 0], [0, 1]]
    ),
    "mirror_pad/reflect_1d": lambda: tf.mirror_pad(tf.tensor1d([1, 2, 3]), [[2, 2]], "reflect"),
    "mirror_pad/symmetric_1d": lambda: tf.mirror_pad(tf.tensor1d([1, 2, 3]), [[3, 1]], "symmetric"),
    "mirror_pad/reflect_2d": lambda: tf.mirror_pad(
        tf.tensor2d([[1, 2, 3], [4, 5, 6]]), [[1, 1], [2, 2]], "reflect"
    ),
    "mirror_pad/symmetric_2d": lambda: tf.mirror_pad(
        tf.tensor2d([[1, 2, 3], [4, 5, 6]]), [[2, 0], [1, 3]], "symmetric"
    ),
    "mirror_pad/reflect_3d": lambda: tf.mirror_pad(
        tf.tensor3d(list(r(12)), [2, 3, 2]), [[1, 0], [2, 1], [0, 1]], "reflect"
    ),
    "mirror_pad/int32": lambda: tf.mirror_pad(i32([2147483647, -2147483648, 5]), [[1, 2]], "reflect"),
    "mirror_pad/bool": lambda: tf.mirror_pad(tf.tensor([True, False]), [[2, 1]], "symmetric"),
    "mirror_pad/special": lambda: tf.mirror_pad(tf.tensor1d([nan, -0.0, inf]), [[2, 2]], "reflect"),
    "mirror_pad/zero_paddings": lambda: tf.mirror_pad(tf.tensor1d([1, 2]), [[0, 0]], "reflect"),
    "mirror_pad/empty": lambda: tf.mirror_pad(tf.zeros([0, 2]), [[0, 0], [2, 1]], "symmetric"),
    "mirror_pad/error_scalar": lambda: tf.mirror_pad(tf.scalar(1), [], "reflect"),
    "mirror_pad/error_complex": lambda: tf.mirror_pad(tf.complex([1, 2], [2, 3]), [[1, 1]], "symmetric"),
    "mirror_pad/error_mode": lambda: tf.mirror_pad(tf.tensor1d([1, 2, 3]), [[1, 1]], "edge"),
    "mirror_pad/error_reflect_too_much": lambda: tf.mirror_pad(tf.tensor1d([1, 2, 3]), [[3, 0]], "reflect"),
    "mirror_pad/error_symmetric_too_much": lambda: tf.mirror_pad(
        tf.zeros([3, 2]), [[0, 0], [0, 3]], "symmetric"
    ),
    "mirror_pad/error_paddings_length": lambda: tf.mirror_pad(tf.zeros([3, 2]), [[0, 0]], "reflect"),
    "space_to_batch_nd/2x2": lambda: tf.space_to_batch_nd(
        tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1]), [2, 2], [[0, 0], [0, 0]]
    ),
    "space_to_batch_nd/depth3": lambda: tf.space_to_batch_nd(
        tf.tensor4d(list(r(12)), [1, 2, 2, 3]), [2, 2], [[0, 0], [0, 0]]
    ),
    "space_to_batch_nd/4x4": lambda: tf.space_to_batch_nd(
        tf.tensor4d(list(r(16)), [1, 4, 4, 1]), [2, 2], [[0, 0], [0, 0]]
    ),
    "space_to_batch_nd/padded": lambda: tf.space_to_batch_nd(
        tf.tensor4d(list(r(16)), [2, 2, 4, 1]), [2, 2], [[0, 0], [2, 0]]
    ),
    "space_to_batch_nd/uneven_blocks": lambda: tf.space_to_batch_nd(
        tf.tensor4d(list(r(24)), [1, 4, 3, 2]), [2, 3], [[1, 1], [0, 0]]
    ),
    "space_to_batch_nd/one_block_dim": lambda: tf.space_to_batch_nd(
        tf.tensor3d(list(r(12)), [2, 3, 2]), [2], [[1, 0]]
    ),
    "space_to_batch_nd/int32": lambda: tf.space_to_batch_nd(
        i32([2147483647, -2147483648, 3, 4], [1, 2, 2]), [2], [[0, 0]]
    ),
    "space_to_batch_nd/bool": lambda: tf.space_to_batch_nd(tf.tensor([[True, False, True]]), [2], [[0, 1]]),
    "space_to_batch_nd/empty_batch": lambda: tf.space_to_batch_nd(
        tf.zeros([0, 2, 2, 1]), [2, 2], [[0, 0], [0, 0]]
    ),
    "space_to_batch_nd/special": lambda: tf.space_to_batch_nd(
        tf.tensor3d([nan, -0.0, inf, -inf], [1, 4, 1]), [4], [[0, 0]]
    ),
    "space_to_batch_nd/rank5": lambda: tf.space_to_batch_nd(
        tf.tensor(list(r(48)), [2, 2, 3, 2, 2]), [2, 3], [[0, 0], [0, 0]]
    ),
    "space_to_batch_nd/no_blocks": lambda: tf.space_to_batch_nd(tf.tensor([1, 2, 3], [3, 1]), [], []),
    "space_to_batch_nd/empty_spatial": lambda: tf.space_to_batch_nd(tf.zeros([1, 0, 2]), [2], [[0, 0]]),
    "space_to_batch_nd/error_complex": lambda: tf.space_to_batch_nd(
        tf.complex([[1, 2]], [[2, 3]]), [2], [[0, 0]]
    ),
    "space_to_batch_nd/error_rank": lambda: tf.space_to_batch_nd(tf.zeros([2, 2]), [2, 2], [[0, 0], [0, 0]]),
    "space_to_batch_nd/error_paddings_length": lambda: tf.space_to_batch_nd(
        tf.zeros([1, 2, 2, 1]), [2, 2], [[0, 0]]
    ),
    "space_to_batch_nd/error_not_divisible": lambda: tf.space_to_batch_nd(
        tf.zeros([1, 3, 3, 1]), [2, 2], [[0, 0], [0, 0]]
    ),
    "batch_to_space_nd/2x2": lambda: tf.batch_to_space_nd(
        tf.tensor4d([1, 2, 3, 4], [4, 1, 1, 1]), [2, 2], [[0, 0], [0, 0]]
    ),
    "batch_to_space_nd/depth3": lambda: tf.batch_to_space_nd(
        tf.tensor4d(list(r(12)), [4, 1, 1, 3]), [2, 2], [[0, 0], [0, 0]]
    ),
    "batch_to_space_nd/4x4": lambda: tf.batch_to_space_nd(
        tf.tensor4d(list(r(16)), [4, 2, 2, 1]), [2, 2], [[0, 0], [0, 0]]
    ),
    "batch_to_space_nd/cropped": lambda: tf.batch_to_space_nd(
        tf.tensor4d(list(r(16)), [8, 1, 2, 1]), [2, 2], [[0, 0], [2, 0]]
    ),
    "batch_to_space_nd/uneven_blocks": lambda: tf.batch_to_space_nd(
        tf.tensor4d(list(r(36)), [6, 2, 1, 3]), [2, 3], [[1, 1], [0, 1]]
    ),
    "batch_to_space_nd/one_block_dim": lambda: tf.batch_to_space_nd(
        tf.tensor3d(list(r(12)), [4, 3, 1]), [2], [[1, 2]]
    ),
    "batch_to_space_nd/int32": lambda: tf.batch_to_space_nd(
        i32([2147483647, -2147483648, 3, 4], [2, 2]), [2], [[0, 1]]
    ),
    "batch_to_space_nd/bool": lambda: tf.batch_to_space_nd(tf.tensor([[True], [False]]), [2], [[0, 0]]),
    "batch_to_space_nd/empty": lambda: tf.batch_to_space_nd(tf.zeros([0, 1, 1, 2]), [2, 2], [[0, 0], [0, 0]]),
    "batch_to_space_nd/rank5": lambda: tf.batch_to_space_nd(
        tf.tensor(list(r(48)), [2, 2, 3, 2, 2]), [2], [[1, 0]]
    ),
    "batch_to_space_nd/error_complex": lambda: tf.batch_to_space_nd(
        tf.complex([[1], [2]], [[2], [3]]), [2], [[0, 0]]
    ),
    "batch_to_space_nd/error_rank": lambda: tf.batch_to_space_nd(tf.zeros([4, 2]), [2, 2], [[0, 0], [0, 0]]),
    "batch_to_space_nd/error_crops_length": lambda: tf.batch_to_space_nd(
        tf.zeros([4, 1, 1, 1]), [2, 2], [[0, 0]]
    ),
    "batch_to_space_nd/error_batch": lambda: tf.batch_to_space_nd(
        tf.zeros([3, 1, 1, 1]), [2, 2], [[0, 0], [0, 0]]
    ),
    "depth_to_space/basic": lambda: tf.depth_to_space(tf.tensor4d([1, 2, 3, 4], [1, 1, 1, 4]), 2),
    "depth_to_space/2x2x8": lambda: tf.depth_to_space(tf.tensor4d(list(r(64)), [2, 2, 2, 8]), 2),
    "depth_to_space/block3": lambda: tf.depth_to_space(tf.tensor4d(list(r(18)), [1, 1, 2, 9]), 3),
    "depth_to_space/special": lambda: tf.depth_to_space(tf.tensor4d([nan, -0.0, inf, -inf], [1, 1, 1, 4]), 2),
    "depth_to_space/from_int_array": lambda: tf.depth_to_space([[[[1, 2, 3, 4]]]], 2),
    "depth_to_space/empty": lambda: tf.depth_to_space(tf.zeros([0, 1, 1, 4]), 2),
    "depth_to_space/nchw": lambda: tf.depth_to_space(tf.tensor4d(list(r(8)), [1, 8, 1, 1]), 2, "NCHW"),
    "depth_to_space/error_block_size": lambda: tf.depth_to_space(tf.zeros([1, 1, 1, 4]), 1),
    "depth_to_space/error_depth": lambda: tf.depth_to_space(tf.zeros([1, 1, 1, 3]), 2),
    "setdiff1d_async/basic": lambda: tf.setdiff1d_async(
        tf.tensor1d([1, 2, 3, 4, 5, 6]), tf.tensor1d([1, 3, 5])
    ),
    "setdiff1d_async/repeats": lambda: tf.setdiff1d_async([1, 2, 2, 3, 1, 4], [3]),
    "setdiff1d_async/int32": lambda: tf.setdiff1d_async(
        i32([2147483647, -2147483648, 0, 7]), i32([0, -2147483648])
    ),
    "setdiff1d_async/nan_and_zero": lambda: tf.setdiff1d_async(
        tf.tensor1d([nan, -0.0, 1, inf, nan]), tf.tensor1d([nan, 0])
    ),
    "setdiff1d_async/bool": lambda: tf.setdiff1d_async(tf.tensor([True, False, True]), tf.tensor([False])),
    "setdiff1d_async/empty_x": lambda: tf.setdiff1d_async(tf.tensor1d([]), tf.tensor1d([1])),
    "setdiff1d_async/empty_y": lambda: tf.setdiff1d_async(tf.tensor1d([4, 5]), tf.tensor1d([])),
    "setdiff1d_async/all_removed": lambda: tf.setdiff1d_async(tf.tensor1d([4, 4]), tf.tensor1d([4])),
    "setdiff1d_async/error_dtype": lambda: tf.setdiff1d_async(tf.tensor1d([1]), i32([1])),
    "setdiff1d_async/error_rank_x": lambda: tf.setdiff1d_async(tf.zeros([2, 2]), tf.tensor1d([1])),
    "setdiff1d_async/error_rank_y": lambda: tf.setdiff1d_async(tf.tensor1d([1]), tf.scalar(1)),
}

KNOWN_DIFFERENCES = {
    # TF.js's broadcastTo skips its Tile when no dimension grows, so broadcasting [1] to
    # [0] returns the input unchanged (shape [1]); this package returns shape [0].
    "broadcast_to/to_empty",
    # TF.js's cpu DepthToSpace kernel supports only NHWC (its webgl kernel does NCHW);
    # this package computes NCHW as TensorFlow and TF.js's webgl backend define it.
    "depth_to_space/nchw",
}

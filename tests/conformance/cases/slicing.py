"""Slicing and joining: concat, gather, gather_nd, scatter_nd, tensor_scatter_update,
reverse, slice, split, stack, tile, unstack, boolean_mask_async, meshgrid."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def special() -> tf.Tensor:
    return tf.tensor([1.5, nan, -0.0, inf, -inf, 1e-45, 3.4e38])


def grid() -> tf.Tensor:
    return tf.tensor3d(list(r(24)), [2, 3, 4])


def m() -> tf.Tensor:
    return tf.tensor2d([[1, 2, 3], [4, 5, 6]])


CASES = {
    # concat
    "concat/1d_special": lambda: tf.concat([special(), tf.tensor([-0.0, 2])]),
    "concat/2d_axis1": lambda: tf.concat([m(), tf.tensor2d([[7], [8]])], 1),
    "concat/3d_axis_negative": lambda: tf.concat([grid(), grid()], -1),
    "concat/three_axis0": lambda: tf.concat([m(), m(), tf.tensor2d([[0, -0.0, nan]])]),
    "concat/int32_limits": lambda: tf.concat([i32([2147483647, -2147483648]), i32([0, -1])]),
    "concat/bool": lambda: tf.concat([tf.tensor([True, False]), tf.tensor([False])]),
    "concat/string": lambda: tf.concat([tf.tensor(["a", "bb"]), tf.tensor(["", "ccc"])]),
    "concat/float_then_int32": lambda: tf.concat([tf.tensor([1.5]), i32([2, -3])]),
    "concat/int32_then_float": lambda: tf.concat([i32([1]), tf.tensor([2.7, -3.5, 3e9, nan])]),
    "concat/bool_then_int32": lambda: tf.concat([tf.tensor([True]), i32([0, 1, 512])]),
    "concat/empty_part": lambda: tf.concat([tf.zeros([2, 0]), m()], 1),
    "concat/empty_first_other_dtype": lambda: tf.concat([tf.zeros([0]), i32([1, 2])]),
    "concat/all_empty": lambda: tf.concat([tf.zeros([0, 3]), tf.zeros([0, 3])], 1),
    "concat/single_unchecked_axis": lambda: tf.concat([tf.tensor([1, 2])], 5),
    "concat/tensor_like": lambda: tf.concat([[[1, 2]], [[3, 4]]], 0),
    "concat/complex": lambda: tf.concat([tf.tensor([1 + 3j, 2 + 4j]), tf.tensor([complex(5, -0.0)])]),
    "concat1d/basic": lambda: tf.concat1d([tf.tensor1d([1]), tf.tensor1d([2, 3])]),
    "concat2d/axis0": lambda: tf.concat2d([m(), m()], 0),
    "concat3d/axis1": lambda: tf.concat3d([grid(), grid()], 1),
    "concat4d/axis3": lambda: tf.concat4d([tf.ones([1, 2, 1, 2]), tf.zeros([1, 2, 1, 1])], 3),
    "concat/error_empty_list": lambda: tf.concat([]),
    "concat/error_rank": lambda: tf.concat([tf.tensor([1, 2]), tf.tensor2d([[1]])]),
    "concat/error_shape": lambda: tf.concat([tf.zeros([2, 3]), tf.zeros([2, 2])], 0),
    "concat/error_axis": lambda: tf.concat([tf.zeros([2, 3]), tf.zeros([2, 2])], 2),
    "concat/error_axis_fraction": lambda: tf.concat([tf.zeros([2, 3]), tf.zeros([2, 2])], 1.5),
    "concat/error_scalars": lambda: tf.concat([tf.scalar(1), tf.scalar(2)]),
    # gather
    "gather/1d_special": lambda: tf.gather(special(), i32([6, 0, 1, 2, 2, 3, 4, 5])),
    "gather/scalar_index": lambda: tf.gather(m(), tf.scalar(1, "int32")),
    "gather/axis1_2d_indices": lambda: tf.gather(grid(), i32([2, 0, 1, 1], [2, 2]), 1),
    "gather/axis_negative": lambda: tf.gather(grid(), i32([3, 3, 0]), -1),
    "gather/batch_dims1": lambda: tf.gather(grid(), i32([2, 0, 1, 1], [2, 2]), 1, 1),
    "gather/batch_dims1_axis2": lambda: tf.gather(grid(), i32([3, 0, 1, 2, 2, 0], [2, 3]), 2, 1),
    "gather/batch_dims2": lambda: tf.gather(
        grid(), i32([0, 3, 1, 2, 3, 3, 0, 0, 1, 1, 2, 2], [2, 3, 2]), 2, 2
    ),
    "gather/batch_dims_negative": lambda: tf.gather(m(), i32([2, 0], [2, 1]), 1, -1),
    "gather/batch_dims_empty": lambda: tf.gather(tf.zeros([2, 0]), i32([], [2, 0]), 1, 1),
    "gather/batch_dims_empty_slices": lambda: tf.gather(tf.zeros([2, 3, 0]), i32([1, 2], [2, 1]), 1, 1),
    "gather/int32_limits": lambda: tf.gather(i32([2147483647, -2147483648, 0]), i32([1, 0])),
    "gather/bool": lambda: tf.gather(tf.tensor([True, False]), i32([1, 1, 0])),
    "gather/empty_indices": lambda: tf.gather(m(), i32([]), 1),
    "gather/empty_x": lambda: tf.gather(tf.zeros([0, 2]), i32([])),
    "gather/list_indices_truncate": lambda: tf.gather(tf.tensor([1, 2, 3]), [1.7, 0.2, 2]),
    "gather/error_index_high": lambda: tf.gather(tf.tensor([1, 2]), i32([0, 5, -1])),
    "gather/error_index_negative": lambda: tf.gather(m(), i32([-1])),
    "gather/error_index_empty_axis": lambda: tf.gather(tf.zeros([0, 2]), i32([0])),
    "gather/error_float_indices": lambda: tf.gather(tf.tensor([1, 2]), tf.tensor([1])),
    "gather/error_string_x": lambda: tf.gather(tf.tensor(["a", "b"]), i32([1])),
    "gather/error_axis": lambda: tf.gather(m(), i32([0]), 2),
    "gather/error_scalar_x": lambda: tf.gather(tf.scalar(1), i32([0])),
    "gather/error_batch_dims_above_axis": lambda: tf.gather(m(), i32([1, 0], [2, 1]), 0, 1),
    "gather/error_batch_dims_range": lambda: tf.gather(m(), i32([1, 0]), 1, 3),
    "gather/error_batch_mismatch": lambda: tf.gather(m(), i32([1, 0, 0], [3, 1]), 1, 1),
    # gather_nd
    "gather_nd/elements": lambda: tf.gather_nd(grid(), i32([1, 2, 3, 0, 0, 0, 1, 0, 2], [3, 3])),
    "gather_nd/rows": lambda: tf.gather_nd(grid(), i32([1, 2, 0, 1], [2, 2])),
    "gather_nd/batched": lambda: tf.gather_nd(grid(), i32([1, 0, 1], [3, 1, 1])),
    "gather_nd/int32": lambda: tf.gather_nd(
        i32([2147483647, -2147483648, 7, 8], [2, 2]), i32([0, 1, 0, 0], [2, 2])
    ),
    "gather_nd/bool": lambda: tf.gather_nd(
        tf.tensor([[True, False], [False, True]]), i32([1, 1, 0, 1], [2, 2])
    ),
    "gather_nd/string": lambda: tf.gather_nd(tf.tensor(["a", "b", "c"]), i32([2, 0], [2, 1])),
    "gather_nd/special": lambda: tf.gather_nd(special(), i32([1, 2, 3], [3, 1])),
    "gather_nd/flat_index_in_range": lambda: tf.gather_nd(m(), i32([0, 5, 1, -1], [2, 2])),
    "gather_nd/empty_indices": lambda: tf.gather_nd(m(), i32([], [0, 2])),
    "gather_nd/no_components": lambda: tf.gather_nd(m(), i32([], [2, 0])),
    "gather_nd/list_indices": lambda: tf.gather_nd(m(), [[1.5]]),
    "gather_nd/error_out_of_range": lambda: tf.gather_nd(m(), i32([2, 0], [1, 2])),
    "gather_nd/error_negative": lambda: tf.gather_nd(m(), i32([0, -1], [1, 2])),
    "gather_nd/error_scalar_x": lambda: tf.gather_nd(tf.scalar(1), i32([0])),
    "gather_nd/error_scalar_indices": lambda: tf.gather_nd(m(), tf.scalar(0, "int32")),
    "gather_nd/error_too_many_components": lambda: tf.gather_nd(m(), i32([0, 0, 0], [1, 3])),
    "gather_nd/error_empty_x": lambda: tf.gather_nd(tf.zeros([0, 2]), i32([0], [1, 1])),
    # scatter_nd
    "scatter_nd/repeats_add": lambda: tf.scatter_nd(i32([0, 2, 0], [3, 1]), tf.tensor([1, 2, 3]), [4]),
    "scatter_nd/1d_indices": lambda: tf.scatter_nd(i32([3, 1]), tf.tensor([1, 2]), [4]),
    "scatter_nd/rows": lambda: tf.scatter_nd(i32([1, 0], [2, 1]), tf.tensor([[1, 2], [3, 4]]), [3, 2]),
    "scatter_nd/elements_2d": lambda: tf.scatter_nd(
        i32([1, 1, 0, 2, 1, 1], [3, 2]), tf.tensor([0.1, 0.2, 0.3]), [2, 3]
    ),
    "scatter_nd/special": lambda: tf.scatter_nd(
        i32([0, 0, 1, 1, 2, 3], [6, 1]), tf.tensor([inf, -inf, nan, 1, -0.0, 1e38]), [4]
    ),
    "scatter_nd/float32_sums": lambda: tf.scatter_nd(i32([0, 0, 0], [3, 1]), tf.tensor([1e8, 1, 1]), [1]),
    "scatter_nd/int32_wraps": lambda: tf.scatter_nd(i32([0, 0], [2, 1]), i32([2147483647, 1]), [2]),
    "scatter_nd/flat_index_in_range": lambda: tf.scatter_nd(i32([0, 3], [1, 2]), tf.tensor([1]), [2, 2]),
    "scatter_nd/empty_indices": lambda: tf.scatter_nd(i32([], [0, 1]), tf.tensor([]), [3]),
    "scatter_nd/empty_output": lambda: tf.scatter_nd(i32([0], [1, 1]), tf.tensor([[]]), [4, 0]),
    "scatter_nd/error_out_of_range": lambda: tf.scatter_nd(i32([0, 5], [2, 1]), tf.tensor([1, 2]), [4]),
    "scatter_nd/error_negative_shape": lambda: tf.scatter_nd(i32([0], [1, 1]), tf.tensor([1]), [-2]),
    "scatter_nd/error_empty_shape": lambda: tf.scatter_nd(i32([0], [1, 1]), tf.tensor([1]), []),
    "scatter_nd/error_update_count": lambda: tf.scatter_nd(i32([0, 1], [2, 1]), tf.tensor([1, 2, 3]), [4]),
    "scatter_nd/error_update_slice": lambda: tf.scatter_nd(i32([0, 1], [2, 1]), tf.zeros([2, 3]), [4, 2]),
    "scatter_nd/error_update_rank": lambda: tf.scatter_nd(i32([0, 1], [2, 1]), tf.zeros([1, 1, 1]), [4]),
    "scatter_nd/error_scalar_indices": lambda: tf.scatter_nd(tf.scalar(0, "int32"), tf.tensor([1]), [4]),
    "scatter_nd/error_scalar_updates": lambda: tf.scatter_nd(i32([0], [1, 1]), tf.scalar(1), [4]),
    # tensor_scatter_update
    "tensor_scatter_update/last_wins": lambda: tf.tensor_scatter_update(
        tf.tensor([1, 2, 3, 4]), i32([0, 2, 0], [3, 1]), tf.tensor([10, 20, 30])
    ),
    "tensor_scatter_update/rows": lambda: tf.tensor_scatter_update(
        m(), i32([1], [1, 1]), tf.tensor([[nan, -0.0, inf]])
    ),
    "tensor_scatter_update/elements": lambda: tf.tensor_scatter_update(
        grid(), i32([1, 2, 3, 0, 0, 0], [2, 3]), tf.tensor([-1, -2])
    ),
    "tensor_scatter_update/int32": lambda: tf.tensor_scatter_update(
        i32([1, 2]), i32([1], [1, 1]), i32([-2147483648])
    ),
    "tensor_scatter_update/bool": lambda: tf.tensor_scatter_update(
        tf.tensor([True, False]), i32([1], [1, 1]), tf.tensor([True])
    ),
    "tensor_scatter_update/tensor_like": lambda: tf.tensor_scatter_update([1, 2], [[1]], [5]),
    "tensor_scatter_update/error_dtype": lambda: tf.tensor_scatter_update(
        tf.tensor([1, 2, 3, 4]), i32([0], [1, 1]), i32([10])
    ),
    "tensor_scatter_update/error_out_of_range": lambda: tf.tensor_scatter_update(
        tf.tensor([1, 2, 3, 4]), i32([7], [1, 1]), tf.tensor([10])
    ),
    "tensor_scatter_update/error_update_shape": lambda: tf.tensor_scatter_update(
        m(), i32([1], [1, 1]), tf.tensor([[1, 2]])
    ),
    # reverse
    "reverse/all_axes": lambda: tf.reverse(grid()),
    "reverse/axes": lambda: tf.reverse(grid(), [0, 2]),
    "reverse/axis_negative": lambda: tf.reverse(m(), -1),
    "reverse/axis_twice": lambda: tf.reverse(tf.tensor([1, 2, 3]), [0, 0]),
    "reverse/special": lambda: tf.reverse(special()),
    "reverse/int32": lambda: tf.reverse(i32([2147483647, -2147483648, 3])),
    "reverse/bool": lambda: tf.reverse(tf.tensor([[True, False, False]]), 1),
    "reverse/scalar": lambda: tf.reverse(tf.scalar(3)),
    "reverse/empty": lambda: tf.reverse(tf.zeros([0, 2]), 1),
    "reverse1d/basic": lambda: tf.reverse1d(tf.tensor1d([1, 2, 3])),
    "reverse2d/all": lambda: tf.reverse2d(m()),
    "reverse3d/axis": lambda: tf.reverse3d(grid(), 1),
    "reverse4d/axes": lambda: tf.reverse4d(tf.tensor4d(list(r(16)), [2, 2, 2, 2]), [1, 3]),
    "reverse/error_axis": lambda: tf.reverse(m(), 2),
    "reverse/error_scalar_axis": lambda: tf.reverse(tf.scalar(3), 0),
    "reverse/error_string": lambda: tf.reverse(tf.tensor(["a", "b"])),
    "reverse1d/error_rank": lambda: tf.reverse1d(m()),
    "reverse4d/error_rank": lambda: tf.reverse4d(grid()),
    # slice
    "slice/2d": lambda: tf.slice(m(), [0, 1], [2, 2]),
    "slice/number_begin": lambda: tf.slice(grid(), 1),
    "slice/number_begin_and_size": lambda: tf.slice(grid(), 1, 1),
    "slice/short_lists": lambda: tf.slice(grid(), [0, 2], [2]),
    "slice/size_minus_one": lambda: tf.slice(grid(), [1, 1, 1], [-1, 1, -1]),
    "slice/size_zero": lambda: tf.slice(m(), [1, 3], [1, 0]),
    "slice/special": lambda: tf.slice(special(), [1], [4]),
    "slice/int32": lambda: tf.slice(i32([2147483647, -2147483648, 5]), [0], [2]),
    "slice/bool": lambda: tf.slice(tf.tensor([True, False, True]), [1], [2]),
    "slice/string": lambda: tf.slice(tf.tensor([["a", "b"], ["c", "d"]]), [0, 1], [2, 1]),
    "slice/empty": lambda: tf.slice(tf.zeros([0, 3]), [0, 1], [0, 2]),
    "slice/negative_begin_1d": lambda: tf.slice(tf.tensor([1, 2, 3, 4]), [-2], [1]),
    "slice1d/basic": lambda: tf.slice1d(tf.tensor1d([1, 2, 3, 4]), 1, 2),
    "slice2d/basic": lambda: tf.slice2d(m(), [1, 0], [1, 3]),
    "slice3d/basic": lambda: tf.slice3d(grid(), [1, 1, 0], [1, 2, -1]),
    "slice4d/basic": lambda: tf.slice4d(tf.tensor4d(list(r(16)), [2, 2, 2, 2]), [0, 1, 0, 1], [2, 1, 2, 1]),
    "slice/error_scalar": lambda: tf.slice(tf.scalar(1), [0], [1]),
    "slice/error_begin_minus_one": lambda: tf.slice(tf.tensor([1, 2]), [-1], [1]),
    "slice/error_negative_size": lambda: tf.slice(m(), [1, 0], [-2, 1]),
    "slice/error_overflow": lambda: tf.slice(m(), [1, 0], [2, 1]),
    "slice/error_begin_past_end": lambda: tf.slice(tf.tensor([1, 2, 3]), [4], [0]),
    "slice/error_begin_too_long": lambda: tf.slice(tf.tensor([1, 2, 3]), [0, 0], [1]),
    "slice/error_complex": lambda: tf.slice(tf.tensor([1 + 3j, 2 + 4j]), [1], [1]),
    "slice1d/error_rank": lambda: tf.slice1d(m(), 0, 1),
    "slice1d/error_string": lambda: tf.slice1d(tf.tensor(["a", "b"]), 0, 1),
    "slice4d/error_rank": lambda: tf.slice4d(tf.tensor([1]), [0], [1]),
    # split
    "split/number": lambda: tf.split(grid(), 2, 2),
    "split/sizes": lambda: tf.split(m(), [1, 2], 1),
    "split/minus_one": lambda: tf.split(tf.tensor([1, 2, 3, 4, 5]), [1, -1, 1]),
    "split/axis_negative": lambda: tf.split(grid(), [2, 1], -2),
    "split/empty": lambda: tf.split(tf.zeros([0, 4]), 2, 1),
    "split/zero_size_piece": lambda: tf.split(tf.tensor([1, 2]), [0, 2, 0]),
    "split/int32": lambda: tf.split(i32([2147483647, -2147483648]), 2),
    "split/bool": lambda: tf.split(tf.tensor([True, False, True, True]), [3, 1]),
    "split/special": lambda: tf.split(special(), [3, 4]),
    "split/error_uneven": lambda: tf.split(m(), 2, 1),
    "split/error_zero": lambda: tf.split(m(), 0, 1),
    "split/error_sum": lambda: tf.split(m(), [1, 1], 1),
    "split/error_two_minus_ones": lambda: tf.split(tf.tensor([1, 2, 3, 4]), [1, -1, -1]),
    "split/error_minus_one_first": lambda: tf.split(tf.tensor([1, 2, 3, 4]), [-1, 1]),
    "split/error_negative_size": lambda: tf.split(tf.tensor([1, 2, 3, 4]), [-2, 6]),
    "split/error_string": lambda: tf.split(tf.tensor(["a", "b"]), 2),
    "split/error_axis": lambda: tf.split(m(), 1, 2),
    # stack
    "stack/scalars": lambda: tf.stack([tf.scalar(1), tf.scalar(nan), tf.scalar(-0.0)]),
    "stack/axis0": lambda: tf.stack([tf.tensor([1, 2]), tf.tensor([3, 4]), tf.tensor([5, 6])]),
    "stack/axis1": lambda: tf.stack([tf.tensor([1, 2]), tf.tensor([3, 4])], 1),
    "stack/axis_negative": lambda: tf.stack([m(), m()], -2),
    "stack/int32": lambda: tf.stack([i32([2147483647]), i32([-2147483648])]),
    "stack/bool": lambda: tf.stack([tf.tensor([True]), tf.tensor([False])], 1),
    "stack/string": lambda: tf.stack([tf.tensor(["a"]), tf.tensor(["b"])]),
    "stack/single": lambda: tf.stack([m()], 2),
    "stack/empty": lambda: tf.stack([tf.zeros([0]), tf.zeros([0])], 1),
    "stack/tensor_like": lambda: tf.stack([[1, 2], [3, 4]]),
    "stack/error_empty_list": lambda: tf.stack([]),
    "stack/error_shapes": lambda: tf.stack([tf.tensor([1, 2]), tf.tensor([1, 2, 3])]),
    "stack/error_dtypes": lambda: tf.stack([tf.tensor([1]), i32([1])]),
    "stack/error_axis_high": lambda: tf.stack([tf.tensor([1, 2]), tf.tensor([3, 4])], 2),
    "stack/error_axis_low": lambda: tf.stack([tf.tensor([1, 2]), tf.tensor([3, 4])], -3),
    "stack/error_single_axis_low": lambda: tf.stack([tf.tensor([1, 2])], -3),
    # tile
    "tile/1d": lambda: tf.tile(tf.tensor([1, 2]), [3]),
    "tile/2d": lambda: tf.tile(m(), [2, 2]),
    "tile/3d": lambda: tf.tile(grid(), [1, 2, 1]),
    "tile/special": lambda: tf.tile(special(), [2]),
    "tile/int32": lambda: tf.tile(i32([2147483647, -2147483648]), [2]),
    "tile/bool": lambda: tf.tile(tf.tensor([[True, False]]), [2, 1]),
    "tile/string": lambda: tf.tile(tf.tensor(["a", "b"]), [2]),
    "tile/zero_reps": lambda: tf.tile(m(), [0, 2]),
    "tile/scalar": lambda: tf.tile(tf.scalar(2), []),
    "tile/error_rank": lambda: tf.tile(tf.tensor([1, 2]), [1, 2]),
    "tile/error_negative": lambda: tf.tile(tf.tensor([1, 2]), [-1]),
    "tile/error_complex": lambda: tf.tile(tf.tensor([1 + 3j, 2 + 4j]), [2]),
    # unstack
    "unstack/axis0": lambda: tf.unstack(m()),
    "unstack/axis1": lambda: tf.unstack(grid(), 1),
    "unstack/axis_negative": lambda: tf.unstack(grid(), -1),
    "unstack/special": lambda: tf.unstack(special()),
    "unstack/bool": lambda: tf.unstack(tf.tensor([[True, False]]), 1),
    "unstack/string": lambda: tf.unstack(tf.tensor([["a", "b"]]), 1),
    "unstack/zero_length_axis": lambda: tf.unstack(tf.zeros([0, 2])),
    "unstack/empty_pieces": lambda: tf.unstack(tf.zeros([2, 0])),
    "unstack/error_axis": lambda: tf.unstack(m(), 2),
    "unstack/error_scalar": lambda: tf.unstack(tf.scalar(1)),
    # boolean_mask_async
    "boolean_mask_async/rows": lambda: tf.boolean_mask_async(
        tf.tensor2d([[1, 2], [3, 4], [5, 6]]), tf.tensor([True, False, True])
    ),
    "boolean_mask_async/axis1": lambda: tf.boolean_mask_async(
        tf.tensor2d([[1, 2], [3, 4], [5, 6]]), tf.tensor([False, True]), 1
    ),
    "boolean_mask_async/mask_2d": lambda: tf.boolean_mask_async(
        grid(), tf.tensor([[False, True, True], [True, False, False]])
    ),
    "boolean_mask_async/none": lambda: tf.boolean_mask_async(m(), tf.tensor([False, False])),
    "boolean_mask_async/list_mask": lambda: tf.boolean_mask_async(special(), [1, 1, 0, 1, 1, 0, 1]),
    "boolean_mask_async/int32": lambda: tf.boolean_mask_async(i32([2147483647, -2147483648]), [False, True]),
    "boolean_mask_async/bool": lambda: tf.boolean_mask_async(
        tf.tensor([True, False, True]), [True, True, False]
    ),
    "boolean_mask_async/empty": lambda: tf.boolean_mask_async(tf.zeros([0, 3]), tf.tensor([], [0], "bool")),
    "boolean_mask_async/error_scalar_mask": lambda: tf.boolean_mask_async(tf.tensor([1, 2]), tf.scalar(True)),
    "boolean_mask_async/error_shape": lambda: tf.boolean_mask_async(m(), tf.tensor([True, False, True])),
    # meshgrid
    "meshgrid/xy": lambda: tf.meshgrid([1, 2, 3], [4, 5]),
    "meshgrid/ij": lambda: tf.meshgrid([1, 2, 3], [4, 5], indexing="ij"),
    "meshgrid/int32_and_list": lambda: tf.meshgrid(i32([1, 2]), [3, 4, 5]),
    "meshgrid/flattens": lambda: tf.meshgrid(tf.tensor2d([[1, 2], [3, 4]]), tf.tensor([5])),
    "meshgrid/finite_edges": lambda: tf.meshgrid(tf.tensor([3.4e38, 1e-45, -1.5]), tf.tensor([0.5, -2])),
    "meshgrid/special": lambda: tf.meshgrid(tf.tensor([-0.0, nan, inf]), tf.tensor([-inf, 0])),
    "meshgrid/one_input": lambda: tf.meshgrid([1, 2]),
    "meshgrid/no_input": lambda: tf.meshgrid(),
    "meshgrid/error_indexing": lambda: tf.meshgrid([1], [2], indexing="foo"),
}

KNOWN_DIFFERENCES = {
    # TF.js's slice() rejects only -1 as a begin; other negative begins of a slice that
    # is one run of memory read from the end (JavaScript's subarray), others read out of
    # bounds. This port rejects every negative begin.
    "slice/negative_begin_1d",
}

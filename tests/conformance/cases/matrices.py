"""Operations / Matrices (dot, outer_product, norm, euclidean_norm, einsum) and Moving Average."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def m23() -> tf.Tensor:
    return tf.tensor2d([[1, -2, 3], [-4, 5, -6]])


def r32() -> tf.Tensor:
    return tf.tensor2d(list(r(6)), [3, 2])


def r234() -> tf.Tensor:
    return tf.tensor3d(list(r(24)), [2, 3, 4])


CASES = {
    # dot: every combination of ranks 1 and 2
    "dot/vec_vec": lambda: tf.dot(tf.tensor1d([1, 2, 3]), tf.tensor1d([4, 5, 6])),
    "dot/mat_vec": lambda: tf.dot(m23(), tf.tensor1d([1, 2, 3])),
    "dot/vec_mat": lambda: tf.dot(tf.tensor1d([1, 2]), m23()),
    "dot/mat_mat": lambda: tf.dot(m23(), tf.tensor2d([[1, 0], [0, 1], [1, 1]])),
    "dot/int32": lambda: tf.dot(i32([2147483647, 3]), i32([2, 5])),
    "dot/int32_mat": lambda: tf.dot(i32([1, 2, 3, 4], [2, 2]), i32([-2147483648, 1])),
    "dot/mixed_dtypes": lambda: tf.dot(i32([1, 2]), tf.tensor1d([1.5, 0.25])),
    "dot/nan_inf": lambda: tf.dot(
        tf.tensor2d([[nan, 1], [inf, 1], [inf, 0], [-inf, 1]]), tf.tensor1d([1, 1])
    ),
    "dot/negative_zero": lambda: tf.dot(tf.tensor1d([-0.0]), tf.tensor1d([5])),
    "dot/small": lambda: tf.dot(tf.tensor1d([1e-30, 1e-30]), tf.tensor1d([1e-30, 1e-30])),
    "dot/empty_vec_vec": lambda: tf.dot(tf.zeros([0]), tf.zeros([0])),
    "dot/empty_mat_vec": lambda: tf.dot(tf.zeros([2, 0]), tf.zeros([0])),
    "dot/empty_rows": lambda: tf.dot(tf.zeros([0, 3]), tf.ones([3])),
    "dot/nested_arrays": lambda: tf.dot([[1, 2], [3, 4]], [5, 6]),
    "dot/bad_rank": lambda: tf.dot(tf.zeros([1, 1, 1]), tf.zeros([1])),
    "dot/bad_rank_scalar": lambda: tf.dot(tf.scalar(2), tf.zeros([1])),
    "dot/bad_inner": lambda: tf.dot(m23(), tf.tensor1d([1, 2])),
    "dot/bad_inner_vec_vec": lambda: tf.dot(tf.tensor1d([1, 2]), tf.tensor1d([1, 2, 3])),
    # outer_product
    "outer_product/float": lambda: tf.outer_product(tf.tensor1d([1, -2, 0.5]), tf.tensor1d([3, 4])),
    "outer_product/int32": lambda: tf.outer_product(i32([2147483647, -3]), i32([2, -2147483648])),
    "outer_product/mixed": lambda: tf.outer_product(i32([1, 2]), tf.tensor1d([0.5])),
    "outer_product/special": lambda: tf.outer_product(
        tf.tensor1d([nan, inf, -0.0, 1e20]), tf.tensor1d([0, 1e20])
    ),
    "outer_product/empty": lambda: tf.outer_product(tf.zeros([0]), tf.tensor1d([1, 2])),
    "outer_product/empty_both": lambda: tf.outer_product(tf.tensor1d([1, 2]), tf.zeros([0])),
    # einsum: the equations TF.js's kernel supports
    "einsum/matmul": lambda: tf.einsum("ij,jk->ik", m23(), r32()),
    "einsum/matmul_transposed_out": lambda: tf.einsum("ij,jk->ki", m23(), r32()),
    "einsum/batch_matmul": lambda: tf.einsum(
        "bij,bjk->bik", tf.tensor3d(list(r(12)), [2, 2, 3]), tf.tensor3d(list(r(24)), [2, 3, 4])
    ),
    "einsum/dot": lambda: tf.einsum("i,i->", tf.tensor1d([1, 2, 3]), tf.tensor1d([4, 5, 6])),
    "einsum/outer": lambda: tf.einsum("i,j->ij", tf.tensor1d([1, 2]), tf.tensor1d([3, 4, 5])),
    "einsum/elementwise": lambda: tf.einsum("ij,ij->ij", m23(), m23()),
    "einsum/row_sums_of_product": lambda: tf.einsum("ij,ij->i", m23(), m23()),
    "einsum/col_sums_of_product": lambda: tf.einsum("ij,ij->j", m23(), m23()),
    "einsum/transposed_input": lambda: tf.einsum("ji,ij->i", tf.transpose(m23()), m23()),
    "einsum/transpose": lambda: tf.einsum("ij->ji", m23()),
    "einsum/transpose_3d": lambda: tf.einsum("abc->cab", r234()),
    "einsum/identity": lambda: tf.einsum("ij->ij", m23()),
    "einsum/sum_all": lambda: tf.einsum("ij->", m23()),
    "einsum/sum_rows": lambda: tf.einsum("ij->i", m23()),
    "einsum/sum_cols": lambda: tf.einsum("ij->j", m23()),
    "einsum/sum_two_axes": lambda: tf.einsum("abc->b", r234()),
    "einsum/contract_two_axes": lambda: tf.einsum("ijk,jkl->il", r234(), tf.tensor3d(list(r(24)), [3, 4, 2])),
    "einsum/scalar_times_vector": lambda: tf.einsum(",i->i", tf.scalar(2), tf.tensor1d([1, 2, 3])),
    "einsum/scalar_and_sum": lambda: tf.einsum("i,->", tf.tensor1d([1, 2, 3]), tf.scalar(-2)),
    "einsum/scalar_only": lambda: tf.einsum("->", tf.scalar(4)),
    "einsum/whitespace": lambda: tf.einsum(" i j , j k -> i k ", m23(), r32()),
    "einsum/upper_case_labels": lambda: tf.einsum("AB,BC->AC", m23(), r32()),
    "einsum/int32": lambda: tf.einsum("i,i->", i32([2147483647, 1]), i32([2, 1])),
    "einsum/int32_product_wraps": lambda: tf.einsum("i,i->i", i32([65536, -2147483648]), i32([65536, -1])),
    "einsum/int32_matmul": lambda: tf.einsum(
        "ij,jk->ik", i32([1, 2, 3, 4], [2, 2]), i32([5, 6, 7, 8], [2, 2])
    ),
    "einsum/bool_sum": lambda: tf.einsum(
        "i,i->", tf.tensor1d([True, False, True], "bool"), tf.tensor1d([True, True, True], "bool")
    ),
    "einsum/bool_product": lambda: tf.einsum(
        "i,i->i", tf.tensor1d([True, False], "bool"), tf.tensor1d([True, True], "bool")
    ),
    "einsum/bool_transpose": lambda: tf.einsum("ij->ji", tf.tensor2d([[True, False]], [1, 2], "bool")),
    "einsum/mixed_dtypes": lambda: tf.einsum("i,i->i", i32([1, 2]), tf.tensor1d([0.5, 1.5])),
    "einsum/bool_and_float": lambda: tf.einsum(
        "i,i->", tf.tensor1d([True, False], "bool"), tf.tensor1d([0.5, 1.5])
    ),
    "einsum/special_values": lambda: tf.einsum(
        "i,i->i", tf.tensor1d([nan, inf, -inf, -0.0, 1e30, 1e-30]), tf.tensor1d([1, 0, -1, 1, 1e30, 1e-30])
    ),
    "einsum/sum_special": lambda: tf.einsum(
        "ij->i", tf.tensor2d([[inf, -inf], [nan, 1], [1e38, 1e38], [-0.0, -0.0]])
    ),
    "einsum/float_sum_rounding": lambda: tf.einsum("i->", tf.tensor1d([0.1, 0.2, 0.3, 1e8, 1, -1e8])),
    "einsum/empty_contraction": lambda: tf.einsum("ij,jk->ik", tf.zeros([2, 0]), tf.zeros([0, 3])),
    "einsum/empty_output": lambda: tf.einsum("ij,jk->ik", tf.zeros([0, 2]), tf.ones([2, 3])),
    "einsum/empty_sum": lambda: tf.einsum("i->", tf.zeros([0])),
    # (downloaded: where TF.js throws and this project does not, no tensor is left over)
    "einsum/complex_transpose": lambda: tf.einsum("ij->ji", tf.tensor([[1 + 3j, 2 + 4j]])).array_sync(),
    "einsum/nested_arrays": lambda: tf.einsum("i,i->", [1, 2], [3, 4]),
    # equations TF.js 4.22 computes wrongly (see KNOWN_DIFFERENCES)
    "einsum/contract_everything": lambda: tf.einsum("ij,jk->", m23(), r32()),
    "einsum/sum_of_outer": lambda: tf.einsum("i,j->", tf.tensor1d([1, 10]), tf.tensor1d([1, 2, 3])),
    "einsum/unsummed_second_input": lambda: tf.einsum("ij,k->ik", m23(), tf.tensor1d([1, 10])),
    # bad equations and inputs
    "einsum/no_arrow": lambda: tf.einsum("ij,jk", m23(), m23()),
    "einsum/two_arrows": lambda: tf.einsum("i->i->i", tf.zeros([2])),
    "einsum/ellipsis": lambda: tf.einsum("...ij->...ji", m23()),
    "einsum/too_few_tensors": lambda: tf.einsum("i,i->i", tf.zeros([2])),
    "einsum/too_many_tensors": lambda: tf.einsum("i->i", tf.zeros([2]), tf.zeros([2])),
    "einsum/three_inputs": lambda: tf.einsum("i,i,i->i", tf.zeros([2]), tf.zeros([2]), tf.zeros([2])),
    "einsum/unknown_output_label": lambda: tf.einsum("ij->ik", m23()),
    "einsum/duplicate_input_label": lambda: tf.einsum("ii->i", tf.zeros([2, 2])),
    "einsum/size_mismatch": lambda: tf.einsum("ij,jk->ik", m23(), m23()),
    "einsum/complex_sum": lambda: tf.einsum("i->", tf.tensor([1 + 3j, 2 + 4j])),
    "einsum/string": lambda: tf.einsum("i->i", tf.tensor1d(["a", "b"])),
    # norm: vectors
    "norm/default": lambda: tf.norm(tf.tensor1d([3, -4])),
    "norm/ord_1": lambda: tf.norm(tf.tensor1d([3, -4, 0.5]), 1),
    "norm/ord_2": lambda: tf.norm(tf.tensor1d([3, -4, 12]), 2),
    "norm/ord_inf": lambda: tf.norm(tf.tensor1d([3, -4, 0.5]), inf),
    "norm/ord_neg_inf": lambda: tf.norm(tf.tensor1d([3, -4, -0.5]), -inf),
    "norm/matrix_as_vector": lambda: tf.norm(m23()),
    "norm/matrix_as_vector_ord_1": lambda: tf.norm(m23(), 1),
    "norm/3d_as_vector_inf": lambda: tf.norm(r234(), inf),
    "norm/axis": lambda: tf.norm(m23(), "euclidean", 1),
    "norm/axis_list_of_one": lambda: tf.norm(m23(), 1, [0]),
    "norm/negative_axis": lambda: tf.norm(m23(), inf, -1),
    "norm/axis_keep_dims": lambda: tf.norm(m23(), 2, 0, True),
    "norm/keep_dims_all": lambda: tf.norm(tf.tensor3d(list(r(8)), [2, 2, 2]), "euclidean", None, True),
    "norm/scalar": lambda: tf.norm(tf.scalar(-3)),
    "norm/scalar_any_ord": lambda: tf.norm(tf.scalar(-3), 7),
    "norm/scalar_keep_dims": lambda: tf.norm(tf.scalar(-3), 2, None, True),
    "norm/nan": lambda: tf.norm(tf.tensor1d([nan, 1])),
    "norm/inf": lambda: tf.norm(tf.tensor1d([inf, 1])),
    "norm/inf_ord_inf": lambda: tf.norm(tf.tensor1d([-inf, nan, 1]), inf),
    "norm/negative_zero": lambda: tf.norm(tf.tensor1d([-0.0, -0.0]), 1),
    "norm/overflow": lambda: tf.norm(tf.tensor1d([1e20, 1e20])),
    "norm/underflow": lambda: tf.norm(tf.tensor1d([1e-30, 1e-30])),
    "norm/large": lambda: tf.norm(tf.tensor1d([3e38, 1]), 1),
    "norm/empty": lambda: tf.norm(tf.zeros([0])),
    "norm/empty_ord_1": lambda: tf.norm(tf.zeros([0]), 1),
    "norm/empty_axis": lambda: tf.norm(tf.zeros([0, 3]), 2, 0),
    "norm/int32_ord_1": lambda: tf.norm(i32([2147483647, 1, -3]), 1),
    "norm/int32_ord_inf": lambda: tf.norm(i32([-2147483648, 5]), inf),
    "norm/int32_ord_neg_inf": lambda: tf.norm(i32([-7, 5]), -inf),
    "norm/bool_ord_1": lambda: tf.norm(tf.tensor1d([True, True, False], "bool"), 1),
    "norm/complex": lambda: tf.norm(tf.tensor([3 + 4j, 1j])),
    "norm/complex_ord_1": lambda: tf.norm(tf.tensor([3 + 4j, 1j]), 1),
    "norm/nested_arrays": lambda: tf.norm([[3, 4]]),
    # norm: matrices
    "norm/matrix_ord_1": lambda: tf.norm(m23(), 1, [0, 1]),
    "norm/matrix_ord_inf": lambda: tf.norm(m23(), inf, [0, 1]),
    "norm/matrix_ord_neg_inf": lambda: tf.norm(m23(), -inf, [0, 1]),
    "norm/matrix_fro": lambda: tf.norm(m23(), "fro", [0, 1]),
    "norm/matrix_euclidean": lambda: tf.norm(m23(), "euclidean", [0, 1]),
    "norm/matrix_fro_keep_dims": lambda: tf.norm(m23(), "fro", [0, 1], True),
    "norm/matrix_rows_after_cols_ord_1": lambda: tf.norm(m23(), 1, [1, 0]),
    "norm/batch_of_matrices_ord_1": lambda: tf.norm(r234(), 1, [1, 2]),
    "norm/batch_of_matrices_inf": lambda: tf.norm(r234(), inf, [0, 2], True),
    "norm/batch_of_matrices_neg_inf": lambda: tf.norm(r234(), -inf, [0, 1]),
    "norm/batch_of_matrices_fro": lambda: tf.norm(r234(), "fro", [0, 2]),
    "norm/matrix_int32_ord_1": lambda: tf.norm(i32([1, -2, 3, -4], [2, 2]), 1, [0, 1]),
    "norm/matrix_empty_fro": lambda: tf.norm(tf.zeros([0, 3]), "fro", [0, 1]),
    # norm: TF.js 4.22 assumes axis[0] < axis[1] (see KNOWN_DIFFERENCES)
    # (downloaded: where TF.js throws and this project does not, no tensor is left over)
    "norm/matrix_negative_axes_ord_1": lambda: tf.norm(m23(), 1, [-2, -1]).array_sync(),
    "norm/matrix_rows_after_cols_inf": lambda: tf.norm(m23(), inf, [1, 0]).array_sync(),
    # norm: bad input
    "norm/bad_ord": lambda: tf.norm(tf.tensor1d([1, 2]), 3),
    "norm/bad_ord_fro_vector": lambda: tf.norm(tf.tensor1d([1, 2]), "fro"),
    "norm/bad_ord_fro_no_axis": lambda: tf.norm(m23(), "fro"),
    "norm/bad_ord_matrix_2": lambda: tf.norm(m23(), 2, [0, 1]),
    "norm/bad_ord_fraction": lambda: tf.norm(tf.tensor1d([1, 2]), 0.5),
    "norm/bad_axis_three": lambda: tf.norm(tf.zeros([2, 2, 2]), "euclidean", [0, 1, 2]),
    "norm/int32_euclidean": lambda: tf.norm(i32([3, 4])),
    "norm/bool_euclidean": lambda: tf.norm(tf.tensor1d([True], "bool")),
    "norm/string": lambda: tf.norm(tf.tensor1d(["a"])),
    # euclidean_norm
    "euclidean_norm/all": lambda: tf.euclidean_norm(m23()),
    "euclidean_norm/axis": lambda: tf.euclidean_norm(m23(), 1),
    "euclidean_norm/axis_keep_dims": lambda: tf.euclidean_norm(m23(), 0, True),
    "euclidean_norm/matrix": lambda: tf.euclidean_norm(r234(), [0, 2]),
    "euclidean_norm/scalar": lambda: tf.euclidean_norm(tf.scalar(-2)),
    "euclidean_norm/empty": lambda: tf.euclidean_norm(tf.zeros([2, 0]), 1),
    "euclidean_norm/int32": lambda: tf.euclidean_norm(i32([3, 4])),
    # moving_average
    "moving_average/zero_debias": lambda: tf.moving_average(tf.tensor1d([1, 2]), tf.tensor1d([3, 4]), 0.5, 2),
    "moving_average/no_zero_debias": lambda: tf.moving_average(
        tf.tensor1d([1, 2]), tf.tensor1d([3, 4]), 0.9, None, False
    ),
    "moving_average/tensor_decay_and_step": lambda: tf.moving_average(
        tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[0, 0], [8, 8]]), tf.scalar(0.99), tf.scalar(10)
    ),
    "moving_average/step_1": lambda: tf.moving_average(tf.tensor1d([0, 0]), tf.tensor1d([2, 4]), 0.3, 1),
    "moving_average/decay_1": lambda: tf.moving_average(tf.tensor1d([1, 2]), tf.tensor1d([3, 4]), 1, 3),
    "moving_average/decay_0": lambda: tf.moving_average(tf.tensor1d([1, 2]), tf.tensor1d([3, 4]), 0, 3),
    "moving_average/int32": lambda: tf.moving_average(i32([1, 2]), i32([3, 4]), 0.5, 1, False),
    "moving_average/int32_decay": lambda: tf.moving_average(
        tf.tensor1d([1, 2]), tf.tensor1d([3, 4]), tf.scalar(0, "int32"), 2
    ),
    "moving_average/bool": lambda: tf.moving_average(
        tf.tensor1d([True, False], "bool"), tf.tensor1d([True, True], "bool"), 0.5, 3
    ),
    "moving_average/special": lambda: tf.moving_average(
        tf.tensor1d([nan, inf, 1, -0.0, 1e38]), tf.tensor1d([1, 1, inf, -0.0, -1e38]), 0.5, 2
    ),
    "moving_average/empty": lambda: tf.moving_average(tf.zeros([0, 2]), tf.zeros([0, 2]), 0.5, 2),
    "moving_average/scalar": lambda: tf.moving_average(tf.scalar(1), tf.scalar(5), 0.75, 4),
    "moving_average/nested_arrays": lambda: tf.moving_average([1, 2], [3, 4], 0.5, 2),
    "moving_average/no_step": lambda: tf.moving_average(tf.tensor1d([1]), tf.tensor1d([3]), 0.5),
    "moving_average/dtype_mismatch": lambda: tf.moving_average(i32([1]), tf.tensor1d([3]), 0.5, 1),
    "moving_average/shape_mismatch": lambda: tf.moving_average(tf.tensor1d([1, 2]), tf.tensor1d([3]), 0.5, 1),
}

# Where TF.js 4.22 is wrong and this project gives the mathematical answer:
# - its cpu Einsum kernel multiplies in an input none of whose labels is summed only if
#   nothing is summed ("ij,k->ik" drops k: shape [2, 1]), and after a first sum it
#   lines up the next input's axes against the wrong dimensions ("ij,jk->" gives a
#   vector, "i,j->" too); here every input is multiplied in and every label summed.
# - its cpu Einsum kernel calls the Transpose kernel, which refuses complex64; here a
#   complex einsum that sums nothing (a transpose, a product) works.
# - its norm assumes axis[0] < axis[1] for matrices: axes [-2, -1] or [1, 0] with ord
#   ±Infinity (1 for negative axes) reduce an axis that is no longer there and throw;
#   here the axes are resolved first and the second one shifts as NumPy's norm does.
# - its Abs kernel writes an int32 tensor's values into a Float32Array, so |-2**31| is
#   2**31 until the next kernel stores it (max then wraps it to -2**31); here int32
#   values are int32 from the start and |-2**31| wraps at once (max picks 5).
KNOWN_DIFFERENCES = {
    "einsum/contract_everything",
    "einsum/sum_of_outer",
    "einsum/unsummed_second_input",
    "einsum/complex_transpose",
    "norm/matrix_negative_axes_ord_1",
    "norm/matrix_rows_after_cols_inf",
    "norm/int32_ord_inf",
}

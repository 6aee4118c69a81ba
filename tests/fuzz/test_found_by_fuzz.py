"""One test per class of defect the op fuzz found, each now a clear error that names
the op (and the argument) where it was a bare error, a NumPy message or a leak."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with


@pytest.fixture
def x():
    made = tf.tensor2d([[1.0, 2.0], [3.0, 4.0]])
    yield made
    made.dispose()


def disposed() -> tf.Tensor:
    made = tf.tensor([1.0, 2.0])
    made.dispose()
    return made


def test_an_unknown_dtype_names_the_op(backend):
    with raises_with(ValueError, "zeros: Unknown dtype 'NCHW'"):
        tf.zeros([2], "NCHW")
    with raises_with(ValueError, "buffer: Unknown dtype 'i,i->'"):
        tf.buffer([], "i,i->", 0)
    with raises_with(ValueError, "eye: Unknown dtype [1, 2]"):
        tf.eye(2, dtype=[1, 2])


def test_a_string_with_a_number_names_the_binary_op(backend):
    a, b = tf.tensor(["a"]), tf.tensor([1.0])
    with raises_with(TypeError, "less: Can not upcast string with float32"):
        tf.less(a, b)
    tf.dispose([a, b])


def test_a_boolean_argument_must_be_a_boolean(backend, x):
    with raises_with(TypeError, "sum: keep_dims must be a boolean", "Tensor"):
        tf.sum(x, 0, x)
    with raises_with(TypeError, "cumsum: exclusive must be a boolean"):
        tf.cumsum(x, 0, [1, 2])
    with raises_with(TypeError, "moments: keep_dims must be a boolean"):
        tf.moments(x, 0, x)
    with raises_with(TypeError, "variable: trainable must be a boolean"):
        tf.variable(x, x)
    kept = tf.sum(x, None, 1)  # a number is read as JavaScript reads it
    assert kept.shape == (1, 1)
    kept.dispose()


def test_ops_that_delegate_name_themselves_and_leak_nothing(backend, x):
    scalar = tf.scalar(1.0)
    with raises_with(ValueError, "upper_bound: sorted_sequence must be at least 1-D"):
        tf.upper_bound(scalar, x)
    with raises_with(ValueError, "euclidean_norm: All values in axis param", "5"):
        tf.euclidean_norm(x, 5)
    with raises_with(ValueError, "log_softmax: All values in axis param", "logits must be at least 1-D"):
        tf.log_softmax(scalar)
    with raises_with(ValueError, "stft: signal must be a 1D tensor", "rank 2"):
        tf.signal.stft(x, 2, 1)
    scalar.dispose()


def test_complex_input_is_refused_by_the_op_it_was_given_to(backend):
    c = tf.complex([1.0, 2.0], [0.0, 1.0])
    with raises_with(TypeError, "'a' passed to 'div_no_nan' is complex64"):
        tf.div_no_nan(c, c)
    with raises_with(TypeError, "'logits' passed to 'log_softmax' is complex64"):
        tf.log_softmax(c)
    with raises_with(TypeError, "'weights' passed to 'compute_weighted_loss' is complex64"):
        tf.losses.compute_weighted_loss([1.0, 1.0], c)
    with raises_with(TypeError, "meshgrid: x must be a numeric real tensor", "complex64"):
        tf.meshgrid(c, c)
    c.dispose()


def test_a_bad_value_in_an_error_message_is_shown_not_read(backend, x):
    with raises_with(ValueError, "scatter_nd: Tensor must have a shape", "<disposed Tensor"):
        tf.scatter_nd([[0]], [1.0], disposed())
    with raises_with(ValueError, "fill(): tensor must have a shape", "<disposed Tensor"):
        tf.fill([3, disposed()], 1.0)
    with raises_with(ValueError, "one_hot: Unsupported data type <disposed Tensor"):
        tf.one_hot([0], 3, dtype=disposed())
    with raises_with(ValueError, "sparse_to_dense: Tensor must have a shape", "[[1, 2]]"):
        tf.sparse_to_dense([0], [1.0], [[1, 2]])


def test_wrong_kinds_of_arguments_are_type_errors_naming_them(backend, x):
    with raises_with(TypeError, "strided_slice: begin_mask must be an integer bit mask", "[1]"):
        tf.strided_slice(x, [0], [1], [1], [1])
    with raises_with(TypeError, "rand: rand_function must return a number", "None"):
        tf.rand([2], lambda: None)
    with raises_with(TypeError, "eye: batch_shape must be a list of integers", "True"):
        tf.eye(2, batch_shape=True)
    with raises_with(TypeError, "variable: cannot make a float32 variable of a string initial value"):
        tf.variable(["a"], dtype="float32")
    with raises_with(ValueError, "random_standard_normal: Unsupported data type"):
        tf.random_standard_normal([2], [1, 2])


def test_an_op_of_one_axis_given_none_takes_the_first_as_tfjs(backend, x):
    indices = tf.tensor1d([1], "int32")
    gathered = tf.gather(x, indices, None)
    parts = tf.split(x, 2, None)
    assert gathered.array_sync() == [[3.0, 4.0]]
    assert [p.shape for p in parts] == [(1, 2), (1, 2)]
    tf.dispose([indices, gathered, *parts])


def test_a_choice_argument_given_an_array_is_a_clear_error(backend, x):
    choice = [1, 2]
    with raises_with(ValueError, "mirror_pad: Invalid mode", "[1, 2]"):
        tf.mirror_pad(x, [[0, 0], [0, 0]], choice)
    with raises_with(ValueError, "search_sorted: side must be 'left' or 'right'", "[1, 2]"):
        tf.search_sorted([1.0], [1.0], choice)
    with raises_with(ValueError, "pool: poolingType must be 'avg' or 'max'"):
        tf.tidy(lambda: tf.pool(tf.ones([1, 2, 2, 1]), 1, choice, "valid"))


def test_a_number_argument_given_a_string_names_the_loss(backend):
    with raises_with(TypeError, "log_loss: epsilon must be a number", "'a'"):
        tf.losses.log_loss([1.0], [0.5], epsilon="a")
    with raises_with(TypeError, "softmax_cross_entropy: label_smoothing must be a number"):
        tf.losses.softmax_cross_entropy([[1.0, 0.0]], [[0.5, 0.5]], label_smoothing="x")
    with raises_with(TypeError, "'predictions' passed to 'hinge_loss' is complex64"):
        tf.tidy(lambda: tf.losses.hinge_loss([1.0], tf.complex([1.0], [1.0])))


def test_more_checks_the_op_makes_itself(backend):
    with raises_with(ValueError, "confusion_matrix: Error in oneHot: depth must be >=2, but it is 1"):
        tf.math.confusion_matrix([0], [0], 1)
    with raises_with(ValueError, "linspace: The number of values should be positive", "inf"):
        tf.linspace(0, 1, float("inf"))
    with raises_with(TypeError, "'t1' passed to 'dot' is complex64"):
        tf.tidy(lambda: tf.dot(tf.complex([1.0], [1.0]), [1.0]))


def test_topk_of_rows_of_no_values(backend):
    empty_rows = tf.zeros([1, 2, 0])
    result = tf.topk(empty_rows, 0)
    assert (result.values.shape, result.indices.shape) == ((1, 2, 0), (1, 2, 0))
    tf.dispose([empty_rows, *result])


def test_a_disposed_tensor_as_values_names_the_op(backend):
    with raises_with(ValueError, "fill(): the values are a disposed tensor"):
        tf.fill([2], disposed())
    with raises_with(ValueError, "print: x is a disposed tensor"):
        tf.print(disposed())
    with raises_with(ValueError, "broadcast_to: Tensor must have a shape", "<disposed Tensor"):
        tf.tidy(lambda: tf.broadcast_to(tf.ones([1]), [disposed()]))
    with raises_with(ValueError, "Error in norm: invalid ord value", "[1, 2]"):
        tf.tidy(lambda: tf.norm(tf.ones([2]), [1, 2]))


def test_a_tile_to_nothing_makes_no_copies_on_the_way(backend):
    flag = tf.tensor(False)
    empty = tf.broadcast_to(flag, [2**31 - 1, 0])  # np.tile would fill 2 GB first
    assert empty.shape == (2**31 - 1, 0)
    tf.dispose([flag, empty])


def test_still_more_arguments_the_op_checks_itself(backend):
    with raises_with(TypeError, "huber_loss: delta must be a number"):
        tf.losses.huber_loss([1.0], [1.0], delta=[1, 2])
    with raises_with(TypeError, "moving_average: zero_debias must be a boolean"):
        tf.moving_average([1.0], [1.0], 0.5, None, [1, 2])
    with raises_with(ValueError, "Activation [1, 2] has not been implemented"):
        tf.fused.mat_mul([[1.0]], [[1.0]], activation=[1, 2])
    with raises_with(TypeError, "log_softmax: axis must be an integer", "'a'"):
        tf.log_softmax([1.0, 2.0], "a")
    with raises_with(ValueError, "dropout: a tensor of shape [3,9223372036854775808]"):
        tf.dropout([1.0], 0.5, [3, 2**63])


def test_a_convolution_or_pool_with_a_huge_output_says_so_first(backend):
    x = tf.ones([1, 1, 1, 1])
    with raises_with(ValueError, "max_pool: a tensor of shape [1,2147483649,2147483649,1]"):
        tf.max_pool(x, 1, 1, 2**30)
    with raises_with(ValueError, "conv2d: a tensor of shape [1,2147483649,2147483649,1]"):
        tf.conv2d(x, x, 1, 2**30)
    x.dispose()


def test_nms_of_nan_boxes_warns_nothing(backend):
    import asyncio

    boxes, scores = tf.tensor2d([[float("nan")] * 4, [0, 0, 1, 1]]), tf.tensor1d([1.0, 0.5])
    selected = asyncio.run(tf.image.non_max_suppression_async(boxes, scores, 2))
    assert selected.dtype == "int32"
    tf.dispose([boxes, scores, selected])


def test_more_ops_refuse_complex64_themselves(backend):
    c = tf.complex([[1.0]], [[1.0]])
    with raises_with(TypeError, "'data' passed to 'sparse_segment_sum' is complex64"):
        tf.sparse.sparse_segment_sum(c, [0], [0])
    with raises_with(TypeError, "'lstm_kernel' passed to 'basic_lstm_cell' is complex64"):
        tf.basic_lstm_cell(1.0, c, [1.0], [[1.0]], [[1.0]], [[1.0]])
    c.dispose()


def test_a_pool_whose_padded_input_would_be_huge_says_so_first(backend):
    x = tf.ones([1, 4, 4, 1])
    with raises_with(ValueError, "avgPool (its padded input): a tensor of shape [1,1099511627776,"):
        tf.avg_pool(x, [2**40, 2], [2**40, 1], "same")
    x.dispose()


def test_a_data_format_or_method_given_an_odd_value_is_shown(backend):
    x = tf.ones([1, 1, 1, 1])
    with raises_with(ValueError, "depthwise_conv2d: Unknown dataFormat [[]]"):
        tf.depthwise_conv2d(x, x, 1, "same", [[]])
    with raises_with(ValueError, "threshold: Method must be binary or otsu, but was <disposed Tensor"):
        tf.tidy(lambda: tf.image.threshold(tf.ones([1, 1, 1], "int32"), disposed()))
    x.dispose()


def test_a_window_parameter_past_a_javascript_number_is_refused(backend):
    x = tf.ones([1, 2, 2, 1])
    with raises_with(ValueError, "max_pool_with_argmax: strides must be an integer or a list of integers"):
        tf.max_pool_with_argmax(x, 1, 10**30, 1)
    x.dispose()


def test_string_and_transpose_flags_are_checked(backend):
    with raises_with(TypeError, "string_split: skip_empty must be a boolean"):
        tf.string.string_split(["a b"], " ", [1, 2])
    with raises_with(TypeError, "transpose: conjugate must be a boolean"):
        tf.tidy(lambda: tf.transpose(tf.complex([[1.0]], [[1.0]]), None, [1, 2]))


def test_cast_and_tensor_creation_name_themselves_for_an_unknown_dtype(backend, x):
    with raises_with(ValueError, "cast: Unknown dtype 'NCHW'"):
        tf.cast(x, "NCHW")
    with raises_with(ValueError, "tensor3d: Unknown dtype nan"):
        tf.tensor3d([[[1.0]]], None, float("nan"))
    with raises_with(ValueError, "scalar: Unknown dtype []"):
        tf.scalar(1.0, [])


def test_print_verbose_must_be_a_boolean(backend, x):
    with raises_with(TypeError, "print/to_string: verbose must be a boolean", "array("):
        x.print(np.zeros((2, 0)))


def test_a_reversed_strided_slice_whose_bounds_disagree_is_empty(backend):
    # seed 5033428 on torch: torch's arange refused the empty range.
    x = tf.tensor([0.5, 2.5, -1.5])
    empty = x.strided_slice([0], [3], [-1])
    assert (empty.shape, empty.array_sync()) == ((0,), [])
    tf.dispose([x, empty])


def test_a_transposed_convolution_with_an_empty_filter_is_zeros(backend):
    # seed 5034706 on torch: a filter of height 0 reached torch's kernel.
    x = tf.tensor([[[[1.0], [2.0]], [[3.0], [4.0]]]])
    empty = tf.zeros([0, 2, 1, 1])
    y = tf.conv2d_transpose(x, empty, [1, 2, 2, 1], 1, "same")
    assert y.array_sync() == [[[[0.0], [0.0]], [[0.0], [0.0]]]]
    tf.dispose([x, empty, y])


def test_rotation_by_an_infinite_angle_fills_every_pixel_without_a_warning(backend):
    # seed 5018437 on torch: Math.sin(-Infinity) is NaN, and NumPy warned about it.
    image = tf.tensor([[[[2.5, -1.5, 0.5, 1.0]]]])
    rotated = tf.image.rotate_with_offset(image, float("-inf"), fill_value=0, center=0.1)
    assert rotated.array_sync() == [[[[0.0, 0.0, 0.0, 0.0]]]]
    tf.dispose([image, rotated])


def test_split_sizes_that_leave_a_negative_rest_are_refused(backend):
    # seeds 6032822, 6039590: TF.js would slice overlapping pieces; torch refused the sizes.
    x = tf.zeros([1, 2, 2])
    with raises_with(ValueError, "split", "[1, -1, 2]", "leave -1 for the -1 of an axis of 2"):
        x.split([1, -1, 2], 1)
    x.dispose()


def test_sparse_fill_empty_rows_needs_a_column_per_dimension():
    # seed 6044564: indices of shape [1, 0] reached the kernel.
    with raises_with(ValueError, "sparse_fill_empty_rows", "[1, 0]", "2 dimensions"):
        tf.sparse.sparse_fill_empty_rows([[]], [2.5], [3, 3], 0.0)


def test_ragged_row_splits_must_be_a_vector():
    # seed 6056451: a scalar ROW_SPLITS reached the kernel.
    message = "rowPartitionTensors[0] (ROW_SPLITS) must be 1-D"
    with raises_with(ValueError, "ragged_tensor_to_tensor", message):
        tf.ragged_tensor_to_tensor([2, 3], [2.0, -2.5, 2.0], -1.0, [-0.0], ["ROW_SPLITS"])


def test_a_convolution_whose_windows_reach_far_outside_is_a_size_error_or_runs(backend):
    # seed 6042384 on torch: padding to a window 2**31 - 1 columns away asked for 48 GiB.
    x, w = tf.zeros([1, 4, 3, 1]), tf.ones([2, 2, 1, 3])
    try:
        y = tf.conv2d(x, w, [2, 2147483647], 1)
    except tf.TensorTooLargeError as error:
        assert backend == "torch" and "Conv2D (its padded input)" in str(error)
    else:
        assert y.shape == (1, 3, 2, 3) and y.array_sync() == np.zeros([1, 3, 2, 3]).tolist()
        y.dispose()
    tf.dispose([x, w])


def test_threshold_inverted_must_be_a_boolean():
    # seed 7099222: a tensor given as `inverted` was asked for its truth value.
    image, flag = tf.zeros([2, 2, 1]), tf.tensor([1.0, 0.0])
    with raises_with(TypeError, "threshold", "inverted must be a boolean"):
        tf.image.threshold(image, "binary", flag)
    tf.dispose([image, flag])


def test_pooling_with_a_stride_past_int32_along_one_output(backend):
    # seeds 7042650, 7082879 on torch: a stride of 2**31 overflowed torch's int.
    x = tf.tensor([[[[1.0], [5.0]], [[3.0], [2.0]]]])
    pooled = tf.max_pool(x, 1, 2**31, "valid")
    assert pooled.array_sync() == [[[[1.0]]]]
    tf.dispose([x, pooled])


def test_a_disposed_tensor_in_the_paddings_is_named_in_the_paddings_error(backend):
    """Seed 9271987: the message showed the pair with str(), and a disposed tensor's
    to_string raised instead of the op's error."""
    x = tf.tensor([0.0, 7.0])
    gone = disposed()
    with raises_with(ValueError, "pad: paddings must be non-negative integers", "<disposed Tensor"):
        tf.pad1d(x, [0, gone], 1)
    x.dispose()


def test_depth_to_space_of_no_depth_with_a_huge_block_is_a_size_error(backend):
    """Seed 9339919: a depth of 0 divides by any block, and the output's dimensions
    (4e30) reached torch's reshape (a bare TypeError) and NumPy's (its own message)."""
    x = tf.zeros([3, 4, 1, 0])
    with raises_with(tf.TensorTooLargeError, "depth_to_space: a tensor of shape [3,4" + "0" * 30):
        tf.depth_to_space(x, 10**30)
    fine = tf.depth_to_space(x, 2)
    assert fine.shape == (3, 8, 2, 0)
    tf.dispose([x, fine])


def test_an_empty_range_with_a_huge_step_is_empty(backend):
    """Seeds 9474298, 9529194: torch multiplied its int64 positions by the step 1e30."""
    for start, stop, step in [(3, 0.5, 10**30), (0, 0.5, -(10**30))]:
        made = tf.range(start, stop, step)
        assert made.shape == (0,)
        made.dispose()


def test_one_hot_of_no_index_makes_nothing_of_a_huge_depth(backend, monkeypatch):
    """Seeds 9401701, 9549468: torch made the 2**31 - 1 columns (16 GB) to compare
    no index with (here such a range is refused, as a smaller machine would)."""
    if backend == "torch":
        import torch

        arange = torch.arange

        def refused_past_a_million(*args, **kwargs):
            if args and isinstance(args[0], int) and args[0] > 10**6:
                raise MemoryError("a range this large is not made in this test")
            return arange(*args, **kwargs)

        monkeypatch.setattr(torch, "arange", refused_past_a_million)
    indices = tf.tensor([], [0], "int32")
    made = tf.one_hot(indices, 2**31 - 1, 2, 0, "bool")
    assert (made.shape, made.dtype, made.data_sync().size) == ((0, 2**31 - 1), "bool", 0)
    tf.dispose([indices, made])


def test_gather_of_an_empty_batch_keeps_its_shape(backend):
    """Seed 9554276: torch reshaped 0 indices with a -1 dimension, which is ambiguous."""
    x = tf.tensor([], [0, 1, 3, 1], "int32")
    made = tf.gather(x, x, -1, -1)
    assert made.shape == (0, 1, 3, 1)
    tf.dispose([x, made])

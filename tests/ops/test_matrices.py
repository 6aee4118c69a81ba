"""Operations / Matrices (dot, outer_product, norm, euclidean_norm, einsum) and Moving
Average: what the spec table and the conformance cases do not say — chained methods,
keyword arguments, TF.js's order of rounding, shared buffers, memory, and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, scope

INF = math.inf


def _random(shape, seed=0, dtype=np.float32):
    return np.random.default_rng(seed).uniform(-3, 3, size=shape).astype(dtype)


# ---- chained methods and keyword arguments ---------------------------------------------


def test_dot_norm_and_euclidean_norm_are_chained(backend):
    with scope():
        a, v = tf.tensor2d([[1, -2], [3, 4]]), tf.tensor1d([3, -4])
        assert a.dot(v).array_sync() == tf.dot(a, v).array_sync() == [11.0, -7.0]
        assert v.norm().array_sync() == 5.0
        assert a.norm(1, [0, 1], True).array_sync() == [[6.0]]
        assert a.euclidean_norm(1).array_sync() == tf.euclidean_norm(a, 1).array_sync()


def test_ops_take_keyword_arguments(backend):
    with scope():
        a = tf.tensor2d([[1, -2], [3, 4]])
        assert tf.dot(t2=tf.tensor1d([1, 1]), t1=a).array_sync() == [-1.0, 7.0]
        assert tf.outer_product(v2=[1, 2], v1=[3]).array_sync() == [[3.0, 6.0]]
        assert tf.norm(a, ord=INF, axis=[0, 1], keep_dims=True).array_sync() == [[7.0]]
        assert tf.euclidean_norm(x=a, axis=0, keep_dims=True).shape == (1, 2)
        result = tf.moving_average(v=[1.0, 2.0], x=[3.0, 4.0], decay=0.5, step=None, zero_debias=False)
        assert result.array_sync() == [2.0, 3.0]


def test_ops_take_numpy_arrays(backend):
    with scope():
        x = np.array([[1, 2], [3, 4]], np.int32)
        assert tf.dot(x, x).dtype == "int32"
        assert tf.einsum("ij->ji", x).array_sync() == [[1, 3], [2, 4]]
        assert tf.norm(np.array([3.0, 4.0], np.float32)).array_sync() == 5.0


# ---- dot and outer_product --------------------------------------------------------------


@pytest.mark.parametrize(
    ("shape1", "shape2", "result_shape"),
    [
        ((3,), (3,), ()),
        ((2, 3), (3,), (2,)),
        ((3,), (3, 4), (4,)),
        ((2, 3), (3, 4), (2, 4)),
        ((0,), (0,), ()),
    ],
)
def test_dot_result_shapes_follow_the_ranks(shape1, shape2, result_shape, backend):
    a, b = _random(shape1, 1), _random(shape2, 2)
    with scope():
        result = tf.dot(a, b)
        assert result.shape == result_shape
        np.testing.assert_allclose(result.numpy(), np.dot(a, b), rtol=1e-5)


def test_outer_product_of_int32_wraps(backend):
    with scope():
        result = tf.outer_product(tf.tensor([65536, 3], dtype="int32"), tf.tensor([65536, -1], dtype="int32"))
        assert (result.dtype, result.array_sync()) == ("int32", [[0, -65536], [196608, -3]])


# ---- einsum -----------------------------------------------------------------------------

EQUATIONS = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk->ki", [(3, 4), (4, 5)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("ijk,jkl->il", [(2, 3, 4), (3, 4, 5)]),
    ("ij,ij->", [(3, 4), (3, 4)]),
    ("ij,ji->i", [(3, 4), (4, 3)]),
    ("i,j->ij", [(3,), (4,)]),
    ("abcd->dbca", [(2, 3, 4, 5)]),
    ("abcd->ac", [(2, 3, 4, 5)]),
    ("ij->", [(3, 4)]),
    (",ij->ji", [(), (3, 4)]),
    ("ij,->", [(3, 4), ()]),
    # TF.js 4.22 gets these wrong; this project gives NumPy's answer (see matrices.py)
    ("ij,jk->", [(3, 4), (4, 5)]),
    ("ij,k->ik", [(3, 4), (5,)]),
    ("ab,bc->c", [(3, 4), (4, 5)]),
]


@pytest.mark.parametrize(("equation", "shapes"), EQUATIONS, ids=[e for e, _ in EQUATIONS])
def test_einsum_matches_numpy(equation, shapes, backend):
    arrays = [_random(shape, seed) for seed, shape in enumerate(shapes)]
    with scope():
        result = tf.einsum(equation, *arrays)
        want = np.einsum(equation, *[a.astype(np.float64) for a in arrays])
        assert result.dtype == "float32"
        assert result.shape == want.shape
        np.testing.assert_allclose(result.numpy(), want, rtol=1e-5, atol=1e-5)


def test_einsum_rounds_the_product_then_sums_in_double(backend):
    """As TF.js's kernel: the broadcast product is stored as float32, then each summed
    label is summed in double precision and stored as float32."""
    a, b = _random((4, 7), 3), _random((7, 3), 4)
    products = (a[:, None, :] * b.T[None, :, :]).astype(np.float32)  # [i, k, j], rounded
    want = products.astype(np.float64).sum(axis=2).astype(np.float32)
    with scope():
        np.testing.assert_array_equal(tf.einsum("ij,jk->ik", a, b).numpy(), want)


def test_einsum_result_dtypes(backend):
    with scope():
        ints, floats = tf.tensor([1, 2], dtype="int32"), tf.tensor([0.5, 1.5])
        bools = tf.tensor([True, False])
        assert tf.einsum("i,i->i", ints, floats).dtype == "float32"
        assert tf.einsum("i,i->", ints, ints).dtype == "int32"
        assert tf.einsum("i,i->i", bools, bools).dtype == "bool"
        assert tf.einsum("i->", bools).array_sync() == 1
        assert tf.einsum("i,j->ij", bools, ints).dtype == "int32"


def test_einsum_of_complex_without_sums(backend):
    with scope():
        z = tf.tensor([[1 + 2j, 3 - 1j]])
        assert tf.einsum("ij->ji", z).numpy().tolist() == [[1 + 2j], [3 - 1j]]
        assert tf.einsum("i,j->ij", tf.tensor([2.0]), tf.tensor([1j])).numpy().tolist() == [[2j]]


def test_einsum_identity_shares_the_input_buffer(backend):
    x = tf.tensor2d([[1, 2], [3, 4]])
    buffers = tf.memory()["num_data_buffers"]
    result = tf.einsum("ij->ij", x)
    assert tf.memory()["num_data_buffers"] == buffers
    assert result.array_sync() == [[1.0, 2.0], [3.0, 4.0]]
    tf.dispose([x, result])


def test_einsum_of_empty_tensors(backend):
    with scope():
        assert tf.einsum("ij,jk->ik", tf.zeros([2, 0]), tf.zeros([0, 3])).array_sync() == [[0.0] * 3] * 2
        assert tf.einsum("ij->j", tf.zeros([0, 3])).array_sync() == [0.0, 0.0, 0.0]
        assert tf.einsum("ij->ji", tf.zeros([0, 3])).shape == (3, 0)


# ---- norm and euclidean_norm ------------------------------------------------------------


@pytest.mark.parametrize("ord_", [1, 2, INF, -INF, "euclidean"])
@pytest.mark.parametrize("axis", [None, 0, -1, [1]])
def test_vector_norms_match_numpy(ord_, axis, backend):
    x = _random((3, 4), 5)
    with scope():
        result = tf.norm(x, ord_, axis, keep_dims=True)
        flat = x.ravel() if axis is None else x
        np_axis = None if axis is None else (axis[0] if isinstance(axis, list) else axis)
        np_ord = 2 if ord_ == "euclidean" else ord_
        want = np.linalg.norm(flat.astype(np.float64), np_ord, np_axis, keepdims=axis is not None)
        if axis is None:
            want = want.reshape(1, 1)
        assert result.shape == want.shape
        np.testing.assert_allclose(result.numpy(), want, rtol=1e-5)


@pytest.mark.parametrize("ord_", [1, INF, -INF, "fro", "euclidean"])
@pytest.mark.parametrize("axes", [[0, 1], [1, 0], [-2, -1], [-1, 0], [0, 2], [2, 1]])
def test_matrix_norms_match_numpy_in_either_axis_order(ord_, axes, backend):
    x = _random((3, 4, 5), 6)
    with scope():
        result = tf.norm(x, ord_, axes, True)
        want = np.linalg.norm(x.astype(np.float64), "fro" if ord_ == "euclidean" else ord_, tuple(axes), True)
        assert result.shape == want.shape
        np.testing.assert_allclose(result.numpy(), want, rtol=1e-5)


def test_norm_dtypes(backend):
    with scope():
        ints = tf.tensor([[-3, 4]], dtype="int32")
        assert (tf.norm(ints, 1).dtype, tf.norm(ints, 1).array_sync()) == ("int32", 7)
        assert tf.norm(ints, INF, [0, 1]).dtype == "int32"
        assert tf.norm(tf.tensor([3 + 4j])).array_sync() == 5.0
        assert tf.norm(tf.tensor([[-2]], dtype="int32"), -INF, [0, 1]).array_sync() == 2


def test_norm_of_a_scalar_ignores_ord(backend):
    with scope():
        assert tf.norm(tf.scalar(-3.0), 7).array_sync() == 3.0
        assert tf.norm(tf.scalar(-3.0), keep_dims=True).shape == ()


def test_euclidean_norm_is_norm_with_euclidean(backend):
    x = _random((2, 3, 4), 7)
    with scope():
        for axis in (None, 1, [0, 2]):
            want = tf.norm(x, "euclidean", axis, True).numpy()
            np.testing.assert_array_equal(tf.euclidean_norm(x, axis, True).numpy(), want)


# ---- moving_average ---------------------------------------------------------------------


def test_moving_average_with_tensor_decay_and_step(backend):
    v, x = _random((2, 3), 8), _random((2, 3), 9)
    with scope():
        result = tf.moving_average(v, x, tf.scalar(0.9), tf.scalar(4))
        want = v + (x - v) * np.float32(1 - 0.9) / np.float32(1 - 0.9**4)
        np.testing.assert_allclose(result.numpy(), want, rtol=1e-5)


def test_moving_average_of_int32_is_float32(backend):
    with scope():
        result = tf.moving_average(tf.tensor([1, 2], dtype="int32"), tf.tensor([4, 4], dtype="int32"), 0.5, 2)
        assert (result.dtype, result.array_sync()) == ("float32", [3.0, 3.3333334922790527])


def test_moving_average_decay_per_element(backend):
    with scope():
        result = tf.moving_average([0.0, 0.0], [4.0, 4.0], tf.tensor([0.5, 0.75]), zero_debias=False)
        assert result.array_sync() == [2.0, 1.0]


# ---- bad input --------------------------------------------------------------------------


def test_wrong_ranks_are_refused(backend):
    with scope():
        with pytest.raises(
            ValueError, match=r"Error in dot: inputs must all be rank 1 or 2, but got ranks 3 and 1"
        ):
            tf.dot(tf.zeros([1, 1, 1]), [1.0])
        with pytest.raises(
            ValueError, match=r"Error in outer_product: inputs must be rank 1.*2 and 1.*\[1, 2\]"
        ):
            tf.outer_product(tf.zeros([1, 2]), [1.0])
        with pytest.raises(ValueError, match=r"einsum: input 1 has 2 subscripts \('jk'\).*\[3\] has rank 1"):
            tf.einsum("ij,jk->ik", tf.zeros([2, 3]), tf.zeros([3]))


def test_shapes_that_do_not_fit_are_refused(backend):
    with scope():
        with pytest.raises(
            ValueError, match=r"Error in dot: inner dimensions.*got 3 and 2.*\[2, 3\] and \[2\]"
        ):
            tf.dot(tf.zeros([2, 3]), tf.zeros([2]))
        with pytest.raises(
            ValueError, match=r"einsum: Expected dimension 3 at axis 0 of input shaped \[2,3\]"
        ):
            tf.einsum("ij,jk->ik", tf.zeros([2, 3]), tf.zeros([2, 3]))
        with pytest.raises(ValueError, match=r"moving_average: Shape mismatch in v and x: \[2\] and \[3\]"):
            tf.moving_average(tf.zeros([2]), tf.zeros([3]), 0.5, 1)
        with pytest.raises(ValueError, match=r"moving_average \(v and decay\).*shapes 2 and 3"):
            tf.moving_average(tf.zeros([2]), tf.zeros([2]), tf.zeros([3]), 1)
        with pytest.raises(ValueError, match=r"moving_average \(v and step\).*shapes 2 and 3"):
            tf.moving_average(tf.zeros([2]), tf.zeros([2]), 0.5, tf.ones([3]))


def test_axes_out_of_range_are_refused(backend):
    with scope():
        with pytest.raises(ValueError, match=r"norm.*axis param must be in range \[-2, 2\) but got axis 2"):
            tf.norm(tf.zeros([2, 2]), 1, 2)
        with pytest.raises(
            ValueError, match=r"norm.*axis param must be in range \[-2, 2\) but got axis 0,-3"
        ):
            tf.norm(tf.zeros([2, 2]), "fro", [0, -3])
        with pytest.raises(ValueError, match=r"Error in norm: invalid axis: 0,1,2"):
            tf.norm(tf.zeros([2, 2, 2]), "fro", [0, 1, 2])
        with pytest.raises(ValueError, match=r"norm.*axis \[0, -2\].*more than once"):
            tf.norm(tf.zeros([2, 2]), "fro", [0, -2])


@pytest.mark.parametrize(
    ("ord_", "axis", "shown"),
    [(3, None, "3"), (0.5, None, "0.5"), ("fro", None, "fro"), (2, [0, 1], "2"), ("nuc", [0, 1], "nuc")],
)
def test_invalid_ords_are_refused(ord_, axis, shown, backend):
    with scope(), pytest.raises(ValueError, match=rf"Error in norm: invalid ord value: {shown}$"):
        tf.norm(tf.zeros([2, 2]), ord_, axis)


def test_wrong_dtypes_are_refused(backend):
    with scope():
        ints, strings = tf.tensor([3, 4], dtype="int32"), tf.tensor(["a", "b"])
        with pytest.raises(TypeError, match=r"norm: Argument 'x' passed to 'sqrt' must be float32.*int32"):
            tf.norm(ints)
        with pytest.raises(TypeError, match=r"'sqrt' must be float32 tensor, but got complex64.*fro"):
            tf.norm(tf.tensor([[1j]]), "fro", [0, 1])
        with pytest.raises(
            TypeError, match=r"moving_average: The dtypes of the first\(int32\) and second\(float32\)"
        ):
            tf.moving_average(ints, tf.zeros([2]), 0.5, 1)
        with pytest.raises(TypeError, match=r"'tensors1' passed to 'einsum' must be numeric.*string"):
            tf.einsum("i,i->i", ints, strings)
        with pytest.raises(TypeError, match=r"einsum: sum does not support complex64"):
            tf.einsum("ij->i", tf.tensor([[1j]]))
        with pytest.raises(TypeError, match=r"'t2' passed to 'dot' must be numeric.*string"):
            tf.dot(ints, strings)
        with pytest.raises(TypeError, match=r"einsum: equation must be a string, got int"):
            tf.einsum(3, ints)


@pytest.mark.parametrize(
    ("equation", "count", "message"),
    [
        ("ij", 1, "Equations without an arrow are not supported."),
        ("i->i->i", 1, 'Equation must contain exactly one arrow ("->").'),
        ("...i->i", 1, 'The ellipsis notation ("...") is not supported yet.'),
        ("i,i->i", 1, "Expected 2 input tensors, received 1"),
        ("i,i,i->i", 3, "Support for more than 2 input tensors is not implemented yet."),
        ("i->j", 1, "Output subscripts contain the label j not present in the input subscripts."),
        ("i->ii", 1, "Output subscripts contain the label i more than once."),
        ("ii->i", 1, "Found duplicate axes in input component ii."),
    ],
)
def test_unsupported_equations_are_refused(equation, count, message, backend):
    with scope():
        tensors = [tf.zeros([2])] * count if "ii->" not in equation else [tf.zeros([2, 2])]
        with pytest.raises(ValueError) as error:
            tf.einsum(equation, *tensors)
        assert str(error.value).startswith(f"einsum: {message}")


def test_moving_average_without_step_is_refused(backend):
    with (
        scope(),
        pytest.raises(ValueError, match=r"moving_average: When using zeroDebias: true, step is required"),
    ):
        tf.moving_average([1.0], [2.0], 0.5)


def test_bad_input_leaves_nothing_allocated(backend):
    def refused(fn):
        with pytest.raises((ValueError, TypeError)):
            fn()

    no_new_buffers(lambda: refused(lambda: tf.dot([[1.0, 2.0]], [1.0, 2.0, 3.0])))
    no_new_buffers(lambda: refused(lambda: tf.outer_product([[1.0]], [1.0])))
    no_new_buffers(lambda: refused(lambda: tf.einsum("ij,jk->ik", [[1.0, 2.0]], [[1.0, 2.0]])))
    no_new_buffers(lambda: refused(lambda: tf.norm([1, 2], 3)))
    no_new_buffers(lambda: refused(lambda: tf.norm(np.array([1, 2], np.int32))))
    no_new_buffers(lambda: refused(lambda: tf.moving_average([1.0], [2.0], 0.5)))
    no_new_buffers(lambda: refused(lambda: tf.moving_average([1.0], [2.0, 3.0], 0.5, 1)))

// Gradients of Operations / Arithmetic: add, sub, mul, div, floorDiv, mod, pow, addN,
// atan2, maximum, minimum, squaredDifference, and of where (Select) and greaterEqual.
// (divNoNan has none in TF.js: its equal(b, zerosLike(a / b)) reaches Equal, which has no
// gradient; tests/ops/test_arithmetic_gradients.py checks ours says so.)

module.exports = ({tf, NaN_, Inf}) => {
  const g = (f) => (...xs) => tf.grads(f)(xs);
  return {
  'add/same_shape': () => g((a, b) => tf.add(a, b))(tf.tensor([1, 2, 3]), tf.tensor([4, 5, 6])),
  'add/broadcast': () => g((a, b) => tf.mul(tf.add(a, b), tf.tensor2d([[1, 2, 3], [4, 5, 6]])))(tf.tensor2d([[1], [2]]), tf.tensor1d([1, 2, 3])),
  'add/scalar': () => g((a, b) => tf.mul(tf.add(a, b), tf.tensor([1, 2, 3])))(tf.tensor([1, 2, 3]), tf.scalar(2)),

  'sub/same_shape': () => g((a, b) => tf.sub(a, b))(tf.tensor([1, 2, 3]), tf.tensor([4, 5, 6])),
  'sub/broadcast': () => g((a, b) => tf.mul(tf.sub(a, b), tf.tensor2d([[1, 2, 3], [4, 5, 6]])))(tf.tensor2d([[1], [2]]), tf.tensor1d([1, 2, 3])),

  'mul/same_shape': () => g((a, b) => tf.mul(a, b))(tf.tensor([1, -2, 0.5]), tf.tensor([4, 5, -6])),
  'mul/broadcast': () => g((a, b) => tf.mul(a, b))(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), tf.tensor1d([0.5, -1, 2])),
  'mul/int_other': () => tf.grad((a) => tf.mul(a, tf.tensor([2, 3], [2], 'int32')))(tf.tensor([1.5, 2.5])),

  'div/same_shape': () => g((a, b) => tf.div(a, b))(tf.tensor([1, -2, 0.5, 3]), tf.tensor([4, 5, -6, 0.1])),
  'div/broadcast': () => g((a, b) => tf.mul(tf.div(a, b), tf.tensor2d([[1, 2, 3], [4, 5, 6]])))(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), tf.tensor1d([0.3, -1.7, 2.9])),
  'div/broadcast_a': () => g((a, b) => tf.div(a, b))(tf.scalar(3), tf.tensor2d([[1, 2], [-4, 7]])),
  'div/by_zero': () => g((a, b) => tf.div(a, b))(tf.tensor([1, 0, -1, 0]), tf.tensor([0, 0, 0, -0])),
  'div/nan': () => g((a, b) => tf.div(a, b))(tf.tensor([NaN_, 1, Inf]), tf.tensor([1, NaN_, 2])),

  'floor_div/float': () => g((a, b) => tf.floorDiv(a, b))(tf.tensor([5, 7, -7.5]), tf.tensor([2, -2, 2])),
  'floor_div/broadcast': () => g((a, b) => tf.floorDiv(a, b))(tf.tensor2d([[5, 7], [-3, 1]]), tf.tensor1d([2, 3])),

  'mod/float': () => g((a, b) => tf.mod(a, b))(tf.tensor([5, -5, 7.5, 1]), tf.tensor([3, 3, -2, 4])),
  'mod/broadcast': () => g((a, b) => tf.mod(a, b))(tf.tensor2d([[5, -5], [7.5, 1]]), tf.scalar(3)),

  'pow/float': () => g((a, b) => tf.pow(a, b))(tf.tensor([2, 3, 0.5, 1.5]), tf.tensor([3, 2, -1, 0.5])),
  'pow/base_zero_and_negative': () => g((a, b) => tf.pow(a, b))(tf.tensor([0, 0, -2, -2, 0]), tf.tensor([2, 0, 2, 3, 1])),
  'pow/broadcast': () => g((a, b) => tf.pow(a, b))(tf.tensor2d([[1, 2], [3, 4]]), tf.tensor1d([2, 0.5])),
  'pow/int_exp': () => tf.grad((a) => tf.pow(a, tf.scalar(2, 'int32')))(tf.tensor([-1, 0, 3])),
  'pow/second_order': () => tf.grad(tf.grad((a) => tf.pow(a, tf.scalar(3))))(tf.tensor([-1, 0, 2])),

  'add_n/three': () => g((a, b, c) => tf.addN([a, b, c]))(tf.tensor([1, 2]), tf.tensor([3, 4]), tf.tensor([5, 6])),
  'add_n/repeated': () => tf.grad((a) => tf.addN([a, tf.mul(a, a), a]))(tf.tensor([1, -2, 3])),

  'atan2/float': () => g((a, b) => tf.atan2(a, b))(tf.tensor([1, -1, 0, 3.5]), tf.tensor([1, 2, -1, -2])),
  'atan2/origin': () => g((a, b) => tf.atan2(a, b))(tf.tensor([0, 0]), tf.tensor([0, -0])),
  'atan2/broadcast': () => g((a, b) => tf.atan2(a, b))(tf.tensor2d([[1], [-1]]), tf.tensor1d([1, 2, -3])),

  'maximum/float': () => g((a, b) => tf.maximum(a, b))(tf.tensor([1, 4, 3, -0.5]), tf.tensor([2, 2, 9, -0.25])),
  'maximum/ties': () => g((a, b) => tf.maximum(a, b))(tf.tensor([1, -0, 0, 2]), tf.tensor([1, 0, -0, 2])),
  'maximum/nan': () => g((a, b) => tf.maximum(a, b))(tf.tensor([NaN_, 1, NaN_]), tf.tensor([1, NaN_, NaN_])),
  'maximum/scalar_other': () => tf.grad((a) => tf.maximum(a, tf.scalar(0)))(tf.tensor([-1, 0, 2])),
  'maximum/broadcast': () => g((a, b) => tf.maximum(a, b))(tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])),

  'minimum/float': () => g((a, b) => tf.minimum(a, b))(tf.tensor([1, 4, 3, -0.5]), tf.tensor([2, 2, 9, -0.25])),
  'minimum/ties': () => g((a, b) => tf.minimum(a, b))(tf.tensor([1, -0, 0, 2]), tf.tensor([1, 0, -0, 2])),
  'minimum/nan': () => g((a, b) => tf.minimum(a, b))(tf.tensor([NaN_, 1, NaN_]), tf.tensor([1, NaN_, NaN_])),
  'minimum/scalar_other': () => tf.grad((a) => tf.minimum(a, tf.scalar(0)))(tf.tensor([-1, 0, 2])),
  'minimum/broadcast': () => g((a, b) => tf.minimum(a, b))(tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])),

  'squared_difference/float': () => g((a, b) => tf.squaredDifference(a, b))(tf.tensor([1, 4, 3, 0.1]), tf.tensor([1, 2, 9, 0.3])),
  'squared_difference/scalar_other': () => tf.grad((a) => tf.squaredDifference(a, tf.scalar(2)))(tf.tensor([1, 2, 3.5])),
  'squared_difference/broadcast': () => g((a, b) => tf.squaredDifference(a, b))(tf.tensor2d([[1], [5]]), tf.tensor1d([2, 3, 6])),

  'where/same_shape': () => g((a, b) => tf.where(tf.tensor([true, false, true]), a, b))(tf.tensor([1, 2, 3]), tf.tensor([4, 5, 6])),
  'where/broadcast': () => g((a, b) => tf.mul(tf.where(tf.tensor([true, false, true]), a, b), tf.tensor2d([[1, 2, 3], [4, 5, 6]])))(tf.tensor2d([[1], [2]]), tf.scalar(5)),
  'where/condition_from_x': () => tf.grad((a) => tf.where(tf.greaterEqual(a, 1), tf.mul(a, 3), tf.neg(a)))(tf.tensor([0, 1, 2])),
  'where/int_other': () => tf.grad((a) => tf.where(tf.tensor([true, false]), a, tf.tensor([1, 2])))(tf.tensor([7, 8])),

  'second_order/mul': () => tf.grad(tf.grad((a) => tf.mul(tf.mul(a, a), a)))(tf.tensor([-1, 0, 2])),
  'second_order/div_b': () => tf.grad(tf.grad((b) => tf.div(tf.tensor([1, 2, 3]), b)))(tf.tensor([2, -1, 0.5])),
  'second_order/atan2': () => tf.grad(tf.grad((a) => tf.atan2(a, tf.tensor([1, 2, -1]))))(tf.tensor([0.5, -1, 3])),
  'second_order/squared_difference': () => tf.grad(tf.grad((a) => tf.squaredDifference(a, tf.tensor([1, 2, 3]))))(tf.tensor([0.5, -1, 3])),
  'second_order/maximum': () => tf.grad(tf.grad((a) => tf.mul(tf.maximum(a, tf.scalar(1)), a)))(tf.tensor([0.5, 1, 3])),
  'second_order/where': () => tf.grad(tf.grad((a) => tf.where(tf.tensor([true, false, true]), tf.mul(a, a), tf.neg(a))))(tf.tensor([0.5, 1, 3])),

  'greater_equal/zeros': () => tf.grad((a) => tf.cast(tf.greaterEqual(a, tf.scalar(1)), 'float32'))(tf.tensor([0, 1, 2])),
  };
};

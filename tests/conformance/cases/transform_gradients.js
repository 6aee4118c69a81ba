// Gradients of Tensors / Transformations, Creation and Operations / Matrices (issue 6):
// transpose, expandDims, pad (PadV2), mirrorPad, spaceToBatchND, batchToSpaceND,
// broadcastTo (Tile), oneHot, zerosLike, onesLike, matMul (BatchMatMul) with each
// transpose flag, dot, outerProduct, and gradients of gradients.
// (Diag, DepthToSpace, Einsum, Complex, Real, Imag, FFT and IFFT have no gradient in
// TF.js: ours are derived from TensorFlow's and checked in
// tests/ops/test_transform_gradients.py and against central differences.)

module.exports = ({tf, NaN_, range}) => {
  const g = (f) => (...xs) => tf.grads(f)(xs);
  const X23 = [[1, -2, 3], [4, 5, -6]];
  const DY32 = [[1, 2], [-3, 4], [5, -6]];
  const seq = (shape, start = 1) => tf.tensor(range(shape.reduce((a, b) => a * b, 1)).map((i) => i + start), shape);
  const A = [[1, 2, -1], [0, 3, 2]];
  const B = [[2, -1], [1, 0], [-2, 3]];
  return {
  'transpose/2d': () => tf.grad((x) => tf.transpose(x))(tf.tensor(X23), tf.tensor(DY32)),
  'transpose/perm': () => tf.grad((x) => tf.transpose(x, [2, 0, 1]))(seq([2, 3, 4]), seq([4, 2, 3], -5)),
  'transpose/second_order': () =>
    tf.grad((x) => tf.grad((y) => tf.square(tf.transpose(y, [1, 0])))(x))(tf.tensor(X23)),

  'expand_dims/axis1': () => tf.grad((x) => tf.expandDims(x, 1))(tf.tensor([1, 2, 3]), tf.tensor([[4], [5], [6]])),
  'expand_dims/negative': () =>
    tf.grad((x) => tf.expandDims(x, -1))(tf.tensor(X23), tf.tensor([[[1], [2], [3]], [[4], [5], [6]]])),

  'pad/constant': () => tf.grad((x) => tf.pad(x, [[1, 2], [0, 3]], 1.5))(tf.tensor(X23), seq([5, 6])),
  'pad/pad1d': () => tf.grad((x) => tf.pad1d(x, [2, 1]))(tf.tensor([1, 2, 3]), seq([6])),
  'pad/pad3d': () => tf.grad((x) => tf.pad3d(x, [[0, 1], [1, 0], [0, 2]]))(seq([2, 2, 2]), seq([3, 3, 4])),

  // TF.js's gradient is the slice of dy over x: the mirrored copies' gradients are dropped.
  'mirror_pad/reflect': () => tf.grad((x) => tf.mirrorPad(x, [[2, 2]], 'reflect'))(tf.tensor([1, 2, 3])),
  'mirror_pad/symmetric_dy': () =>
    tf.grad((x) => tf.mirrorPad(x, [[1, 0], [2, 3]], 'symmetric'))(tf.tensor(X23), seq([3, 8])),

  'space_to_batch_nd/padded': () =>
    tf.grad((x) => tf.spaceToBatchND(x, [2, 2], [[0, 0], [2, 0]]))(seq([1, 2, 2, 1]), seq([4, 1, 2, 1], 10)),
  'space_to_batch_nd/rank3': () => tf.grad((x) => tf.spaceToBatchND(x, [3], [[2, 1]]))(seq([2, 3, 2]), seq([6, 2, 2])),
  'batch_to_space_nd/cropped': () =>
    tf.grad((x) => tf.batchToSpaceND(x, [2, 2], [[0, 0], [1, 1]]))(seq([4, 1, 2, 1]), seq([1, 2, 2, 1], 10)),
  'batch_to_space_nd/round_trip': () =>
    tf.grad((x) => tf.batchToSpaceND(tf.spaceToBatchND(x, [2], [[1, 1]]), [2], [[1, 1]]))(seq([2, 4, 3]), seq([2, 4, 3], -7)),

  'broadcast_to/rank_increase': () =>
    tf.grad((x) => tf.broadcastTo(x, [2, 4, 3]))(tf.tensor([[1], [2], [3], [4]]), seq([2, 4, 3])),
  'broadcast_to/same_rank': () => tf.grad((x) => tf.broadcastTo(x, [3, 2]))(tf.tensor([[1, 2]]), seq([3, 2])),

  'one_hot/zeros': () => tf.grad((x) => tf.oneHot(tf.cast(x, 'int32'), 3))(tf.tensor([1, 2, -1])),
  'zeros_like/zeros': () => tf.grad((x) => tf.zerosLike(x))(tf.tensor(X23)),
  'ones_like/zeros': () => tf.grad((x) => tf.add(tf.onesLike(x), x))(tf.tensor(X23), tf.tensor(X23)),

  'mat_mul/plain': () => g((a, b) => tf.matMul(a, b))(tf.tensor(A), tf.tensor(B)),
  'mat_mul/transpose_a': () => g((a, b) => tf.matMul(a, b, true, false))(tf.tensor(B), tf.tensor(B)),
  'mat_mul/transpose_b': () => g((a, b) => tf.matMul(a, b, false, true))(tf.tensor(A), tf.tensor(A)),
  'mat_mul/transpose_both': () => g((a, b) => tf.matMul(a, b, true, true))(tf.tensor(B), tf.tensor(A)),
  'mat_mul/dy': () => tf.grads((a, b) => tf.matMul(a, b))([tf.tensor(A), tf.tensor(B)], tf.tensor([[1, -2], [3, 0.5]])),
  'mat_mul/batch': () => g((a, b) => tf.matMul(a, b))(seq([2, 2, 3], -3), seq([2, 3, 2], -6)),
  // TF.js's engine refuses these: its gradients have the broadcast batch shape (below).
  'mat_mul/broadcast_b': () => g((a, b) => tf.matMul(a, b))(seq([2, 2, 3], -3), tf.tensor(B)),
  'mat_mul/broadcast_both': () => g((a, b) => tf.matMul(a, b))(seq([2, 1, 2, 3], -3), seq([3, 3, 1], -4)),
  'mat_mul/nan': () => g((a, b) => tf.matMul(a, b))(tf.tensor([[1, NaN_]]), tf.tensor([[2], [3]])),
  'mat_mul/second_order': () =>
    tf.grad((a) => tf.grad((b) => tf.square(tf.matMul(a, b)))(tf.tensor(B)))(tf.tensor(A)),

  'dot/mat_vec': () => g((a, b) => tf.dot(a, b))(tf.tensor(A), tf.tensor([1, -1, 2])),
  'dot/vec_vec': () => g((a, b) => tf.dot(a, b))(tf.tensor([1, 2, 3]), tf.tensor([4, -5, 6])),
  'outer_product/basic': () => g((a, b) => tf.outerProduct(a, b))(tf.tensor([1, 2, 3]), tf.tensor([4, -5])),
  };
};

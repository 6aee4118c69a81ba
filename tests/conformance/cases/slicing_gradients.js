// Gradients of Slicing and joining: concat (Concat), gather (GatherV2), reverse, slice,
// split (SplitV), stack (Pack), unstack (Unpack), tile, with weighted or NaN dys, list
// inputs, unused outputs and gradients of gradients. (StridedSlice, GatherNd, ScatterNd,
// TensorScatterUpdate and RaggedTensorToTensor have no gradient in TF.js: ours are
// TensorFlow's, checked in tests/ops/test_slicing_gradients.py.)

module.exports = ({tf, NaN_, Inf, range}) => {
  const g = (f) => (...xs) => tf.grads(f)(xs);
  const i32 = (values, shape) => tf.tensor(values, shape || [values.length], 'int32');
  // Weights with fractions, so that sums of several of them round.
  const w = (shape) => tf.tensor(range(shape.reduce((a, b) => a * b, 1)).map((i) => 0.1 * (i + 1) + 1 / (i + 3)), shape);
  const grid = () => tf.tensor3d(range(24), [2, 3, 4]);
  const m = () => tf.tensor2d([[1, 2, 3], [4, 5, 6]]);
  return {
    'concat/two_axis1': () => g((a, b) => tf.mul(tf.concat([a, b], 1), w([2, 5])))(m(), tf.ones([2, 2])),
    'concat/three_axis0': () => g((a, b, c) => tf.mul(tf.concat([a, b, c]), w([4, 3])))(m(), tf.zeros([0, 3]), tf.ones([2, 3])),
    'concat/axis_negative': () => g((a, b) => tf.mul(tf.concat([a, b], -2), w([2, 6, 4])))(grid(), grid()),
    'concat/same_input_twice': () => tf.grad((a) => tf.mul(tf.concat([a, tf.mul(a, 2), a]), w([9])))(tf.tensor([1, 2, 3])),
    'concat/with_constant': () => tf.grad((a) => tf.concat([tf.tensor([9]), a]))(tf.tensor([1, 2]), tf.tensor([NaN_, -0, Inf])),
    'concat/int32_other': () => tf.grad((a) => tf.mul(tf.concat([a, i32([5])]), w([3])))(tf.tensor([1.5, 2.5])),
    'concat1d/two': () => g((a, b) => tf.concat1d([a, b]))(tf.tensor1d([1]), tf.tensor1d([2, 3])),
    'concat2d/axis1': () => g((a, b) => tf.mul(tf.concat2d([a, b], 1), w([2, 6])))(m(), m()),

    'gather/axis0_repeats': () => tf.grad((x) => tf.mul(tf.gather(x, i32([1, 1, 0, 1])), w([4, 3])))(m()),
    'gather/axis1_2d_indices': () => tf.grad((x) => tf.mul(tf.gather(x, i32([2, 0, 1, 1], [2, 2]), 1), w([2, 2, 2, 4])))(grid()),
    'gather/axis_negative': () => tf.grad((x) => tf.mul(tf.gather(x, i32([3, 3, 0]), -1), w([2, 3, 3])))(grid()),
    'gather/scalar_index': () => tf.grad((x) => tf.mul(tf.gather(x, tf.scalar(1, 'int32')), w([3])))(m()),
    'gather/unused_rows': () => tf.grad((x) => tf.gather(x, i32([2])))(tf.tensor([1, 2, 3, 4])),
    'gather/empty_indices': () => tf.grad((x) => tf.gather(x, i32([]), 1))(m()),
    'gather/batch_dims1': () => tf.grad((x) => tf.mul(tf.gather(x, i32([2, 0, 1, 1], [2, 2]), 1, 1), w([2, 2, 4])))(grid()),
    'gather/batch_dims1_axis2': () => tf.grad((x) => tf.mul(tf.gather(x, i32([3, 0, 3, 2, 2, 2], [2, 3]), 2, 1), w([2, 3, 3])))(grid()),
    'gather/nan_dy': () => tf.grad((x) => tf.gather(x, i32([0, 2, 0]), 1))(m(), tf.tensor2d([[1, NaN_, 3], [Inf, 5, -0]])),
    'gather/batch_dims1_nan_dy': () => tf.grad((x) => tf.gather(x, i32([1, 0], [2, 1]), 1, 1))(m(), tf.tensor2d([[NaN_], [2]])),

    'reverse/2d': () => tf.grad((x) => tf.mul(tf.reverse(x, 1), w([2, 3])))(m()),
    'reverse/all': () => tf.grad((x) => tf.mul(tf.reverse(x), w([2, 3, 4])))(grid()),
    'reverse/axis_twice': () => tf.grad((x) => tf.mul(tf.reverse(x, [1, -2, 0]), w([2, 3])))(m()),
    'reverse1d/basic': () => tf.grad((x) => tf.mul(tf.reverse1d(x), w([3])))(tf.tensor1d([1, 2, 3])),

    'slice/2d': () => tf.grad((x) => tf.mul(tf.slice(x, [0, 1], [2, 2]), w([2, 2])))(m()),
    'slice/3d_to_end': () => tf.grad((x) => tf.mul(tf.slice(x, [1, 1], [-1, -1, 2]), w([1, 2, 2])))(grid()),
    'slice/empty': () => tf.grad((x) => tf.slice(x, [1], [0]))(tf.tensor([1, 2, 3])),
    'slice/nan_dy': () => tf.grad((x) => tf.slice(x, [1], [2]))(tf.tensor([1, 2, 3, 4]), tf.tensor([NaN_, -0])),
    'slice2d/basic': () => tf.grad((x) => tf.slice2d(x, [1, 0], [1, 2]))(m()),

    'split/one_piece_used': () => tf.grad((x) => tf.mul(tf.split(x, 3, 1)[1], w([2, 1])))(m()),
    'split/sizes_all_used': () => tf.grad((x) => {
      const [a, b, c] = tf.split(x, [1, -1, 1], 2);
      return tf.add(tf.sum(tf.mul(a, 2)), tf.add(tf.sum(tf.mul(b, w([2, 3, 2]))), tf.sum(tf.mul(c, c))));
    })(grid()),
    'split/piece_used_twice': () => tf.grad((x) => {
      const [a, b] = tf.split(x, 2);
      return tf.add(tf.mul(a, b), tf.mul(a, 3));
    })(tf.tensor([1, 2, 3, 4])),

    'stack/axis0': () => g((a, b) => tf.mul(tf.stack([a, b]), w([2, 2, 3])))(m(), tf.ones([2, 3])),
    'stack/axis_negative': () => g((a, b, c) => tf.mul(tf.stack([a, b, c], -1), w([2, 3, 3])))(m(), m(), m()),
    'stack/same_input': () => tf.grad((a) => tf.mul(tf.stack([a, a], 1), w([3, 2])))(tf.tensor([1, 2, 3])),
    'stack/one_tensor': () => tf.grad((a) => tf.mul(tf.stack([a]), w([1, 3])))(tf.tensor([1, 2, 3])),

    'unstack/one_output_used': () => tf.grad((x) => tf.mul(tf.unstack(x, 1)[2], w([2, 4])))(grid()),
    'unstack/all_used': () => tf.grad((x) => {
      const [a, b, c] = tf.unstack(x, -1);
      return tf.add(tf.mul(a, b), tf.mul(c, 5));
    })(tf.tensor2d([[1, 2, 3], [4, 5, 6]])),

    'tile/1d': () => tf.grad((x) => tf.mul(tf.tile(x, [3]), w([6])))(tf.tensor([1, 2])),
    'tile/1d_many': () => tf.grad((x) => tf.mul(tf.tile(x, [7]), w([14])))(tf.tensor([1, 2])),
    'tile/2d': () => tf.grad((x) => tf.mul(tf.tile(x, [2, 3]), w([4, 9])))(m()),
    'tile/3d': () => tf.grad((x) => tf.mul(tf.tile(x, [1, 2, 3]), w([2, 6, 12])))(grid()),
    'tile/4d': () => tf.grad((x) => tf.mul(tf.tile(x, [2, 1, 2, 2]), w([2, 2, 2, 2])))(tf.ones([1, 2, 1, 1])),
    'tile/reps_one': () => tf.grad((x) => tf.tile(x, [1, 1]))(m()),
    'tile/nan_dy': () => tf.grad((x) => tf.tile(x, [3]))(tf.tensor([1]), tf.tensor([1, NaN_, 2])),

    'second_order/gather': () => tf.grad(tf.grad((x) => tf.sum(tf.square(tf.gather(x, i32([1, 1, 0]))))))(tf.tensor([1, 2, 3])),
    'second_order/concat': () => tf.grad(tf.grad((x) => tf.sum(tf.mul(tf.concat([x, tf.square(x)]), w([6])))))(tf.tensor([1, -2, 3])),
    'second_order/slice': () => tf.grad(tf.grad((x) => tf.sum(tf.square(tf.slice(x, [1], [2])))))(tf.tensor([1, 2, 3, 4])),
    'second_order/tile': () => tf.grad(tf.grad((x) => tf.sum(tf.mul(tf.square(tf.tile(x, [2])), w([4])))))(tf.tensor([1, 2])),
    'second_order/stack_unstack': () => tf.grad(tf.grad((x) => {
      const [a, b] = tf.unstack(tf.stack([x, tf.square(x)], 1), 1);
      return tf.sum(tf.mul(a, b));
    }))(tf.tensor([1, -2, 3])),
    'second_order/split_reverse': () => tf.grad(tf.grad((x) => {
      const [a, b] = tf.split(tf.reverse(x), 2);
      return tf.sum(tf.mul(tf.square(a), b));
    }))(tf.tensor([1, -2, 3, 0.5])),
  };
};

// Operations / Basic math: element-wise math and activations, on edge values of every
// dtype each op takes.
module.exports = ({tf, NaN_, Inf}) => {
  const FLOATS = [
    NaN_, Inf, -Inf, -0, 0, 1e-45, -1e-45, 1e-8, -1e-8, 0.1, 0.5, -0.5, 0.7, -0.7, 1, -1, 1.5, -1.5,
    2.5, -2.5, 3, -3, 10, -10, 13.9, -13.9, 14, -14, 20, -20, 89, -89, 100, -104, 12345.678, 1e10,
    -1e10, 3.4e38, -3.4e38,
  ];
  const INTS = [2147483647, -2147483648, 0, 1, -1, 2, -2, 3, -3, 10, -10, 30, -30, 100, -100, 65536];
  const TINY = [-1.6488206e-16, -3.8481903e-16, -6.4323503e-12, 6.8041466e-9, -2.6729898e-8, -3e-10];
  const HALVES = [
    0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, -3.5, 0.49999997, -0.49999997, -0.3, 8388607.5, 8388609,
    16777216, -8388607.5,
  ];
  const floats = () => tf.tensor(FLOATS);
  const ints = () => tf.tensor(INTS, [INTS.length], 'int32');
  const bools = () => tf.tensor([true, false]);
  const i32 = (values) => tf.tensor(values, [values.length], 'int32');
  const cases = {};

  // Ops that take float32, int32 and bool tensors and keep the dtype (or give bool).
  const numeric = [
    ['acos', tf.acos], ['acosh', tf.acosh], ['asin', tf.asin], ['asinh', tf.asinh],
    ['atan', tf.atan], ['atanh', tf.atanh], ['expm1', tf.expm1], ['is_finite', tf.isFinite],
    ['is_inf', tf.isInf], ['is_nan', tf.isNaN], ['leaky_relu', tf.leakyRelu],
    ['log1p', tf.log1p], ['log_sigmoid', tf.logSigmoid], ['reciprocal', tf.reciprocal],
    ['relu6', tf.relu6], ['round', tf.round], ['selu', tf.selu], ['sign', tf.sign],
    ['sinh', tf.sinh], ['softplus', tf.softplus], ['step', tf.step],
  ];
  for (const [name, fn] of numeric) {
    cases[`${name}/float`] = () => fn(floats());
    cases[`${name}/int32`] = () => fn(ints());
    cases[`${name}/bool`] = () => fn(bools());
    cases[`${name}/empty`] = () => fn(tf.zeros([0, 2]));
    cases[`${name}/2d_list`] = () => fn([[0.25, -0.75, 4], [-6, 0.9, 7]]);
  }
  // Ops that take float32 only.
  const float32Only = [
    ['ceil', tf.ceil], ['cos', tf.cos], ['cosh', tf.cosh], ['elu', tf.elu], ['floor', tf.floor],
    ['rsqrt', tf.rsqrt], ['sigmoid', tf.sigmoid], ['sin', tf.sin], ['tan', tf.tan], ['tanh', tf.tanh],
  ];
  for (const [name, fn] of float32Only) {
    cases[`${name}/float`] = () => fn(floats());
    cases[`${name}/empty`] = () => fn(tf.zeros([0, 2]));
    cases[`${name}/2d_list`] = () => fn([[0.25, -0.75, 4], [-6, 0.9, 7]]);
    cases[`${name}/int32_rejected`] = () => fn(i32([1, 2]));
    cases[`${name}/bool_rejected`] = () => fn(bools());
  }

  return Object.assign(cases, {
    'acos/string_rejected': () => tf.acos(tf.tensor(['a'])),
    'sin/string_rejected': () => tf.sin(tf.tensor(['a'])),
    'sin/large': () => tf.sin(tf.tensor([1e5, 1e20, 3.14159265, 6.2831855, 1e-30])),
    'tan/near_pole': () => tf.tan(tf.tensor([1.5707963, 1.5707964, -1.5707964, 4.712389])),
    'round/halves': () => tf.round(tf.tensor(HALVES)),
    'round/scalar': () => tf.round(tf.scalar(-0.5)),
    'sign/zeros': () => tf.sign(tf.tensor([-0, 0, NaN_, -1e-45])),
    'step/alpha': () => tf.step(floats(), 0.5),
    'step/alpha_nan': () => tf.step(tf.tensor([-1, 1, NaN_]), NaN_),
    'step/int32_alpha': () => tf.step(ints(), -2.7),
    'step/bool_alpha': () => tf.step(bools(), 0.5),
    'step/bool_negative_alpha': () => tf.step(bools(), -1),
    'leaky_relu/alpha': () => tf.leakyRelu(floats(), 0.1),
    'leaky_relu/alpha_above_one': () => tf.leakyRelu(floats(), 1.5),
    'leaky_relu/negative_alpha': () => tf.leakyRelu(tf.tensor([-2, -0, 3]), -0.5),
    'leaky_relu/int32_alpha': () => tf.leakyRelu(ints(), 0.3),
    'prelu/scalar_alpha': () => tf.prelu(floats(), tf.scalar(0.25)),
    'prelu/broadcast_rows': () => tf.prelu(
        tf.tensor2d([[-1, 2, -3], [4, -5, 6]]), tf.tensor1d([0.1, 0.2, 0.3])),
    'prelu/broadcast_outer': () => tf.prelu(tf.tensor1d([-1, 2, -3]), tf.tensor2d([[0.5], [2]])),
    'prelu/alpha_bigger': () => tf.prelu(tf.scalar(-2), tf.tensor1d([0.5, NaN_, -1, Inf])),
    'prelu/int32_x': () => tf.prelu(ints(), tf.scalar(0.1)),
    'prelu/int32_alpha': () => tf.prelu(tf.tensor([-1.5, 2, -0]), i32([2, 3, 4])),
    'prelu/bool_x': () => tf.prelu(bools(), tf.scalar(-3)),
    'prelu/empty': () => tf.prelu(tf.zeros([0, 3]), tf.tensor1d([1, 2, 3])),
    'prelu/lists': () => tf.prelu([-1, 1], [0.5, 0.5]),
    'elu/negative_zero': () => tf.elu(tf.tensor([-0, -1e-8, -0.1])),
    // exp(x) - 1 cancels near 0, so these show the last bit of Math.exp.
    'elu/tiny': () => tf.elu(tf.tensor(TINY)),
    'selu/tiny': () => tf.selu(tf.tensor(TINY)),
    'erf/tiny': () => tf.erf(tf.tensor(TINY)),
    'erf/scalar': () => tf.erf(tf.scalar(-0.3)),
    'elu/scalar': () => tf.elu(tf.scalar(-1e-20)),
    'selu/scalar': () => tf.selu(tf.scalar(-0.25)),
    'erf/int32': () => tf.erf(ints()),
    'erf/float': () => tf.erf(floats()),
    'erf/small': () => tf.erf(tf.tensor([1e-5, -1e-5, 0.001, 0.3, 2, 3.9, 6])),
    'erf/bool_rejected': () => tf.erf(bools()),
    'erf/empty': () => tf.erf(tf.zeros([0])),
    'softplus/thresholds': () => tf.softplus(tf.tensor(
        [-13.942385, -13.942384, 13.942384, 13.942385, -15.9, -80, -88, -104, -110, 30, 90])),
    'sigmoid/tails': () => tf.sigmoid(tf.tensor([-88, -89, -104, -200, 17, 30, 90])),
    'log_sigmoid/tails': () => tf.logSigmoid(tf.tensor([-88, -104, 15, 30, 90])),
    'clip_by_value/float': () => tf.clipByValue(floats(), -1, 2),
    'clip_by_value/fractional_bounds': () => tf.clipByValue(floats(), 0.1, 0.5),
    'clip_by_value/infinite_bounds': () => tf.clipByValue(floats(), -Inf, Inf),
    'clip_by_value/huge_bounds': () => tf.clipByValue(floats(), -1e39, 1e39),
    'clip_by_value/negative_zero_bound': () => tf.clipByValue(tf.tensor([-1, -0, 0, 1]), -0, 0.5),
    'clip_by_value/equal_bounds': () => tf.clipByValue(floats(), 2, 2),
    'clip_by_value/int32': () => tf.clipByValue(ints(), -5.5, 7.5),
    'clip_by_value/int32_equal_bounds': () => tf.clipByValue(ints(), 2.7, 2.7),
    'clip_by_value/int32_limits': () => tf.clipByValue(ints(), -2147483648, 2147483647),
    'clip_by_value/bool': () => tf.clipByValue(bools(), 0.5, 1),
    'clip_by_value/empty': () => tf.clipByValue(tf.zeros([2, 0]), 0, 1),
    'clip_by_value/min_above_max': () => tf.clipByValue(floats(), 3, 1),
    'clip_by_value/nan_min': () => tf.clipByValue(floats(), NaN_, 1),
    'clip_by_value/nan_max': () => tf.clipByValue(floats(), 0, NaN_),
    'clip_by_value/fraction_message': () => tf.clipByValue(floats(), 0.25, -1e-7),
  });
};

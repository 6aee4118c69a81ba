// Gradients of Operations / Basic math (issue 6): tf.grad of each element-wise op and
// activation on values that include its special points (0, the bounds, NaN, ±Infinity),
// scaled by a dy, through int32 (a cast), and gradients of gradients.

module.exports = ({tf, NaN_, Inf}) => {
  const VALUES = [
    NaN_, Inf, -Inf, -0, 0, 1e-8, -1e-8, 0.25, -0.25, 0.5, -0.5, 1, -1, 1.5, -1.5, 2.5, -3, 6, 7, 30, -30,
  ];
  const DY = [[0.5, -2, 3], [1e-3, -0.75, 10]];
  const X23 = [[0.3, -0.6, 0.9], [-1.2, 0.1, 0.45]];
  const INTS = [-3, -1, 0, 1, 2, 7];
  const ops = [
    ['abs', tf.abs], ['acos', tf.acos], ['acosh', tf.acosh], ['asin', tf.asin], ['asinh', tf.asinh],
    ['atan', tf.atan], ['atanh', tf.atanh], ['ceil', tf.ceil], ['cos', tf.cos], ['cosh', tf.cosh],
    ['elu', tf.elu], ['erf', tf.erf], ['exp', tf.exp], ['expm1', tf.expm1], ['floor', tf.floor],
    ['leaky_relu', tf.leakyRelu], ['log', tf.log], ['log1p', tf.log1p], ['log_sigmoid', tf.logSigmoid],
    ['reciprocal', tf.reciprocal], ['relu', tf.relu], ['relu6', tf.relu6], ['round', tf.round],
    ['rsqrt', tf.rsqrt], ['selu', tf.selu], ['sigmoid', tf.sigmoid], ['sign', tf.sign], ['sin', tf.sin],
    ['sinh', tf.sinh], ['softplus', tf.softplus], ['sqrt', tf.sqrt], ['step', tf.step], ['tan', tf.tan],
    ['tanh', tf.tanh], ['clone', tf.clone],
  ];
  // Ops that take int32 tensors: their gradients also run on int32 inputs.
  const intOps = [
    'abs', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'erf', 'exp', 'expm1', 'leaky_relu',
    'log1p', 'reciprocal', 'relu', 'relu6', 'round', 'selu', 'sign', 'sinh', 'step', 'clone',
  ];
  // Gradients of gradients (those through Greater, LessEqual or LogicalAnd, which have no
  // gradient, are checked in tests/ops/test_basic_math_gradients.py: the error is not one
  // the conformance test can check). Exp, Sigmoid and Tanh save their output, which TF.js's
  // tape cannot reach back through (the saved copy is recorded before the kernel), so
  // theirs raise "Cannot compute gradient of y=f(x)...".
  const secondOrder = [
    'abs', 'acos', 'asin', 'asinh', 'atan', 'atanh', 'cos', 'cosh', 'erf', 'exp', 'expm1', 'log',
    'log1p', 'log_sigmoid', 'reciprocal', 'relu', 'rsqrt', 'sigmoid', 'sin', 'sinh', 'softplus',
    'sqrt', 'tan', 'tanh',
  ];
  const cases = {};
  const byName = Object.fromEntries(ops);
  for (const [name, fn] of ops) {
    cases[`${name}/special`] = () => tf.grad((x) => fn(x))(tf.tensor(VALUES));
    cases[`${name}/dy`] = () => tf.grad((x) => fn(x))(tf.tensor(X23), tf.tensor(DY));
  }
  for (const name of intOps) {
    const fn = byName[name];
    cases[`${name}/through_int32`] = () =>
      tf.grad((x) => fn(tf.cast(x, 'int32')))(tf.tensor(INTS), tf.tensor([1, 2, 3, 4, 5, 6]));
  }
  for (const name of secondOrder) {
    const fn = byName[name];
    cases[`${name}/second_order`] = () => tf.grad((x) => tf.grad((y) => fn(y))(x))(tf.tensor(X23));
  }
  return Object.assign(cases, {
    'leaky_relu/alpha': () => tf.grad((x) => tf.leakyRelu(x, 0.3))(tf.tensor([-2, -0, 0, 1e-8, 3])),
    'leaky_relu/negative_alpha': () => tf.grad((x) => tf.leakyRelu(x, -1.5))(tf.tensor([-2, 0, 3, NaN_])),
    'step/alpha': () => tf.grad((x) => tf.step(x, 0.5))(tf.tensor([-2, 0, 3, NaN_])),
    'clip_by_value/bounds': () =>
      tf.grad((x) => tf.clipByValue(x, -1, 1))(tf.tensor([NaN_, -Inf, -2, -1, -0.5, -0, 0, 1, 1.5, Inf])),
    'clip_by_value/float32_bounds': () =>
      tf.grad((x) => tf.clipByValue(x, 0.1, 0.7))(tf.tensor([0.09999999, 0.1, 0.1000001, 0.7, 0.70000005])),
    'clip_by_value/dy': () => tf.grad((x) => tf.clipByValue(x, -0.5, 0.5))(tf.tensor(X23), tf.tensor(DY)),
    'clip_by_value/through_int32': () =>
      tf.grad((x) => tf.clipByValue(tf.cast(x, 'int32'), -1, 2))(tf.tensor(INTS), tf.tensor([1, 2, 3, 4, 5, 6])),
    'clip_by_value/equal_bounds': () => tf.grad((x) => tf.clipByValue(x, 1, 1))(tf.tensor([0, 1, 2])),
    'prelu/broadcast': () =>
      tf.grads((x, a) => tf.prelu(x, a))([tf.tensor(X23), tf.tensor([0.1, -0.2, 0.3])], tf.tensor(DY)),
    'prelu/special': () =>
      tf.grads((x, a) => tf.prelu(x, a))([tf.tensor([NaN_, -0, 0, -1, 2, -Inf]), tf.scalar(0.25)]),
    'prelu/same_shape': () =>
      tf.grads((x, a) => tf.prelu(x, a))([tf.tensor(X23), tf.tensor([[1, 2, 3], [4, 5, 6]])]),
    'prelu/column_alpha': () =>
      tf.grads((x, a) => tf.prelu(x, a))([tf.tensor(X23), tf.tensor([[0.5], [2]])], tf.tensor(DY)),
    'prelu/x_broadcast': () => tf.grads((x, a) => tf.prelu(x, a))([tf.tensor([-1, 2, -3]), tf.tensor(X23)]),
    'prelu/alpha_only': () => tf.grad((a) => tf.prelu(tf.tensor(X23), a))(tf.tensor([0.1, -0.2, 0.3])),
    // Exp's gradient reaches x only through dy here: TF.js drops the term through its saved y.
    'exp/second_order_with_x': () => tf.grad((x) => tf.grad((y) => tf.mul(tf.exp(y), y))(x))(tf.tensor(X23)),
    'elu/second_order_through_dy': () => tf.grad((x) => tf.grad((y) => tf.mul(tf.elu(y), y))(x))(tf.tensor(X23)),
    'elu/scaled': () => tf.grad((x) => tf.elu(tf.mul(x, 3)))(tf.tensor(X23), tf.tensor(DY)),
    'erf/int32_input': () => tf.grad((x) => tf.erf(tf.cast(x, 'int32')))(tf.tensor([-1.5, 0, 2.7])),
    'is_nan/zero': () => tf.grad((x) => tf.cast(tf.isNaN(x), 'float32'))(tf.tensor([NaN_, 1, Inf])),
    'is_inf/zero': () => tf.grad((x) => tf.cast(tf.isInf(x), 'float32'))(tf.tensor([NaN_, 1, Inf])),
    'is_finite/zero': () => tf.grad((x) => tf.cast(tf.isFinite(x), 'float32'))(tf.tensor([NaN_, 1, Inf])),
    'is_nan/where': () =>
      tf.grad((x) => tf.where(tf.isNaN(x), tf.zerosLike(x), tf.square(x)))(tf.tensor([NaN_, 3, -2])),
    'cast/float32': () => tf.grad((x) => tf.cast(x, 'float32'))(tf.tensor(X23), tf.tensor(DY)),
    'cast/int32': () => tf.grad((x) => tf.cast(x, 'int32'))(tf.tensor([1.7, -1.7, 3])),
    'cast/bool': () => tf.grad((x) => tf.cast(tf.cast(x, 'bool'), 'float32'))(tf.tensor([0, 2, -0.5])),
    'cast/chain': () => tf.grad((x) => tf.square(tf.cast(tf.cast(x, 'int32'), 'float32')))(tf.tensor([1.7, -2.5, 3])),
    'clone/second_order': () => tf.grad((x) => tf.grad((y) => tf.square(tf.clone(y)))(x))(tf.tensor(X23)),
    'softplus/int32_rejected': () => tf.grad((x) => tf.softplus(tf.cast(x, 'int32')))(tf.tensor([1, 2])),
    'sigmoid/saturated': () => tf.grad((x) => tf.sigmoid(x))(tf.tensor([-100, -20, 20, 40, 100])),
    'tanh/saturated': () => tf.grad((x) => tf.tanh(x))(tf.tensor([-100, -10, 10, 20])),
    'exp/overflow': () => tf.grad((x) => tf.exp(x))(tf.tensor([88, 89, -104, -110])),
    'sqrt/zero_and_negative': () => tf.grad((x) => tf.sqrt(x))(tf.tensor([0, -0, -1, 1e-40, 4])),
    'rsqrt/tiny': () => tf.grad((x) => tf.rsqrt(x))(tf.tensor([1e-30, 1e-20, 3, 1e30])),
    'tan/near_pole': () => tf.grad((x) => tf.tan(x))(tf.tensor([1.5707963, 1.5707964, -1.5707964])),
    'relu6/bounds': () => tf.grad((x) => tf.relu6(x))(tf.tensor([-0, 0, 1e-45, 5.9999995, 6, 6.0000005])),
  });
};

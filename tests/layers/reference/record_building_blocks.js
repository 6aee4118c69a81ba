// Records what the official TF.js 4.22 runtime (cpu backend) computes for the layers'
// building blocks: seeded initializers, activations, regularizers, constraints, the
// layers' losses and metrics, and how model.json serializes them. Writes
// ../fixtures/building_blocks.json, read by tests/layers/test_{initializers,activations,
// regularizers,constraints,losses,metrics}.py.
//   cd tests/layers/reference && npm install && node record_building_blocks.js
const path = require('path');
const {tf, encodeTensor, writeJSON} = require('./common');

tf.setBackend('cpu');

const t = (values, shape, dtype = 'float32') => tf.tensor(values, shape, dtype);

// ---- initializers -------------------------------------------------------------------------
const INITIALIZERS = [
  ['glorotUniform', {seed: 1}, [3, 4]],
  ['glorotUniform', {seed: 42}, [64, 32]],
  ['glorotNormal', {seed: 2}, [4, 3]],
  ['glorotNormal', {seed: 42}, [32, 64]],
  ['heNormal', {seed: 3}, [2, 3, 4, 5]],
  ['heUniform', {seed: 4}, [5, 6]],
  ['leCunNormal', {seed: 5}, [7]],
  ['leCunUniform', {seed: 6}, [3, 3, 2, 2]],
  ['randomUniform', {minval: -1, maxval: 2, seed: 7}, [10]],
  ['randomUniform', {minval: 0, maxval: 1, seed: 8}, [10]],
  ['randomNormal', {mean: 1, stddev: 2, seed: 9}, [10]],
  ['randomNormal', {mean: 0, stddev: 0, seed: 9}, [5]],
  ['truncatedNormal', {mean: 0.5, stddev: 1, seed: 10}, [20]],
  ['varianceScaling', {scale: 2, mode: 'fanOut', distribution: 'uniform', seed: 11}, [4, 6]],
  ['varianceScaling', {scale: 0.5, mode: 'fanAvg', distribution: 'normal', seed: 12}, [3, 5, 2]],
  ['varianceScaling', {scale: 1, mode: 'fanIn', distribution: 'truncatedNormal', seed: 13}, [4, 4]],
  ['varianceScaling', {scale: 3, mode: 'fanIn', distribution: 'normal', seed: 14}, [2, 2, 2, 2, 2, 2]],
  ['orthogonal', {seed: 15}, [3, 5]],
  ['orthogonal', {seed: 16}, [6, 2]],
  ['orthogonal', {gain: 2, seed: 17}, [2, 2, 3]],
  ['identity', {gain: 3}, [3, 3]],
  ['constant', {value: 2.5}, [2, 3]],
  ['zeros', undefined, [2, 2]],
  ['ones', undefined, [3]],
];

function recordInitializers() {
  return INITIALIZERS.map(([name, args, shape]) => {
    const init = tf.initializers[name](args);
    const value = init.apply(shape);
    return {
      name, args: args || {}, shape, value: encodeTensor(value),
      class_name: init.getClassName(), config: init.getConfig(),
    };
  });
}

// What model.json holds for building blocks: a dense layer's config written by toJSON.
function recordSerialized() {
  const cases = {
    glorot_uniform_seeded: {kernelInitializer: tf.initializers.glorotUniform({seed: 3})},
    he_normal_string: {kernelInitializer: 'heNormal'},
    variance_scaling: {kernelInitializer: tf.initializers.varianceScaling(
        {scale: 2, mode: 'fanAvg', distribution: 'uniform', seed: 5})},
    orthogonal: {kernelInitializer: tf.initializers.orthogonal({gain: 1.5, seed: 2})},
    l1l2: {kernelRegularizer: tf.regularizers.l1l2({l1: 0.01, l2: 0.02})},
    l1: {kernelRegularizer: tf.regularizers.l1({l1: 0.1})},
    l2: {biasRegularizer: tf.regularizers.l2({l2: 0.3})},
    max_norm: {kernelConstraint: tf.constraints.maxNorm({maxValue: 2, axis: 1})},
    min_max_norm: {kernelConstraint: tf.constraints.minMaxNorm(
        {minValue: 0.5, maxValue: 1, rate: 0.7, axis: 0})},
    unit_norm_string: {kernelConstraint: 'unitNorm'},
    non_neg: {biasConstraint: tf.constraints.nonNeg()},
    hard_sigmoid: {activation: 'hardSigmoid'},
    gelu_new: {activation: 'gelu_new'},
  };
  const out = {};
  for (const [key, extra] of Object.entries(cases)) {
    const layer = tf.layers.dense({units: 2, inputShape: [3], ...extra});
    const model = tf.sequential({layers: [layer]});
    const json = model.toJSON(null, false);
    out[key] = json.config.layers[0].config;
  }
  return out;
}

// ---- activations ---------------------------------------------------------------------------
const ACTIVATIONS = ['elu', 'hardSigmoid', 'linear', 'relu', 'relu6', 'selu', 'sigmoid',
  'softmax', 'logSoftmax', 'softplus', 'softsign', 'tanh', 'swish', 'mish', 'gelu', 'gelu_new'];

function recordActivations() {
  const x = t([-8, -3.5, -1, -0.25, 0, 0.3, 1, 2.5, 6.5, 9, -0.7, 4], [3, 4]);
  const out = {input: encodeTensor(x), outputs: {}};
  for (const name of ACTIVATIONS) {
    const layer = tf.layers.activation({activation: name});
    out.outputs[name] = encodeTensor(layer.apply(x));
  }
  const x3 = t([0.1, -2, 3, 0.5, 1, -1, 2, 2, 0, 4, -3, 1], [2, 3, 2]);
  const softmax = tf.layers.dense({units: 1, activation: 'softmax'}).activation;
  let error = null;
  try {
    softmax.apply(x3, 0);
  } catch (e) {
    error = e.message;
  }
  out.softmax_axis = {input: encodeTensor(x3), axis2: encodeTensor(softmax.apply(x3, 2)),
    axis0_error: error};
  return out;
}

// ---- regularizers and constraints -------------------------------------------------------------
function recordRegularizers() {
  const x = t([0.5, -1.5, 2, -0.25, 3, 0], [2, 3]);
  const cases = [
    ['l1l2', {l1: 0.01, l2: 0.02}], ['l1l2', undefined], ['l1l2', {l1: 0, l2: 0}],
    ['l1', {l1: 0.1}], ['l2', {l2: 0.3}],
  ];
  return {input: encodeTensor(x), cases: cases.map(([name, args]) => {
    const reg = tf.regularizers[name](args);
    return {name, args: args || null, value: encodeTensor(reg.apply(x)),
      class_name: reg.getClassName(), config: reg.getConfig()};
  })};
}

function recordConstraints() {
  const w = t([0.5, -1.5, 2, -0.25, 3, 0, 1, 1, -4, 0.1, 0.2, 0.3], [4, 3]);
  const cases = [
    ['maxNorm', {maxValue: 2, axis: 0}], ['maxNorm', {maxValue: 1.5, axis: 1}], ['maxNorm', {}],
    ['unitNorm', {axis: 0}], ['unitNorm', {axis: 1}], ['nonNeg', undefined],
    ['minMaxNorm', {minValue: 0.5, maxValue: 1, rate: 0.7, axis: 0}], ['minMaxNorm', {axis: 1}],
  ];
  return {input: encodeTensor(w), cases: cases.map(([name, args]) => {
    const c = tf.constraints[name](args);
    return {name, args: args || null, value: encodeTensor(c.apply(w)),
      class_name: c.getClassName(), config: c.getConfig()};
  })};
}

// ---- losses and metrics ------------------------------------------------------------------------
// The layers' loss functions are not exported: compile resolves the name to the function.
function lossFunction(name) {
  const model = tf.sequential({layers: [tf.layers.dense({units: 1, inputShape: [1]})]});
  model.compile({optimizer: 'sgd', loss: name});
  return model.model.lossFunctions[0];  // a Sequential compiles its inner LayersModel
}

const LOSSES = ['meanSquaredError', 'meanAbsoluteError', 'meanAbsolutePercentageError',
  'meanSquaredLogarithmicError', 'squaredHinge', 'hinge', 'categoricalHinge', 'logcosh',
  'categoricalCrossentropy', 'binaryCrossentropy', 'kullbackLeiblerDivergence', 'poisson',
  'cosineProximity'];

function recordLosses() {
  // Probabilities with exact 0 and 1 so that the epsilon clipping shows.
  const yTrue = t([0, 1, 0, 0.2, 0.3, 0.5, 1, 0, 0, 0, 0, 1], [4, 3]);
  const yPred = t([0.1, 0.8, 0.1, 0.25, 0.25, 0.5, 1, 0, 0, 0.3, 0.6, 0.1], [4, 3]);
  const signed = t([-1, 1, 1, -1, 0.5, -2, 1, 1, -1, 3, -0.5, 0.1], [4, 3]);
  const yTrue3 = t([1, 0, 0, 1, 0.5, 0.5, 0, 1], [2, 2, 2]);
  const yPred3 = t([0.7, 0.3, 0.4, 0.6, 0.5, 0.5, 0.2, 0.8], [2, 2, 2]);
  const out = {y_true: encodeTensor(yTrue), y_pred: encodeTensor(yPred),
    signed: encodeTensor(signed), y_true3: encodeTensor(yTrue3), y_pred3: encodeTensor(yPred3),
    losses: {}};
  for (const name of LOSSES) {
    const fn = lossFunction(name);
    out.losses[name] = {probs: encodeTensor(fn(yTrue, yPred)),
      signed: encodeTensor(fn(signed, yPred)), rank3: encodeTensor(fn(yTrue3, yPred3))};
  }
  const sparseTrue = t([1, 0, 2, 1], [4, 1]);
  out.sparse = {y_true: encodeTensor(sparseTrue),
    value: encodeTensor(lossFunction('sparseCategoricalCrossentropy')(sparseTrue, yPred))};
  return out;
}

const METRICS = ['binaryAccuracy', 'binaryCrossentropy', 'categoricalAccuracy',
  'categoricalCrossentropy', 'precision', 'recall', 'cosineProximity', 'meanAbsoluteError',
  'meanAbsolutePercentageError', 'MAPE', 'mape', 'meanSquaredError', 'MSE', 'mse', 'r2Score'];

function recordMetrics() {
  const yTrue = t([0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1], [4, 3]);
  const yPred = t([0.1, 0.8, 0.1, 0.6, 0.25, 0.5, 1, 0, 0, 0.3, 0.6, 0.1], [4, 3]);
  const yBin = t([0, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1], [4, 3]);
  const out = {y_true: encodeTensor(yTrue), y_pred: encodeTensor(yPred),
    y_bin: encodeTensor(yBin), metrics: {}};
  for (const name of METRICS) {
    out.metrics[name] = {probs: encodeTensor(tf.metrics[name](yTrue, yPred)),
      binary: encodeTensor(tf.metrics[name](yTrue, yBin))};
  }
  const sparseTrue = t([1, 0, 2, 1], [4, 1]);
  const sparseTrue1d = t([1, 0, 2, 2], [4]);
  out.sparse = {y_true: encodeTensor(sparseTrue), y_true_1d: encodeTensor(sparseTrue1d),
    value: encodeTensor(tf.metrics.sparseCategoricalAccuracy(sparseTrue, yPred)),
    value_1d: encodeTensor(tf.metrics.sparseCategoricalAccuracy(sparseTrue1d, yPred))};
  return out;
}

writeJSON(path.join(__dirname, '..', 'fixtures', 'building_blocks.json'), {
  tfjs_version: tf.version.tfjs,
  initializers: recordInitializers(),
  serialized: recordSerialized(),
  activations: recordActivations(),
  regularizers: recordRegularizers(),
  constraints: recordConstraints(),
  losses: recordLosses(),
  metrics: recordMetrics(),
});

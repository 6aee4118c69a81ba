// The training cases that record_layers.js fits in TF.js and records to
// tests/layers/fixtures/training/<name>.json: each names an architecture (rebuilt in
// Python by tests/layers/test_tfjs_recorded.py with the same layers), its data, the
// optimizer (a tf.train factory with its arguments, or a name given to compile), the loss
// and metrics (pythonLoss: the name the Python side is given instead, TF.js's snake_case
// spelling that TF.js itself refuses), and fit's arguments. shuffle is always false, nothing drops out, and the
// initial weights are deterministic and recorded, so every number is reproducible.
const {tf, floatInput} = require('./common');

const L = tf.layers;

function seq(layers) {
  const model = tf.sequential();
  for (const layer of layers) model.add(layer);
  return model;
}

const ARCHITECTURES = {
  mlp: () => seq([L.dense({units: 8, activation: 'relu', inputShape: [3]}), L.dense({units: 1})]),
  regularized_mlp: () => seq([L.dense({units: 6, activation: 'relu', inputShape: [3],
    kernelRegularizer: tf.regularizers.l2({l2: 0.05}), biasRegularizer: tf.regularizers.l1({l1: 0.02}),
    kernelConstraint: tf.constraints.maxNorm({maxValue: 0.6})}),
  L.dense({units: 1, kernelRegularizer: tf.regularizers.l1l2({l1: 0.01, l2: 0.01}),
    biasConstraint: tf.constraints.nonNeg()})]),
  classifier: () => seq([L.dense({units: 6, activation: 'tanh', inputShape: [4]}),
    L.dense({units: 3, activation: 'softmax'})]),
  convnet: () => seq([L.conv2d({filters: 2, kernelSize: 3, activation: 'relu',
    inputShape: [5, 5, 1]}), L.maxPooling2d({poolSize: 2}), L.flatten(),
  L.dense({units: 1, activation: 'sigmoid'})]),
  lstm: () => seq([L.lstm({units: 3, inputShape: [4, 2]}), L.dense({units: 1})]),
  gru: () => seq([L.gru({units: 3, inputShape: [4, 2]}), L.dense({units: 1})]),
  masked_lstm: () => seq([L.masking({maskValue: 0, inputShape: [4, 2]}), L.lstm({units: 3}),
    L.dense({units: 1})]),
  batchnorm: () => seq([L.dense({units: 4, inputShape: [3]}), L.batchNormalization(),
    L.dense({units: 1})]),
  embedding_bidirectional: () => seq([L.embedding({inputDim: 8, outputDim: 3, inputShape: [6]}),
    L.bidirectional({layer: L.gru({units: 2})}), L.dense({units: 1, activation: 'sigmoid'})]),
  conv1d_pool: () => seq([L.conv1d({filters: 3, kernelSize: 3, activation: 'relu',
    inputShape: [8, 2]}), L.maxPooling1d({poolSize: 2}), L.globalAveragePooling1d(),
  L.dense({units: 1})]),
  separable_layernorm: () => seq([L.separableConv2d({filters: 2, kernelSize: 3,
    inputShape: [5, 5, 1]}), L.depthwiseConv2d({kernelSize: 3, depthMultiplier: 2}),
  L.layerNormalization(), L.flatten(), L.dense({units: 2, activation: 'softmax'})]),
  two_inputs: () => {
    const a = tf.input({shape: [3]});
    const b = tf.input({shape: [2]});
    const shared = L.dense({units: 3, activation: 'tanh'});
    const h = L.concatenate().apply([shared.apply(a), L.dense({units: 3}).apply(b)]);
    return tf.model({inputs: [a, b], outputs: L.dense({units: 1}).apply(h)});
  },
  two_heads: () => {
    const x = tf.input({shape: [3]});
    const h = L.dense({units: 4, activation: 'relu'}).apply(x);
    const reg = L.dense({units: 1, name: 'reg'}).apply(h);
    const cls = L.dense({units: 2, activation: 'softmax', name: 'cls'}).apply(h);
    return tf.model({inputs: x, outputs: [reg, cls]});
  },
};

function oneHot(labels, n) {
  return tf.oneHot(tf.tensor1d(labels, 'int32'), n).toFloat();
}

// Fixed data sets: x and a list of targets (one per model output).
const DATA = {
  regression: () => {
    const x = floatInput([12, 3], 1);
    const y = x.matMul(tf.tensor2d([[0.5], [-0.3], [0.8]])).add(0.1);
    return {x, y: [y]};
  },
  classes: () => {
    const x = floatInput([12, 4], 2);
    return {x, y: [oneHot(Array.from(x.slice([0, 0], [12, 3]).argMax(1).dataSync()), 3)]};
  },
  sparse_classes: () => {
    const x = floatInput([12, 4], 2);
    return {x, y: [x.slice([0, 0], [12, 3]).argMax(1).toFloat().reshape([12, 1])]};
  },
  images: () => {
    const x = floatInput([10, 5, 5, 1], 3);
    return {x, y: [x.mean([1, 2, 3]).greater(0).toFloat().reshape([10, 1])]};
  },
  sequences: () => {
    const x = floatInput([10, 4, 2], 4);
    return {x, y: [x.sum([1, 2]).mul(0.3).reshape([10, 1])]};
  },
  // Sequences whose zero timesteps (some leading, some trailing) the Masking layer skips.
  masked_sequences: () => {
    const keep = Array.from({length: 40}, (_, i) => ((i * 7) % 5 === 0 ? 0 : 1));
    const x = floatInput([10, 4, 2], 4).mul(tf.tensor(keep, [10, 4, 1]));
    return {x, y: [x.sum([1, 2]).mul(0.3).reshape([10, 1])]};
  },
  token_ids: () => {
    const x = tf.tensor(Array.from({length: 60}, (_, i) => (i * i + 3 * i) % 8), [10, 6], 'float32');
    return {x, y: [x.slice([0, 0], [10, 3]).sum(1, true).greater(10).toFloat()]};
  },
  signals: () => {
    const x = floatInput([10, 8, 2], 6);
    return {x, y: [x.max([1, 2]).reshape([10, 1])]};
  },
  small_images: () => {
    const x = floatInput([8, 5, 5, 1], 7);
    return {x, y: [oneHot(Array.from(x.mean([1, 2, 3]).greater(0).toInt().dataSync()), 2)]};
  },
  two_sources: () => {
    const a = floatInput([12, 3], 8);
    const b = floatInput([12, 2], 9);
    return {x: [a, b], y: [a.sum(1, true).sub(b.sum(1, true)).mul(0.5)]};
  },
  two_targets: () => {
    const x = floatInput([12, 3], 5);
    const reg = x.sum(1, true).mul(0.5);
    return {x, y: [reg, oneHot(Array.from(x.slice([0, 0], [12, 2]).argMax(1).dataSync()), 2)]};
  },
};

// Each TF.js optimizer, with explicit learning rates (other arguments at TF.js's defaults).
const OPTIMIZERS = {
  sgd: ['sgd', [0.1]],
  momentum: ['momentum', [0.05, 0.9]],
  adagrad: ['adagrad', [0.1]],
  adadelta: ['adadelta', [0.2]],
  adam: ['adam', [0.05]],
  adamax: ['adamax', [0.05]],
  rmsprop: ['rmsprop', [0.01]],
};

const MLP = {arch: 'mlp', data: 'regression', loss: 'meanSquaredError', metrics: ['mae'],
  fit: {epochs: 3, batchSize: 5}};
const CLASSIFIER = {arch: 'classifier', data: 'classes', loss: 'categoricalCrossentropy',
  metrics: ['accuracy'], fit: {epochs: 3, batchSize: 5}};

const CASES = {};
for (const [key, [name, args]] of Object.entries(OPTIMIZERS)) {
  CASES[`mlp_${key}`] = {...MLP, optimizer: {name, args}};
  CASES[`classifier_${key}`] = {...CLASSIFIER, optimizer: {name, args}};
}
Object.assign(CASES, {
  momentum_nesterov_mlp: {...MLP, optimizer: {name: 'momentum', args: [0.02, 0.8, true]}},
  classifier_validation_split: {...CLASSIFIER, optimizer: {name: 'adam', args: [0.05]},
    fit: {epochs: 3, batchSize: 4, validationSplit: 0.25}},
  classifier_optimizer_by_name: {...CLASSIFIER, optimizer: {string: 'adam'}},
  classifier_rmsprop_by_name: {...CLASSIFIER, optimizer: {string: 'rmsprop'},
    pythonLoss: 'categorical_crossentropy', metrics: ['acc']},
  sparse_classifier_sgd: {arch: 'classifier', data: 'sparse_classes',
    loss: 'sparseCategoricalCrossentropy', metrics: ['accuracy'],
    optimizer: {name: 'sgd', args: [0.2]}, fit: {epochs: 3, batchSize: 5}},
  convnet_sgd: {arch: 'convnet', data: 'images', loss: 'binaryCrossentropy',
    metrics: ['accuracy'], optimizer: {name: 'sgd', args: [0.2]}, fit: {epochs: 3, batchSize: 4}},
  convnet_adam: {arch: 'convnet', data: 'images', loss: 'binaryCrossentropy',
    metrics: ['accuracy'], optimizer: {name: 'adam', args: [0.02]}, fit: {epochs: 3, batchSize: 4}},
  lstm_rmsprop: {arch: 'lstm', data: 'sequences', loss: 'meanAbsoluteError', metrics: [],
    optimizer: {name: 'rmsprop', args: [0.02]}, fit: {epochs: 3, batchSize: 4}},
  gru_adagrad: {arch: 'gru', data: 'sequences', loss: 'meanSquaredError',
    pythonLoss: 'mean_squared_error', metrics: ['mse'],
    optimizer: {name: 'adagrad', args: [0.2]}, fit: {epochs: 3, batchSize: 4}},
  // Regularization losses join the training loss; constraints apply after each update.
  regularized_mlp_sgd: {...MLP, arch: 'regularized_mlp', optimizer: {name: 'sgd', args: [0.1]}},
  classifier_class_weight: {...CLASSIFIER, optimizer: {name: 'sgd', args: [0.2]},
    fit: {epochs: 3, batchSize: 5, classWeight: {0: 1, 1: 2.5, 2: 0.5}}},
  mlp_initial_epoch: {...MLP, optimizer: {name: 'adam', args: [0.05]},
    fit: {epochs: 4, batchSize: 5, initialEpoch: 2}},
  // validationData: the last 4 samples of the `classes` data (the model trains on all 12).
  classifier_validation_data: {...CLASSIFIER, optimizer: {name: 'adamax', args: [0.05]},
    fit: {epochs: 3, batchSize: 5}, validationData: 4},
  masked_lstm_adam: {arch: 'masked_lstm', data: 'masked_sequences', loss: 'meanSquaredError',
    metrics: [], optimizer: {name: 'adam', args: [0.02]}, fit: {epochs: 3, batchSize: 4}},
  batchnorm_sgd: {arch: 'batchnorm', data: 'regression', loss: 'meanSquaredError', metrics: [],
    optimizer: {name: 'sgd', args: [0.05]}, fit: {epochs: 3, batchSize: 5}},
  embedding_bidirectional_adam: {arch: 'embedding_bidirectional', data: 'token_ids',
    loss: 'binaryCrossentropy', metrics: ['accuracy'], optimizer: {name: 'adam', args: [0.05]},
    fit: {epochs: 3, batchSize: 4}},
  conv1d_pool_rmsprop: {arch: 'conv1d_pool', data: 'signals', loss: 'meanSquaredError',
    metrics: ['mae'], optimizer: {name: 'rmsprop', args: [0.01]}, fit: {epochs: 3, batchSize: 4}},
  separable_layernorm_adamax: {arch: 'separable_layernorm', data: 'small_images',
    loss: 'categoricalCrossentropy', metrics: ['accuracy'],
    optimizer: {name: 'adamax', args: [0.05]}, fit: {epochs: 3, batchSize: 3}},
  two_inputs_momentum: {arch: 'two_inputs', data: 'two_sources', loss: 'meanSquaredError',
    metrics: [], optimizer: {name: 'momentum', args: [0.05, 0.9]}, fit: {epochs: 3, batchSize: 5}},
  two_heads_adam: {arch: 'two_heads', data: 'two_targets',
    loss: {reg: 'meanSquaredError', cls: 'categoricalCrossentropy'}, metrics: {cls: 'accuracy'},
    optimizer: {name: 'adam', args: [0.03]}, fit: {epochs: 3, batchSize: 5}},
});

// Fits that go on from a TF.js save holding its training config and optimizer weights:
// the loaded model compiles itself and restores the optimizer's state before fitting.
const RESUMED = {
  resume_adam_from_saved: {from: 'trained_with_optimizer_weights',
    data: () => ({x: floatInput([6, 2], 5), y: [floatInput([6, 1], 6)]}),
    fit: {epochs: 2, batchSize: 3}},
};

module.exports = {ARCHITECTURES, DATA, CASES, RESUMED};

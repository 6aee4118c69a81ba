// The models that record_layers.js builds in TF.js, saves to
// tests/layers/fixtures/saved_by_tfjs/<name>/ and runs `predict` on. Each builder returns
// {model, inputs: [tensor, ...], calls?: n (predict repeated n times: stateful RNNs)}.
// Weights are set afterwards from deterministic values (common.setDeterministicWeights),
// except where `seeded: true` keeps the seeded initializers' own draws.
const {tf, floatInput, intInput} = require('./common');

const L = tf.layers;

function seq(layers) {
  const model = tf.sequential();
  for (const layer of layers) model.add(layer);
  return model;
}

// A custom layer (registered by class name), as users write them: x * scale + offset.
class ScaleShift extends L.Layer {
  constructor(config) {
    super(config);
    this.offset = config.offset == null ? 1 : config.offset;
  }

  build(inputShape) {
    const units = inputShape[inputShape.length - 1];
    this.scale = this.addWeight('scale', [units], 'float32', tf.initializers.ones());
    this.built = true;
  }

  call(inputs) {
    return tf.tidy(() => {
      const x = Array.isArray(inputs) ? inputs[0] : inputs;
      return tf.add(tf.mul(x, this.scale.read()), this.offset);
    });
  }

  getConfig() {
    return Object.assign({}, super.getConfig(), {offset: this.offset});
  }
}
ScaleShift.className = 'ScaleShift';
tf.serialization.registerClass(ScaleShift);

// 'gelu_new' is left out: TF.js 4.22 saves it as 'geluNew', a name its own loader refuses.
const ACTIVATIONS = ['elu', 'hardSigmoid', 'linear', 'relu', 'relu6', 'selu', 'sigmoid',
  'softmax', 'logSoftmax', 'softplus', 'softsign', 'tanh', 'swish', 'mish', 'gelu'];

const MODELS = {
  dense: () => ({
    model: seq([L.dense({units: 5, activation: 'relu', inputShape: [4]}),
      L.dense({units: 3, activation: 'sigmoid', useBias: false}), L.dense({units: 2})]),
    inputs: [floatInput([3, 4])],
  }),
  dense_on_sequences: () => ({
    model: seq([L.dense({units: 3, activation: 'softplus', inputShape: [4, 5]}),
      L.dense({units: 2, useBias: false})]),
    inputs: [floatInput([2, 4, 5])],
  }),
  activations: () => {
    const x = tf.input({shape: [6]});
    const outs = ACTIVATIONS.map((a) => L.activation({activation: a}).apply(x));
    const y = L.concatenate().apply(outs);
    return {model: tf.model({inputs: x, outputs: y}), inputs: [floatInput([2, 6], 1).mul(3)]};
  },
  dropout_noise_inference: () => ({
    model: seq([L.dropout({rate: 0.5, inputShape: [3, 4]}), L.spatialDropout1d({rate: 0.3}),
      L.gaussianNoise({stddev: 0.5}), L.gaussianDropout({rate: 0.3}),
      L.alphaDropout({rate: 0.2}), L.flatten(), L.dense({units: 2})]),
    inputs: [floatInput([2, 3, 4])],
  }),
  reshape_permute_repeat: () => ({
    model: seq([L.dense({units: 6, inputShape: [5]}), L.reshape({targetShape: [2, 3]}),
      L.permute({dims: [2, 1]}), L.flatten(), L.repeatVector({n: 3}),
      L.reshape({targetShape: [-1, 2]})]),
    inputs: [floatInput([2, 5])],
  }),
  // (No activityRegularizer: TF.js refuses to call a layer that has one.)
  dense_regularized_constrained: () => ({
    model: seq([L.dense({units: 4, inputShape: [3], kernelRegularizer: tf.regularizers.l1l2({
      l1: 0.01, l2: 0.02}), biasRegularizer: tf.regularizers.l2({l2: 0.1}),
    kernelConstraint: tf.constraints.maxNorm({maxValue: 2, axis: 0}),
    biasConstraint: tf.constraints.nonNeg()}),
    L.dense({units: 2, kernelConstraint: tf.constraints.unitNorm({axis: 0}),
      biasConstraint: tf.constraints.minMaxNorm({minValue: 0, maxValue: 1, rate: 0.5})})]),
    inputs: [floatInput([2, 3])],
  }),
  // Compiled and fit for one epoch, saved with its optimizer's weights (group 'optimizer'
  // in the manifest) and its training config.
  trained_with_optimizer_weights: () => ({
    model: seq([L.dense({units: 3, activation: 'relu', inputShape: [2]}), L.dense({units: 1})]),
    inputs: [floatInput([3, 2])],
    fit: {optimizer: () => tf.train.adam(0.01), loss: 'meanSquaredError', metrics: ['mae'],
      x: floatInput([6, 2], 5), y: floatInput([6, 1], 6), epochs: 1, batchSize: 3},
    saveConfig: {includeOptimizer: true},
  }),
  embedding: () => ({
    model: seq([L.embedding({inputDim: 7, outputDim: 3, inputLength: 5, inputShape: [5]}),
      L.flatten()]),
    inputs: [intInput([2, 5], 7, 0, 'float32')],
  }),
  masking_lstm: () => {
    const x = floatInput([2, 5, 3]).mul(tf.tensor([1, 1, 0, 1, 0, 0, 1, 1, 1, 0], [2, 5, 1]));
    return {model: seq([L.masking({maskValue: 0, inputShape: [5, 3]}),
      L.lstm({units: 3, returnSequences: true}), L.simpleRNN({units: 2})]), inputs: [x]};
  },
  embedding_mask_zero_gru: () => ({
    model: seq([L.embedding({inputDim: 6, outputDim: 3, maskZero: true, inputShape: [5]}),
      L.gru({units: 3})]),
    inputs: [tf.tensor([[0, 3, 5, 0, 0], [2, 1, 4, 0, 3]], [2, 5], 'float32')],
  }),
  masking_bidirectional: () => {
    const x = floatInput([2, 5, 3], 2).mul(tf.tensor([1, 0, 1, 1, 0, 1, 1, 1, 0, 0], [2, 5, 1]));
    return {model: seq([L.masking({maskValue: 0, inputShape: [5, 3]}),
      L.bidirectional({layer: L.gru({units: 2, returnSequences: true}), mergeMode: 'concat'}),
      L.simpleRNN({units: 2, goBackwards: true})]), inputs: [x]};
  },
  conv1d: () => ({
    model: seq([L.conv1d({filters: 3, kernelSize: 3, padding: 'same', activation: 'relu',
      inputShape: [8, 2]}),
    L.conv1d({filters: 2, kernelSize: 2, dilationRate: 2}),
    L.conv1d({filters: 2, kernelSize: 2, strides: 2})]),
    inputs: [floatInput([2, 8, 2])],
  }),
  conv2d: () => ({
    model: seq([L.conv2d({filters: 3, kernelSize: 3, padding: 'same', activation: 'relu',
      inputShape: [5, 5, 2]}),
    L.conv2d({filters: 2, kernelSize: [2, 3], strides: 2}),
    L.conv2d({filters: 2, kernelSize: 2, dilationRate: 1, padding: 'same', useBias: false})]),
    inputs: [floatInput([2, 5, 5, 2])],
  }),
  conv_dilated: () => ({
    model: seq([L.conv2d({filters: 2, kernelSize: 2, dilationRate: 2, inputShape: [6, 6, 2]}),
      L.separableConv2d({filters: 2, kernelSize: 2, dilationRate: [1, 2]})]),
    inputs: [floatInput([2, 6, 6, 2])],
  }),
  // TF.js 4.22's DepthwiseConv2D layer ignores dilationRate (it passes null to the op: a
  // TODO in its source). Recorded as TF.js gives it.
  depthwise_conv2d_dilation_ignored: () => ({
    model: seq([L.depthwiseConv2d({kernelSize: 2, dilationRate: 2, padding: 'same',
      inputShape: [4, 4, 2]})]),
    inputs: [floatInput([2, 4, 4, 2])],
  }),
  conv2d_channels_first: () => ({
    model: seq([L.conv2d({filters: 2, kernelSize: 2, dataFormat: 'channelsFirst',
      inputShape: [2, 4, 4]}), L.flatten()]),
    inputs: [floatInput([2, 2, 4, 4])],
  }),
  conv3d: () => ({
    model: seq([L.conv3d({filters: 2, kernelSize: 2, padding: 'same', inputShape: [4, 4, 4, 1]}),
      L.conv3d({filters: 1, kernelSize: 2, strides: 2, activation: 'tanh'})]),
    inputs: [floatInput([2, 4, 4, 4, 1])],
  }),
  conv2d_transpose: () => ({
    model: seq([L.conv2dTranspose({filters: 2, kernelSize: 3, strides: 2, padding: 'same',
      inputShape: [3, 3, 2]}), L.conv2dTranspose({filters: 1, kernelSize: 2})]),
    inputs: [floatInput([2, 3, 3, 2])],
  }),
  conv3d_transpose: () => ({
    model: seq([L.conv3dTranspose({filters: 2, kernelSize: 2, strides: 2,
      inputShape: [2, 2, 3, 1]})]),
    inputs: [floatInput([2, 2, 2, 3, 1])],
  }),
  // depthMultiplier stays 1: TF.js 4.22's SeparableConv config leaves it out, so a saved
  // model with another multiplier does not load back in TF.js.
  separable_conv2d: () => ({
    model: seq([L.separableConv2d({filters: 3, kernelSize: 3,
      padding: 'same', inputShape: [5, 5, 2]})]),
    inputs: [floatInput([2, 5, 5, 2])],
  }),
  depthwise_conv2d: () => ({
    model: seq([L.depthwiseConv2d({kernelSize: 3, depthMultiplier: 2, inputShape: [5, 5, 2]})]),
    inputs: [floatInput([2, 5, 5, 2])],
  }),
  crop_pad_upsample: () => ({
    model: seq([L.cropping2D({cropping: [[1, 0], [1, 2]], inputShape: [5, 6, 1]}),
      L.upSampling2d({size: [2, 1]}), L.zeroPadding2d({padding: [[1, 0], [0, 2]]}),
      L.upSampling2d({size: [1, 2], interpolation: 'bilinear'})]),
    inputs: [floatInput([2, 5, 6, 1])],
  }),
  pooling1d: () => {
    const x = tf.input({shape: [8, 2]});
    const h = L.averagePooling1d({poolSize: 2, strides: 1, padding: 'same'})
        .apply(L.maxPooling1d({poolSize: 2}).apply(x));
    const y = L.concatenate().apply([L.globalMaxPooling1d().apply(h),
      L.globalAveragePooling1d().apply(h), L.flatten().apply(h)]);
    return {model: tf.model({inputs: x, outputs: y}), inputs: [floatInput([2, 8, 2])]};
  },
  pooling2d: () => {
    const x = tf.input({shape: [6, 5, 2]});
    const h = L.averagePooling2d({poolSize: 2, strides: 1, padding: 'same'})
        .apply(L.maxPooling2d({poolSize: [2, 2], strides: 2}).apply(x));
    const y = L.concatenate().apply([L.globalMaxPooling2d({}).apply(h),
      L.globalAveragePooling2d({}).apply(h), L.flatten().apply(h)]);
    return {model: tf.model({inputs: x, outputs: y}), inputs: [floatInput([2, 6, 5, 2])]};
  },
  pooling3d: () => ({
    model: seq([L.maxPooling3d({poolSize: 2, inputShape: [4, 4, 4, 2]}),
      L.averagePooling3d({poolSize: 2, strides: 1, padding: 'same'})]),
    inputs: [floatInput([2, 4, 4, 4, 2])],
  }),
  batch_normalization: () => ({
    model: seq([L.batchNormalization({axis: -1, inputShape: [3, 4]}),
      L.batchNormalization({center: false, epsilon: 0.01}),
      L.reshape({targetShape: [3, 2, 2]}), L.batchNormalization({scale: false})]),
    inputs: [floatInput([2, 3, 4])],
  }),
  // TF.js 4.22's cpu batchNorm kernel cycles the parameters over the flat element index,
  // which is right only for the last axis: here it uses channel (i mod 3), not the axis-1
  // channel. Recorded as TF.js gives it.
  batch_normalization_non_last_axis: () => ({
    model: seq([L.batchNormalization({axis: 1, center: false, epsilon: 0.01,
      inputShape: [3, 4]})]),
    inputs: [floatInput([2, 3, 4])],
  }),
  layer_normalization: () => ({
    model: seq([L.layerNormalization({axis: -1, inputShape: [3, 4]}),
      L.layerNormalization({axis: [1, 2], scale: false})]),
    inputs: [floatInput([2, 3, 4])],
  }),
  simple_rnn: () => ({
    model: seq([L.simpleRNN({units: 4, returnSequences: true, inputShape: [5, 3]}),
      L.simpleRNN({units: 2, goBackwards: true, activation: 'relu'})]),
    inputs: [floatInput([2, 5, 3])],
  }),
  gru: () => ({
    model: seq([L.gru({units: 4, returnSequences: true, inputShape: [5, 3]}),
      L.gru({units: 2, goBackwards: true, recurrentActivation: 'sigmoid'})]),
    inputs: [floatInput([2, 5, 3])],
  }),
  lstm: () => ({
    model: seq([L.lstm({units: 4, returnSequences: true, inputShape: [5, 3]}),
      L.lstm({units: 2, goBackwards: true, unitForgetBias: false})]),
    inputs: [floatInput([2, 5, 3])],
  }),
  rnn_return_state: () => {
    const x = tf.input({shape: [4, 3]});
    const [seqOut, h, c] = L.lstm({units: 3, returnSequences: true, returnState: true}).apply(x);
    const [gOut, gh] = L.gru({units: 2, returnState: true}).apply(seqOut);
    return {model: tf.model({inputs: x, outputs: [seqOut, h, c, gOut, gh]}),
      inputs: [floatInput([2, 4, 3])]};
  },
  seq2seq_initial_state: () => {
    const enc = tf.input({shape: [4, 3]});
    const dec = tf.input({shape: [3, 2]});
    const [, h, c] = L.lstm({units: 3, returnState: true}).apply(enc);
    const decoded = L.lstm({units: 3, returnSequences: true}).apply(dec, {initialState: [h, c]});
    const [, g] = L.gru({units: 2, returnState: true}).apply(enc);
    const tail = L.simpleRNN({units: 2}).apply(dec, {initialState: g});
    return {model: tf.model({inputs: [enc, dec], outputs: [decoded, tail]}),
      inputs: [floatInput([2, 4, 3], 1), floatInput([2, 3, 2], 2)]};
  },
  rnn_cells: () => ({
    model: seq([L.rnn({cell: L.lstmCell({units: 3}), returnSequences: true, inputShape: [4, 3]}),
      L.rnn({cell: L.stackedRNNCells({cells: [L.simpleRNNCell({units: 3}),
        L.gruCell({units: 2})]}), returnSequences: true}),
      L.rnn({cell: [L.gruCell({units: 2}), L.simpleRNNCell({units: 2})]})]),
    inputs: [floatInput([2, 4, 3])],
  }),
  conv_lstm2d: () => ({
    model: seq([L.convLstm2d({filters: 2, kernelSize: 3, padding: 'same', returnSequences: true,
      inputShape: [3, 4, 4, 1]}), L.convLstm2d({filters: 1, kernelSize: 2})]),
    inputs: [floatInput([2, 3, 4, 4, 1])],
  }),
  stateful_rnn: () => ({
    model: seq([L.simpleRNN({units: 3, stateful: true, batchInputShape: [2, 3, 2]})]),
    inputs: [floatInput([2, 3, 2])],
    calls: 2,
  }),
  bidirectional: () => ({
    model: seq([L.bidirectional({layer: L.lstm({units: 3, returnSequences: true}),
      inputShape: [4, 3]}),
    L.bidirectional({layer: L.gru({units: 2, returnSequences: true}), mergeMode: 'ave'}),
    L.bidirectional({layer: L.simpleRNN({units: 2}), mergeMode: 'mul'})]),
    inputs: [floatInput([2, 4, 3])],
  }),
  time_distributed: () => ({
    model: seq([L.timeDistributed({layer: L.dense({units: 2, activation: 'tanh'}),
      inputShape: [3, 4]}), L.timeDistributed({layer: L.dense({units: 1})})]),
    inputs: [floatInput([2, 3, 4])],
  }),
  time_distributed_conv: () => ({
    model: seq([L.timeDistributed({layer: L.conv2d({filters: 2, kernelSize: 2}),
      inputShape: [3, 4, 4, 1]}), L.timeDistributed({layer: L.flatten()})]),
    inputs: [floatInput([2, 3, 4, 4, 1])],
  }),
  merge: () => {
    const [a, b, c] = [tf.input({shape: [4]}), tf.input({shape: [4]}), tf.input({shape: [4]})];
    const y = L.concatenate({axis: -1}).apply([L.add().apply([a, b, c]),
      L.average().apply([a, b]), L.maximum().apply([a, b, c]), L.minimum().apply([b, c]),
      L.multiply().apply([a, c]), L.dot({axes: 1}).apply([a, b]),
      L.dot({axes: -1, normalize: true}).apply([b, c])]);
    return {model: tf.model({inputs: [a, b, c], outputs: y}),
      inputs: [floatInput([2, 4], 1), floatInput([2, 4], 2), floatInput([2, 4], 3)]};
  },
  concatenate_3d: () => {
    const [a, b] = [tf.input({shape: [2, 3]}), tf.input({shape: [4, 3]})];
    const y = L.concatenate({axis: 1}).apply([a, b]);
    return {model: tf.model({inputs: [a, b], outputs: y}),
      inputs: [floatInput([2, 2, 3], 1), floatInput([2, 4, 3], 2)]};
  },
  advanced_activations: () => {
    const x = tf.input({shape: [6]});
    const outs = [L.reLU(), L.reLU({maxValue: 0.5}), L.leakyReLU({alpha: 0.2}), L.prelu(),
      L.elu(), L.thresholdedReLU({theta: 0.1}), L.softmax({axis: -1})]
        .map((layer) => layer.apply(x));
    return {model: tf.model({inputs: x, outputs: L.concatenate().apply(outs)}),
      inputs: [floatInput([2, 6], 4)]};
  },
  // TF.js 4.22's CenterCrop writes its output size into its input's shape array, so it
  // follows a layer that makes a fresh one (a 1x1 convolution), not the model's input or
  // Rescaling (which passes its input's array on). Resizing fails inside any TF.js model
  // (its call is handed a list): layer_calls.js records it called on a tensor.
  preprocessing_image: () => ({
    model: seq([L.rescaling({scale: 1 / 255, offset: -0.5, inputShape: [6, 7, 1]}),
      L.conv2d({filters: 2, kernelSize: 1}), L.centerCrop({height: 3, width: 4})]),
    inputs: [floatInput([2, 6, 7, 1]).add(1).mul(127)],
  }),
  // CategoryEncoding also writes into its input's shape array: each branch gets its own
  // (a Reshape makes a fresh one).
  category_encoding: () => {
    const x = tf.input({shape: [4]});
    const fresh = () => L.reshape({targetShape: [4]}).apply(x);
    const y = L.concatenate().apply([
      L.categoryEncoding({numTokens: 6, outputMode: 'multiHot'}).apply(fresh()),
      L.categoryEncoding({numTokens: 6, outputMode: 'count'}).apply(fresh())]);
    return {model: tf.model({inputs: x, outputs: y}),
      inputs: [tf.tensor([[0, 3, 3, 5], [1, 2, 1, 1]], [2, 4], 'float32')]};
  },
  category_encoding_one_hot: () => ({
    model: seq([L.reshape({targetShape: [1], inputShape: [1]}),
      L.categoryEncoding({numTokens: 5, outputMode: 'oneHot'})]),
    inputs: [tf.tensor([[4], [1], [0]], [3, 1], 'float32')],
  }),
  multi_input_output: () => {
    const a = tf.input({shape: [4], name: 'a'});
    const b = tf.input({shape: [3], name: 'b'});
    const h = L.dense({units: 5, activation: 'relu'}).apply(L.concatenate().apply([a, b]));
    const out1 = L.dense({units: 2, activation: 'softmax', name: 'probs'}).apply(h);
    const out2 = L.dense({units: 1, name: 'score'}).apply(L.add().apply([h, L.dense({units: 5})
        .apply(b)]));
    return {model: tf.model({inputs: [a, b], outputs: [out1, out2]}),
      inputs: [floatInput([2, 4], 1), floatInput([2, 3], 2)]};
  },
  shared_layer: () => {
    const a = tf.input({shape: [3]});
    const b = tf.input({shape: [3]});
    const shared = L.dense({units: 4, activation: 'tanh'});
    const y = L.dense({units: 2}).apply(L.concatenate().apply([shared.apply(a), shared.apply(b)]));
    return {model: tf.model({inputs: [a, b], outputs: y}),
      inputs: [floatInput([2, 3], 1), floatInput([2, 3], 2)]};
  },
  nested_models: () => {
    const inner = seq([L.dense({units: 4, activation: 'relu', inputShape: [3]}),
      L.dense({units: 2})]);
    const fx = tf.input({shape: [2]});
    const innerFunctional = tf.model({inputs: fx,
      outputs: L.dense({units: 3, activation: 'sigmoid'}).apply(fx)});
    const a = tf.input({shape: [3]});
    const b = tf.input({shape: [3]});
    const merged = L.add().apply([inner.apply(a), inner.apply(b)]);
    const outer = tf.model({inputs: [a, b], outputs: innerFunctional.apply(merged)});
    const model = seq([L.dense({units: 3, inputShape: [3]})]);
    return {model: tf.model({inputs: [a, b], outputs: outer.apply([a, model.apply(b)])}),
      inputs: [floatInput([2, 3], 1), floatInput([2, 3], 2)]};
  },
  sequential_in_sequential: () => ({
    model: seq([seq([L.dense({units: 4, activation: 'relu', inputShape: [3]})]),
      L.dense({units: 2})]),
    inputs: [floatInput([2, 3])],
  }),
  custom_layer: () => ({
    model: seq([L.dense({units: 3, inputShape: [4]}), new ScaleShift({offset: 0.25})]),
    inputs: [floatInput([2, 4])],
  }),
  seeded_initializers: () => ({
    seeded: true,
    model: seq([
      L.dense({units: 4, inputShape: [3], kernelInitializer: tf.initializers.glorotUniform({seed: 1}),
        biasInitializer: tf.initializers.randomUniform({minval: -0.1, maxval: 0.1, seed: 2})}),
      L.dense({units: 3, kernelInitializer: tf.initializers.heNormal({seed: 3}),
        biasInitializer: tf.initializers.constant({value: 0.1})}),
      L.dense({units: 3, kernelInitializer: tf.initializers.truncatedNormal({stddev: 0.3, seed: 4}),
        useBias: false}),
      L.dense({units: 2, kernelInitializer: tf.initializers.leCunUniform({seed: 5}),
        biasInitializer: 'ones'})]),
    inputs: [floatInput([2, 3])],
  }),
};

module.exports = {MODELS, ScaleShift};

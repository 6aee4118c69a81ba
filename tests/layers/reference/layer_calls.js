// The layers that record_layers.js calls on a tensor (`layer.apply(x)`) rather than inside a
// saved model, because TF.js cannot hold them in one (see each), recorded to
// ../fixtures/layer_calls.json. The Python test makes each with
// tf.layers.<factory>(**args in snake_case).
const {floatInput} = require('./common');

const LAYER_CALLS = {
  // An Activation layer with gelu_new saves as 'geluNew', which TF.js cannot load back.
  activation_gelu_new: {factory: 'activation', args: {activation: 'gelu_new'},
    input: () => floatInput([2, 5]).mul(3)},
  resizing_bilinear: {factory: 'resizing', args: {height: 5, width: 3},
    input: () => floatInput([2, 3, 4, 1])},
  resizing_nearest: {factory: 'resizing', args: {height: 2, width: 7, interpolation: 'nearest'},
    input: () => floatInput([2, 3, 4, 2])},
  resizing_crop_to_aspect_ratio: {factory: 'resizing',
    args: {height: 4, width: 4, cropToAspectRatio: true}, input: () => floatInput([1, 3, 5, 1])},
  // RandomWidth's output shape has a -1 width, which a TF.js model refuses. A factor of
  // [0.5, 0.5] draws a width factor of exactly 1.5: deterministic.
  random_width_fixed: {factory: 'randomWidth', args: {factor: [0.5, 0.5], seed: 3},
    input: () => floatInput([2, 4, 4, 1])},
  random_width_nearest: {factory: 'randomWidth',
    args: {factor: [-0.5, -0.5], interpolation: 'nearest', seed: 1},
    input: () => floatInput([1, 3, 4, 2])},
  center_crop_rank3: {factory: 'centerCrop', args: {height: 2, width: 3},
    input: () => floatInput([5, 6, 2])},
  center_crop_upsize: {factory: 'centerCrop', args: {height: 4, width: 5},
    input: () => floatInput([1, 3, 3, 1])},
};

module.exports = {LAYER_CALLS};

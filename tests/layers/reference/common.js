// Helpers shared by the layers recording scripts: deterministic values, float32 values
// written by value, and TF.js's file handler semantics (model.json + weights.bin) for
// saving and loading in plain Node (the @tensorflow/tfjs bundle has no file:// handler).
const fs = require('fs');
const path = require('path');
const tf = require('@tensorflow/tfjs');

// A float32 as the shortest decimal that reads back as the same float32.
function f32(v) {
  if (!isFinite(v)) return isNaN(v) ? 'NaN' : (v > 0 ? 'Infinity' : '-Infinity');
  for (let p = 1; p <= 9; p++) {
    const s = Number(v.toPrecision(p));
    if (Math.fround(s) === v) return s;
  }
  return v;
}

// A tensor by value: {dtype, shape, values} (values flat, row-major).
function encodeTensor(t) {
  const data = Array.from(t.dataSync());
  const values = t.dtype === 'float32' ? data.map(f32) : data;
  return {dtype: t.dtype, shape: t.shape, values};
}

function decodeTensor(spec) {
  const values = spec.values.map((v) => (typeof v === 'string' ? Number(v) : v));
  return tf.tensor(values, spec.shape, spec.dtype);
}

const size = (shape) => shape.reduce((a, b) => a * b, 1);

// Smooth values in [-amp, amp]: amp * sin(0.61 i + 1.37 k + 0.3), i the flat index.
function wave(n, k, amp = 0.5) {
  return Float32Array.from({length: n}, (_, i) => amp * Math.sin(0.61 * i + 1.37 * k + 0.3));
}

// A float32 input of the given shape (seeded by k), values in [-0.9, 0.9].
function floatInput(shape, k = 0) {
  return tf.tensor(wave(size(shape), k + 11, 0.9), shape, 'float32');
}

// Integer ids in [0, n) of the given shape (seeded by k).
function intInput(shape, n, k = 0, dtype = 'int32') {
  const vals = Array.from({length: size(shape)}, (_, i) => (i * 5 + 3 * k + 1) % n);
  return tf.tensor(vals, shape, dtype);
}

// Every weight of the model (trainable or not) written from `wave`, in model.weights order;
// variances (moving_variance) get positive values so batch normalization stays defined.
function setDeterministicWeights(model, amp = 0.5) {
  model.weights.forEach((w, k) => {
    let vals = wave(size(w.shape), k, amp);
    if (/variance/.test(w.originalName)) vals = vals.map((v) => 0.6 + v);
    w.write(tf.tensor(vals, w.shape, w.dtype));
  });
}

// What TF.js's own file handler (tfjs-node's file://) writes: model.json then weights.bin.
// Mirrors tfjs-core's getModelJSONForModelArtifacts (not a public export).
function writeArtifacts(artifacts, dir) {
  fs.mkdirSync(dir, {recursive: true});
  const modelJSON = {
    modelTopology: artifacts.modelTopology,
    format: artifacts.format,
    generatedBy: artifacts.generatedBy,
    convertedBy: artifacts.convertedBy,
    weightsManifest: [{paths: ['weights.bin'], weights: artifacts.weightSpecs}],
  };
  for (const key of ['signature', 'userDefinedMetadata', 'modelInitializer',
    'initializerSignature', 'trainingConfig']) {
    if (artifacts[key] != null) modelJSON[key] = artifacts[key];
  }
  fs.writeFileSync(path.join(dir, 'model.json'), JSON.stringify(modelJSON));
  const data = tf.io.CompositeArrayBuffer.join(artifacts.weightData);
  fs.writeFileSync(path.join(dir, 'weights.bin'), Buffer.from(data));
}

async function saveModel(model, dir, config = {}) {
  await model.save(tf.io.withSaveHandler(async (artifacts) => {
    writeArtifacts(artifacts, dir);
    return {modelArtifactsInfo: {dateSaved: new Date(), modelTopologyType: 'JSON'}};
  }), config);
}

// tf.loadLayersModel on a folder's model.json and the weight files its manifest names.
async function loadModel(dir, strict = true) {
  const modelJSON = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8'));
  const handler = {
    load: () => tf.io.getModelArtifactsForJSON(modelJSON, async (manifest) => {
      const specs = [];
      const buffers = [];
      for (const group of manifest) {
        specs.push(...group.weights);
        for (const p of group.paths) buffers.push(fs.readFileSync(path.join(dir, p)));
      }
      const buf = Buffer.concat(buffers);
      return [specs, buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)];
    }),
  };
  return tf.loadLayersModel(handler, {strict});
}

const asList = (x) => (Array.isArray(x) ? x : [x]);

function writeJSON(file, obj) {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, JSON.stringify(obj) + '\n');
}

module.exports = {
  tf, f32, encodeTensor, decodeTensor, wave, floatInput, intInput, setDeterministicWeights,
  saveModel, loadModel, asList, writeJSON, size,
};

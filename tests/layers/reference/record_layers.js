// Records what the official TF.js runtime (@tensorflow/tfjs 4.22.0, cpu backend) does with
// layers models, for tests/layers/test_tfjs_recorded.py (which needs no Node). Re-record:
//   cd tests/layers/reference && npm ci && node record_layers.js [name ...]
// Modes:
//   node record_layers.js [name ...]
//       The models of predict_models.js, saved as TF.js's file handler saves them to
//       ../fixtures/saved_by_tfjs/<name>/{model.json,weights.bin}, each reloaded here with
//       strict weight checks, plus predict.json: the inputs and the outputs of `predict`
//       (float32 by value; one list of outputs per predict call), and summary.txt: what
//       the reloaded model's summary() prints (one printFn call a line). Then the fits of
//       training_cases.js to ../fixtures/training/<name>.json: initial weights, per-epoch
//       history, final weights, `evaluate` and `predict` after training; and those of
//       RESUMED to ../fixtures/training/resumed/<name>.json: a saved model (training config
//       and optimizer weights) loaded and fit further. And
//       ../fixtures/layer_calls.json: layers called on a tensor (those that fail inside a
//       TF.js model). Names restrict the run to those models/cases.
//   node record_layers.js --check-python-saves DIR
//       Loads every DIR/*/model.json (models saved by Python) with tf.loadLayersModel,
//       strict, and writes DIR/*/tfjs_outputs.json: {inputs, outputs} of `predict` on the
//       inputs in that folder's inputs.json ({inputs: [{dtype, shape, values}]}), or, without
//       one, on deterministic float32 inputs of batch 2 (recorded too). A model TF.js cannot
//       load gets {error} and the exit status is 1.
const fs = require('fs');
const path = require('path');
const {
  tf, encodeTensor, decodeTensor, floatInput, setDeterministicWeights, saveModel, loadModel,
  asList, writeJSON,
} = require('./common');
const {MODELS} = require('./predict_models');
const {LAYER_CALLS} = require('./layer_calls');
const {ARCHITECTURES, DATA, CASES, RESUMED} = require('./training_cases');

const FIXTURES = path.join(__dirname, '..', 'fixtures');

const feed = (inputs) => (inputs.length === 1 ? inputs[0] : inputs);

function maxAbsDiff(a, b) {
  return tf.tidy(() => tf.max(tf.abs(tf.sub(a, b))).dataSync()[0]);
}

async function recordModel(name) {
  const spec = MODELS[name]();
  const {model, inputs} = spec;
  if (!spec.seeded) setDeterministicWeights(model);
  if (spec.fit) {
    const {optimizer, loss, metrics, x, y, ...fitArgs} = spec.fit;
    model.compile({optimizer: optimizer(), loss, metrics});
    await model.fit(x, y, {...fitArgs, shuffle: false, verbose: 0});
  }
  const dir = path.join(FIXTURES, 'saved_by_tfjs', name);
  fs.rmSync(dir, {recursive: true, force: true});
  await saveModel(model, dir, spec.saveConfig);
  // What TF.js's loadLayersModel (strict) makes of the saved files is the record; the model
  // as built must agree with it.
  const reloaded = await loadModel(dir, true);
  const predictions = [];
  for (let i = 0; i < (spec.calls || 1); i++) {
    predictions.push(asList(reloaded.predict(feed(inputs))));
  }
  asList(model.predict(feed(inputs))).forEach((out, i) => {
    const diff = maxAbsDiff(out, predictions[0][i]);
    if (!(diff <= 1e-6)) throw new Error(`${name}: reloaded model differs by ${diff}`);
  });
  writeJSON(path.join(dir, 'predict.json'), {
    inputs: inputs.map(encodeTensor),
    predictions: predictions.map((outs) => outs.map(encodeTensor)),
  });
  const lines = [];
  reloaded.summary(undefined, undefined, (...parts) => lines.push(parts.join(' ')));
  fs.writeFileSync(path.join(dir, 'summary.txt'), lines.join('\n') + '\n');
  const bytes = fs.statSync(path.join(dir, 'weights.bin')).size;
  console.error(`saved_by_tfjs/${name}: ${model.weights.length} weights, ${bytes} bytes`);
}

function recordLayerCalls() {
  const out = {};
  for (const [name, c] of Object.entries(LAYER_CALLS)) {
    const x = c.input();
    out[name] = {factory: c.factory, args: c.args, input: encodeTensor(x),
      output: encodeTensor(tf.layers[c.factory](c.args).apply(x))};
  }
  writeJSON(path.join(FIXTURES, 'layer_calls.json'), out);
  console.error(`layer_calls.json: ${Object.keys(out).length} calls`);
}

function makeOptimizer(optimizer) {
  if (optimizer.string) return optimizer.string;
  return tf.train[optimizer.name](...optimizer.args);
}

const encodeWeights = (model) => model.weights.map((w) => (
  {name: w.originalName, ...encodeTensor(w.read())}));

async function recordTraining(name) {
  const c = CASES[name];
  const model = ARCHITECTURES[c.arch]();
  setDeterministicWeights(model);
  const data = DATA[c.data]();
  const x = asList(data.x);
  const y = data.y;
  const initialWeights = encodeWeights(model);
  model.compile({optimizer: makeOptimizer(c.optimizer), loss: c.loss, metrics: c.metrics});
  const fitArgs = {...c.fit, shuffle: false, verbose: 0};
  let validation = null;
  if (c.validationData) {
    const tail = (t) => t.slice(t.shape[0] - c.validationData);
    validation = [x.map(tail), y.map(tail)];
    fitArgs.validationData = [feed(validation[0]), feed(validation[1])];
  }
  const history = await model.fit(feed(x), feed(y), fitArgs);
  const evaluate = asList(model.evaluate(feed(x), feed(y), {batchSize: 4}))
      .map((t) => t.dataSync()[0]);
  writeJSON(path.join(FIXTURES, 'training', `${name}.json`), {
    arch: c.arch,
    optimizer: c.optimizer,
    loss: c.loss,
    python_loss: c.pythonLoss || c.loss,
    metrics: c.metrics,
    fit: {...c.fit, shuffle: false},
    x: x.map(encodeTensor),
    y: y.map(encodeTensor),
    validation_data: validation &&
      {x: validation[0].map(encodeTensor), y: validation[1].map(encodeTensor)},
    initial_weights: initialWeights,
    history: history.history,
    final_weights: encodeWeights(model),
    evaluate_batch_size: 4,
    evaluate,
    predict_after: asList(model.predict(feed(x))).map(encodeTensor),
  });
  console.error(`training/${name}: ${JSON.stringify(history.history)}`);
}

async function recordResumed(name) {
  const c = RESUMED[name];
  const model = await loadModel(path.join(FIXTURES, 'saved_by_tfjs', c.from), true);
  const {x, y} = c.data();
  const history = await model.fit(x, feed(y), {...c.fit, shuffle: false, verbose: 0});
  writeJSON(path.join(FIXTURES, 'training', 'resumed', `${name}.json`), {
    from: c.from,
    fit: {...c.fit, shuffle: false},
    x: [encodeTensor(x)],
    y: y.map(encodeTensor),
    history: history.history,
    final_weights: encodeWeights(model),
  });
  console.error(`training/resumed/${name}: ${JSON.stringify(history.history)}`);
}

async function checkPythonSaves(root) {
  let failed = 0;
  const dirs = fs.readdirSync(root).map((d) => path.join(root, d))
      .filter((d) => fs.existsSync(path.join(d, 'model.json'))).sort();
  for (const dir of dirs) {
    const out = path.join(dir, 'tfjs_outputs.json');
    try {
      const model = await loadModel(dir, true);
      const inputsFile = path.join(dir, 'inputs.json');
      const inputs = fs.existsSync(inputsFile) ?
        JSON.parse(fs.readFileSync(inputsFile, 'utf8')).inputs.map(decodeTensor) :
        model.inputs.map((t, k) => floatInput(t.shape.map((d) => (d == null ? 2 : d)), k));
      const outputs = asList(model.predict(feed(inputs)));
      writeJSON(out, {inputs: inputs.map(encodeTensor), outputs: outputs.map(encodeTensor)});
      console.error(`${dir}: loaded (strict), ${outputs.length} output(s)`);
    } catch (e) {
      failed += 1;
      writeJSON(out, {error: e.message});
      console.error(`${dir}: ${e.message}`);
    }
  }
  console.error(`${dirs.length} model(s) checked, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

async function main() {
  await tf.setBackend('cpu');
  const args = process.argv.slice(2);
  if (args[0] === '--check-python-saves') {
    if (!args[1]) throw new Error('--check-python-saves needs a folder');
    process.exitCode = await checkPythonSaves(path.resolve(args[1]));
    return;
  }
  const models = args.length ? args.filter((a) => a in MODELS) : Object.keys(MODELS);
  const cases = args.length ? args.filter((a) => a in CASES) : Object.keys(CASES);
  const unknown = args.filter((a) => !(a in MODELS) && !(a in CASES));
  if (unknown.length) throw new Error(`unknown model or case: ${unknown.join(', ')}`);
  if (!args.length) recordLayerCalls();
  for (const name of models) await recordModel(name);
  for (const name of cases) await recordTraining(name);
  if (!args.length) for (const name of Object.keys(RESUMED)) await recordResumed(name);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

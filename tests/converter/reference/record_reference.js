// Records what the official TF.js runtime (Node, `cpu` backend) outputs for graph models,
// in the format of ../shared/conformance/graph-models/ref (summary-cpu.json + one raw
// little-endian file per output), so that its run_models.py can compare this project
// against it. Unlike that folder's recorder, each float32 output is written as float32
// values: TF.js's cpu Cast from int32 to float32 keeps the Int32Array, so `data()` of
// such a float32 tensor holds int32 bytes (handtrack's outputs 0 and 1).
//
// usage (tfjs 4.22.0 from npm on NODE_PATH, e.g. the copy benchmarks/graph_models.py installs):
//   NODE_PATH=~/.cache/tfjs-conformance/wasm/node_modules \
//     node tests/converter/reference/record_reference.js MODELS_DIR OUT_DIR handtrack[,name...]
const fs = require('fs');
const path = require('path');
const tf = require('@tensorflow/tfjs');

// An IO handler for MODEL.json and its shards beside it.
function fromDisk(jsonPath) {
  return {
    load: async () => {
      const model = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
      const folder = path.dirname(jsonPath);
      const groups = model.weightsManifest || [];
      const shards = groups.flatMap((group) => group.paths.map((p) => fs.readFileSync(path.join(folder, p))));
      const bytes = Buffer.concat(shards);
      return {
        modelTopology: model.modelTopology,
        weightSpecs: groups.flatMap((group) => group.weights),
        weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
        format: model.format,
        generatedBy: model.generatedBy,
        convertedBy: model.convertedBy,
        userDefinedMetadata: model.userDefinedMetadata,
        signature: model.signature,
        modelInitializer: model.modelInitializer,
      };
    },
  };
}

// The conformance input: sin(i * 0.001 + k) * 0.5 + 0.5 per flat index i of input k;
// int32 inputs take floor(x * 255). Unknown sizes: 1 for the batch, 224 elsewhere.
function conformanceInput(info, k) {
  const shape = (info.shape || [1]).map((d, j) => (d > 0 ? d : j === 0 ? 1 : 224));
  const dtype = info.dtype === 'int32' ? 'int32' : 'float32';
  const size = shape.reduce((a, b) => a * b, 1);
  const values = dtype === 'int32' ? new Int32Array(size) : new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const x = Math.sin(i * 0.001 + k) * 0.5 + 0.5;
    values[i] = dtype === 'int32' ? Math.floor(x * 255) : x;
  }
  return { name: info.name, shape, dtype, k, tensor: tf.tensor(values, shape, dtype) };
}

// An output's values as its dtype's typed array holds them (float32 by value).
function storedBytes(values, dtype) {
  const typed = dtype === 'float32' ? Float32Array.from(values) : values;
  return Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength);
}

async function record(modelsDir, outDir, name) {
  const model = await tf.loadGraphModel(fromDisk(path.join(modelsDir, `${name}.json`)));
  const inputs = model.inputs.map(conformanceInput);
  const feeds = Object.fromEntries(inputs.map((input) => [input.name, input.tensor]));
  const result = await model.executeAsync(feeds);
  const outputs = Array.isArray(result) ? result : [result];
  const entry = {
    model: name,
    backend: 'cpu',
    inputs: inputs.map(({ name: n, shape, dtype, k }) => ({ name: n, shape, dtype, k })),
    outputNames: model.outputs.map((o) => o.name),
    outputs: [],
    ok: true,
  };
  for (const [j, output] of outputs.entries()) {
    const file = `${name}.out${j}.bin`;
    fs.writeFileSync(path.join(outDir, file), storedBytes(await output.data(), output.dtype));
    entry.outputs.push({ shape: output.shape, dtype: output.dtype, file });
  }
  tf.dispose([...outputs, ...inputs.map((input) => input.tensor)]);
  model.dispose();
  return entry;
}

(async () => {
  const [modelsDir, outDir, names] = process.argv.slice(2);
  if (!modelsDir || !outDir || !names) {
    console.error('usage: node record_reference.js MODELS_DIR OUT_DIR name[,name...]');
    process.exit(2);
  }
  await tf.setBackend('cpu');
  fs.mkdirSync(outDir, { recursive: true });
  const summary = {};
  for (const name of names.split(',')) {
    summary[name] = await record(modelsDir, outDir, name);
    console.log(`recorded ${name}`);
  }
  fs.writeFileSync(path.join(outDir, 'summary-cpu.json'), JSON.stringify(summary, null, 1));
})();

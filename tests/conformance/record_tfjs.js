// Records what the official TF.js runtime (4.22, cpu backend) gives for the cases that
// tests/conformance/test_tfjs_conformance.py runs in Python. Each family of cases is a
// pair: cases/<family>.js (here) and cases/<family>.py (the same programs in Python);
// the answers go to expected/<family>.json. Regenerate with:
//   cd tests/conformance && npm install
//   node record_tfjs.js [family ...]
// A case returns a tensor (recorded as dtype/shape/values), a string (text), a number or
// boolean (value), or an array of these (outputs); it may be async. A case that throws is
// recorded as {error: message}.
const fs = require('fs');
const path = require('path');
const tf = require('@tensorflow/tfjs-core');
require('@tensorflow/tfjs-backend-cpu');

const helpers = {
  tf,
  NaN_: NaN,
  Inf: Infinity,
  range: (n) => Array.from({length: n}, (_, i) => i),
};

function encodeNumber(v) {
  if (typeof v === 'number' && !isFinite(v)) return isNaN(v) ? 'NaN' : (v > 0 ? 'Infinity' : '-Infinity');
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  return v;
}

function encode(result) {
  if (result instanceof tf.Tensor) {
    const values = result.dtype === 'string' ? result.dataSync() : Array.from(result.dataSync(), encodeNumber);
    return {dtype: result.dtype, shape: result.shape, values: Array.from(values)};
  }
  if (typeof result === 'string') return {text: result};
  if (typeof result === 'number' || typeof result === 'boolean') return {value: encodeNumber(result)};
  if (Array.isArray(result)) return {outputs: result.map(encode)};
  throw new Error(`cannot record ${result}`);
}

async function record(family) {
  const cases = require(path.join(__dirname, 'cases', `${family}.js`))(helpers);
  const out = {};
  for (const [name, fn] of Object.entries(cases)) {
    try {
      out[name] = encode(await fn());
    } catch (e) {
      out[name] = {error: e.message};
    }
  }
  const file = path.join(__dirname, 'expected', `${family}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
  console.error(`${family}: ${Object.keys(out).length} cases -> ${file}`);
}

async function main() {
  await tf.setBackend('cpu');
  let families = process.argv.slice(2);
  if (families.length === 0) {
    families = fs.readdirSync(path.join(__dirname, 'cases'))
        .filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3));
  }
  for (const family of families) await record(family);
}
main();

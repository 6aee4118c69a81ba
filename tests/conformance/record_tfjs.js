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
const {register} = require('node:module');
const tf = require('@tensorflow/tfjs-core');
require('@tensorflow/tfjs-backend-cpu');

// tfjs-core's node bundle registers no gradients and no chained Tensor methods
// (x.reshape(...)), which TF.js's gradients use: TF.js ships both as ES modules
// (dist/register_all_gradients.js, dist/public/chained_ops/register_all_chained_ops.js)
// whose relative imports have no extension. A resolve hook adds it, and the modules
// register into the registry and Tensor class that tfjs-core keeps on the global object,
// which the loaded bundle shares.
async function registerGradientsAndChainedOps() {
  const hook = `export async function resolve(specifier, context, next) {
    try { return await next(specifier, context); } catch (error) {
      if (specifier.startsWith('.') && !specifier.endsWith('.js')) return next(specifier + '.js', context);
      throw error;
    }
  }`;
  register('data:text/javascript,' + encodeURIComponent(hook));
  await import('@tensorflow/tfjs-core/dist/register_all_gradients.js');
  await import('@tensorflow/tfjs-core/dist/public/chained_ops/register_all_chained_ops.js');
}

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
  await registerGradientsAndChainedOps();
  let families = process.argv.slice(2);
  if (families.length === 0) {
    families = fs.readdirSync(path.join(__dirname, 'cases'))
        .filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3));
  }
  for (const family of families) await record(family);
}
main();

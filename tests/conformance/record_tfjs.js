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

// tfjs-core's node bundle registers no gradients: TF.js ships them in
// dist/register_all_gradients.js, an ES module whose extension-less imports node cannot
// load. So the gradient configs are taken from TF.js's own dist/gradients/*_grad.js text,
// their imports bound to the same names of the loaded tfjs-core, and registered. (The
// few whose imports are internal helpers are skipped: cases needing them record an error.)
function registerTfjsGradients(tf) {
  const dir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-core/package.json')), 'dist', 'gradients');
  const namespaces = {broadcast_util: tf.broadcast_util, util: tf.util, axis_util: tf.backend_util};
  const lookup = (name) => (name === 'ENGINE' ? tf.engine() :
      [tf, tf.broadcast_util, tf.util, tf.backend_util, tf.slice_util].map((m) => m[name]).find((v) => v !== undefined));
  const skipped = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('_grad.js')).sort()) {
    let source = fs.readFileSync(path.join(dir, file), 'utf8').replace(/^\/\/# sourceMappingURL.*$/m, '');
    const names = {};
    source = source.replace(/^import \* as (\w+) from '[^']+';$/gm, (_, ns) => {
      names[ns] = namespaces[ns];
      return '';
    });
    source = source.replace(/^import \{([^}]*)\} from '[^']+';$/gm, (_, list) => {
      for (const item of list.split(',').map((s) => s.trim()).filter(Boolean)) {
        const [imported, local] = item.split(/\s+as\s+/);
        names[local || imported] = lookup(imported);
      }
      return '';
    });
    const exported = source.match(/^export const (\w+)/m);
    const missing = Object.keys(names).filter((n) => names[n] === undefined);
    if (!exported || missing.length || /^import /m.test(source)) {
      skipped.push(file);
      continue;
    }
    source = source.replace(/^export /gm, '');
    const config = new Function(...Object.keys(names), `${source}\nreturn ${exported[1]};`)(...Object.values(names));
    if (tf.getGradient == null || tf.getGradient(config.kernelName) == null) tf.registerGradient(config);
  }
  return skipped;
}

// Nor does it add the chained Tensor methods (x.reshape(...)), which some of TF.js's
// gradients call: each op becomes a method taking the tensor first, as TF.js's chained ops
// do (except where, concat and stack, whose tensor is not the first argument).
function addChainedMethods(tf) {
  for (const [name, fn] of Object.entries(tf)) {
    if (typeof fn === 'function' && /^[a-z]/.test(name) && !['where', 'concat', 'stack'].includes(name) &&
        !(name in tf.Tensor.prototype)) {
      tf.Tensor.prototype[name] = function(...args) { return fn(this, ...args); };
    }
  }
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
  registerTfjsGradients(tf);
  addChainedMethods(tf);
  let families = process.argv.slice(2);
  if (families.length === 0) {
    families = fs.readdirSync(path.join(__dirname, 'cases'))
        .filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3));
  }
  for (const family of families) await record(family);
}
main();

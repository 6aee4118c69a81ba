// tf.io.decodeWeights: weight bytes to tensors, plain and quantized (uint8/uint16 with
// scale and min, float16), as model.json's weight shards hold them.
module.exports = ({tf}) => {
  const spec = (dtype, shape, quantization) => ({name: 'w', shape, dtype, ...(quantization ? {quantization} : {})});
  const decode = (data, specs) => tf.io.decodeWeights(data, specs);
  const one = (data, s) => decode(data, [s]).w;
  const all = (data, specs) => Object.values(decode(data, specs));
  const u8 = (n, f) => new Uint8Array(Array.from({length: n}, (_, i) => f(i))).buffer;
  const u16 = (n, f) => new Uint16Array(Array.from({length: n}, (_, i) => f(i))).buffer;
  const strings = (list) => {
    const parts = [];
    for (const s of list) {
      const bytes = new TextEncoder().encode(s);
      parts.push(new Uint8Array(new Uint32Array([bytes.length]).buffer), bytes);
    }
    return new Uint8Array(parts.flatMap((p) => Array.from(p))).buffer;
  };
  const F16_SPECIAL = [0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3555, 0x3c00, 0xbc00, 0x3c01,
    0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x0200, 0x1000, 0x4248];
  // Every 13th bit pattern, less signalling NaNs (their payloads are kept, and the harness
  // cannot compare them: converting one to float64 raises 'invalid').
  const signalling = (b) => (b & 0x7c00) === 0x7c00 && (b & 0x3ff) !== 0 && (b & 0x200) === 0;
  const F16_SAMPLED = Array.from({length: 5042}, (_, i) => i * 13).filter((b) => !signalling(b));
  return {
    'plain/float32': () => one(new Float32Array([1.5, -0, NaN, Infinity, 3.4e38, 1e-45]).buffer, spec('float32', [2, 3])),
    'plain/int32': () => one(new Int32Array([2147483647, -2147483648, 0, -1]).buffer, spec('int32', [4])),
    'plain/bool': () => one(new Uint8Array([1, 0, 0, 1]).buffer, spec('bool', [2, 2])),
    'plain/complex64': () => one(new Float32Array([1, 2, -3, 4.5]).buffer, spec('complex64', [2])),
    'plain/string': () => one(strings(['', 'ab', 'héllo', '\u{1F600}']), spec('string', [2, 2])),
    'plain/scalar': () => one(new Float32Array([7.25]).buffer, spec('float32', [])),
    'plain/empty': () => one(new ArrayBuffer(0), spec('float32', [0, 3])),
    'plain/packed': () => all(
        new Uint8Array([...new Uint8Array(new Float32Array([1, 2]).buffer), 1, 0, 1,
          ...new Uint8Array(strings(['x', 'yz'])), ...new Uint8Array(new Int32Array([-5]).buffer)]).buffer,
        [{name: 'a', shape: [2], dtype: 'float32'}, {name: 'b', shape: [3], dtype: 'bool'},
          {name: 'c', shape: [2], dtype: 'string'}, {name: 'd', shape: [1], dtype: 'int32'}]),
    'plain/buffer_list': () => all(
        [new Float32Array([1, 2, 3]).buffer.slice(0, 6), new Float32Array([1, 2, 3]).buffer.slice(6),
          new Int32Array([9, 8]).buffer],
        [{name: 'a', shape: [3], dtype: 'float32'}, {name: 'b', shape: [2], dtype: 'int32'}]),
    'uint8/float32': () => one(u8(256, (i) => i), spec('float32', [256], {dtype: 'uint8', scale: 0.003921568859368563, min: -0.51234567})),
    'uint8/float32_negative_scale': () => one(u8(256, (i) => i), spec('float32', [16, 16], {dtype: 'uint8', scale: -0.1, min: 1e-7})),
    'uint8/float32_tiny': () => one(u8(256, (i) => i), spec('float32', [256], {dtype: 'uint8', scale: 1e-40, min: 0})),
    'uint8/int32_halves': () => one(u8(24, (i) => i), spec('int32', [24], {dtype: 'uint8', scale: 0.5, min: -5.5})),
    'uint8/int32_scaled': () => one(u8(256, (i) => i), spec('int32', [256], {dtype: 'uint8', scale: 0.1, min: -12.35})),
    'uint16/float32': () => one(u16(4096, (i) => (i * 16 + (i % 16))), spec('float32', [4096], {dtype: 'uint16', scale: 1.5259021896696422e-05, min: -0.3})),
    'uint16/float32_large': () => one(u16(512, (i) => i * 128), spec('float32', [512], {dtype: 'uint16', scale: 1e35, min: -3e38})),
    'uint16/int32': () => one(u16(512, (i) => i * 128 + 1), spec('int32', [512], {dtype: 'uint16', scale: 0.75, min: -100.25})),
    'uint16/int32_wraps': () => one(u16(64, (i) => i * 1024), spec('int32', [64], {dtype: 'uint16', scale: 1e6, min: 0.5})),
    'float16/sampled': () => one(new Uint16Array(F16_SAMPLED).buffer, spec('float32', [F16_SAMPLED.length], {dtype: 'float16'})),
    'float16/special': () => one(new Uint16Array(F16_SPECIAL).buffer, spec('float32', [F16_SPECIAL.length], {dtype: 'float16'})),
    'float16/packed_with_uint8': () => all(
        new Uint8Array([...new Uint8Array(new Uint16Array([0x3c00, 0xc000, 0x3555]).buffer), 0, 255, 128]).buffer,
        [{name: 'a', shape: [3], dtype: 'float32', quantization: {dtype: 'float16'}},
          {name: 'b', shape: [3], dtype: 'float32', quantization: {dtype: 'uint8', scale: 0.25, min: -1}}]),
    'error/unknown_quantization': () => one(u8(4, (i) => i), spec('float32', [4], {dtype: 'int4', scale: 1, min: 0})),
    'error/missing_scale': () => one(u8(4, (i) => i), spec('float32', [4], {dtype: 'uint8', min: 0})),
    'error/float16_int32': () => one(u16(4, (i) => i), spec('int32', [4], {dtype: 'float16'})),
    'error/quantized_bool': () => one(u8(4, (i) => i), spec('bool', [4], {dtype: 'uint8', scale: 1, min: 0})),
    'error/unknown_dtype': () => one(u16(4, (i) => i), spec('float16', [4])),
  };
};

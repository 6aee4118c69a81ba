// Operations / Spectral: fft, ifft, rfft, irfft (tf.spectral.*; tf.fft is the same op).
module.exports = ({tf, NaN_, Inf, range}) => {
  const i32 = (values, shape) => tf.tensor(values, shape || [values.length], 'int32');
  const c = (re, im) => tf.complex(re, im);
  // a deterministic complex signal of n samples: sin / cos of 1.37 k
  const wave = (n) => {
    const k = tf.mul(tf.range(0, n), 1.37);
    return tf.complex(tf.sin(k), tf.cos(tf.mul(k, 0.5)));
  };
  const waveRows = (rows, n) => tf.reshape(wave(rows * n), [rows, n]);
  const realWave = (n) => tf.sin(tf.mul(tf.range(0, n), 0.91));
  return {
    // fft: powers of two (TF.js's radix-2 recursion) and other lengths (its DFT)
    'fft/len1': () => tf.spectral.fft(c([2.5], [-1.5])),
    'fft/len2': () => tf.spectral.fft(c([1, 2], [3, -4])),
    'fft/len3': () => tf.spectral.fft(c([1, 2, 3], [0, 0, 0])),
    'fft/len4': () => tf.spectral.fft(c([1, 2, 3, 4], [0, -1, 2, 0.5])),
    'fft/len5': () => tf.spectral.fft(c([1, -2, 3, 0.25, 5], [0.5, 1, -1, 2, 0])),
    'fft/len6': () => tf.spectral.fft(wave(6)),
    'fft/len8': () => tf.spectral.fft(wave(8)),
    'fft/len12': () => tf.spectral.fft(wave(12)),
    'fft/len64': () => tf.spectral.fft(wave(64)),
    'fft/len100': () => tf.spectral.fft(wave(100)),
    'fft/len256': () => tf.spectral.fft(wave(256)),
    'fft/len255': () => tf.spectral.fft(wave(255)),
    'fft/batch_2d': () => tf.spectral.fft(waveRows(3, 16)),
    'fft/batch_2d_odd': () => tf.spectral.fft(waveRows(4, 7)),
    'fft/batch_3d': () => tf.spectral.fft(tf.reshape(wave(24), [2, 3, 4])),
    'fft/nan_inf': () => tf.spectral.fft(c([1, NaN_, 3, 4], [0, 0, 0, 0])),
    'fft/inf': () => tf.spectral.fft(c([Inf, 1, 2, 3, 4], [0, 0, 0, -Inf, 0])),
    'fft/negative_zero': () => tf.spectral.fft(c([-0, -0, -0, -0], [-0, -0, -0, -0])),
    'fft/negative_zero_odd': () => tf.spectral.fft(c([-0, -0, -0], [-0, -0, -0])),
    'fft/large': () => tf.spectral.fft(c([3e38, 3e38, -1e30, 2e38], [1e38, -3e38, 0, 1])),
    'fft/small': () => tf.spectral.fft(c([1e-40, 2e-42, -1e-45, 1e-38, 3e-39, 1e-44], [0, 1e-45, 0, 0, 0, 0])),
    'fft/empty_batch': () => tf.spectral.fft(c(tf.zeros([0, 4]), tf.zeros([0, 4]))),
    'fft/top_level': () => tf.fft(c([1, 2, 3, 4], [4, 3, 2, 1])),
    'fft/float32_input': () => tf.spectral.fft(tf.tensor1d([1, 2])),
    'fft/int32_input': () => tf.spectral.fft(i32([1, 2])),
    // ifft
    'ifft/len1': () => tf.spectral.ifft(c([2.5], [-1.5])),
    'ifft/len2': () => tf.spectral.ifft(c([1, 2], [3, -4])),
    'ifft/len3': () => tf.spectral.ifft(c([6, -1.5, -1.5], [0, 0.8660254, -0.8660254])),
    'ifft/len4': () => tf.spectral.ifft(c([1, 2, 3, 4], [0, -1, 2, 0.5])),
    'ifft/len10': () => tf.spectral.ifft(wave(10)),
    'ifft/len32': () => tf.spectral.ifft(wave(32)),
    'ifft/len100': () => tf.spectral.ifft(wave(100)),
    'ifft/batch_3d': () => tf.spectral.ifft(tf.reshape(wave(48), [2, 3, 8])),
    'ifft/of_fft': () => tf.spectral.ifft(tf.spectral.fft(wave(16))),
    'ifft/nan_inf': () => tf.spectral.ifft(c([1, NaN_, Inf], [0, 0, 0])),
    'ifft/negative_zero': () => tf.spectral.ifft(c([-0, -0], [-0, -0])),
    'ifft/large': () => tf.spectral.ifft(c([3e38, 3e38, 3e38, 3e38], [0, 0, 0, 0])),
    'ifft/empty_batch': () => tf.spectral.ifft(c(tf.zeros([0, 3]), tf.zeros([0, 3]))),
    'ifft/top_level': () => tf.ifft(c([1, 2, 3], [4, 3, 2])),
    'ifft/float32_input': () => tf.spectral.ifft(tf.tensor1d([1, 2])),
    // rfft: fftLength crops or pads with zeros
    'rfft/len1': () => tf.spectral.rfft(tf.tensor1d([2.5])),
    'rfft/len2': () => tf.spectral.rfft(tf.tensor1d([1, 2])),
    'rfft/len3': () => tf.spectral.rfft(tf.tensor1d([1, 2, 3])),
    'rfft/len8': () => tf.spectral.rfft(realWave(8)),
    'rfft/len9': () => tf.spectral.rfft(realWave(9)),
    'rfft/len128': () => tf.spectral.rfft(realWave(128)),
    'rfft/batch_2d': () => tf.spectral.rfft(tf.reshape(realWave(24), [3, 8])),
    'rfft/batch_3d': () => tf.spectral.rfft(tf.reshape(realWave(30), [2, 3, 5])),
    'rfft/crop': () => tf.spectral.rfft(tf.reshape(realWave(18), [2, 9]), 4),
    'rfft/pad': () => tf.spectral.rfft(tf.reshape(realWave(10), [2, 5]), 8),
    'rfft/same_length': () => tf.spectral.rfft(realWave(6), 6),
    'rfft/length_1': () => tf.spectral.rfft(realWave(6), 1),
    'rfft/nan_inf': () => tf.spectral.rfft(tf.tensor1d([NaN_, 1, Inf, -0])),
    'rfft/negative_zero': () => tf.spectral.rfft(tf.tensor1d([-0, -0, -0])),
    'rfft/empty_batch': () => tf.spectral.rfft(tf.zeros([0, 4])),
    'rfft/top_level': () => tf.rfft(tf.tensor1d([1, 0, -1, 0])),
    'rfft/int32_input': () => tf.spectral.rfft(i32([1, 2])),
    'rfft/complex_input': () => tf.spectral.rfft(c([1, 2], [0, 0])),
    // irfft: a rank-1 or rank-4 input gives a 2-D result, a rank-3 one keeps its shape
    'irfft/len1': () => tf.spectral.irfft(c([2.5], [-1.5])),
    'irfft/len2': () => tf.spectral.irfft(c([1, 2], [0, 0])),
    'irfft/len3': () => tf.spectral.irfft(c([1, 2, 3], [0, 1, 0])),
    'irfft/len5': () => tf.spectral.irfft(wave(5)),
    'irfft/len9': () => tf.spectral.irfft(wave(9)),
    'irfft/batch_2d': () => tf.spectral.irfft(waveRows(3, 4)),
    'irfft/batch_3d': () => tf.spectral.irfft(tf.reshape(wave(24), [2, 3, 4])),
    'irfft/batch_4d': () => tf.spectral.irfft(tf.reshape(wave(24), [2, 1, 3, 4])),
    'irfft/of_rfft': () => tf.spectral.irfft(tf.spectral.rfft(realWave(16))),
    'irfft/nan_inf': () => tf.spectral.irfft(c([1, NaN_, 3, Inf], [0, 0, 0, 0])),
    'irfft/empty_batch': () => tf.spectral.irfft(c(tf.zeros([0, 4]), tf.zeros([0, 4]))),
    'irfft/empty_batch_3d': () => tf.spectral.irfft(c(tf.zeros([0, 2, 3]), tf.zeros([0, 2, 3]))),
    'irfft/top_level': () => tf.irfft(c([4, 0, -2], [0, 1, 0])),
    'irfft/float32_input_short': () => tf.spectral.irfft(tf.tensor1d([1, 2])),
  };
};

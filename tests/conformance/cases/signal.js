// Operations / Signal: tf.signal.frame, stft, hannWindow, hammingWindow.
module.exports = ({tf, NaN_, Inf, range}) => {
  const i32 = (values, shape) => tf.tensor(values, shape || [values.length], 'int32');
  const S = tf.signal;
  const ramp = (n) => tf.range(1, n + 1);
  const tone = (n) => tf.sin(tf.mul(tf.range(0, n), 0.3));
  return {
    // frame: whole frames while they fit; padEnd adds those that start inside
    'frame/basic': () => S.frame(ramp(10), 4, 3),
    'frame/step_1': () => S.frame(ramp(5), 2, 1),
    'frame/step_past_length': () => S.frame(ramp(10), 2, 4),
    'frame/exact_fit': () => S.frame(ramp(6), 3, 3),
    'frame/length_is_size': () => S.frame(ramp(4), 4, 1),
    'frame/pad_end': () => S.frame(ramp(10), 4, 3, true),
    'frame/pad_end_value': () => S.frame(ramp(7), 3, 2, true, -5.5),
    'frame/pad_end_short_signal': () => S.frame(ramp(2), 4, 1, true, 9),
    'frame/pad_end_exact_fit': () => S.frame(ramp(6), 3, 3, true, 1),
    'frame/int32': () => S.frame(i32([2147483647, -2147483648, 3, 4, 5]), 3, 2),
    'frame/int32_pad': () => S.frame(i32([1, 2, 3, 4, 5]), 3, 2, true, 7),
    'frame/int32_pad_fraction': () => S.frame(i32([1, 2, 3, 4, 5]), 3, 2, true, 7.5),
    'frame/bool_pad': () => S.frame(tf.tensor1d([true, false, true], 'bool'), 2, 1, true),
    'frame/string_pad': () => S.frame(tf.tensor1d(['a', 'b', 'c']), 2, 1, true, 'z'),
    'frame/special_values': () => S.frame(tf.tensor1d([NaN_, Inf, -Inf, -0, 1e-45, 3e38]), 2, 2),
    'frame/no_frames': () => S.frame(ramp(3), 4, 1),
    'frame/no_frames_int32': () => S.frame(i32([1, 2]), 3, 2),
    'frame/empty_signal': () => S.frame(tf.zeros([0]), 2, 1, true),
    'frame/zero_length': () => S.frame(ramp(3), 0, 1),
    // windows: a - b cos(2 pi n / (N - 1)), N made odd; a length-1 window is [NaN]
    'hann_window/1': () => S.hannWindow(1),
    'hann_window/0': () => S.hannWindow(0),
    'hann_window/2': () => S.hannWindow(2),
    'hann_window/5': () => S.hannWindow(5),
    'hann_window/8': () => S.hannWindow(8),
    'hann_window/64': () => S.hannWindow(64),
    'hann_window/101': () => S.hannWindow(101),
    'hamming_window/1': () => S.hammingWindow(1),
    'hamming_window/3': () => S.hammingWindow(3),
    'hamming_window/10': () => S.hammingWindow(10),
    'hamming_window/64': () => S.hammingWindow(64),
    'hamming_window/99': () => S.hammingWindow(99),
    // stft: rfft of hann-windowed frames, fftLength the enclosing power of 2
    'stft/basic': () => S.stft(ramp(8), 4, 2),
    'stft/tone': () => S.stft(tone(64), 16, 8),
    'stft/odd_frame': () => S.stft(tone(40), 5, 3),
    'stft/fft_length_given': () => S.stft(tone(20), 6, 4, 6),
    'stft/fft_length_larger': () => S.stft(tone(20), 6, 4, 16),
    'stft/fft_length_smaller': () => S.stft(tone(20), 8, 4, 5),
    'stft/hamming': () => S.stft(ramp(5), 3, 1, 3, S.hammingWindow),
    'stft/custom_window': () => S.stft(ramp(6), 3, 3, 4, (n) => tf.ones([n])),
    'stft/int32_signal': () => S.stft(i32([1, 2, 3, 4, 5]), 3, 1),
    'stft/no_frames': () => S.stft(ramp(2), 4, 2),
  };
};

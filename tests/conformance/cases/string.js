// tf.string: stringNGrams, stringSplit, stringToHashBucketFast, staticRegexReplace.
module.exports = ({tf, NaN_, Inf, range}) => {
  const i32 = (v, shape) => tf.tensor(v, shape || [v.length], 'int32');
  const ngrams = (...args) => {
    const r = tf.string.stringNGrams(...args);
    return [r.nGrams, r.nGramsSplits];
  };
  const split = (...args) => {
    const r = tf.string.stringSplit(...args);
    return [r.indices, r.values, r.shape];
  };
  const hash = tf.string.stringToHashBucketFast;
  const replace = tf.string.staticRegexReplace;
  const long = (n) => range(n).map((i) => String.fromCharCode(33 + (i * 7) % 90)).join('');
  const abc = ['a', 'b', 'c', 'd', 'e'];
  return {
    'n_grams/doc': () => ngrams(['a', 'b', 'c', 'd'], i32([0, 2, 4]), '|', [1, 2], 'LP', 'RP', -1, false),
    'n_grams/no_padding': () => ngrams(abc, i32([0, 3, 5]), ' ', [2, 3], '', '', 0, false),
    'n_grams/pad_width_1': () => ngrams(abc, i32([0, 3, 5]), '-', [3], '<', '>', 1, false),
    'n_grams/pad_wider_than_width': () => ngrams(abc, i32([0, 5]), '-', [2], '<', '>', 4, false),
    'n_grams/preserve_short': () => ngrams(abc, i32([0, 1, 1, 5]), '+', [3], 'L', 'R', 0, true),
    'n_grams/preserve_short_padded': () => ngrams(abc, i32([0, 1, 5]), '+', [4], 'L', 'R', 1, true),
    'n_grams/drop_short': () => ngrams(abc, i32([0, 1, 5]), '+', [3], 'L', 'R', 0, false),
    'n_grams/empty_separator_unicode': () => ngrams(['日本', 'é', 'x'], i32([0, 3]), '', [2], '', '', 0, false),
    'n_grams/empty_data': () => ngrams(tf.tensor1d([], 'string'), i32([0]), '|', [2], 'L', 'R', -1, false),
    'n_grams/first_split': () => ngrams(abc, i32([1, 5]), '|', [2], '', '', 0, false),
    'n_grams/splits_decrease': () => ngrams(abc, i32([0, 3, 2, 5]), '|', [2], '', '', 0, false),
    'n_grams/split_past_data': () => ngrams(abc, i32([0, 6]), '|', [2], '', '', 0, false),
    'n_grams/last_split': () => ngrams(abc, i32([0, 4]), '|', [2], '', '', 0, false),
    'n_grams/float_splits': () => ngrams(abc, [0, 5], '|', [2], '', '', 0, false),
    'n_grams/data_rank': () => ngrams([['a']], i32([0, 1]), '|', [2], '', '', 0, false),

    'split/doc': () => split(['hello world', 'a b c'], ' '),
    'split/keep_empty': () => split([' a  b ', '', 'c'], ' ', false),
    'split/skip_empty': () => split([' a  b ', '', 'c'], ' '),
    'split/many_delimiters': () => split(['a,b;c d', ';;x'], ',; ', false),
    'split/many_delimiters_skip': () => split(['a,b;c d', ';;x'], ',; '),
    'split/empty_delimiter': () => split(['abc', '', 'de'], ''),
    'split/unicode_text': () => split(['日本 語', 'é,è'], ' ,'),
    'split/empty_input': () => split(tf.tensor1d([], 'string'), ' '),
    'split/input_rank': () => split([['a b']], ' '),
    'split/delimiter_rank': () => split(['a b'], [' ']),

    'hash/doc': () => hash(['Hello', 'TensorFlow', '2.x'], 3),
    'hash/lengths': () => hash(['', 'a', 'ab', 'abc', 'abcd', 'abcdefg', 'abcdefgh', long(16), long(17), long(31),
                                long(32), long(33), long(64), long(65), long(127), long(128), long(129), long(300)], 1000003),
    'hash/unicode': () => hash(['日本語', 'é', '🙂 emoji', 'naïve café'], 2147483647),
    'hash/big_buckets': () => hash(['a', 'b', 'hello', long(70)], 3000000000),
    'hash/one_bucket': () => hash(['a', 'b'], 1),
    'hash/2d': () => hash([['x', 'y'], ['z', '']], 10),
    'hash/zero_buckets': () => hash(['a'], 0),

    'regex/doc': () => replace(['format       this   spacing      better'], ' +', ' '),
    'regex/first_only': () => replace(['aaa', 'bab'], 'a', 'x', false),
    'regex/groups': () => replace(['john smith', 'jane doe'], '(\\w+)\\s(\\w+)', '$2, $1'),
    'regex/whole_match_and_dollar': () => replace(['cost 5', 'cost 17'], '\\d+', '$$$&.00'),
    'regex/named_group': () => replace(['2024-05-06'], '(?<y>\\d+)-(?<m>\\d+)-(?<d>\\d+)', '$<d>/$<m>/$<y>'),
    'regex/before_after': () => replace(['abc'], 'b', "[$`|$']"),
    'regex/unknown_group_literal': () => replace(['abc'], '(b)', '$2$0$1$'),
    'regex/empty_matches': () => replace(['abc', ''], 'x*', '-'),
    'regex/empty_match_after_match': () => replace(['abc'], 'b*', '-'),
    'regex/dot_and_newline': () => replace(['a\nb\rc'], '.', '_'),
    'regex/end_anchor': () => replace(['end\n', 'end'], 'end$', 'END'),
    'regex/start_anchor': () => replace(['xx', 'ax'], '^x', 'Y'),
    'regex/ascii_word': () => replace(['café naïve', 'a_1 b'], '\\w+', 'W'),
    'regex/digits_unicode': () => replace(['1٢3'], '\\d', 'D'),
    'regex/spaces': () => replace(['a\u00a0b\u2003c\td'], '\\s', '_'),
    'regex/word_boundary': () => replace(['hi there, café'], '\\b', '|'),
    'regex/classes': () => replace(['a-b]c[d'], '[\\]\\[-]', '.'),
    'regex/unicode_text': () => replace(['日本語テキスト'], '本', 'ほん'),
    'regex/2d': () => replace([['ab', 'cb'], ['bb', 'x']], 'b', 'B'),
    'regex/no_match': () => replace(['abc'], 'z', 'Z'),
    'regex/astral_code_units': () => replace(['🙂a', 'x🙂y'], '.', 'x', false),
    'regex/astral_global': () => replace(['🙂a'], '.', '.$&'),
    'regex/astral_pattern': () => replace(['x🙂y🙂'], '🙂', '[$&]'),
    'regex/lazy_and_lookahead': () => replace(['<a><b>', 'foobar foobaz'], '<.+?>|foo(?=bar)', '#'),
  };
};

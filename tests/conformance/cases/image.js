// tf.image: resize_bilinear, resize_nearest_neighbor, crop_and_resize, transform,
// rotate_with_offset, flip_left_right, grayscale_to_rgb, rgb_to_grayscale, threshold.
module.exports = ({tf, NaN_, Inf, range}) => {
  const i32 = (values, shape) => tf.tensor(values, shape || [values.length], 'int32');
  // [3, 4, 2] and [1, 3, 4, 2]: uneven steps so that every interpolation shows.
  const ramp = (v) => v * 1.5 - 4 + (v % 3) * 0.3;
  const img3 = () => tf.tensor3d(range(24).map(ramp), [3, 4, 2]);
  const img4 = () => tf.tensor4d(range(24).map(ramp), [1, 3, 4, 2]);
  const batch = () => tf.tensor4d(range(24).map((v) => (v * 7) % 13 - 2.25), [2, 3, 4, 1]);
  const special = () => tf.tensor3d([1.5, NaN_, -0, Inf, -Inf, 1e-45, 3.4e38, -3.4e38, 0.1], [3, 3, 1]);
  const ints = () => i32([2147483647, -2147483648, 0, 5, -7, 100], [2, 3, 1]);
  const crops = () => tf.tensor4d(range(40).map((v) => (v * 5) % 17 + v / 8), [2, 4, 5, 1]);
  const boxes = () => tf.tensor2d([
    [0, 0, 1, 1], [0.2, 0.1, 0.8, 0.9], [1, 1, 0, 0], [-0.5, -0.25, 1.5, 1.25], [0.25, 0.3, 0.25, 0.3],
  ]);
  const boxInd = () => i32([0, 1, 0, 1, 1]);
  const grid = () => tf.tensor4d(range(12).map((v) => v + 1), [1, 3, 4, 1]);
  const shift = [[1, 0, 1.5, 0, 1, -0.5, 0, 0]];
  const zoom = [[3, 0, -5, 0, 2.5, -4, 0, 0]];
  const turn = [[0.8, -0.6, 1, 0.6, 0.8, -1, 0, 0]];
  const projective = [[1, 0.2, 0, 0.1, 1, 0, -0.5, 0.1]];
  const rgb = () => tf.tensor3d([
    144, 255, 51, 13, 32, 59, 222, 100, 51, 69, 71, 222,
    0, 0, 0, 255, 255, 255, 128, 127, 126, 300, 400, 500,
  ], [4, 2, 3]);
  const modes = ['constant', 'reflect', 'wrap', 'nearest'];
  const cases = {
    // resize_bilinear
    'resize_bilinear/upscale_3d': () => tf.image.resizeBilinear(img3(), [5, 7]),
    'resize_bilinear/downscale': () => tf.image.resizeBilinear(img4(), [2, 3]),
    'resize_bilinear/align_corners': () => tf.image.resizeBilinear(img3(), [5, 7], true),
    'resize_bilinear/align_corners_down': () => tf.image.resizeBilinear(img3(), [2, 3], true),
    'resize_bilinear/align_corners_to_one': () => tf.image.resizeBilinear(img3(), [1, 1], true),
    'resize_bilinear/half_pixel_centers': () => tf.image.resizeBilinear(img3(), [5, 7], false, true),
    'resize_bilinear/half_pixel_down': () => tf.image.resizeBilinear(img4(), [2, 3], false, true),
    'resize_bilinear/odd_ratios': () => tf.image.resizeBilinear(batch(), [7, 3], false, true),
    'resize_bilinear/batch': () => tf.image.resizeBilinear(batch(), [4, 6]),
    'resize_bilinear/same_size': () => tf.image.resizeBilinear(img3(), [3, 4]),
    'resize_bilinear/special': () => tf.image.resizeBilinear(special(), [5, 4]),
    'resize_bilinear/special_half_pixel': () => tf.image.resizeBilinear(special(), [4, 5], false, true),
    'resize_bilinear/int32': () => tf.image.resizeBilinear(ints(), [3, 5]),
    'resize_bilinear/bool': () => tf.image.resizeBilinear(tf.tensor3d([[[true], [false]]]), [1, 3]),
    'resize_bilinear/tensor_like': () => tf.image.resizeBilinear([[[1, 2], [3, 4]]], [2, 3]),
    'resize_bilinear/one_pixel': () => tf.image.resizeBilinear(tf.tensor3d([[[2.5]]]), [2, 3], true),
    'resize_bilinear/empty_output': () => tf.image.resizeBilinear(img3(), [0, 3]),
    'resize_bilinear/empty_batch': () => tf.image.resizeBilinear(tf.zeros([0, 2, 2, 1]), [3, 3]),
    'resize_bilinear/empty_input': () => tf.image.resizeBilinear(tf.zeros([1, 0, 2, 1]), [2, 2]),
    'resize_bilinear/error_rank2': () => tf.image.resizeBilinear(tf.zeros([2, 2]), [3, 3]),
    'resize_bilinear/error_rank5': () => tf.image.resizeBilinear(tf.zeros([1, 1, 2, 2, 1]), [3, 3]),
    'resize_bilinear/error_size': () => tf.image.resizeBilinear(img3(), [3, 3, 1]),
    'resize_bilinear/error_both_flags': () => tf.image.resizeBilinear(img3(), [3, 3], true, true),
    'resize_bilinear/error_complex': () => tf.image.resizeBilinear(tf.complex([[[1]]], [[[2]]]), [2, 2]),

    // resize_nearest_neighbor
    'resize_nearest_neighbor/upscale_3d': () => tf.image.resizeNearestNeighbor(img3(), [5, 7]),
    'resize_nearest_neighbor/downscale': () => tf.image.resizeNearestNeighbor(img4(), [2, 3]),
    'resize_nearest_neighbor/align_corners': () => tf.image.resizeNearestNeighbor(img3(), [5, 7], true),
    'resize_nearest_neighbor/align_corners_halves': () => tf.image.resizeNearestNeighbor(img3(), [5, 4], true),
    'resize_nearest_neighbor/align_corners_to_one': () => tf.image.resizeNearestNeighbor(img3(), [1, 1], true),
    'resize_nearest_neighbor/half_pixel_centers': () => tf.image.resizeNearestNeighbor(img3(), [5, 7], false, true),
    'resize_nearest_neighbor/half_pixel_down': () => tf.image.resizeNearestNeighbor(batch(), [2, 3], false, true),
    'resize_nearest_neighbor/batch': () => tf.image.resizeNearestNeighbor(batch(), [7, 3]),
    'resize_nearest_neighbor/special': () => tf.image.resizeNearestNeighbor(special(), [5, 4]),
    'resize_nearest_neighbor/int32_limits': () => tf.image.resizeNearestNeighbor(ints(), [3, 5]),
    'resize_nearest_neighbor/int32_align': () => tf.image.resizeNearestNeighbor(ints(), [4, 4], true),
    'resize_nearest_neighbor/tensor_like': () => tf.image.resizeNearestNeighbor([[[1], [2], [3]]], [2, 5]),
    'resize_nearest_neighbor/empty_output': () => tf.image.resizeNearestNeighbor(img4(), [2, 0]),
    'resize_nearest_neighbor/empty_input': () => tf.image.resizeNearestNeighbor(tf.zeros([1, 2, 0, 1]), [2, 2]),
    'resize_nearest_neighbor/empty_input_int32': () =>
      tf.image.resizeNearestNeighbor(tf.zeros([1, 2, 0, 1], 'int32'), [2, 1]),
    'resize_nearest_neighbor/error_rank2': () => tf.image.resizeNearestNeighbor(tf.zeros([2, 2]), [3, 3]),
    'resize_nearest_neighbor/error_size': () => tf.image.resizeNearestNeighbor(img3(), [3]),
    'resize_nearest_neighbor/error_bool': () =>
      tf.image.resizeNearestNeighbor(tf.tensor3d([[[true]]]), [2, 2]),
    'resize_nearest_neighbor/error_both_flags': () => tf.image.resizeNearestNeighbor(img3(), [3, 3], true, true),

    // crop_and_resize
    'crop_and_resize/bilinear': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [3, 4]),
    'crop_and_resize/nearest': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [3, 4], 'nearest'),
    'crop_and_resize/extrapolation': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [4, 3], 'bilinear', -7.3),
    'crop_and_resize/nearest_extrapolation': () =>
      tf.image.cropAndResize(crops(), boxes(), boxInd(), [4, 3], 'nearest', 1e40),
    'crop_and_resize/crop_one_by_one': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [1, 1]),
    'crop_and_resize/crop_one_row': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [1, 5], 'bilinear', 2),
    'crop_and_resize/crop_one_column': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [4, 1], 'nearest', 2),
    'crop_and_resize/special_boxes': () => tf.image.cropAndResize(
        crops(), tf.tensor2d([[NaN_, 0, 1, 1], [0, NaN_, 1, 1], [Inf, 0, 1, 1], [0, -Inf, 1, Inf], [-0, -0, 0, 0]]),
        i32([0, 0, 1, 1, 0]), [2, 3], 'bilinear', 5),
    'crop_and_resize/special_boxes_nearest': () => tf.image.cropAndResize(
        crops(), tf.tensor2d([[NaN_, 0, 1, 1], [0, NaN_, 1, 1], [Inf, 0, 1, 1], [0, -Inf, 1, Inf]]),
        i32([0, 0, 1, 1]), [2, 3], 'nearest', 5),
    'crop_and_resize/special_image': () => tf.image.cropAndResize(
        tf.reshape(special(), [1, 3, 3, 1]), tf.tensor2d([[0, 0, 1, 1], [0.1, 0.6, 0.9, 0.2]]), i32([0, 0]), [4, 4]),
    'crop_and_resize/int32_image': () => tf.image.cropAndResize(
        tf.reshape(ints(), [1, 2, 3, 1]), tf.tensor2d([[0, 0, 1, 1]]), i32([0]), [3, 4]),
    'crop_and_resize/bool_image': () => tf.image.cropAndResize(
        tf.tensor4d([true, false, false, true], [1, 2, 2, 1]), [[0, 0, 1, 1]], [0], [3, 3]),
    'crop_and_resize/channels': () => tf.image.cropAndResize(
        img4(), [[0.1, 0.2, 0.7, 0.9], [0.5, 0.5, 0, 0]], [0, 0], [2, 3]),
    'crop_and_resize/height_one': () => tf.image.cropAndResize(
        tf.tensor4d([1, 2, 3], [1, 1, 3, 1]), [[0, 0, 1, 1], [0.5, 0, 2, 1]], [0, 0], [3, 3]),
    'crop_and_resize/no_boxes': () => tf.image.cropAndResize(crops(), tf.zeros([0, 4]), i32([]), [2, 2]),
    'crop_and_resize/error_rank': () => tf.image.cropAndResize(tf.zeros([4, 5, 1]), boxes(), boxInd(), [3, 4]),
    'crop_and_resize/error_boxes_shape': () => tf.image.cropAndResize(crops(), tf.zeros([2, 3]), i32([0, 0]), [3, 4]),
    'crop_and_resize/error_box_ind_shape': () =>
      tf.image.cropAndResize(crops(), tf.zeros([2, 4]), i32([0, 0, 0, 0, 0, 0, 0, 0], [2, 4]), [3, 4]),
    'crop_and_resize/error_crop_size_length': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [3, 4, 1]),
    'crop_and_resize/error_crop_size_zero': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [0, 4]),
    'crop_and_resize/error_method': () => tf.image.cropAndResize(crops(), boxes(), boxInd(), [3, 4], 'cubic'),
    // TF.js leaves the crop of a box index >= batch 0 (see image.py)
    'crop_and_resize/box_ind_beyond_batch': () => tf.image.cropAndResize(crops(), boxes(), i32([0, 2, 0, 1, 1]), [2, 2]),

    // transform
    'transform/identity': () => tf.image.transform(grid(), [[1, 0, 0, 0, 1, 0, 0, 0]]),
    'transform/turn_bilinear': () => tf.image.transform(grid(), turn, 'bilinear'),
    'transform/projective_zero': () => tf.image.transform(grid(), projective, 'nearest', 'constant', 3.25),
    'transform/projective_zero_bilinear': () => tf.image.transform(grid(), projective, 'bilinear', 'nearest', 3.25),
    'transform/output_shape': () => tf.image.transform(img4(), shift, 'bilinear', 'reflect', 0, [5, 2]),
    'transform/output_shape_empty': () => tf.image.transform(grid(), shift, 'nearest', 'constant', 0, [0, 2]),
    'transform/fill_value': () => tf.image.transform(grid(), [[1, 0, -2, 0, 1, 2, 0, 0]], 'nearest', 'constant', 1e40),
    'transform/width_one': () => tf.image.transform(tf.tensor4d([1, 2, 3], [1, 3, 1, 1]), zoom, 'nearest', 'reflect'),
    'transform/width_one_wrap': () => tf.image.transform(tf.tensor4d([1, 2, 3], [1, 3, 1, 1]), zoom, 'bilinear', 'wrap'),
    'transform/special_transform': () =>
      tf.image.transform(grid(), [[NaN_, 0, 0, 0, 1, 0, 0, 0]], 'nearest', 'reflect', 6),
    'transform/special_transform_bilinear': () =>
      tf.image.transform(grid(), [[1, Inf, 0, 0, 1, 0, 0, 0]], 'bilinear', 'wrap', 6),
    'transform/special_image': () => tf.image.transform(tf.reshape(special(), [1, 3, 3, 1]), shift, 'bilinear'),
    'transform/tensor_like': () => tf.image.transform([[[[1], [2]], [[3], [4]]]], [[0, 1, 0, 1, 0, 0, 0, 0]]),
    'transform/empty_batch': () => tf.image.transform(tf.zeros([0, 2, 2, 1]), shift),
    // TF.js 4.22's cpu kernel transforms only the first image of a batch (see image.py)
    'transform/batch_one_transform': () => tf.image.transform(batch(), shift, 'bilinear'),
    'transform/batch_transforms': () => tf.image.transform(batch(), [shift[0], turn[0]], 'nearest', 'wrap'),
    'transform/error_rank': () => tf.image.transform(tf.zeros([3, 3, 1]), shift),
    'transform/error_transforms_width': () => tf.image.transform(grid(), [[1, 0, 0, 0, 1, 0, 0]]),
    'transform/error_transforms_batch': () => tf.image.transform(batch(), tf.zeros([3, 8])),
    'transform/error_transforms_rank': () => tf.image.transform(grid(), [1, 0, 0, 0, 1, 0, 0, 0]),
    'transform/error_output_shape': () => tf.image.transform(grid(), shift, 'nearest', 'constant', 0, [1, 2, 3]),
    'transform/error_interpolation': () => tf.image.transform(grid(), shift, 'cubic'),

    // rotate_with_offset
    'rotate_with_offset/half_radian': () => tf.image.rotateWithOffset(grid(), 0.5),
    'rotate_with_offset/quarter_turn': () => tf.image.rotateWithOffset(crops(), Math.PI / 2),
    'rotate_with_offset/negative': () => tf.image.rotateWithOffset(crops(), -1, 7.5),
    'rotate_with_offset/zero': () => tf.image.rotateWithOffset(img4(), 0),
    'rotate_with_offset/center_number': () => tf.image.rotateWithOffset(crops(), 3, 0, 0.2),
    'rotate_with_offset/center_pair': () => tf.image.rotateWithOffset(crops(), 1.2, -1, [0.1, 0.9]),
    'rotate_with_offset/center_outside': () => tf.image.rotateWithOffset(grid(), 0.3, 1e40, [-1, 2]),
    'rotate_with_offset/rgb_fill': () =>
      tf.image.rotateWithOffset(tf.tensor4d(range(24), [1, 2, 4, 3]), 0.8, [10, 20.5, 30]),
    'rotate_with_offset/rgba_fill': () =>
      tf.image.rotateWithOffset(tf.tensor4d(range(24), [1, 3, 2, 4]), 2, [10, 20, 30]),
    'rotate_with_offset/gray_rgb_fill': () => tf.image.rotateWithOffset(grid(), 2, [10, 20, 30]),
    'rotate_with_offset/special': () => tf.image.rotateWithOffset(tf.reshape(special(), [1, 3, 3, 1]), 1, NaN_),
    'rotate_with_offset/tensor_like': () => tf.image.rotateWithOffset([[[[1], [2]], [[3], [4]]]], Math.PI),
    'rotate_with_offset/empty': () => tf.image.rotateWithOffset(tf.zeros([1, 0, 3, 1]), 1),
    'rotate_with_offset/error_rank': () => tf.image.rotateWithOffset(tf.zeros([3, 3, 1]), 1),

    // flip_left_right
    'flip_left_right/basic': () => tf.image.flipLeftRight(img4()),
    'flip_left_right/batch': () => tf.image.flipLeftRight(batch()),
    'flip_left_right/special': () => tf.image.flipLeftRight(tf.reshape(special(), [1, 3, 3, 1])),
    'flip_left_right/tensor_like': () => tf.image.flipLeftRight([[[[1, 2], [3, 4], [5, 6]]]]),
    'flip_left_right/empty': () => tf.image.flipLeftRight(tf.zeros([2, 3, 0, 1])),
    'flip_left_right/error_rank': () => tf.image.flipLeftRight(tf.zeros([3, 3, 1])),

    // grayscale_to_rgb
    'grayscale_to_rgb/rank2': () => tf.image.grayscaleToRGB(tf.tensor2d([[1], [NaN_], [-0]])),
    'grayscale_to_rgb/rank4': () => tf.image.grayscaleToRGB(tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])),
    'grayscale_to_rgb/int32': () => tf.image.grayscaleToRGB(ints()),
    'grayscale_to_rgb/bool': () => tf.image.grayscaleToRGB(tf.tensor2d([[true], [false]])),
    'grayscale_to_rgb/empty': () => tf.image.grayscaleToRGB(tf.zeros([0, 2, 1])),
    'grayscale_to_rgb/error_rank': () => tf.image.grayscaleToRGB(tf.tensor1d([1])),
    'grayscale_to_rgb/error_last_dim': () => tf.image.grayscaleToRGB(tf.zeros([2, 3])),

    // rgb_to_grayscale
    'rgb_to_grayscale/rank2': () => tf.image.rgbToGrayscale(tf.tensor2d([[255, 0, 0], [10, 20, 30]])),
    'rgb_to_grayscale/rank3': () => tf.image.rgbToGrayscale(rgb()),
    'rgb_to_grayscale/rank4': () => tf.image.rgbToGrayscale(tf.reshape(rgb(), [2, 2, 2, 3])),
    'rgb_to_grayscale/rank5': () => tf.image.rgbToGrayscale(tf.reshape(rgb(), [2, 1, 2, 2, 3])),
    'rgb_to_grayscale/rank6': () => tf.image.rgbToGrayscale(tf.reshape(rgb(), [1, 2, 1, 2, 2, 3])),
    'rgb_to_grayscale/int32': () => tf.image.rgbToGrayscale(tf.cast(rgb(), 'int32')),
    'rgb_to_grayscale/int32_limits': () =>
      tf.image.rgbToGrayscale(i32([2147483647, 2147483647, 2147483647, -2147483648, 0, 5], [2, 3])),
    'rgb_to_grayscale/special': () =>
      tf.image.rgbToGrayscale(tf.tensor2d([[NaN_, 0, 0], [Inf, 1, 1], [-0, -0, -0], [3.4e38, 3.4e38, 3.4e38]])),
    'rgb_to_grayscale/empty': () => tf.image.rgbToGrayscale(tf.zeros([0, 3])),
    'rgb_to_grayscale/error_rank': () => tf.image.rgbToGrayscale(tf.tensor1d([1, 2, 3])),
    'rgb_to_grayscale/error_last_dim': () => tf.image.rgbToGrayscale(tf.zeros([2, 4])),
    'rgb_to_grayscale/error_rank7': () => tf.image.rgbToGrayscale(tf.zeros([1, 1, 1, 1, 1, 1, 3])),

    // threshold
    'threshold/binary_default': () => tf.image.threshold(rgb()),
    'threshold/binary_inverted': () => tf.image.threshold(rgb(), 'binary', true),
    'threshold/binary_value': () => tf.image.threshold(rgb(), 'binary', false, 0.7),
    'threshold/binary_int32': () => tf.image.threshold(tf.cast(rgb(), 'int32'), 'binary', false, 0.2),
    'threshold/gray_channel': () => tf.image.threshold(tf.tensor3d([0, 127, 127.5, 128, 255, NaN_], [2, 3, 1])),
    'threshold/gray_inverted': () =>
      tf.image.threshold(tf.tensor3d([0, 127, 127.5, 128, 255, NaN_], [2, 3, 1]), 'binary', true),
    'threshold/otsu': () => tf.image.threshold(rgb(), 'otsu'),
    'threshold/otsu_inverted': () => tf.image.threshold(rgb(), 'otsu', true),
    'threshold/otsu_gray': () =>
      tf.image.threshold(tf.tensor3d(range(30).map((v) => (v * 37) % 256), [5, 6, 1]), 'otsu'),
    'threshold/otsu_int32': () =>
      tf.image.threshold(i32(range(20).map((v) => (v * v * 3) % 256), [4, 5, 1]), 'otsu'),
    'threshold/otsu_two_levels': () => tf.image.threshold(tf.tensor3d([10, 10, 200, 200, 10, 250], [2, 3, 1]), 'otsu'),
    'threshold/otsu_uniform': () => tf.image.threshold(tf.fill([2, 2, 1], 77), 'otsu'),
    'threshold/otsu_beyond_255': () =>
      tf.image.threshold(tf.tensor3d([1000, 3, 5, 300, 250, 240], [3, 2, 1]), 'otsu'),
    'threshold/empty': () => tf.image.threshold(tf.zeros([0, 2, 3])),
    'threshold/error_rank': () => tf.image.threshold(tf.zeros([2, 3])),
    'threshold/error_channels': () => tf.image.threshold(tf.zeros([2, 2, 2])),
    'threshold/error_dtype': () => tf.image.threshold(tf.zeros([2, 2, 1], 'bool')),
    'threshold/error_method': () => tf.image.threshold(rgb(), 'mean'),
    'threshold/error_otsu_negative': () => tf.image.threshold(tf.tensor3d([-5, 3], [1, 2, 1]), 'otsu'),
  };
  for (const mode of modes) {
    for (const interpolation of ['nearest', 'bilinear']) {
      cases[`transform/shift_${interpolation}_${mode}`] = () => tf.image.transform(grid(), shift, interpolation, mode, 2.5);
      cases[`transform/zoom_${interpolation}_${mode}`] = () => tf.image.transform(grid(), zoom, interpolation, mode);
      cases[`transform/turn_${interpolation}_${mode}`] =
        () => tf.image.transform(img4(), turn, interpolation, mode, -1, [4, 5]);
    }
  }
  return cases;
};

"""`tf.image`: TF.js's image namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.image.crop_and_resize import crop_and_resize
from tfjs.ops.image.flip_left_right import flip_left_right
from tfjs.ops.image.grayscale_to_rgb import grayscale_to_rgb
from tfjs.ops.image.non_max_suppression import non_max_suppression
from tfjs.ops.image.non_max_suppression_async import non_max_suppression_async
from tfjs.ops.image.non_max_suppression_padded import non_max_suppression_padded
from tfjs.ops.image.non_max_suppression_padded_async import non_max_suppression_padded_async
from tfjs.ops.image.non_max_suppression_with_score import non_max_suppression_with_score
from tfjs.ops.image.non_max_suppression_with_score_async import non_max_suppression_with_score_async
from tfjs.ops.image.resize_bilinear import resize_bilinear
from tfjs.ops.image.resize_nearest_neighbor import resize_nearest_neighbor
from tfjs.ops.image.rgb_to_grayscale import rgb_to_grayscale
from tfjs.ops.image.rotate_with_offset import rotate_with_offset
from tfjs.ops.image.threshold import threshold
from tfjs.ops.image.transform import transform

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)

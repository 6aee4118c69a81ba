"""`tf.string`: TF.js's string namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.string.static_regex_replace import static_regex_replace
from tfjs.ops.string.string_n_grams import string_n_grams
from tfjs.ops.string.string_split import string_split
from tfjs.ops.string.string_to_hash_bucket_fast import string_to_hash_bucket_fast

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)

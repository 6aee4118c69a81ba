from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import STRING_TO_HASH_BUCKET_FAST
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def string_to_hash_bucket_fast(input: TensorLike, num_buckets: int) -> Tensor:  # noqa: A002
    """Hashes each string into one of `num_buckets` buckets (int32, same shape): the
    Fingerprint64 of its UTF-8 bytes modulo `num_buckets`, as TF.js (and TensorFlow)
    compute it. Deterministic, fast, not for cryptography.

    >>> tf.string.string_to_hash_bucket_fast(["Hello", "TensorFlow", "2.x"], 3).array_sync()
    [0, 2, 2]
    """
    name = "string_to_hash_bucket_fast"
    input_t = convert_to_tensor(input, "input", name, "string")
    if isinstance(num_buckets, bool) or not isinstance(num_buckets, int):
        raise TypeError(f"{name}: numBuckets must be an integer, got {num_buckets!r}")
    if num_buckets <= 0:
        raise ValueError(f"{name}: Number of buckets must be at least 1, got {num_buckets}")
    return ENGINE.run_kernel(STRING_TO_HASH_BUCKET_FAST, {"input": input_t}, {"num_buckets": num_buckets})

"""`tf.io`: loading and saving model artifacts (model.json and its weight files).

>>> import numpy as np
>>> uint8 = {"dtype": "uint8", "scale": 0.5, "min": -1}
>>> spec = {"name": "w", "shape": [2], "dtype": "float32", "quantization": uint8}
>>> weights = tf.io.decode_weights(np.array([0, 5], np.uint8), [spec])
>>> weights["w"].array_sync()
[-1.0, 1.5]
>>> tf.dispose(weights)
"""

from tfjs.io.handlers import (
    FileSystem,
    file_system,
    from_memory,
    from_memory_sync,
    get_load_handlers,
    get_save_handlers,
    load_model_artifacts,
    load_model_artifacts_async,
    register_load_router,
    register_save_router,
    with_save_handler,
    with_save_handler_sync,
)
from tfjs.io.http_handler import HTTPRequest, browser_http_request, http
from tfjs.io.model_json import (
    check_model_json,
    check_weights_manifest,
    get_model_artifacts_for_json,
    get_model_artifacts_for_json_sync,
    get_model_artifacts_info_for_json,
    get_model_json_for_model_artifacts,
    get_weight_specs,
    parse_model_json,
)
from tfjs.io.shards import is_http_scheme, load_weights
from tfjs.io.types import (
    DTYPE_VALUE_SIZE_MAP,
    IOHandler,
    ModelArtifacts,
    ModelArtifactsInfo,
    SaveResult,
    WeightsManifestConfig,
    WeightsManifestEntry,
)
from tfjs.io.weights import CompositeBuffer, decode_weights, encode_weights

__all__ = [
    "DTYPE_VALUE_SIZE_MAP",
    "CompositeBuffer",
    "FileSystem",
    "HTTPRequest",
    "IOHandler",
    "ModelArtifacts",
    "ModelArtifactsInfo",
    "SaveResult",
    "WeightsManifestConfig",
    "WeightsManifestEntry",
    "browser_http_request",
    "check_model_json",
    "check_weights_manifest",
    "decode_weights",
    "encode_weights",
    "file_system",
    "from_memory",
    "from_memory_sync",
    "get_load_handlers",
    "get_model_artifacts_for_json",
    "get_model_artifacts_for_json_sync",
    "get_model_artifacts_info_for_json",
    "get_model_json_for_model_artifacts",
    "get_save_handlers",
    "get_weight_specs",
    "http",
    "is_http_scheme",
    "load_model_artifacts",
    "load_model_artifacts_async",
    "load_weights",
    "parse_model_json",
    "register_load_router",
    "register_save_router",
    "with_save_handler",
    "with_save_handler_sync",
]

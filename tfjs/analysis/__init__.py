"""Model analysis: what a model is (`model_info`), how fast it runs (`bench`,
`profile_model`), whether float16 is enough for it (`check_fp16`), and pixels through
it (`run_model`, with a classifier's top labels from its metadata.json), for graph models
and layers models alike (`load_model`). The `tfjs` command is built on these."""

from tfjs.analysis.fp16 import Fp16Finding, check_fp16
from tfjs.analysis.info import ModelInfo, TensorSpec, WeightGroup, estimate_flops, load, model_info
from tfjs.analysis.inputs import make_inputs
from tfjs.analysis.labels import Labels, read_labels
from tfjs.analysis.layers_info import estimate_kernel_flops
from tfjs.analysis.models import load_model
from tfjs.analysis.run import RunResult, run_model
from tfjs.analysis.timing import BenchResult, KernelTime, ProfileResult, bench, profile_model

__all__ = [
    "BenchResult",
    "Fp16Finding",
    "KernelTime",
    "Labels",
    "ModelInfo",
    "ProfileResult",
    "RunResult",
    "TensorSpec",
    "WeightGroup",
    "bench",
    "check_fp16",
    "estimate_flops",
    "estimate_kernel_flops",
    "load",
    "load_model",
    "make_inputs",
    "model_info",
    "profile_model",
    "read_labels",
    "run_model",
]

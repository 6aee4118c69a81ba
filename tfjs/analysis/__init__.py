"""Model analysis: what a model is (`model_info`), how fast it runs (`bench`,
`profile_model`), whether float16 is enough for it (`check_fp16`), and pixels through
it (`run_model`). The `tfjs` command is built on these."""

from tfjs.analysis.fp16 import Fp16Finding, check_fp16
from tfjs.analysis.info import ModelInfo, TensorSpec, WeightGroup, estimate_flops, load, model_info
from tfjs.analysis.inputs import make_inputs
from tfjs.analysis.run import RunResult, run_model
from tfjs.analysis.timing import BenchResult, KernelTime, ProfileResult, bench, profile_model

__all__ = [
    "BenchResult",
    "Fp16Finding",
    "KernelTime",
    "ModelInfo",
    "ProfileResult",
    "RunResult",
    "TensorSpec",
    "WeightGroup",
    "bench",
    "check_fp16",
    "estimate_flops",
    "load",
    "make_inputs",
    "model_info",
    "profile_model",
    "run_model",
]

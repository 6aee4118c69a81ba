"""The torch backend's flags, read and applied when it starts (TF.js's WebGL backend
reads its `WEBGL_*` flags the same way): the device (`TORCH_DEVICE`), the CPU thread
count (`TORCH_NUM_THREADS`, 0: PyTorch's own), whether CUDA matmuls and convolutions may
use TF32 (`TORCH_ALLOW_TF32`, off: float32 as TF.js computes) and the most bytes its
buffers may hold on the device (`TORCH_MAX_BYTES`, 0: no cap), and whether float32
buffers keep float32 values (`TORCH_RENDER_FLOAT32_ENABLED`, as TF.js's
`WEBGL_RENDER_FLOAT32_ENABLED`: false shows what a GPU with 16-bit textures gives), and
whether each convolution runs by the algorithm measured fastest for its shapes
(`TORCH_MEASURE_CONVOLUTIONS`, false: torch's own), and whether a compiled plan may run
with oneDNN Graph's partitions (`TORCH_ONEDNN_GRAPH`; with both false, the same bits in
every process), and whether PyTorch puts CPU buffers of 2 MB or more in transparent huge
pages (`TORCH_HUGE_PAGES`: PyTorch's `THP_MEM_ALLOC_ENABLE`, unless that is set; PyTorch
reads it at its first CPU allocation). A device that does not exist fails the start, so
`set_backend('torch')` returns False and says why.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import torch

from tfjs.environment import ENV

# Huge pages for the large activations a model's convolutions stream over: fewer TLB
# misses, each one dearer in a virtual machine (CenterNet's 64x256x256 layers: ours/ORT
# 1.03 -> 0.92 in one benchmark run; models whose buffers are all smaller are unchanged).
_PYTORCH_HUGE_PAGES = "THP_MEM_ALLOC_ENABLE"


@dataclass(frozen=True)
class TorchSettings:
    """What the backend keeps of its flags: its device, its byte cap (0: none) and
    whether float32 buffers hold float32 (else float16) values."""

    device: torch.device
    max_bytes: int
    render_float32: bool = True
    measure_convolutions: bool = True
    onednn_graph: bool = True


def resolve_device(name: str) -> torch.device:
    """The device `name` ('cpu', 'cuda', 'cuda:N') names; a ValueError saying why when
    it is not a device name or the device does not exist."""
    try:
        device = torch.device(name)
    except RuntimeError:
        raise ValueError(f"TORCH_DEVICE: {name!r} is not a device name (cpu, cuda or cuda:N)") from None
    if device.type == "cpu":
        return device
    if device.type != "cuda":
        raise ValueError(f"TORCH_DEVICE: {name!r} is not a cpu or cuda device")
    count = torch.cuda.device_count() if torch.cuda.is_available() else 0
    if (device.index or 0) >= count:
        raise ValueError(
            f"TORCH_DEVICE: device {name!r} does not exist (PyTorch sees {count} CUDA device(s))"
        )
    return device


def start_settings(device: str | torch.device | None = None) -> TorchSettings:
    """Reads the torch flags, checks them all, then applies the process-wide ones (thread
    count, TF32, huge pages); `device` given here takes the place of `TORCH_DEVICE`."""
    chosen = resolve_device(str(device if device is not None else ENV.get_string("TORCH_DEVICE")))
    threads = _non_negative_int("TORCH_NUM_THREADS")
    max_bytes = _non_negative_int("TORCH_MAX_BYTES")
    allow_tf32 = ENV.get_bool("TORCH_ALLOW_TF32")
    render_float32 = ENV.get_bool("TORCH_RENDER_FLOAT32_ENABLED")
    measure_convolutions = ENV.get_bool("TORCH_MEASURE_CONVOLUTIONS")
    onednn_graph = ENV.get_bool("TORCH_ONEDNN_GRAPH")
    os.environ.setdefault(_PYTORCH_HUGE_PAGES, "1" if ENV.get_bool("TORCH_HUGE_PAGES") else "0")
    if threads > 0:
        torch.set_num_threads(threads)
    torch.backends.cuda.matmul.allow_tf32 = allow_tf32
    torch.backends.cudnn.allow_tf32 = allow_tf32
    return TorchSettings(chosen, max_bytes, render_float32, measure_convolutions, onednn_graph)


def _non_negative_int(flag: str) -> int:
    value = ENV.get_number(flag)
    if value < 0 or int(value) != value:
        raise ValueError(f"{flag}: takes a whole number of 0 or more, got {value!r}")
    return int(value)

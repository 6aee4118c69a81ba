"""The `torch` backend: tensor data held as PyTorch tensors on one device.

Buffers are stored in the dtype's torch type (float32, int32, bool, complex64) under
their data ids; string tensors stay NumPy arrays on the host, and every kernel given a
string runs `cpu`'s kernel on them. Kernels never write a buffer in place, so buffers
shared by reshapes and clones are safe. float32 compute: TF32 is off on CUDA.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import Any

import numpy as np
import torch

from tfjs.backends.backend import BackendTimingInfo, DataId, KernelBackend, Pending, TensorInfo
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.backends.torch.deferred_checks import ValueChecks, checks_for
from tfjs.backends.torch.device_events import EventSource, event_source_for, wait_for
from tfjs.backends.torch.device_memory import (
    AllocatorBytes,
    allocator_bytes_for,
    device_memory_info,
)
from tfjs.backends.torch.device_settings import start_settings
from tfjs.backends.torch.device_timing import DeviceTimer, device_timer_for
from tfjs.backends.torch.registry import KERNEL_NAMES, cpu_kernel_func
from tfjs.backends.torch.tracing import traced
from tfjs.tensor_size import TensorTooLargeError

TORCH_DTYPES: dict[str, torch.dtype] = {
    "float32": torch.float32,
    "int32": torch.int32,
    "bool": torch.bool,
    "complex64": torch.complex64,
}

# The kernels this backend runs on `cpu`: strings, ragged and sparse tensors, and the
# kernels whose output shape depends on the input's values.
FORWARDED_KERNELS = frozenset(
    {
        "StaticRegexReplace",
        "StringNGrams",
        "StringSplit",
        "StringToHashBucketFast",
        "RaggedGather",
        "RaggedRange",
        "RaggedTensorToTensor",
        "SparseFillEmptyRows",
        "SparseReshape",
        "SparseSegmentMean",
        "SparseSegmentSum",
        "NonMaxSuppressionV3",
        "NonMaxSuppressionV4",
        "NonMaxSuppressionV5",
        "Unique",
        "Bincount",
        "DenseBincount",
    }
)


class TorchBackend(KernelBackend):
    """Holds each buffer as a torch tensor (strings as NumPy arrays) under its data id."""

    forwarded_kernels = FORWARDED_KERNELS
    folds_plans = True  # its kernels are TF.js's within rounding, not to the bit

    def __init__(self, device: str | torch.device | None = None) -> None:
        """Starts on `device` (else the `TORCH_DEVICE` flag's), applying the torch flags;
        a ValueError when a flag is bad or the device does not exist."""
        settings = start_settings(device)
        self.device = settings.device
        self.max_bytes = settings.max_bytes  # 0: no cap
        self.render_float32 = settings.render_float32
        self.measure_convolutions = settings.measure_convolutions  # conv_algorithms.py
        self.onednn_graph = settings.onednn_graph  # plan_compiler.py
        self.data: dict[DataId, Any] = {}
        self._buffer_bytes: dict[DataId, int] = {}
        self._string_ids: set[DataId] = set()  # while empty, no kernel input is a string
        self.num_bytes_on_device = 0
        # The kernel running now and the buffers it has stored (dropped if it fails).
        self._kernel_name = "an upload"
        self._made: list[DataId] | None = None
        # Values made from a buffer once and kept until it is freed (a model's filters in
        # torch's layout: weights are converted during the first call, as TF.js's warm-up),
        # and what kernels recorded of the values they made (`mark`).
        self._derived: dict[DataId, dict[Any, Any]] = {}
        self._host = CpuBackend()  # runs cpu kernels on downloaded inputs (strings, int conv3d)
        self._host.name = "cpu"
        # What `read` waits on (None: read at once); a test may put a stand-in here.
        self.event_source: EventSource | None = event_source_for(self.device)
        # How `memory` asks the device's caching allocator (None on the CPU device).
        self.allocator_bytes: AllocatorBytes | None = allocator_bytes_for(self.device)
        # How `time` times on the device (None on the CPU device: the wall clock does).
        self.device_timer: DeviceTimer | None = device_timer_for(self.device)
        # The kernels' value checks: at once on the CPU device, settled at the next
        # download on a GPU; a test may put deferred ones here.
        self.checks: ValueChecks = checks_for(self.device)

    # ---- storage --------------------------------------------------------------------

    def write(self, values: np.ndarray, dtype: str) -> DataId:
        data_id = DataId()
        self.move(data_id, values, dtype)
        return data_id

    def move(self, data_id: DataId, values: np.ndarray, dtype: str) -> None:
        self.store(data_id, self.upload(values, dtype))
        self._derived.pop(data_id, None)

    def upload(self, values: np.ndarray, dtype: str) -> Any:
        """`values` (in `dtype`'s NumPy storage) as a tensor on the device; strings stay."""
        if dtype == "string":
            values.flags.writeable = False
            return values
        if not (values.flags.c_contiguous and values.flags.aligned and values.dtype.isnative):
            values = values.astype(values.dtype.newbyteorder("="), order="C")  # a copy
        if values.flags.writeable:
            return torch.from_numpy(values).to(self.device)
        return _read_only_on_device(values, self.device)

    def read_sync(self, data_id: DataId) -> np.ndarray:
        self.checks.raise_pending()
        return _host_values(self.data[data_id])

    def read(self, data_id: DataId) -> Awaitable[np.ndarray]:
        """The values under `data_id` once the device has computed them: the copy is
        queued now, behind the pending work, and an event after it is polled from asyncio.
        The awaitable keeps the buffer alive: a dispose before it is awaited frees it for
        the engine, not under the read."""
        stored = self.data[data_id]
        if isinstance(stored, np.ndarray) or self.event_source is None:
            return Pending(lambda _: self._settled(stored))
        copy, event = stored.detach().to("cpu", non_blocking=True), self.event_source(self.device)
        return Pending(lambda _: self._settled(copy), lambda: wait_for(event))

    def _settled(self, values: Any) -> np.ndarray:
        self.checks.raise_pending()  # the device is done: settling them does not block
        return _host_values(values)

    def dispose_data(self, data_id: DataId) -> None:
        del self.data[data_id]
        self.num_bytes_on_device -= self._buffer_bytes.pop(data_id, 0)
        self._string_ids.discard(data_id)
        self._derived.pop(data_id, None)

    def store(self, data_id: DataId, stored: Any) -> None:
        """Keeps `stored` under `data_id`, counting its device bytes against the cap
        (`TORCH_MAX_BYTES`): past it, a TensorTooLargeError naming the kernel and bytes,
        and nothing is kept."""
        if not self.render_float32 and not isinstance(stored, np.ndarray):
            stored = _as_float16_texture(stored)
        nbytes = 0 if isinstance(stored, np.ndarray) else stored.numel() * stored.element_size()
        if self.max_bytes and self.num_bytes_on_device + nbytes > self.max_bytes:
            raise TensorTooLargeError(
                f"{self._kernel_name}: storing {nbytes} bytes on {self.device} would pass the "
                f"torch backend's cap of {self.max_bytes} bytes (TORCH_MAX_BYTES); "
                f"{self.num_bytes_on_device} bytes are held"
            )
        self.data[data_id] = stored
        self._buffer_bytes[data_id] = nbytes
        if isinstance(stored, np.ndarray):
            self._string_ids.add(data_id)
        self.num_bytes_on_device += nbytes
        if self._made is not None:
            self._made.append(data_id)

    def num_data_ids(self) -> int:
        return len(self.data)

    def memory(self) -> dict[str, Any]:
        """TF.js's WebGL keys (`num_bytes_in_gpu`, …) on a GPU, `unreliable` where the
        caching allocator holds more than the tensors; exact on the CPU device."""
        stats = self.allocator_bytes(self.device) if self.allocator_bytes is not None else None
        return device_memory_info(self.num_bytes_on_device, stats)

    def float_precision(self) -> int:
        """32, or 16 where float32 buffers hold float16 values (TF.js's WebGL on a GPU
        without 32-bit float textures)."""
        return 32 if self.render_float32 else 16

    def compile_plan(self, run: Callable[[Any], Any], feeds: list[Any]) -> Callable[[Any], Any] | None:
        """The plan as one frozen TorchScript graph where it can be, with oneDNN Graph's
        partitions where they are as fast (plan_compiler.py)."""
        from tfjs.backends.torch.plan_compiler import compile_plan

        return compile_plan(self, run, feeds)

    def synchronize(self) -> None:
        if self.device.type == "cuda":
            torch.cuda.synchronize(self.device)

    def time(self, f: Callable[[], Any]) -> BackendTimingInfo:
        """Runs `f` and times its work: by CUDA events around it on a GPU, read lazily
        (nothing waits until a time is asked for); by the wall clock on the CPU device."""
        if self.device_timer is None:
            return super().time(f)
        return self.device_timer.time(f)

    def first_non_finite(self, data_id: DataId, dtype: str) -> float | None:
        """The first NaN or ±Infinity under `data_id`, found on the device: one reduction,
        one bool downloaded, and the bad value itself only when there is one."""
        stored = self.data[data_id]
        if dtype != "float32" or isinstance(stored, np.ndarray) or stored.numel() == 0:
            return None
        bad = ~torch.isfinite(stored.reshape(-1))
        if not bool(bad.any()):
            return None
        return float(stored.reshape(-1)[torch.argmax(bad.to(torch.uint8))])

    def dispose(self) -> None:
        self.checks.clear()
        self.data.clear()
        self._buffer_bytes.clear()
        self._string_ids.clear()
        self.num_bytes_on_device = 0
        self._derived.clear()
        super().dispose()

    # ---- running kernels ------------------------------------------------------------

    def execute(self, kernel_func: Any, inputs: Mapping[str, Any], attrs: Mapping[str, Any]) -> Any:
        name = KERNEL_NAMES.get(kernel_func, getattr(kernel_func, "__qualname__", "a kernel"))
        self._kernel_name, self._made = name, []
        try:
            if self._string_ids and any(t.dtype == "string" for t in _tensors(inputs)):
                return self.run_on_host(cpu_kernel_func(name), {**inputs, **attrs})
            return kernel_func(self, **inputs, **attrs)
        except torch.OutOfMemoryError as error:
            self._drop(self._made)
            raise TensorTooLargeError(
                f"{name}: the torch backend could not allocate memory on {self.device} ({error})"
            ) from None
        except TensorTooLargeError:
            self._drop(self._made)
            raise
        finally:
            self._kernel_name, self._made = "an upload", None

    def _drop(self, data_ids: list[DataId]) -> None:
        """Frees the buffers a failed kernel stored, so nothing it made is leaked."""
        for data_id in data_ids:
            if data_id in self.data:
                self.dispose_data(data_id)

    def run_on_host(self, cpu_func: Any, inputs_and_attrs: Mapping[str, Any]) -> Any:
        """Runs a cpu kernel on the inputs' values downloaded, and uploads its outputs."""
        host = self._host
        try:
            for tensor in _tensors(inputs_and_attrs):
                host.data[tensor.data_id] = self.read_sync(tensor.data_id)
            result = host.execute(cpu_func, inputs_and_attrs, {})
            for info in [result] if isinstance(result, TensorInfo) else result:
                if info.data_id not in self.data:
                    self.store(info.data_id, self.upload(host.data[info.data_id], info.dtype))
        finally:
            host.data.clear()
        return result

    # ---- helpers for kernels --------------------------------------------------------

    def tensor(self, info: Any) -> torch.Tensor:
        """The values of a kernel input as a torch tensor, in its shape."""
        stored = self.data[info.data_id]
        return stored if stored.shape == info.shape else stored.reshape(info.shape)

    def make_output(self, values: torch.Tensor, dtype: str) -> TensorInfo:
        """Stores a kernel's result, converted into `dtype`'s storage as a typed array
        would store it; a view of part of a buffer (a slice, a broadcast) is copied so it
        keeps nothing alive, but in a traced plan, whose graph frees what it no longer
        reads (its outputs are stored here again, after it runs). A view of a whole
        buffer in another order (a transpose) is kept as it is: the kernels that read it
        take any strides, and a transpose back, or a channels-first convolution reading a
        channels-last buffer, costs no copy."""
        values = to_storage(values, dtype)
        if not traced() and (
            values.storage_offset()
            or values.untyped_storage().nbytes() != values.numel() * values.element_size()
        ):
            values = values.clone(memory_format=torch.contiguous_format)
        data_id = DataId()
        self.store(data_id, values)
        return TensorInfo(data_id, tuple(values.shape), dtype)

    def derived(self, info: Any, key: Any, make: Any) -> torch.Tensor:
        """`make(values of info)`, made once per buffer, shape and `key` and kept until the
        buffer is freed (buffers are never written in place, so it stays true)."""
        cache = self._derived.setdefault(info.data_id, {})
        full_key = (key, tuple(info.shape))
        if full_key not in cache:
            cache[full_key] = make(self.tensor(info))
        return cache[full_key]

    def mark(self, info: TensorInfo, fact: str) -> TensorInfo:
        """Records `fact` of the values a kernel made (NO_NEGATIVE_ZERO), kept with the
        buffer until it is freed; returns `info`."""
        self._derived.setdefault(info.data_id, {})[(fact, None)] = True
        return info

    def marked(self, info: Any, fact: str) -> bool:
        """Whether a kernel recorded `fact` of `info`'s buffer (`mark`)."""
        return (fact, None) in self._derived.get(info.data_id, {})

    def forward(self, info: Any, shape: tuple[int, ...], dtype: str | None = None) -> TensorInfo:
        """A result sharing `info`'s buffer (reshape, identity): no copy."""
        return TensorInfo(info.data_id, tuple(shape), dtype or info.dtype)

    def scalar(self, value: float, dtype: torch.dtype = torch.float32) -> torch.Tensor:
        """A 0-d tensor on the device."""
        return torch.tensor(value, dtype=dtype, device=self.device)


# A float32 buffer that holds no -0: a convolution's sums (they start at +0, and the bias
# is added as each is stored), and a sum of such a buffer and any other.
NO_NEGATIVE_ZERO = "no -0"


def to_storage(values: torch.Tensor, dtype: str) -> torch.Tensor:
    """`values` as a TypedArray of `dtype` stores them: int32 truncates toward zero and
    wraps (NaN and ±Infinity store 0), bool is non-zero."""
    target = TORCH_DTYPES[dtype]
    if values.dtype == target:
        return values
    if dtype == "int32":
        return to_int32(values)
    if dtype == "bool":
        return values != 0
    if values.dtype == torch.bool:  # bools to bytes to floats: half the time of bools to floats
        values = values.to(torch.uint8)  # (a dtype view would stop TorchScript freezing a plan)
    return values.to(target)


def to_int32(values: torch.Tensor) -> torch.Tensor:
    """Int32Array's conversion: truncation, wrapping modulo 2**32, 0 for NaN and ±Inf."""
    if not values.is_floating_point():
        return values.to(torch.int32)
    # fmod is exact, and keeps the fraction that the cast to int64 truncates; NaN and
    # ±Infinity (whose fmod is NaN) cast to a value whose low 32 bits are zero (x86's
    # 2**63, 0 elsewhere): 3 ops where the isfinite/where/trunc spelling took 7.
    return torch.fmod(values, 4294967296.0).to(torch.int64).to(torch.int32)


def _as_float16_texture(values: torch.Tensor) -> torch.Tensor:
    """float32 values rounded to float16 (±Infinity past 65504), as a half-float texture
    stores them; int32 and bool stay exact here, unlike WebGL's (which holds them as floats)."""
    if values.dtype == torch.float32:
        return values.to(torch.float16).to(torch.float32)
    if values.dtype == torch.complex64:
        return torch.complex(_as_float16_texture(values.real), _as_float16_texture(values.imag))
    return values


def _read_only_on_device(values: np.ndarray, device: torch.device) -> torch.Tensor:
    """A read-only array (a model shard's weight views) on `device`, with no host copy
    where NumPy can share it: torch.from_numpy warns on read-only memory, DLPack 1.0 (NumPy
    2.1 and later) shares it. Kernels never write a stored buffer in place, so the memory is
    never written; on the CPU device it is shared, on a GPU copied once, to the device."""
    try:
        shared = torch.from_dlpack(values)
    except BufferError:  # a NumPy that cannot export read-only memory: one host copy
        return torch.tensor(values, device=device)
    return shared.to(device)


def _host_values(stored: Any) -> np.ndarray:
    """A stored buffer's values as a read-only NumPy array (strings are one already)."""
    if isinstance(stored, np.ndarray):
        return stored
    values = stored.detach().cpu().numpy()
    values.flags.writeable = False
    return values


def _tensors(inputs: Mapping[str, Any]) -> Iterator[Any]:
    for value in inputs.values():
        if isinstance(value, (list, tuple)):
            yield from (item for item in value if hasattr(item, "data_id"))
        elif hasattr(value, "data_id"):
            yield value

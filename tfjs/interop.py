"""Sharing tensor memory with PyTorch and NumPy: DLPack both ways and `data_to_gpu`.

Nothing is copied where the memory can be shared: a tensor made by `from_dlpack` holds the
producer's buffer, and `torch.from_dlpack(t)` / `np.from_dlpack(t)` / `t.data_to_gpu()`
give the backend's own buffer. Dispose semantics: `t.dispose()` only drops this project's
reference; the memory is freed when the last holder (a torch tensor, a NumPy array or a
tfjs tensor) lets go, so a dispose never invalidates the other side's view. Kernels never
write a buffer in place, so the other side sees the same values for as long as it does
not write into them itself: writing into shared memory changes the tfjs tensor too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tfjs.backends.backend import DataId
from tfjs.engine import engine

if TYPE_CHECKING:
    from tfjs.tensor import Tensor

# The dtypes TF.js stores and DLPack describes the same way; string has no DLPack form.
# Keyed by the dtype's name in NumPy and in torch (without "torch.").
SHARED_DTYPES = {"float32": "float32", "int32": "int32", "bool": "bool", "complex64": "complex64"}


def from_dlpack(x: Any) -> Tensor:
    """A tensor on the active backend holding the memory of `x`, any object with
    `__dlpack__` (a torch tensor, a NumPy array, ...), without a copy where the active
    backend can hold it: `torch` keeps a torch tensor (copied only when it lives on another
    device than the backend's or is not contiguous), `cpu` a NumPy array (CPU memory
    only). float32, int32, bool and complex64 are shared; any other dtype is a TypeError
    naming it. `tf.memory()` counts the tensor's bytes once, as for any other tensor.

    >>> a = np.array([1, 2, 3], dtype=np.int32)
    >>> tf.from_dlpack(a).data_sync()
    array([1, 2, 3], dtype=int32)
    """
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack: argument 'x' must have __dlpack__, got {type(x).__name__}")
    eng = engine()
    backend = eng.backend
    if backend.name == "torch":
        return _from_dlpack_torch(x, eng, backend)
    try:
        values = np.from_dlpack(x)
    except (BufferError, RuntimeError) as error:
        raise TypeError(f"from_dlpack: backend '{backend.name}' cannot hold this memory ({error})") from None
    dtype = _dtype_name(values.dtype)
    return eng.make_tensor(values, dtype, origin="from_dlpack")


def _from_dlpack_torch(x: Any, eng: Any, backend: Any) -> Tensor:
    import torch

    from tfjs.tensor import Tensor

    if isinstance(x, torch.Tensor):
        x = x.detach()  # autograd's graph stays with torch: the values are shared
    values = torch.from_dlpack(x)
    dtype = _dtype_name(str(values.dtype).removeprefix("torch."))
    values = values.to(backend.device).contiguous()  # no copy when already so
    data_id = DataId()
    # The backend's own bookkeeping: its byte cap (TORCH_MAX_BYTES, an error and nothing
    # kept past it) and its 16-bit mode (float32 values rounded: a copy, not shared).
    backend.store(data_id, values)
    result = Tensor(data_id, tuple(values.shape), dtype)
    eng.track_tensor(result, backend, "from_dlpack")
    return result


def _dtype_name(dtype: object) -> str:
    name = SHARED_DTYPES.get(str(dtype))
    if name is None:
        raise TypeError(
            f"from_dlpack: dtype {dtype} cannot be shared; TF.js tensors hold float32, "
            "int32, bool or complex64 (convert it first, e.g. x.astype('float32'))"
        )
    return name


def native_buffer(tensor: Tensor, method: str) -> Any:
    """The buffer the backend holds for `tensor`, in its shape (a view, never a copy)."""
    tensor._throw_if_disposed(method)
    if tensor.dtype == "string":
        raise TypeError(f"{method}: string tensors have no DLPack form")
    backend: Any = engine().backend_holding(tensor)
    checks = getattr(backend, "checks", None)  # torch's value checks pending on a GPU
    if checks is not None:
        checks.raise_pending()  # the buffer's values reach the caller: settle them first
    stored: Any = getattr(backend, "data", {}).get(tensor.data_id)
    if not hasattr(stored, "__dlpack__"):
        raise TypeError(f"{method}: backend '{backend.name}' cannot share this tensor's memory")
    return stored.reshape(tensor.shape)


def dlpack(tensor: Tensor, **kwargs: Any) -> Any:
    """`tensor.__dlpack__(...)`: the backend buffer's DLPack capsule."""
    return native_buffer(tensor, "__dlpack__").__dlpack__(**kwargs)


def dlpack_device(tensor: Tensor) -> tuple[int, int]:
    """`tensor.__dlpack_device__()`: (device type, device index) of the backend buffer."""
    return native_buffer(tensor, "__dlpack_device__").__dlpack_device__()


def data_to_gpu(tensor: Tensor) -> Any:
    """TF.js's `dataToGPU` on the `torch` backend: the torch tensor holding the values
    (shaped, on the backend's device), without a copy. TF.js returns `{tensor, texture,
    texShape, ...}` because a WebGL texture needs its layout described; a torch tensor
    describes itself (shape, dtype, device), so it is returned as is. It keeps its memory
    alive by itself: disposing the tfjs tensor does not invalidate it, so there is no
    second tensor to dispose as in TF.js. Don't write into it (use `.clone()` first).
    """
    backend = engine().backend_holding(tensor) if not tensor.is_disposed else None
    if backend is not None and backend.name != "torch":
        raise ValueError(
            f"data_to_gpu: tensor {tensor.id} lives on backend '{backend.name}', which has no "
            "device memory; use the 'torch' backend (tf.set_backend('torch'))"
        )
    buffer = native_buffer(tensor, "data_to_gpu")
    if isinstance(buffer, np.ndarray):
        raise TypeError(f"data_to_gpu: {tensor.dtype} tensors stay on the host")
    return buffer

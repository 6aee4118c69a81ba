"""What a running graph's control-flow mappers see: the frames of loops (TF.js's
ExecutionContext), the model's tensor arrays, tensor lists, hash tables and functions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tfjs.converter.executor import GraphExecutor
    from tfjs.converter.resources import ResourceManager
    from tfjs.tensor import Tensor


@dataclass(frozen=True)
class Frame:
    id: int
    name: str
    iteration: int


_ROOT = (Frame(0, "", 0),)


class ExecutionContext:
    """Frames and resources of one execution. `context_ids` are the keys under which a
    node's tensors are stored in the current frame and its parents (innermost first)."""

    def __init__(
        self,
        functions: dict[str, GraphExecutor] | None = None,
        resources: ResourceManager | None = None,
        tensor_arrays: dict[int, Any] | None = None,
        tensor_lists: dict[int, Any] | None = None,
    ) -> None:
        self.functions = functions if functions is not None else {}
        self.resources = resources
        self.tensor_arrays = tensor_arrays if tensor_arrays is not None else {}
        self.tensor_lists = tensor_lists if tensor_lists is not None else {}
        self._frames: tuple[Frame, ...] = _ROOT
        self._last_id = 0
        self.context_ids: tuple[str, ...] = ("",)

    # ---- frames -----------------------------------------------------------------------

    @property
    def frames(self) -> tuple[Frame, ...]:
        return self._frames

    @frames.setter
    def frames(self, frames: tuple[Frame, ...]) -> None:
        if frames is not self._frames:
            self._frames = frames
            self.context_ids = _context_ids(frames)

    @property
    def context_id(self) -> str:
        return self.context_ids[0]

    def enter_frame(self, frame_name: str) -> None:
        self._last_id += 1
        self.frames = (*self._frames, Frame(self._last_id, frame_name, 0))

    def exit_frame(self) -> None:
        if len(self._frames) <= 1:
            raise ValueError("Cannot exit frame, the context is empty")
        self.frames = self._frames[:-1]

    def next_iteration(self) -> None:
        self._last_id += 1
        last = self._frames[-1]
        self.frames = (*self._frames[:-1], Frame(self._last_id, last.name, last.iteration + 1))

    # ---- resources ----------------------------------------------------------------------

    def add_tensor_array(self, tensor_array: Any) -> None:
        self.tensor_arrays[tensor_array.id] = tensor_array

    def get_tensor_array(self, handle: Tensor) -> Any:
        found = self.tensor_arrays.get(handle.id)
        if found is None:
            raise ValueError(f"Tensor {handle.id} is not the handle of a TensorArray of this execution")
        return found

    def add_tensor_list(self, tensor_list: Any) -> None:
        self.tensor_lists[tensor_list.id] = tensor_list

    def get_tensor_list(self, handle: Tensor) -> Any:
        found = self.tensor_lists.get(handle.id)
        if found is None:
            raise ValueError(f"Tensor {handle.id} is not the handle of a TensorList of this execution")
        return found

    def handle_among(self, names: list[str], tensors: list[Any]) -> str | None:
        """The error for the first of `tensors` (the outputs `names`) that is the handle of
        one of this execution's TensorArrays or TensorLists, which lives only while the
        execution runs (TF.js returns it disposed); None where there is none."""
        kinds = {"TensorArray": self.tensor_arrays, "TensorList": self.tensor_lists}
        for name, tensor in zip(names, tensors, strict=True):
            kind = next((k for k, found in kinds.items() if tensor is not None and tensor.id in found), None)
            if kind is not None:
                return (
                    f"The output '{name}' is the handle of a {kind}, which lives only while the "
                    "model runs: ask for a tensor the graph reads from it"
                )
        return None

    def function(self, name: str) -> GraphExecutor:
        if not isinstance(name, str):
            raise ValueError(f"A function attribute must name a library function, got {name!r:.60}")
        found = self.functions.get(name)
        if found is None:
            raise ValueError(f"The graph has no function '{name}' in its library")
        return found

    def call_function(self, name: str, args: list[Tensor]) -> list[Tensor]:
        """Runs library function `name` on `args`, sharing this execution's tensor arrays and lists."""
        return self.function(name).execute_function(args, self.tensor_arrays, self.tensor_lists)

    def dispose(self, keep_ids: set[int]) -> None:
        for tensor_array in list(self.tensor_arrays.values()):
            tensor_array.clear_and_close(keep_ids)
        for tensor_list in list(self.tensor_lists.values()):
            tensor_list.clear_and_close(keep_ids)


def _context_ids(frames: tuple[Frame, ...]) -> tuple[str, ...]:
    ids = []
    for i in range(len(frames) - 1):
        ids.append(_context_id(frames[: len(frames) - i]))
    ids.append("")
    return tuple(ids)


def _context_id(frames: tuple[Frame, ...]) -> str:
    return "/".join("" if (f.id == 0 and f.iteration == 0) else f"{f.name}-{f.iteration}" for f in frames)

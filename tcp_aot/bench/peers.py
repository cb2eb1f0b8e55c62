"""Other ahead-of-time compilers timed beside ours on a model's inputs:
AOTInductor (torch._inductor, needs a C++ compiler) and IREE (llvm-cpu
through iree-turbine; `make bench-peers` installs it). A peer that is not
installed, fails to compile the model, or computes a wrong output is
reported as such with its reason; it never fails the benchmark. Peers are
timed in the same rounds as ours and eager PyTorch (bench/program.py), so
that a neighbour's burst on a shared host weighs on all of them alike."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import shutil
import tempfile
import time
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    import numpy as np

PEER_NAMES = {"aoti": "AOTInductor", "iree": "IREE"}

# A peer's runner: given a thread count, the zero-argument call to time
# (asked again before each timing: cheap after the first time).
Runner = Callable[[int], Callable[[], object]]


def installed(peer: str) -> bool:
    """Cheap enough for the Snakefile to ask at parse time: this module
    imports numpy, torch and IREE only when it runs a peer."""
    if peer == "aoti":
        return shutil.which(os.environ.get("CXX", "g++")) is not None
    # find_spec of a submodule imports its parent: ask for the parent first.
    return importlib.util.find_spec("iree") is not None and all(
        importlib.util.find_spec(m) is not None for m in ("iree.compiler", "iree.runtime", "iree.turbine"))


def prepare_peers(peers: list[str], model, dynamic_shapes, examples: list, tensors: list,
                  wants: list[np.ndarray], thread_counts: list[int], rtol: float, atol: float,
                  workdirs: contextlib.ExitStack) -> tuple[dict, dict[str, Runner]]:
    """Per peer: status "ok" with its compile time (its outputs checked at
    each thread count), or "not installed" / "failed" with a reason; and
    the runners of those that are ok, to time in turn with ours (each peer
    kept in a temporary directory of `workdirs` until then). Each peer
    exports the model on `examples` (the loader's sample, on which its
    dynamic shapes hold: a batch of 1 would be specialized) and runs it on
    `tensors`."""
    from .outputs import compare_outputs

    results, runners = {}, {}
    for peer in peers:
        if not installed(peer):
            results[peer] = {"status": "not installed"}
            continue
        try:
            start = time.perf_counter()
            workdir = workdirs.enter_context(tempfile.TemporaryDirectory(prefix=f"tcp_aot_{peer}_"))
            runner = _COMPILERS[peer](model, dynamic_shapes, examples, tensors, workdir, max(thread_counts))
            compile_s = time.perf_counter() - start
            for n in thread_counts:
                compare_outputs(_outputs(runner(n)()), wants, rtol, atol)
        except Exception as e:  # a peer's failure is a result to report, not ours
            results[peer] = {"status": "failed", "reason": _first_line(e)}
            continue
        results[peer] = {"status": "ok", "compile_s": compile_s}
        runners[peer] = runner
    return results, runners


def time_peer(runner: Runner, threads: int, min_calls: int, min_seconds: float):
    from .measure import time_calls

    return time_calls(runner(threads), min_calls, min_seconds)


def _aoti(model, dynamic_shapes, examples: list, tensors: list, workdir: str, max_threads: int) -> Runner:
    import torch

    exported = torch.export.export(model, tuple(examples), dynamic_shapes=dynamic_shapes)
    # Without dynamic_threads, Inductor writes the thread count of compile
    # time into its kernels; with it, they take torch.set_num_threads'.
    with torch._inductor.config.patch({"cpp.dynamic_threads": True}):
        package = torch._inductor.aoti_compile_and_package(exported,
                                                           package_path=os.path.join(workdir, "model.pt2"))
    compiled = torch._inductor.aoti_load_package(package)

    def runner(threads: int):
        torch.set_num_threads(threads)
        return lambda: compiled(*tensors)
    return runner


def _iree(model, dynamic_shapes, examples: list, tensors: list, workdir: str, max_threads: int) -> Runner:
    import iree.runtime as rt
    import iree.turbine.aot as aot
    from iree.compiler import compile_str

    from ..element_types import to_numpy

    exported = aot.export(model, *examples, dynamic_shapes=dynamic_shapes)
    vmfb = compile_str(str(exported.mlir_module), target_backends=["llvm-cpu"],
                       extra_args=["--iree-llvmcpu-target-cpu=host"])
    # The task driver reads its worker count from the runtime's flags once,
    # when it is first created: set before any device exists.
    rt.flags.parse_flags(f"--task_topology_group_count={max_threads}")
    arrays = [to_numpy(t) for t in tensors]

    @functools.cache
    def runner(threads: int):
        # One thread: the synchronous driver, on the calling thread as ours
        # is; more (the bench's other count, max_threads): the task driver.
        context = rt.SystemContext(config=rt.Config("local-task" if threads > 1 else "local-sync"))
        context.add_vm_module(rt.VmModule.copy_buffer(context.instance, vmfb))
        function = context.modules.module["main"]
        device_arrays = [rt.asdevicearray(context.config.device, a) for a in arrays]
        return lambda: function(*device_arrays)
    return runner


_COMPILERS: dict[str, Callable[..., Runner]] = {"aoti": _aoti, "iree": _iree}


def _outputs(result) -> list[np.ndarray]:
    """IREE's device arrays and AOTInductor's tensors (bfloat16 ones too) as NumPy arrays."""
    import numpy as np

    from ..element_types import to_numpy

    results = result if isinstance(result, (list, tuple)) else [result]
    return [np.asarray(r.to_host()) if hasattr(r, "to_host") else to_numpy(r) for r in results]


def _first_line(e: Exception) -> str:
    """A peer's error as a table footnote: its type and one line (IREE's
    compiler error carries the whole tool output: its first `error:` line)."""
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    errors = [line for line in lines if "error:" in line]
    line = f"{type(e).__name__}: {(errors or lines or [''])[0]}"
    return line if len(line) <= 200 else line[:197] + "..."

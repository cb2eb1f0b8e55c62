"""The benchmark of one program: its compiled functions called through their
C interface on the .npz's sample inputs, checked against the reference
outputs, then timed with 1 thread and with the configured thread count, in
`rounds` rounds (each side's fastest kept);
for a model, eager PyTorch timed on the same inputs in the same process
with the same thread count, and the peer compilers asked for (peers.py),
all in turn in each round."""

from __future__ import annotations

import contextlib
import functools
import time
from dataclasses import asdict
from pathlib import Path
from typing import Sequence

import numpy as np

from ..element_types import to_numpy, to_torch
from ..errors import StageError
from ..loader import flat_outputs, run_loader
from ..reference.npz import load_npz, npz_key
from ..runtime.library import Library
from .flops import flops
from .measure import Timing, fastest_of_rounds, time_calls
from .outputs import Accuracy, OutputMismatch, compare_outputs
from .peers import prepare_peers, time_peer


def bench_program(name: str, so: Path, tcp_mlir: Path, npz: Path, loader_path: str | None, threads: int,
                  rtol: float, atol: float, min_calls: int, min_seconds: float, rounds: int = 1,
                  peers: Sequence[str] = (), sizes: Sequence[int] = (),
                  baseline: tuple[Path, Path, Path] | None = None) -> dict:
    """`sizes`, for a model: the leading dims of every input (a batch, or a
    batch and a sequence length) in place of the .npz's, which are cut or
    repeated along them; eager PyTorch's outputs on those inputs are then the
    reference. `baseline`: the .so, .tcp.mlir and .npz of the model's float32
    original, whose function of the same name is timed in the same rounds on
    its own inputs (of the same sizes)."""
    from torch_mlir import ir

    from ..context import make_context
    from ..interpreter import Interpreter
    from ..module_io import read_module
    from ..element_types import precision_dtype
    from ..compiler.signature import signatures
    from ..transforms.bf16_products import precision

    text = tcp_mlir.read_text()
    with make_context(), ir.Location.unknown():
        module, weights = read_module(text, str(tcp_mlir))
        sigs = signatures(module)
        products = precision_dtype(precision(module))
        arrays = load_npz(npz)
        prefixes = {s.name: ("" if loader_path else f"{s.name}/") for s in sigs}
        if sizes and not loader_path:
            raise StageError(f"{name} is not a model: only a model's inputs take other sizes (eager PyTorch's "
                             "outputs are their reference)")
        inputs = {s.name: [resized(arrays[npz_key(prefixes[s.name], 0, f"Input{i}")], sizes)
                           for i in range(len(s.inputs))] for s in sigs}
        interpreter = Interpreter(module, weights)
        counts = {s.name: flops(interpreter, s.name, inputs[s.name]) for s in sigs}
    library = Library(so, sigs)
    baseline_library, baseline_inputs = _baseline(baseline, sizes) if baseline else (None, {})
    loaded = run_loader(loader_path) if loader_path else None
    model = loaded.model if loaded else None
    thread_counts = sorted({1, threads})
    functions = {}
    for sig in sigs:
        function = library.functions[sig.name]
        wants = (_eager_outputs(model, inputs[sig.name]) if sizes else
                 [arrays[npz_key(prefixes[sig.name], 0, f"Output{i}")] for i in range(len(sig.outputs))])
        accuracy = _check(name, sig.name, function(*inputs[sig.name]), wants, rtol, atol, products)
        measures = {("ours", n): functools.partial(_time_library, library, sig.name, inputs[sig.name], n,
                                                   min_calls, min_seconds) for n in thread_counts}
        if sig.name in baseline_inputs:
            measures |= {("baseline", n): functools.partial(_time_library, baseline_library, sig.name,
                                                            baseline_inputs[sig.name], n, min_calls, min_seconds)
                         for n in thread_counts}
        # The peers' compiled models live in temporary directories until they are timed.
        workdirs = contextlib.ExitStack()
        peer_results, runners = {}, {}
        if model:
            tensors = _tensors(inputs[sig.name])
            measures |= {("eager", n): functools.partial(_time_eager, model, tensors, n, min_calls, min_seconds)
                         for n in thread_counts}
        if loaded and peers:
            peer_results, runners = prepare_peers(list(peers), model, loaded.dynamic_shapes, loaded.inputs, tensors,
                                                  wants, thread_counts, rtol, atol, workdirs)
            measures |= {(peer, n): functools.partial(time_peer, runner, n, min_calls, min_seconds)
                         for peer, runner in runners.items() for n in thread_counts}
        with workdirs:
            best = fastest_of_rounds(measures, rounds, _let_idle_threads_sleep)
        timings = {}
        for n in thread_counts:
            ours, eager, original = best[("ours", n)], best.get(("eager", n)), best.get(("baseline", n))
            timings[str(n)] = {
                "ours": ours.as_dict(),
                "eager": eager.as_dict() if eager else None,
                "ratio": ours.median_ms / eager.median_ms if eager else None,
                "gflops": counts[sig.name] / ours.median_ms / 1e6 if counts[sig.name] else None,
            } | ({"baseline": original.as_dict(), "of_baseline": ours.median_ms / original.median_ms}
                 if original else {})
        functions[sig.name] = {"flop": counts[sig.name], "timings": timings,
                               "input_shapes": [list(a.shape) for a in inputs[sig.name]],
                               "accuracy": asdict(accuracy) | {"rtol": rtol, "atol": atol}}
        if loaded and peers:
            for peer in runners:
                peer_results[peer]["timings"] = {str(n): best[(peer, n)].as_dict() for n in thread_counts}
            functions[sig.name]["peers"] = peer_results
    return {"program": name, "threads": thread_counts, "rounds": rounds, "sizes": list(sizes),
            "functions": functions} | ({"baseline": baseline_library.program} if baseline else {})


def _baseline(files: tuple[Path, Path, Path], sizes: Sequence[int]) -> tuple[Library, dict[str, list]]:
    """The float32 original's library and each function's inputs: its
    .npz's, of `sizes`."""
    from torch_mlir import ir

    from ..compiler.signature import signatures
    from ..context import make_context
    from ..module_io import read_module

    so, tcp_mlir, npz = files
    with make_context(), ir.Location.unknown():
        sigs = signatures(read_module(tcp_mlir.read_text(), str(tcp_mlir))[0])
    arrays = load_npz(npz)
    inputs = {s.name: [resized(arrays[npz_key("", 0, f"Input{i}")], sizes) for i in range(len(s.inputs))]
              for s in sigs}
    return Library(so, sigs), inputs


def _time_library(library: Library, function: str, inputs: list[np.ndarray], threads: int, min_calls: int,
                  min_seconds: float) -> Timing:
    """A compiled function's calls, its arguments built once."""
    library.set_num_threads(threads)
    prepared = library.functions[function].prepare(*inputs)
    return time_calls(lambda: library.functions[function].call_prepared(prepared, keep=False), min_calls,
                      min_seconds)


def resized(array: np.ndarray, sizes: Sequence[int]) -> np.ndarray:
    """`array` with its leading dims of sizes `sizes`: cut, or repeated
    (token ids repeated stay token ids; images repeated stay images)."""
    for dim, size in enumerate(sizes):
        if dim >= array.ndim or array.shape[dim] == 0:
            raise StageError(f"an input of shape {list(array.shape)} has no dim {dim} to make of size {size}")
        array = np.take(array, np.arange(size) % array.shape[dim], axis=dim)
    return np.ascontiguousarray(array)


def _eager_outputs(model, inputs: list[np.ndarray]) -> list[np.ndarray]:
    import torch

    with torch.inference_mode():
        return [to_numpy(t).copy() for t in flat_outputs(model(*_tensors(inputs)))]


def _check(program: str, function: str, gots: list[np.ndarray], wants: list[np.ndarray], rtol: float,
           atol: float, precision: np.dtype | None) -> Accuracy:
    try:
        return compare_outputs(gots, wants, rtol, atol, precision)
    except OutputMismatch as e:
        raise StageError(f"@{function} {e}; run the execute test (results/{program}_test) for details") from None


def _let_idle_threads_sleep() -> None:
    """Wait until the other side's idle worker threads stop spinning (libomp's
    spin 200 ms after a parallel region, KMP_BLOCKTIME; libgomp's less), so
    that they do not take a core from the side being timed."""
    time.sleep(0.3)


def _tensors(inputs: list[np.ndarray]) -> list:
    """The inputs as torch tensors of their own (eager and the peers run on
    them; the arrays stay ours)."""
    import torch

    return [to_torch(np.array(a)) for a in inputs]


def _time_eager(model, tensors: list, threads: int, min_calls: int, min_seconds: float) -> Timing:
    import torch

    torch.set_num_threads(threads)
    with torch.inference_mode():
        return time_calls(lambda: model(*tensors), min_calls, min_seconds)

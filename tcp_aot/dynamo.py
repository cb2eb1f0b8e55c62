"""The torch.compile backend: `torch.compile(model, backend="tcp_aot")`.

Each graph TorchDynamo captures is compiled through the workflow's steps
(tcp_aot/compiler), in-process (torch.export -> Torch -> TCP -> LLVM ->
.so), and runs through the Python runtime. Compiled graphs are cached on
disk under a key of the graph's code, its constants, its inputs' dtypes and
shapes (dynamic dims as such) and the compiler's own source, so a second
process compiling the same model loads the .so instead.

Options (`torch.compile(..., options={...})`):
- cache_dir: where compiled graphs live (default $TCP_AOT_CACHE_DIR, else
  ~/.cache/tcp_aot);
- target_cpu: as toolchain.target_cpu in config.yaml (default host);
- precision: "bf16" computes the graph's float32 products in bfloat16,
  summed in float32, as a model's `precision: bf16` in config.yaml does
  (default: the graph's own types);
- freezing: True compiles the parameters and buffers of the modules the
  graph calls as weights (packed once, folded into what they meet: a batch
  norm into its convolution), as Inductor's `freezing` does; Dynamo passes
  them as inputs, which the compiled code would otherwise read as it reads
  activations. A call whose parameters are other tensors, or were written
  since (their `_version` or storage moved), compiles them again (from the
  disk cache when their values were seen before). Writes through `.data` or
  a NumPy view bump no version and are not seen (default: False).

A graph the compiler cannot take (an unsupported op, a dtype the ABI does
not carry, a graph that needs autograd or mutates its inputs) runs in eager
PyTorch instead, with one warning saying why; never a wrong answer.
"""

from __future__ import annotations

import hashlib
import logging
import re
import shutil
import tempfile
import warnings
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .toolchain import DEFAULT_OPT_LEVEL, DEFAULT_TOOLS, find_toolchain

PACKAGE = Path(__file__).resolve().parent
PROGRAM = "graph"  # the compiled program's name (prefix of its C interface)


log = logging.getLogger(__name__)


class FallbackWarning(UserWarning):
    """A graph runs in eager PyTorch instead of compiled code."""


def tcp_aot_backend(gm, example_inputs, options: dict | None = None):
    """A TorchDynamo backend: returns the callable that runs `gm`. It
    compiles (or loads from the cache) on its first call: torch.export
    cannot run inside Dynamo's own compilation of the frame."""
    from .files import cache_dir as default_cache_dir
    from .pipelines import PRECISION_PIPELINES

    options = options or {}
    cache_dir = Path(options.get("cache_dir") or default_cache_dir())

    settings = _Settings(options.get("target_cpu", "host"), options.get("precision"), options.get("freezing", False))
    if settings.precision is not None and settings.precision not in PRECISION_PIPELINES:
        raise ValueError(f"tcp_aot: precision {settings.precision!r} is not one of "
                         f"{', '.join(sorted(PRECISION_PIPELINES))}")
    if not isinstance(settings.freezing, bool):
        raise ValueError(f"tcp_aot: freezing is {settings.freezing!r}, not True or False")
    frozen = _module_state(gm, example_inputs) if settings.freezing else []
    runners: dict[tuple, tuple[list, object]] = {}  # frozen inputs' identities -> (those inputs, runner)

    def run(*args):
        key = tuple((id(args[i]), args[i]._version, args[i].data_ptr()) for i in frozen)
        if key not in runners:
            if len(runners) == _FROZEN_RUNNERS:
                del runners[next(iter(runners))]
            # The entry holds the tensors: their ids are not reused while it lives.
            values = {i: args[i] for i in frozen}
            runners[key] = (list(values.values()), _runner(gm, example_inputs, values, cache_dir, settings))
        return runners[key][1](*args)
    return run


# Compiled graphs kept per graph for other parameters (model instances that
# share its code), the least recently compiled dropped first.
_FROZEN_RUNNERS = 4


def _module_state(gm, example_inputs) -> list[int]:
    """The inputs that are parameters or buffers of the modules the graph
    calls (Dynamo inlines built-in modules and passes their state as
    inputs)."""
    import torch

    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    return [i for i, (node, value) in enumerate(zip(placeholders, example_inputs))
            if isinstance(value, torch.nn.Parameter) or (isinstance(value, torch.Tensor) and _is_buffer(node))]


def _is_buffer(placeholder) -> bool:
    """Whether Dynamo read this input from a module's buffers (its source:
    L['self']._modules['bn']._buffers['running_mean'])."""
    arg = placeholder.meta.get("grapharg")
    return arg is not None and "._buffers[" in arg.source.name


@dataclass(frozen=True)
class _Settings:
    """What the compiled code depends on besides the graph."""
    target_cpu: str
    precision: str | None
    freezing: bool


def _runner(gm, example_inputs, frozen: dict, cache_dir: Path, settings: _Settings):
    from .diagnostics import DiagnosticError
    from .errors import StageError
    from .runtime.program import load

    try:
        graph = _Graph(gm, example_inputs, frozen)
        function = load(_compiled(graph, cache_dir, settings)).functions["func_main"]
        if len(function.signature.outputs) != graph.outputs:
            # torch.export returns each input a graph mutates as an extra output.
            raise _Unsupported("it mutates its inputs")
    except (StageError, DiagnosticError, _Unsupported) as e:
        ops = sorted(set(re.findall(r"(torch\.[\w.]+) \(no Torch-to-TCP pattern", str(e))))
        why = f"unsupported ops {', '.join(ops)}" if ops else str(e)
        warnings.warn(f"tcp_aot: a graph of {len(gm.graph.nodes)} nodes runs in eager PyTorch: {why}",
                      FallbackWarning, stacklevel=3)
        return gm.forward
    return graph.runner(function)


class _Unsupported(Exception):
    pass


class _Graph:
    """A Dynamo graph as torch.export takes it: its tensor inputs only (a
    symbolic size input is read off the tensor dim that carries it), with
    those dims dynamic, and the float scalars Dynamo passes as 0-d tensors
    (a module's float attribute, such as a layer norm's eps, read with
    .item()) fixed at their values: torch.export cannot trace an op on such
    a value. A call whose scalars differ runs the graph in eager PyTorch.
    `frozen` (input index -> tensor): inputs compiled as weights, at these
    values (the call's; the example's sizes stay symbolic)."""

    def __init__(self, gm, example_inputs, frozen: dict):
        import torch

        self.eager = gm
        placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
        if len(placeholders) != len(example_inputs):
            raise _Unsupported("its inputs do not match its placeholders")
        self.scalars = {i: example_inputs[i].item() for i, n in enumerate(placeholders)
                        if isinstance(example_inputs[i], torch.Tensor) and example_inputs[i].dim() == 0
                        and example_inputs[i].is_floating_point() and n.users
                        and all(u.op == "call_method" and u.target == "item" for u in n.users)}
        self.gm = _with_scalars(gm, {placeholders[i]: v for i, v in self.scalars.items()})
        self.frozen = {i: t.detach() for i, t in frozen.items()}
        self.tensors = [i for i, a in enumerate(example_inputs)
                        if isinstance(a, torch.Tensor) and i not in self.scalars and i not in self.frozen]
        fakes = {i: placeholders[i].meta.get("example_value") for i in self.tensors}
        where: dict[str, tuple[int, int]] = {}  # symbol -> (input index, dim)
        for i in self.tensors:
            for d, size in enumerate(getattr(fakes[i], "shape", ())):
                if isinstance(size, torch.SymInt):
                    where.setdefault(str(size.node.expr), (i, d))
        self.sizes: dict[int, tuple[int, int]] = {}  # a SymInt input -> where its value is
        for i, a in enumerate(example_inputs):
            if i in self.tensors or i in self.scalars or i in self.frozen:
                continue
            if not isinstance(a, torch.SymInt) or str(a.node.expr) not in where:
                raise _Unsupported(f"input {placeholders[i].name} is a {type(a).__name__} that no input dim carries")
            self.sizes[i] = where[str(a.node.expr)]
        if torch.is_grad_enabled() and any(a.requires_grad for a in [*(example_inputs[i] for i in self.tensors),
                                                                      *frozen.values()]):
            raise _Unsupported("it needs autograd (call the model under torch.no_grad() or torch.inference_mode())")
        self.example = [example_inputs[i].detach() for i in self.tensors]
        self.dynamic = [{d: torch.export.Dim.AUTO for d, s in enumerate(getattr(fakes[i], "shape", ()))
                         if isinstance(s, torch.SymInt)} or None for i in self.tensors]
        output = next(n for n in gm.graph.nodes if n.op == "output").args[0]
        self.returns_sequence = isinstance(output, (tuple, list))
        self.outputs = len(output) if self.returns_sequence else 1

    def specialize(self) -> None:
        """Keep dynamic only the dims torch.export leaves symbolic: Dim.AUTO
        lets it fix a dim (an input's width, fixed by a weight's), and the
        importer would then type the argument's dim `?` where the ops read a
        size."""
        import torch

        if not any(self.dynamic):
            return
        exported = torch.export.export(self.module(), tuple(self.example), dynamic_shapes=(tuple(self.dynamic),))
        vals = [n.meta["val"] for n in exported.graph.nodes if n.op == "placeholder"][-len(self.example):]
        self.dynamic = [{d: dim for d, dim in (dynamic or {}).items()
                         if isinstance(val.shape[d], torch.SymInt) and val.shape[d].node.expr.free_symbols} or None
                        for dynamic, val in zip(self.dynamic, vals)]

    def module(self):
        """An nn.Module taking the tensor inputs, calling the graph; the
        frozen inputs are its buffers (torch.export's weights)."""
        import torch

        graph = self

        class TensorInputs(torch.nn.Module):
            def __init__(self):
                super().__init__()
                for i, t in graph.frozen.items():
                    self.register_buffer(f"frozen_{i}", t)

            def forward(self, *tensors):
                return graph.gm(*graph.arguments(tensors, {i: getattr(self, f"frozen_{i}") for i in graph.frozen}))
        return TensorInputs()

    def arguments(self, tensors, frozen: dict) -> list:
        """The graph's inputs from its tensor inputs and frozen ones."""
        args = [None] * (len(self.tensors) + len(self.sizes) + len(self.scalars) + len(self.frozen))
        for i, t in frozen.items():
            args[i] = t
        for i, t in zip(self.tensors, tensors):
            args[i] = t
        for i, (tensor, dim) in self.sizes.items():
            args[i] = args[tensor].shape[dim]
        return args

    def key(self, settings: _Settings) -> str:
        """The cache key: everything the compiled code depends on."""
        from .element_types import to_numpy

        h = hashlib.sha256()
        h.update(self.gm.code.encode())
        constants = sorted(self.gm.state_dict().items()) + [(f"frozen {i}", t) for i, t in self.frozen.items()]
        for name, value in constants:
            h.update(name.encode())
            h.update(to_numpy(value.cpu()).tobytes())
        for t, dynamic in zip(self.example, self.dynamic):
            shape = ["?" if dynamic and d in dynamic else s for d, s in enumerate(t.shape)]
            h.update(f"{t.dtype}{shape};".encode())
        h.update(f"{settings.target_cpu};{settings.precision};{settings.freezing};{DEFAULT_OPT_LEVEL};"
                 f"{compiler_version()}".encode())
        return h.hexdigest()[:32]

    def runner(self, function):
        tensors, scalars = self.tensors, self.scalars

        def run(*args):
            if any(args[i].item() != value for i, value in scalars.items()):
                return self.eager(*args)
            outputs = function(*[args[i] for i in tensors])
            outputs = outputs if isinstance(outputs, tuple) else (outputs,)
            return outputs if self.returns_sequence else outputs[0]
        return run


def _with_scalars(gm, values: dict):
    """`gm` with each placeholder of `values` read as that Python value
    (its .item() calls replaced); `gm` itself when there is none."""
    import torch

    if not values:
        return gm
    graph, copies = torch.fx.Graph(), {}
    graph.output(graph.graph_copy(gm.graph, copies))
    for placeholder, value in values.items():
        for item in list(copies[placeholder].users):
            for user in list(item.users):
                user.args = torch.fx.node.map_arg(user.args, lambda a: value if a is item else a)
                user.kwargs = torch.fx.node.map_arg(user.kwargs, lambda a: value if a is item else a)
            graph.erase_node(item)
    return torch.fx.GraphModule(gm, graph)


@cache
def compiler_version() -> str:
    """A digest of the compiler's own files: a new compiler, a new key."""
    h = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix in (".py", ".c", ".h", ".mlir") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(PACKAGE)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _compiled(graph: _Graph, cache_dir: Path, settings: _Settings) -> Path:
    """The graph's .so: from the cache, or compiled into it."""
    entry = cache_dir / graph.key(settings)
    so = entry / f"{PROGRAM}.so"
    if so.exists():
        log.info("tcp_aot: loaded a compiled graph from %s", entry)
        return so
    cache_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".compiling-", dir=cache_dir))
    try:
        _compile(graph, work, settings)
        try:
            work.rename(entry)  # atomic: another process may have finished first
        except OSError:
            if not so.exists():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    log.info("tcp_aot: compiled a graph into %s", entry)
    return so


def _compile(graph: _Graph, work: Path, settings: _Settings) -> None:
    """The workflow's steps, from torch.export to the .so, in `work`."""
    from .compiler.back_end import build_shared_object
    from .compiler.torch_to_tcp import convert
    from .frontend import import_to_torch_mlir
    from .loader import TorchLoaderOutput

    torch_mlir, tcp_mlir = work / f"{PROGRAM}.torch.mlir", work / f"{PROGRAM}.tcp.mlir"
    weights = work / f"{PROGRAM}.weights"
    tools = work / "toolchain.json"
    find_toolchain(tools, **DEFAULT_TOOLS, target_cpu=settings.target_cpu)
    graph.specialize()
    loaded = TorchLoaderOutput(graph.module(), graph.example, (tuple(graph.dynamic),))  # forward(*tensors)
    torch_mlir.write_text(import_to_torch_mlir(loaded, work / f"{PROGRAM}.torch.weights"))
    convert(torch_mlir, tcp_mlir, weights, precision=settings.precision)
    build_shared_object(PROGRAM, tcp_mlir, weights, tools, DEFAULT_OPT_LEVEL, work / f"{PROGRAM}.so", work)

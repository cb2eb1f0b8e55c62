"""Weights as data: the weights file (format, checksum, what a program
refuses), weights kept out of every text artifact, a model's weights swapped
in a built .so (embedded and external), and the messages of what cannot
work."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch
from torch_mlir import ir

import tcp_aot
from tcp_aot.cli import tcp_aot as cli
from tcp_aot.context import make_context
from tcp_aot.dialects.tcp_base import resource_attr, resource_name
from tcp_aot.stages import assemble, ll, mlir_llvm, mlir_tcp, mlir_torch, optimize, shared_object, signature, toolchain
from tcp_aot.weights.file import (
    CONSTANT, DERIVED, STATE, Layout, WeightsError, WeightsFile, checksum, mismatch, write_weights,
)
from tcp_aot.weights.module_weights import strip_resources

# --------------------------------------------------------------------------
# The file
# --------------------------------------------------------------------------


def _layout() -> tuple[Layout, list[np.ndarray]]:
    arrays = [np.arange(10, dtype=np.float32).reshape(2, 5), np.array([True, False, True]),
              np.arange(300, dtype=np.int64), np.float64(2.5)]
    layout = Layout.plan([("fc 1.weight", STATE, "float32", (2, 5)), ("mask", CONSTANT, "bool", (3,)),
                          ("fc 1.weight:transpose", DERIVED, "int64", (300,)), ("s", STATE, "float64", ())],
                         recipes="module {\n}\n")
    return layout, arrays


def test_a_weights_file_round_trips(tmp_path):
    layout, arrays = _layout()
    path = tmp_path / "x.weights"
    write_weights(path, layout, iter(arrays))
    head = path.read_bytes()[:400].decode("ascii", "replace")
    assert head.startswith("tcp_aot weights 1\ndata ")
    assert "\nlayout 4 " in head and "\nfc%201.weight state float32 2x5 0 40\n" in head  # readable, escaped
    assert "\ns state float64 scalar " in head
    found = WeightsFile(path)
    assert found.layout == layout and found.data_offset % 64 == 0
    for entry, array in zip(layout.entries, arrays):
        assert entry.offset % 64 == 0
        np.testing.assert_array_equal(found.array(entry.name), array)
    found.verify_checksum()


def test_the_checksum_is_fletchers_over_32_bit_words():
    words = np.array([1, 2, 3], dtype="<u4")
    # a = 1 + 2 + 3, b = 1 + 3 + 6
    assert checksum(words.tobytes()) == f"{6:016x}{10:016x}"
    big = np.random.default_rng(0).integers(0, 2**32, 5_000_000, dtype=np.uint64).astype("<u4")
    a, b = 0, 0
    for w in big[:1000].tolist():
        a, b = (a + w) % 2**64, (b + a + w) % 2**64
    assert checksum(big[:1000].tobytes()) == f"{a:016x}{b:016x}"
    assert checksum(big.tobytes()) != checksum(big[::-1].copy().tobytes())  # order matters


def test_damaged_files_are_refused_with_the_reason(tmp_path):
    layout, arrays = _layout()
    path = tmp_path / "x.weights"
    write_weights(path, layout, iter(arrays))
    data = bytearray(path.read_bytes())

    truncated = tmp_path / "truncated.weights"
    truncated.write_bytes(data[:-100])
    with pytest.raises(WeightsError, match="truncated.weights is truncated"):
        WeightsFile(truncated)

    flipped = tmp_path / "flipped.weights"
    data[-70] ^= 1
    flipped.write_bytes(data)
    with pytest.raises(WeightsError, match=r"the data.s checksum is [0-9a-f]+, its header says [0-9a-f]+ \(the file was changed or damaged\)"):
        WeightsFile(flipped).verify_checksum()

    other = tmp_path / "other.bin"
    other.write_bytes(b"\x7fELF" + bytes(100))
    with pytest.raises(WeightsError, match="other.bin is not a tcp_aot weights file"):
        WeightsFile(other)
    with pytest.raises(WeightsError, match="entry mask: expected bool \\[3\\], got int64 \\[3\\]"):
        write_weights(tmp_path / "bad.weights", layout, iter([arrays[0], np.arange(3), *arrays[2:]]))
    assert not list(tmp_path.glob(".bad.weights.*"))


def test_the_first_difference_between_layouts_is_named():
    layout, _ = _layout()
    wider = Layout.plan([("fc 1.weight", STATE, "float32", (2, 6)), ("mask", CONSTANT, "bool", (3,))])
    assert mismatch(layout, layout) is None
    assert mismatch(layout, wider) == ("entry 0 is 'fc%201.weight state float32 2x6 0 48', the program needs "
                                       "'fc%201.weight state float32 2x5 0 40'")
    assert mismatch(layout, Layout(layout.entries[:2])) == "the file has 2 entries, the program needs 4"


def test_names_that_mlir_quotes_survive_the_text():
    """Names of state-dict keys MLIR must quote (spaces, quotes, backslashes,
    non-ASCII) come back from a constant and from a printed resource section."""
    name = 'blocks 0."attn"\\w\u00e9ight'
    with make_context(), ir.Location.unknown():
        attr = resource_attr(name, ir.RankedTensorType.get([2], ir.F32Type.get()))
        assert resource_name(attr) == name
    text = f'{{-#\n  dialect_resources: {{\n    builtin: {{\n      {str(attr).split("<")[1].split(">")[0]}: "0x040000000000803F"\n    }}\n  }}\n#-}}\n'
    stripped, blobs = strip_resources("module {\n}\n" + text)
    assert stripped == "module {\n}\n\n"
    assert blobs == {name: bytes.fromhex("0000803F")}


# --------------------------------------------------------------------------
# A model through the stages
# --------------------------------------------------------------------------

MODEL = textwrap.dedent('''
    import torch
    from torch.export import Dim
    from tcp_aot.loader import TorchLoaderOutput, randomize_batch_norms

    class Net(torch.nn.Module):
        """Weights of every kind: parameters (a linear layer's weight is read
        transposed, a derived entry), a BatchNorm's buffers, a non-persistent
        buffer (a constant), a small bias (a weight whatever its size)."""

        def __init__(self, vocab=VOCAB, hidden=HIDDEN):
            super().__init__()
            self.emb = torch.nn.Embedding(vocab, 16)
            self.fc1 = torch.nn.Linear(16, hidden)
            self.norm = torch.nn.BatchNorm1d(hidden)
            self.fc2 = torch.nn.Linear(hidden, 3)
            self.register_buffer("scale", torch.linspace(0.5, 1.5, 300).reshape(100, 3), persistent=False)

        def forward(self, ids):
            h = torch.relu(self.norm(self.fc1(self.emb(ids)).transpose(1, 2)).transpose(1, 2))
            return self.fc2(h) * self.scale[: ids.shape[1]]

    def make(seed=0):
        torch.manual_seed(seed)
        net = Net()
        randomize_batch_norms(net)
        return net.eval()

    def loader():
        return TorchLoaderOutput(model=make(), inputs=[torch.randint(0, 50, (2, 7))],
                                 dynamic_shapes=[{1: Dim("tokens", min=2, max=100)}])
''')


@pytest.fixture(scope="module")
def tools(tmp_path_factory):
    path = tmp_path_factory.mktemp("toolchain") / "toolchain.json"
    toolchain.run(path, "llc-22", "opt-22", "clang-22", "clang++-22", 22, "host")
    return path


# Batch norms after convolutions: folded into the convolutions' weights and
# a bias (fold-conv-affine), entries derived from the norms' state.
CONV_MODEL = textwrap.dedent('''
    import torch
    from tcp_aot.loader import TorchLoaderOutput, randomize_batch_norms

    class SqueezeExcitation(torch.nn.Module):
        def __init__(self, channels, squeezed):
            super().__init__()
            self.reduce = torch.nn.Conv2d(channels, squeezed, 1)
            self.expand = torch.nn.Conv2d(squeezed, channels, 1)

        def forward(self, x):
            gate = torch.sigmoid(self.expand(torch.relu(self.reduce(x.mean((2, 3), keepdim=True)))))
            return x * gate

    def make(seed=0):
        torch.manual_seed(seed)
        net = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
            torch.nn.Conv2d(8, 8, 3, groups=8, bias=False), torch.nn.BatchNorm2d(8),
            # Weights the float32 micro-kernel takes as A, packed once: 13
            # and 300 filters (partial blocks of 8 rows), 300 channels (two
            # depth blocks of 256); 81 columns (9 x 9), whose last 17 a half
            # tile and a column tile take, the latter for up to 8 blocks of
            # rows at once (300 = 37 x 8 + 4: the last group 44 rows). The
            # squeeze-and-excitation's products of one pixel take packed A's
            # column tiles too: 75 rows over 2 depth blocks, and 300 rows 75
            # deep, each group of 64 rows fetching the next; its mean sums
            # 81 values per channel (vectors and a masked tail).
            torch.nn.Conv2d(8, 300, 1), torch.nn.ReLU(), SqueezeExcitation(300, 75),
            torch.nn.Conv2d(300, 13, 3, padding=1))
        randomize_batch_norms(net)
        return net.eval()

    def loader():
        return TorchLoaderOutput(model=make(), inputs=[torch.randn(2, 3, 11, 11)])
''')


def _model_module(tmp_path, name: str, hidden: int, vocab: int, source: str = MODEL):
    (tmp_path / f"{name}.py").write_text(source.replace("HIDDEN", str(hidden)).replace("VOCAB", str(vocab)))
    sys.path.insert(0, str(tmp_path))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(tmp_path))


def build(tmp_path, tools, name: str, hidden: int = 64, mode: str = "embedded", vocab: int = 50,
          source: str = MODEL):
    """The model through every stage to NAME.so; its weights module."""
    module = _model_module(tmp_path, name, hidden, vocab, source)
    files = {ext: tmp_path / f"{name}.{ext}" for ext in
             ("torch.mlir", "tcp.mlir", "weights", "signature.json", "llvm.mlir", "ll", "opt.ll", "S", "so")}
    sys.path.insert(0, str(tmp_path))
    try:
        mlir_torch.run(f"{name}.loader", files["torch.mlir"])
    finally:
        sys.path.remove(str(tmp_path))
    mlir_tcp.run(files["torch.mlir"], files["tcp.mlir"])
    signature.run(name, files["tcp.mlir"], files["signature.json"], mode)
    mlir_llvm.run(files["tcp.mlir"], files["llvm.mlir"])
    ll.run(files["llvm.mlir"], files["ll"])
    optimize.run(files["ll"], files["opt.ll"], tools, 3)
    assemble.run(files["opt.ll"], files["S"], tools, 3)
    shared_object.run(files["S"], files["so"], tools, files["signature.json"], files["weights"])
    return module, files


IDS = torch.randint(0, 50, (2, 9), generator=torch.Generator().manual_seed(3))


def eager(net) -> np.ndarray:
    with torch.no_grad():
        return net(IDS).numpy()


@pytest.fixture(scope="module")
def built(tmp_path_factory, tools):
    tmp_path = tmp_path_factory.mktemp("model")
    return (tmp_path, *build(tmp_path, tools, "wnet", hidden=64))


def test_weights_are_data_in_one_file(built):
    tmp_path, module, files = built
    layout = WeightsFile(files["weights"]).layout
    kinds = {e.name: e.kind for e in layout.entries}
    # fc1's weight is read transposed (derived at compile time, with its recipe),
    # the BatchNorm's 1 / sqrt(var + eps) computed once, the embedding table is
    # state, the non-persistent buffer a constant.
    assert kinds["fc1.weight:transpose"] == DERIVED and kinds["fc2.bias:expand_shape"] == DERIVED
    assert kinds["norm.running_var:add:sqrt:divf:expand_shape"] == DERIVED
    assert kinds["emb.weight"] == STATE and kinds["scale"] == CONSTANT
    assert 'func.func @"fc1.weight:transpose"' in layout.recipes
    # No weight is printed in any text artifact: tcp.mlir names them.
    tcp = files["tcp.mlir"].read_text()
    assert 'tcp_aot.weights = "wnet.weights"' in tcp and 'dense_resource<"fc1.weight:transpose">' in tcp
    assert "dialect_resources" not in tcp and "dialect_resources" not in files["torch.mlir"].read_text()
    # The compiled code carries its layout, and the .so the file, byte for byte.
    assert "__tcp_aot_weights_layout" in files["ll"].read_text()
    assert files["weights"].read_bytes() in files["so"].read_bytes()


def test_text_artifacts_do_not_grow_with_the_weights(tmp_path, tools, built):
    _, _, small = built
    _, large = build(tmp_path, tools, "wnet_large", vocab=50_000)  # the same code, a 3 MB embedding table
    assert large["weights"].stat().st_size > 200 * small["weights"].stat().st_size
    for ext in ("torch.mlir", "tcp.mlir", "llvm.mlir", "ll", "opt.ll", "S"):
        assert abs(large[ext].stat().st_size - small[ext].stat().st_size) < 0.02 * small[ext].stat().st_size, ext


def test_the_program_matches_eager_with_its_own_and_with_swapped_weights(tmp_path, built, capsys):
    _, module, files = built
    program = tcp_aot.load(files["so"])
    assert program.weights.source == "the weights embedded in wnet.so"
    np.testing.assert_allclose(program.func_main(IDS.numpy()), eager(module.make(0)), rtol=1e-5, atol=1e-5)

    tuned = module.make(seed=1)
    torch.save(tuned.state_dict(), tmp_path / "tuned.pt")
    assert cli.main(["weights", str(files["so"]), "--state-dict", str(tmp_path / "tuned.pt"),
                     "-o", str(tmp_path / "tuned.weights")]) == 0
    assert "tuned.weights: 10 entries" in capsys.readouterr().out
    swapped = tcp_aot.load(files["so"], weights=tmp_path / "tuned.weights")
    assert swapped.weights.source == str((tmp_path / "tuned.weights").resolve())
    np.testing.assert_allclose(swapped.func_main(IDS.numpy()), eager(tuned), rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(swapped.weights.array("fc1.weight:transpose"),
                                  tuned.fc1.weight.detach().numpy().T)
    # Back to its own.
    swapped.load_weights(None)
    np.testing.assert_allclose(swapped.func_main(IDS.numpy()), eager(module.make(0)), rtol=1e-5, atol=1e-5)


def test_batch_norms_folded_into_convolutions_follow_swapped_weights(tmp_path, tools, capsys):
    module, files = build(tmp_path, tools, "cnet", source=CONV_MODEL)
    tcp = files["tcp.mlir"].read_text()
    # The batch norms' arithmetic is gone; the one multiply left is the gate's.
    assert "tcp.sqrt" not in tcp and "tcp.sub" not in tcp and tcp.count("tcp.mul ") == 1
    kinds = {e.name: e.kind for e in WeightsFile(files["weights"]).layout.entries}
    assert kinds["0.weight:mul"] == DERIVED and kinds["3.weight:mul"] == DERIVED
    x = torch.randn(2, 3, 11, 11, generator=torch.Generator().manual_seed(5))

    def eager_conv(net):
        with torch.no_grad():
            return net(x).numpy()

    program = tcp_aot.load(files["so"])
    np.testing.assert_allclose(program.func_main(x.numpy()), eager_conv(module.make(0)), rtol=1e-5, atol=1e-5)
    tuned = module.make(seed=1)
    torch.save(tuned.state_dict(), tmp_path / "tuned.pt")
    assert cli.main(["weights", str(files["so"]), "--state-dict", str(tmp_path / "tuned.pt"),
                     "-o", str(tmp_path / "tuned.weights")]) == 0
    swapped = tcp_aot.load(files["so"], weights=tmp_path / "tuned.weights")
    np.testing.assert_allclose(swapped.func_main(x.numpy()), eager_conv(tuned), rtol=1e-5, atol=1e-5)


# Linear layers: their products run on the micro-kernels, which keep each
# weight packed once they have read it (c_interface/tcp_aot_microkernels.c):
# bfloat16 on the CPU's tile unit, float32 in register tiles of 8 rows. The
# shapes take the float32 kernel's edges: partial tiles of rows (13 = 8 + 5,
# and 1) and of columns (600, 70), depth blocks of 256 with a partial one
# (300), and a product of one row left whole (3 chunks of 256 columns).
LINEAR_MODEL = textwrap.dedent('''
    import torch
    from torch.export import Dim
    from tcp_aot.loader import TorchLoaderOutput

    DTYPE = torch.{dtype}

    def make(seed=0):
        torch.manual_seed(seed)
        net = torch.nn.Sequential(torch.nn.Linear(300, 600), torch.nn.ReLU(), torch.nn.Linear(600, 70))
        return net.to(DTYPE).eval()

    def loader():
        return TorchLoaderOutput(model=make(), inputs=[torch.randn(13, 300).to(DTYPE)],
                                 dynamic_shapes=[{{0: Dim("rows", min=1, max=64)}}])
''')


@pytest.mark.parametrize("dtype,tolerance", [("float32", 1e-5), ("bfloat16", 3e-2)])
def test_packed_weights_follow_swapped_weights(tmp_path, tools, dtype, tolerance):
    """Products by packed weights match eager PyTorch, and the packed copy
    of a weight is dropped with the weights it came from: after a swap, and
    a swap back, each call reads the weights in use."""
    module, files = build(tmp_path, tools, f"lnet_{dtype}", source=LINEAR_MODEL.format(dtype=dtype))
    inputs = [torch.randn(rows, 300, generator=torch.Generator().manual_seed(7)).to(getattr(torch, dtype))
              for rows in (13, 1)]

    def eager_outputs(net):
        with torch.no_grad():
            return [net(x).float().numpy() for x in inputs]

    def ours(program):
        return [program.func_main(x).float().numpy() for x in inputs]

    for seed in (1, 2, 3):
        torch.save(module.make(seed).state_dict(), tmp_path / f"tuned{seed}.pt")
        assert cli.main(["weights", str(files["so"]), "--state-dict", str(tmp_path / f"tuned{seed}.pt"),
                         "-o", str(tmp_path / f"tuned{seed}.weights")]) == 0
    program = tcp_aot.load(files["so"])
    own = ours(program)
    for got, want in zip(own, eager_outputs(module.make(0))):
        np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance)
    # A file can be mapped where the one before the last was.
    for seed in (1, 2, 3):
        program.load_weights(tmp_path / f"tuned{seed}.weights")
        tuned = ours(program)
        for got, want, before in zip(tuned, eager_outputs(module.make(seed)), own):
            np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance)
            assert np.abs(got - before).max() > 0.01
    program.load_weights(None)
    for got, before in zip(ours(program), own):
        np.testing.assert_array_equal(got, before)


QUANTIZED_LINEAR_MODEL = LINEAR_MODEL.format(dtype="float32").replace("def loader():", "def float_loader():") + \
    textwrap.dedent('''
        from tcp_aot.loader import quantized_int8

        def loader():
            return quantized_int8(float_loader())
    ''')


def test_int8_products_by_packed_weights_of_any_rows(tmp_path, tools):
    """An int8 linear layer's products by its packed weight, of 13 rows and
    of one (which reads the packed weight once on the dot products rather
    than multiplying bytes in the portable loop), match eager PyTorch's
    quantized model within a step of its output's quantization."""
    module, files = build(tmp_path, tools, "qnet", source=QUANTIZED_LINEAR_MODEL)
    reference = module.loader().model
    program = tcp_aot.load(files["so"])
    for rows in (13, 1):
        x = torch.randn(rows, 300, generator=torch.Generator().manual_seed(rows))
        with torch.no_grad():
            want = reference(x).numpy()
        got = program.func_main(x.numpy())
        step = np.abs(want).max() / 127
        np.testing.assert_allclose(got, want, rtol=0, atol=step)


def test_weights_that_do_not_fit_are_refused_and_the_old_ones_kept(tmp_path, tools, built):
    _, module, files = built
    program = tcp_aot.load(files["so"])
    _, other = build(tmp_path, tools, "wnet_wider", hidden=32)
    with pytest.raises(tcp_aot.WeightsError, match=r"weights file .*wnet_wider.weights does not fit the program: "
                       r"entry \d+ is '.* float32 .*', the program needs '.*'"):
        program.load_weights(other["weights"])
    damaged = tmp_path / "damaged.weights"
    data = bytearray(files["weights"].read_bytes())
    data[-10] ^= 0xFF
    damaged.write_bytes(data)
    with pytest.raises(tcp_aot.WeightsError, match="the data's checksum is [0-9a-f]+, its header says"):
        program.load_weights(damaged)
    with pytest.raises(tcp_aot.WeightsError, match="cannot open weights file /nonexistent.weights: No such file"):
        program.load_weights("/nonexistent.weights")
    np.testing.assert_allclose(program.func_main(IDS.numpy()), eager(module.make(0)), rtol=1e-5, atol=1e-5)

    # A state_dict without an entry the program reads (or derives one from),
    # or with one of another shape.
    state = module.make(1).state_dict()
    del state["emb.weight"], state["fc2.bias"]
    torch.save(state, tmp_path / "partial.pt")
    with pytest.raises(WeightsError, match="the state_dict has no emb.weight, which the program reads"):
        cli._weights(program, tmp_path / "partial.pt", tmp_path / "partial.weights")
    state["emb.weight"] = module.make(1).emb.weight
    torch.save(state, tmp_path / "partial.pt")
    with pytest.raises(WeightsError, match="the state_dict has no fc2.bias, which the program's weights are derived"):
        cli._weights(program, tmp_path / "partial.pt", tmp_path / "partial.weights")
    state["fc2.bias"] = torch.zeros(4)
    torch.save(state, tmp_path / "wrong.pt")
    with pytest.raises(WeightsError, match=r"fc2.bias is float32 \[4\], the program needs float32 \[3\]"):
        cli._weights(program, tmp_path / "wrong.pt", tmp_path / "wrong.weights")
    assert not (tmp_path / "wrong.weights").exists()


def test_external_weights_are_mapped_from_beside_the_so(tmp_path, tools):
    module, files = build(tmp_path, tools, "wext", hidden=64, mode="external")
    assert files["weights"].read_bytes() not in files["so"].read_bytes()
    text = subprocess.run([sys.executable, "-m", "tcp_aot.cli.tcp_aot", "info", str(files["so"])],
                          capture_output=True, text=True, check=True).stdout
    assert "in wext.weights beside wext.so" in text and f"in use: {files['weights'].resolve()}" in text
    program = tcp_aot.load(files["so"])
    np.testing.assert_allclose(program.func_main(IDS.numpy()), eager(module.make(0)), rtol=1e-5, atol=1e-5)

    # Without its weights file, every call fails with the reason, and none crashes.
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    (moved / "wext.so").write_bytes(files["so"].read_bytes())
    alone = subprocess.run([sys.executable, "-c", f"""
import numpy as np, tcp_aot
p = tcp_aot.load({str(moved / 'wext.so')!r})
try:
    p.func_main(np.zeros((2, 9), np.int64))
except tcp_aot.CallError as e:
    print(e.status, e)
"""], capture_output=True, text=True)
    assert alone.returncode == 0, alone.stderr
    assert alone.stdout == (f"7 tcp_aot: cannot open weights file {moved}/wext.weights: No such file or directory "
                            f"(TCP_AOT_ERROR_WEIGHTS)\n")


def test_tcp_opt_reads_and_writes_weights_as_the_stages_do(tmp_path, built):
    """The reproducer lines work on weighty programs: tcp-opt finds the
    weights file a module names beside it, and writes the weights it derives
    beside its output."""
    from tcp_aot.cli import tcp_opt

    _, _, files = built
    assert tcp_opt.main(["--torch-to-tcp", str(files["torch.mlir"]), "-o", str(tmp_path / "again.tcp.mlir")]) == 0
    text = (tmp_path / "again.tcp.mlir").read_text()
    assert 'tcp_aot.weights = "again.weights"' in text and "dialect_resources" not in text
    again = WeightsFile(tmp_path / "again.weights")
    assert again.layout == WeightsFile(files["weights"]).layout
    np.testing.assert_array_equal(again.array("fc1.weight:transpose"),
                                  WeightsFile(files["weights"]).array("fc1.weight:transpose"))
    # The back end on it, reading again.weights, gives the stage's LLVM dialect.
    assert tcp_opt.main(["--tcp-to-llvm", str(tmp_path / "again.tcp.mlir"), "-o", str(tmp_path / "again.llvm.mlir")]) == 0
    text = (tmp_path / "again.llvm.mlir").read_text()  # it names its source in messages
    assert text.replace(str(tmp_path / "again.tcp.mlir"), str(files["tcp.mlir"])) \
        .replace("again.weights", "wnet.weights") == files["llvm.mlir"].read_text()


def test_a_module_without_its_weights_file_says_so(tmp_path, built, capsys):
    from tcp_aot.cli import tcp_opt

    _, _, files = built
    lonely = tmp_path / "lonely.tcp.mlir"
    lonely.write_text(files["tcp.mlir"].read_text())
    assert tcp_opt.main(["--tcp-to-llvm", str(lonely)]) == 1
    assert f"cannot read weights file {tmp_path}/wnet.weights: No such file or directory" in capsys.readouterr().err

"""The compiler, one module per step, each a function from its input file to
its output file (the stages wrap them, the torch.compile backend, the
bisection and the profile call them):

    frontend.py (tcp_aot/)  a loader's model -> Torch dialect (NAME.torch.mlir)
    torch_to_tcp.py         Torch dialect, or a TCP source -> TCP (NAME.tcp.mlir)
    signature.py            TCP -> what each function takes and returns (NAME.signature.json)
    tcp_to_llvm.py          TCP -> LLVM dialect (NAME.llvm.mlir)
    llvm_ir.py              LLVM dialect -> LLVM IR the tools read (NAME.ll)
    optimize.py             opt (NAME.opt.ll)
    assemble.py             llc (NAME.S)
    shared_object.py        clang: the .so with its C interface (NAME.so)
    back_end.py             NAME.tcp.mlir -> NAME.so in one call

This file imports none of them: a stage loads, and depends on, only the
steps it runs (stage_code.py). The pipelines they run are named in
pipelines.py."""

"""tcp_aot: an ahead-of-time compiler from PyTorch (and TCP programs) to
shared objects, through the Torch, TCP, linalg and LLVM MLIR dialects."""

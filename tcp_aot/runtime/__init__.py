"""What runs with the compiled code, in Python and in the C++ tests:
tcp_aot.load and the checked calls of a program's .so (program.py), the
bare memref-ABI calls the benchmark and execution tests make (library.py),
and the header the generated C++ tests include (tcp_aot_test_support.h)."""

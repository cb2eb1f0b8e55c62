"""What runs with the compiled code: the Python loader of a program's .so
(library.py) and the header the generated C++ tests include
(tcp_aot_test_support.h)."""

# lit configuration: .mlir tests with RUN lines, checked by FileCheck (the
# `filecheck` package) and tcp-opt, both from the project's virtualenv.

import os
import sys

import lit.formats

config.name = "tcp_aot"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, ".lit")
config.excludes = ["lit.cfg.py", "Inputs"]

bin_dir = os.path.dirname(sys.executable)
config.environment["PATH"] = os.pathsep.join([bin_dir, os.environ.get("PATH", "")])
config.substitutions.append(("FileCheck", os.path.join(bin_dir, "filecheck")))

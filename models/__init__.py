"""Model loaders: one function per model, each returning a TorchLoaderOutput.
config.yaml names them by import path (models.<file>.<function>)."""

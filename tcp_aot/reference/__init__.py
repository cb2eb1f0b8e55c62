"""Reference tensors (.npz): the file layout (npz.py) and where the expected
outputs come from: eager PyTorch for models (eager.py), the NumPy
interpreter of TCP for TCP sources (interpreted.py)."""

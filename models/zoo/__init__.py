"""Models from the libraries people use (torchvision, HuggingFace
transformers), built from their own classes and configs with seeded random
weights: nothing is downloaded."""

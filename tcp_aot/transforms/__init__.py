"""Transformations that are not dialect conversions."""

"""Dialects defined by this project (TCP)."""

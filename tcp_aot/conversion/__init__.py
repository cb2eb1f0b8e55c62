"""Conversions between dialects, one package per source-to-target pair."""

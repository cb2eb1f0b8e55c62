"""The error a pipeline stage stops with: one clear line for the user."""

from __future__ import annotations


class StageError(Exception):
    """A known failure of a stage, with a message meant for the user (no
    traceback needed); `log` holds details for the stage's log file. The
    stage runner adds the model and stage names."""

    def __init__(self, message: str, log: str = ""):
        super().__init__(message)
        self.log = log

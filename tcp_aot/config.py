"""config.yaml: turning a schema violation into one line that names the
offending entry."""

from __future__ import annotations


def describe_validation_error(error: BaseException) -> str:
    """`config.yaml: <path>: <what is wrong>` for the jsonschema error behind
    Snakemake's validate() (its WorkflowError carries the schema and the whole
    config besides)."""
    cause = error.__context__ or error.__cause__
    message = getattr(cause, "message", None)
    if message is None:
        return f"config.yaml: {str(error).splitlines()[0]}"
    path = ".".join(str(p) for p in getattr(cause, "absolute_path", []))
    return f"config.yaml: {path + ': ' if path else ''}{message}"

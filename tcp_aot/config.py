"""config.yaml: turning a schema violation into one line that names the
offending entry; a program's tolerance."""

from __future__ import annotations


def program_tolerance(config: dict, name: str) -> dict:
    """The program's own tolerance where its entry (a model's, in any models
    section, or a TCP source's) sets one, else the default."""
    models = config["models"] | config.get("models_on_demand", {}) | config.get("coverage", {}).get("models", {})
    entry = models.get(name, config["tcp_sources"].get(name))
    return entry["tolerance"] if isinstance(entry, dict) and "tolerance" in entry else config["tolerance"]


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

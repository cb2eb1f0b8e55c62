"""A repair of Snakemake's job scheduler, applied by rules/common.smk.

Snakemake (9.x, up to 9.27.1 at least: snakemake/scheduling/job_scheduler.py)
always runs its job rate limiter (`--max-jobs-per-timespan`, 100/1s by
default). Each scheduling round that leaves ready jobs waiting starts a
timer for another round one timespan later, and that round starts the next
timer: a chain that lives as long as jobs are waiting. Every finished job
runs a round, so every finished job starts one more chain: the process gains
a thread per finished job, and each round reads the size of every ready
job's inputs. Through `make` (1641 jobs on 2 cores) Snakemake's own process
used half of one core, and `make` took 31 minutes instead of 20.5. A longer
timespan only slows the chains down, and a run then waits up to one timespan
at its end for the last timer.

Here at most one such timer is pending at a time, as a daemon thread that a
finished run does not wait for.
"""

from __future__ import annotations

import threading

from snakemake.scheduling.job_scheduler import JobScheduler


def _schedule_one_reevaluation(scheduler: JobScheduler, delay: float) -> None:
    if getattr(scheduler, "_reevaluation_pending", False):
        return

    def reevaluate() -> None:
        scheduler._reevaluation_pending = False  # before the round it starts, which may schedule the next
        scheduler._open_jobs.release()

    scheduler._reevaluation_pending = True
    timer = threading.Timer(delay, reevaluate)
    timer.daemon = True
    timer.start()


def install() -> None:
    """Replace the scheduler's re-evaluation timers (the method name keeps
    Snakemake's spelling)."""
    JobScheduler._schedule_reevalutation = _schedule_one_reevaluation

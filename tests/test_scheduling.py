"""The repair of Snakemake's re-evaluation timers (tcp_aot/scheduling.py)."""

from __future__ import annotations

import inspect
import threading
import types

from snakemake.scheduling.job_scheduler import JobScheduler

from tcp_aot import scheduling


def test_snakemake_still_schedules_its_reevaluations_through_the_repaired_method():
    assert "self._schedule_reevalutation(" in inspect.getsource(JobScheduler.schedule)
    scheduling.install()
    assert JobScheduler._schedule_reevalutation is scheduling._schedule_one_reevaluation


def test_at_most_one_reevaluation_is_pending_and_a_run_does_not_wait_for_it():
    scheduler = types.SimpleNamespace(_open_jobs=threading.Semaphore(0))
    before = set(threading.enumerate())
    for _ in range(5):  # five rounds that each left jobs waiting
        scheduling._schedule_one_reevaluation(scheduler, 0.05)
    timers = set(threading.enumerate()) - before
    assert len(timers) == 1 and all(t.daemon for t in timers)
    assert scheduler._open_jobs.acquire(timeout=5)
    assert not scheduler._open_jobs.acquire(timeout=0.2)  # one round, not five

    scheduling._schedule_one_reevaluation(scheduler, 0.05)  # the round it ran schedules the next
    assert scheduler._open_jobs.acquire(timeout=5)

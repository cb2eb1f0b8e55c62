"""A real single-node SLURM cluster for the tests: munge, slurmctld and
slurmd from Debian's packages, controller and compute node on localhost,
state and logs in a scratch folder, torn down afterwards.

Facts this relies on (../shared/docs/cluster.md): slurm.conf must be at
/etc/slurm/slurm.conf (the executor's job steps drop SLURM_CONF), munge needs
/run/munge, and without accounting Snakemake's slurm executor must poll with
squeue (the profile sets it).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

SLURM_CONF = Path("/etc/slurm/slurm.conf")
DAEMONS = ("munged", "slurmctld", "slurmd")


def unavailable() -> str | None:
    """Why a cluster cannot be brought up here, or None."""
    if os.geteuid() != 0:
        return "bringing up SLURM needs root (daemons, /etc/slurm/slurm.conf)"
    missing = [d for d in DAEMONS + ("sbatch", "squeue", "sinfo") if shutil.which(d) is None
               and not Path(f"/usr/sbin/{d}").exists()]
    if missing:
        return f"SLURM is not installed (missing {', '.join(missing)}; `make setup-test` installs it)"
    return None


class SlurmCluster:
    def __init__(self, workdir: Path):
        self.dir = workdir
        self.host = socket.gethostname().split(".")[0]
        self.saved_conf: bytes | None = None
        self.pid_files: list[Path] = []

    def __enter__(self) -> "SlurmCluster":
        try:
            self._start()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _start(self) -> None:
        for sub in ("state", "spool", "log"):
            (self.dir / sub).mkdir(parents=True, exist_ok=True)
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20 // 2
        conf = f"""ClusterName=tcpaot
SlurmctldHost={self.host}(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MinJobAge=300
ReturnToService=2
StateSaveLocation={self.dir}/state
SlurmdSpoolDir={self.dir}/spool
SlurmctldPidFile={self.dir}/slurmctld.pid
SlurmdPidFile={self.dir}/slurmd.pid
SlurmctldLogFile={self.dir}/log/slurmctld.log
SlurmdLogFile={self.dir}/log/slurmd.log
NodeName={self.host} NodeAddr=127.0.0.1 CPUs={os.cpu_count()} RealMemory={memory} State=UNKNOWN
PartitionName=main Nodes={self.host} Default=YES MaxTime=INFINITE State=UP
"""
        SLURM_CONF.parent.mkdir(parents=True, exist_ok=True)
        if SLURM_CONF.exists():
            self.saved_conf = SLURM_CONF.read_bytes()
        SLURM_CONF.write_text(conf)
        self._start_munge()
        subprocess.run(["/usr/sbin/slurmctld"], check=True)
        self._wait_for_file(self.dir / "slurmctld.pid")
        subprocess.run(["/usr/sbin/slurmd"], check=True)
        self._wait_for_file(self.dir / "slurmd.pid")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            state = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True).stdout.strip()
            if state == "idle":
                return
            time.sleep(0.5)
        raise RuntimeError(f"the SLURM node did not become idle (state {state!r}); see {self.dir}/log")

    def _start_munge(self) -> None:
        if subprocess.run("munge -n | unmunge", shell=True, capture_output=True).returncode == 0:
            return  # already running
        run_dir = Path("/run/munge")
        run_dir.mkdir(parents=True, exist_ok=True)
        shutil.chown(run_dir, "munge", "munge")
        subprocess.run(["runuser", "-u", "munge", "--", "/usr/sbin/munged"], check=True)
        self.pid_files.append(run_dir / "munged.pid")  # ours: stop it afterwards
        self._wait(lambda: subprocess.run("munge -n | unmunge", shell=True, capture_output=True).returncode == 0,
                   "munged did not start")

    def _wait_for_file(self, path: Path) -> None:
        self._wait(path.exists, f"{path} did not appear")

    @staticmethod
    def _wait(ready, error: str, seconds: float = 15) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if ready():
                return
            time.sleep(0.2)
        raise RuntimeError(error)

    def __exit__(self, *exc) -> None:
        for path in [self.dir / "slurmd.pid", self.dir / "slurmctld.pid"] + self.pid_files:
            try:
                os.kill(int(path.read_text()), signal.SIGTERM)
            except (OSError, ValueError):
                pass  # not running, or never started
        if self.saved_conf is not None:
            SLURM_CONF.write_bytes(self.saved_conf)
        elif SLURM_CONF.exists():
            SLURM_CONF.unlink()

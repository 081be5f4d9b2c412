"""The processes of a run, read from ``/proc`` (Linux): what a test of a command
stopped or killed checks it left behind."""

from __future__ import annotations

import os
from pathlib import Path


def group_members(group: int) -> list[int]:
    """The live processes of a process group, read from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue  # gone meanwhile
        # The fields after the command name (which may hold spaces), from the state on.
        fields = stat.rpartition(")")[2].split()
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(entry))
    return members

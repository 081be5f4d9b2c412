"""JSON readers and writers: state documents, view documents, deal records, rules.

Every document is plain JSON text in UTF-8 with a ``format`` and a ``version``;
all are read with the same typed readers (:mod:`bezique.io.readers`), which
name the field at fault in every error, and written by the same printer
(:mod:`bezique.io.text`). A state document is checked on load by
:func:`bezique.checks.invariants.check_state`.

* :mod:`bezique.io.state_json`: :func:`state_to_json`, :func:`load_state`, ...;
* :mod:`bezique.io.view_json`: :func:`view_to_json`, :func:`view_from_json`, ...;
* :mod:`bezique.io.deals`: :class:`DealRecord`, :func:`record_deal`, :func:`deck_order`;
* :mod:`bezique.io.position`: :func:`format_position`, :func:`parse_position`, the
  position notation (a state without its tricks, in a few lines of text);
* :mod:`bezique.io.rules_json`: :func:`rules_to_dict`, :func:`rules_from_dict`.

The documentation page "JSON format" describes the documents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique.errors import submodules_on_demand
from bezique.io.deals import RECORD_FORMAT, RECORD_VERSION, DealRecord, deck_order, record_deal
from bezique.io.position import format_position, parse_position, same_position
from bezique.io.rules_json import rules_from_dict, rules_to_dict
from bezique.io.state_json import (
    STATE_FORMAT,
    STATE_VERSION,
    load_state,
    state_from_dict,
    state_to_dict,
    state_to_json,
)
from bezique.io.view_json import (
    VIEW_FORMAT,
    VIEW_VERSION,
    view_from_dict,
    view_from_json,
    view_to_dict,
    view_to_json,
)

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "STATE_FORMAT",
    "STATE_VERSION",
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "DealRecord",
    "deck_order",
    "format_position",
    "load_state",
    "parse_position",
    "record_deal",
    "rules_from_dict",
    "rules_to_dict",
    "same_position",
    "state_from_dict",
    "state_to_dict",
    "state_to_json",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
]


if not TYPE_CHECKING:
    # A module of the package not imported yet, by any of its paths: the deal records'
    # old path bezique.io.records too, deprecated (see bezique._MOVED).
    __getattr__ = submodules_on_demand(__name__)

"""What a deal state must satisfy, and what follows from it: the checks of a state
(:mod:`~bezique.checks.invariants`), the replay of its recorded past
(:mod:`~bezique.checks.reachable`), and a full deal consistent with what one seat knows
(:mod:`~bezique.checks.determinize`).

Importing this package loads none of them.
"""

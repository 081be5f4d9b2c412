"""Numbers for learning code: every action of a rule set as an integer id
(:mod:`~bezique.encodings.action_space`) and a seat view as a vector of fixed shape
(:mod:`~bezique.encodings.observation`). The adapters for learning frameworks
(:mod:`bezique.envs`) are built on them.

Importing this package loads none of them.
"""

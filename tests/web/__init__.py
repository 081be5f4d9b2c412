"""The tests of ``bezique serve``; see conftest.py."""

"""JSON forms (written alongside the engine)."""

"""Scenarios: the game's rules and rulings written as data, and run against the engine.

A scenario file (``content/scenarios/*.yaml``) lists scenarios; each names the
rule it pins, gives a table (``given:``), plays moves on it (``when:``) and
states what must hold after (``then:``) or the error an illegal move must
give (``error:``). ``runner.run`` plays them and gives a verdict per
scenario; ``runner.check`` finds a file's mistakes without playing it.
docs/scenarios.md teaches the format.

The stages, one module each: ``source`` (files → items with places),
``names`` (names → the engine's numbers), ``table`` (given → a game),
``answers`` (the game's questions → the answers written on a move),
``moves`` (when → the game played), ``expect`` (then → mismatches),
``runner`` (all of it → verdicts).
"""

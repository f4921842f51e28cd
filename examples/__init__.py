"""Game packs that ship with prophecy beside the bundled game (``prophecy init --list``).

Each folder is a pack: a ``game.yaml`` that declares its kinds of card, the
card files, and a layout whose faces draw them (docs/packs.md).
"""

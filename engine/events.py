"""What a game reports as it is played: events out, for whoever counts them.

The rules engine keeps no statistics. It tells an ``Events`` object what
happened (a card played, a Dark Deed dealt or completed, an effect line
ready or used, a Verse checked); ``lab/simulate.py`` counts these into a
run's tallies, and every other game (a scenario, a look-ahead, a replay)
passes them to ``QUIET``, which forgets them.
"""

from __future__ import annotations


class Events:
    """The events of one game; this base ignores every one (see ``QUIET``)."""

    __slots__ = ()

    def played(self, design: int) -> None:
        """An Arcana card of ``design`` was played."""

    def deed_held(self, design: int) -> None:
        """A Dark Deed of ``design`` came into a player's play area."""

    def deed_done(self, design: int) -> None:
        """A Dark Deed of ``design`` was completed."""

    def line(self, index: int, used: bool) -> None:
        """Effect line ``index`` (of the book's numbering) could be used; ``used``: it was."""

    def verse(self, design: int, paid: bool) -> None:
        """A player's Prophecy Verse of ``design`` was checked; ``paid``: its condition held."""


#: The events nobody counts.
QUIET = Events()

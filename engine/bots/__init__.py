"""The bots: players that answer the rules engine's questions without a person.

``greedy`` holds the random and the one-action-ahead players, ``planner`` the one that
plans over the rest of the round; ``estimate``, ``heuristics`` and ``sketch`` are what
they judge a position with, and ``roster`` makes a bot from its name ("greedy",
"planner:2"). The bots read the game; the rules in ``prophecy.engine`` never import them.
"""

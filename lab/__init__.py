"""Games at scale: many games played by bots, and what they say about the cards.

``simulate`` plays whole games and ``report`` sums them up; ``balance`` plays each card
against its vanilla twin (``twins``, ``pairs``) and ``balance_report`` says what that
measured; ``shards``, ``executors`` and ``merge`` spread a run over processes or a
cluster and add the pieces up; ``report_html`` and ``charts`` draw the reports. The lab
sits above the rules engine and its bots and below the designer's tools.
"""

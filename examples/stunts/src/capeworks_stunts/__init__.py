"""Stunts: heroes take turns pulling stunts for the crowd, pushing their luck until one reaches the goal.

The smallest complete capeworks ruleset, written as an outside package would
be (docs/writing-a-ruleset.md is built around it). On your turn you ``roll``
a die: a 1 is a flop and your heat for the turn is lost; anything else adds to
your heat, and the rules ask you to ``bank`` it (your score grows and the turn
passes) or roll again. The first to bank the goal wins.
"""

__all__: list[str] = []

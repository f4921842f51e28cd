"""A scenario's own rules: the content and a scenario's ``rules:`` and ``options:`` in, the
content its game plays by out.

A scenario file may write, beside its ``scenarios:`` list, game.yaml's ``rules:``
and ``options:`` in game.yaml's own form; so may each scenario. The game of the
scenario plays by the content's, with the file's written over them and the
scenario's over those: a rules constant replaces that constant, an option
replaces that whole option (``hand: {rule: draw-up-to, size: 5}``). So a pack
can pin what each option means in play, whatever its game.yaml says. What
game.yaml's checks refuse is refused here too, at its place in the scenario
file; so is an action the engine does not have.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from prophecy.compiler import model
from prophecy.compiler.model.gamecheck import rules_errors
from prophecy.compiler.model.options import options_errors, over
from prophecy.compiler.model.plugins import engine_facts
from prophecy.dsl.errors import ProphecyError, suggest
from prophecy.engine.plugin import ENGINE
from prophecy.engine.scenarios.source import Item, Scenario, ScenarioError

_VARIANTS: dict[tuple[int, model.Rules, model.Options], tuple[model.Content, model.Content]] = {}


def content_for(content: model.Content, s: Scenario) -> model.Content:
    """The content a scenario's game plays by: the content's own, or with the rules and
    options its file and itself write instead (one content per distinct set, kept)."""
    if not s.changes:
        return content
    rules, options = content.rules, content.options
    for item in s.changes:
        rules = _rules(item, rules)
        options = _options(item, rules, options, content)
    if rules == content.rules and options == content.options:
        return content
    key = (id(content), rules, options)
    found = _VARIANTS.get(key)
    if found is None or found[0] is not content:
        if len(_VARIANTS) > 64:
            _VARIANTS.clear()
        found = _VARIANTS[key] = (content, dataclasses.replace(content, rules=rules,
                                                               options=options))
    return found[1]


def _rules(item: Item, rules: model.Rules) -> model.Rules:
    found = item.get("rules")
    if found is None:
        return rules
    data = found.value
    _refuse(rules_errors(item.src, item.node, {"rules": {**vars(rules), **data}}))
    given: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    return dataclasses.replace(rules, **given)


def _options(item: Item, rules: model.Rules, options: model.Options,
             content: model.Content) -> model.Options:
    found = item.get("options")
    if found is None:
        return options
    data = found.value
    players = {"min_players": rules.min_players, "max_players": rules.max_players}
    _refuse(options_errors(item.src, item.node, {"options": data, "rules": players}))
    actions = found.get("actions")
    facts = engine_facts(content)  # declared: checking a scenario runs no pack code
    names = list(facts.actions or ()) if facts is not None else ENGINE.action_names()
    for name, key, _value in actions.entries() if actions is not None else ():
        if name not in names:
            hint = suggest(name, names) or f"the engine's actions are {', '.join(names)}"
            raise key.error(f"the engine has no action '{name}'", hint)
    return over(options, data)


def _refuse(errors: list[ProphecyError]) -> None:
    """The first problem found, as a mistake of the scenario file."""
    if errors:
        first = errors[0]
        raise ScenarioError(first.message, first.line, first.column, first.hint, first.where,
                            first.source, first.length)

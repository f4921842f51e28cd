"""The compiler: content and rules-language ASTs in; a typed model, engine handlers, face
models and lint findings out.

Its parts, in the order data flows through them:

- ``compiler.model``: the content folder read, checked against its schemas and
  turned into typed cards (``load_content``), every effect line parsed by ``dsl``;
  also ``fmt``, which writes effect lines back in canonical form.
- the back ends, one module each, keyed by AST class: ``handlers`` (what a line
  does in a game, typed against ``runtime``, the contract the engine implements),
  ``faces`` (what each side of a card shows), ``explain`` (a line in words, for
  the editor) and ``changes`` (what changed between two contents).
- ``compiler.lint``: the rules-text linter's checks that read the model alone (the
  one that plays games to see a line do something sits with the tools, above the
  engine).

The compiler imports only ``dsl`` and itself. The whole flow is
``content → dsl → compiler → {engine → bots → lab, render} → tools``;
``tests/test_layers.py`` holds every folder's imports to it.
"""

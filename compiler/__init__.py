"""The compiler: content and rules-language ASTs in; a typed model, engine handlers, face
models, lint findings and the command line out.

Its four parts, in the order data flows through them:

- ``compiler.model``: the content folder read, checked against its schemas and
  turned into typed cards (``load_content``), every effect line parsed by ``dsl``;
  also ``fmt``, which writes effect lines back in canonical form.
- the back ends, one module each, keyed by AST class: ``handlers`` (what a line
  does in a game, typed against ``runtime``, the contract the engine implements),
  ``faces`` (what each side of a card shows), ``explain`` (a line in words, for
  the editor) and ``changes`` (what changed between two contents).
- ``compiler.lint``: the rules-text linter; it may run the engine (``engine``)
  and measure faces (``render``).
- ``compiler.cli``: the ``prophecy`` command, argv in and an exit code out; it may
  import everything, and nothing imports it.

The model and the back ends (the compiler's core) import only ``dsl`` and
themselves; ``engine`` and ``render`` build on the core and never import each
other; only ``lint`` and ``cli`` import ``engine`` or ``render``. The flow is
``content → dsl → compiler core → {engine, render} → lint → cli``;
``tests/test_layers.py`` holds every module's imports to it.
"""

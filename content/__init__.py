"""The bundled game of Dark Prophecies, shipped as package data (``prophecy.content``).

This folder is the content a designer edits: YAML files, their JSON schemas
and the card-face layouts. Python code never reads it by a path relative to
the checkout; ``prophecy.compiler.model.files.bundled_content()`` finds it the
same way from a checkout, an editable install and an installed wheel.
"""

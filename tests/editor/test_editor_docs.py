"""docs/editor.md's Neovim 0.7 to 0.10 snippet, run as written in a headless Neovim.

Debian 12 ships Neovim 0.7.2, on which the 0.11 snippet fails ("attempt to
call field 'config' (a nil value)"). The test skips where no Neovim is
installed (CI installs Debian's ``neovim``) or where it is 0.11 or later.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from prophecy.compiler.model.files import bundled_content

DOC = Path(__file__).resolve().parents[2] / "docs" / "editor.md"
NVIM = shutil.which("nvim")

pytestmark = pytest.mark.skipif(NVIM is None, reason="no Neovim installed")

CHECK = """
vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 200)
for _, d in ipairs(vim.diagnostic.get(0)) do
  io.stdout:write((d.lnum + 1) .. ":" .. (d.col + 1) .. " " .. (d.source or "?") .. ": "
                  .. d.message:gsub("\\n.*", "") .. "\\n")
end
vim.cmd("qa!")
"""


def _snippet() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### Neovim 0.7 to 0.10"):]
    return re.search(r"```lua\n(.*?)```", section, re.S).group(1)


def _version() -> tuple[int, int]:
    out = subprocess.run([NVIM, "--version"], capture_output=True, text=True).stdout
    found = re.search(r"NVIM v(\d+)\.(\d+)", out)
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def _run(tmp_path: Path, file: Path, commands: str) -> str:
    init = tmp_path / "init.lua"
    init.write_text(_snippet(), encoding="utf-8")
    check = tmp_path / "check.lua"
    check.write_text(commands + CHECK, encoding="utf-8")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data")}
    # a script that fails leaves Neovim waiting: the last command ends it with an error
    done = subprocess.run([NVIM, "--headless", "-u", str(init), str(file), "-c",
                           f"luafile {check}", "-c", "cquit 2"], capture_output=True, text=True,
                          env=env, timeout=120, cwd=tmp_path, stdin=subprocess.DEVNULL)
    return done.stdout


@pytest.mark.skipif(NVIM is not None and _version() >= (0, 11), reason="Neovim 0.11 or later")
def test_the_snippet_for_neovim_before_0_11_checks_saved_and_new_files(tmp_path: Path):
    content = tmp_path / "content"
    shutil.copytree(bundled_content(), content, ignore=shutil.ignore_patterns("__*"))
    necro = content / "arcana" / "necromancy.yaml"
    necro.write_text(necro.read_text(encoding="utf-8").replace(
        '"Add 1 to any Dark Deed"', '"Add 1 to any Dark Dead"', 1), encoding="utf-8")
    found = _run(tmp_path, necro, "")
    assert "prophecy check: unknown word 'Dead'" in found, found
    # a file made in the editor and never saved is checked too
    lines = ["# yaml-language-server: $schema=../schemas/arcana.schema.json",
             "grimoire: Necromancy", "cards:", "  - name: Fresh Grave", "    types: [Spell]",
             "    effects:", '      - "Draw 1 Arcanna"']
    fresh = content / "arcana" / "fresh.yaml"
    found = _run(tmp_path, fresh, "vim.api.nvim_buf_set_lines(0, 0, -1, false, {"
                 + ", ".join(f"[==[{line}]==]" for line in lines) + "})\n")
    assert "7:17 prophecy check: unknown word 'Arcanna'" in found, found
    assert not fresh.exists()

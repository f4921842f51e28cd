"""`prophecy completion bash|zsh|fish`: the command line's own parser in, a shell's completion
script out.

The script is written from the argument parser of every command as it is
now, so a new command or option completes as soon as it exists: commands
with their summaries, each command's options, the choices of an option or
argument that has them (``--paper a4|letter|both``), and files and folders
for an option or argument that takes a path. Install it once::

    prophecy completion bash > ~/.local/share/bash-completion/completions/prophecy
    prophecy completion zsh > "${fpath[1]}/_prophecy"
    prophecy completion fish > ~/.config/fish/completions/prophecy.fish
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from prophecy.tools import COMMANDS, build_parser

SHELLS = ("bash", "zsh", "fish")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS, help="the shell to write the script for")


def run(args: argparse.Namespace) -> int:
    print(SCRIPTS[args.shell](tree()), end="")
    return 0


@dataclass(frozen=True)
class Option:
    """One option or argument as a shell completes it."""

    flags: tuple[str, ...]  # empty for a positional argument
    help: str
    takes_value: bool
    choices: tuple[str, ...]
    path: bool  # a file or folder


@dataclass(frozen=True)
class Command:
    name: str
    summary: str
    options: tuple[Option, ...]


def tree() -> tuple[tuple[Option, ...], tuple[Command, ...]]:
    """The top-level options and every command, read from the parser with every
    command's arguments loaded."""
    parser = build_parser(None, every=True)
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    commands = tuple(Command(name, COMMANDS[name][1], _options(sub))
                     for name, sub in subs.choices.items())
    top = tuple(o for o in _options(parser) if o.flags)
    return top, commands


def _options(parser: argparse.ArgumentParser) -> tuple[Option, ...]:
    out = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        choices = tuple(sorted(str(c) for c in action.choices or ()))
        out.append(Option(tuple(action.option_strings), " ".join((action.help or "").split()),
                          action.nargs != 0, choices, _is_path(action)))
    return tuple(out)


def _is_path(action: argparse.Action) -> bool:
    """Whether an option or argument names a file or folder (its type, or its metavar)."""
    from pathlib import Path

    shown = str(action.metavar or "")
    return action.type is Path or any(w in shown for w in ("DIR", "FILE", "PATH"))


# ---------------------------------------------------------------- bash
def bash(spec: tuple[tuple[Option, ...], tuple[Command, ...]]) -> str:
    top, commands = spec
    words = " ".join([c.name for c in commands] + [f for o in top for f in o.flags])
    cases = "".join(_bash_command(c) for c in commands)
    return f"""# bash completion for prophecy, written by 'prophecy completion bash'
_prophecy() {{
    local cur prev cmd i
    cur="${{COMP_WORDS[COMP_CWORD]}}"
    prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${{COMP_WORDS[i]}}" in
            -*) ;;
            *) cmd="${{COMP_WORDS[i]}}"; break ;;
        esac
    done
    if [[ -z "$cmd" ]]; then
        COMPREPLY=($(compgen -W "{words}" -- "$cur"))
        return
    fi
    case "$cmd" in
{cases}    esac
}}
complete -o filenames -F _prophecy prophecy
"""


def _bash_command(command: Command) -> str:
    flags = " ".join(f for o in command.options for f in o.flags)
    values = "".join(
        f"                {'|'.join(o.flags)}) {_bash_values(o)}; return ;;\n"
        for o in command.options if o.flags and o.takes_value)
    positional = next((o for o in command.options if not o.flags), None)
    rest = _bash_values(positional) if positional else "COMPREPLY=()"
    return f"""        {command.name})
            case "$prev" in
{values}            esac
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "{flags}" -- "$cur"))
            else
                {rest}
            fi
            ;;
"""


def _bash_values(option: Option) -> str:
    if option.choices:
        return f'COMPREPLY=($(compgen -W "{" ".join(option.choices)}" -- "$cur"))'
    return 'COMPREPLY=($(compgen -f -- "$cur"))' if option.path else "COMPREPLY=()"


# ---------------------------------------------------------------- zsh
def zsh(spec: tuple[tuple[Option, ...], tuple[Command, ...]]) -> str:
    top, commands = spec
    described = "\n".join(f"        {_quote(c.name + ':' + _plain(c.summary))}"
                          for c in commands)
    cases = "".join(
        f"        {c.name})\n            _arguments -s \\\n"
        + "".join(f"                {s} \\\n" for s in _zsh_specs(c.options))
        + "            ;;\n" for c in commands)
    return f"""#compdef prophecy
# zsh completion for prophecy, written by 'prophecy completion zsh'
_prophecy() {{
    local -a commands
    commands=(
{described}
    )
    local i=2
    while [[ "${{words[i]}}" == -* ]]; do (( i++ )); done
    if (( CURRENT <= i )); then
        _describe 'command' commands
        return
    fi
    local cmd="${{words[i]}}"
    shift $(( i - 1 )) words
    (( CURRENT -= i - 1 ))
    case "$cmd" in
{cases}    esac
}}
if [[ "${{funcstack[1]}}" == "_prophecy" ]]; then
    _prophecy "$@"
else
    compdef _prophecy prophecy
fi
"""


def _zsh_specs(options: tuple[Option, ...]) -> list[str]:
    """Each option as _arguments takes it, quoted for the shell: '--out[help]:value:_files';
    an option of two spellings as '(-q --quiet)'{-q,--quiet}'[help]' (brace expansion)."""
    specs = []
    for o in options:
        action = f"({' '.join(o.choices)})" if o.choices else "_files" if o.path else " "
        if not o.flags:
            specs.append(_quote(f"*:{_plain(o.help) or 'argument'}:{action}"))
            continue
        tail = f"[{_plain(o.help)}]" + (f":value:{action}" if o.takes_value else "")
        if len(o.flags) == 1:
            specs.append(_quote(o.flags[0] + tail))
        else:
            tail = _quote(tail)
            specs.append(_quote(f"({' '.join(o.flags)})") + "{" + ",".join(o.flags) + "}" + tail)
    return specs


def _plain(text: str) -> str:
    """Help text safe inside a zsh spec's brackets and after its colons."""
    return text.replace("[", "(").replace("]", ")").replace(":", " -").replace("\\", "/")


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


# ---------------------------------------------------------------- fish
def fish(spec: tuple[tuple[Option, ...], tuple[Command, ...]]) -> str:
    top, commands = spec
    lines = ["# fish completion for prophecy, written by 'prophecy completion fish'",
             "complete -c prophecy -f"]
    for o in top:
        lines.append(f"complete -c prophecy -n __fish_use_subcommand {_fish_flags(o)}"
                     f" -d {_quote(o.help)}")
    for c in commands:
        lines.append(f"complete -c prophecy -n __fish_use_subcommand -a {c.name}"
                     f" -d {_quote(c.summary)}")
        when = f"-n {_quote('__fish_seen_subcommand_from ' + c.name)}"
        for o in c.options:
            if not o.flags:
                values = f"-a {_quote(' '.join(o.choices))}" if o.choices else "-F"
                if o.choices or o.path:
                    lines.append(f"complete -c prophecy {when} {values}")
                continue
            lines.append(f"complete -c prophecy {when} {_fish_flags(o)} -d {_quote(o.help)}")
    return "\n".join(lines) + "\n"


def _fish_flags(option: Option) -> str:
    parts = [f"-l {f[2:]}" if f.startswith("--") else f"-s {f[1:]}" for f in option.flags]
    if option.takes_value:
        parts.append(f"-x -a {_quote(' '.join(option.choices))}" if option.choices
                     else "-r -F" if option.path else "-x")
    return " ".join(parts)


SCRIPTS = {"bash": bash, "zsh": zsh, "fish": fish}

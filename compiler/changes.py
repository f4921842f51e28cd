"""What changed between two states of the content: two loaded contents in, the changed cards out.

A card is matched by its id (kind and a slug of its name; a renamed card is
one removed and one added). It has changed when a field differs (effect
lines compared by their canonical text, so a re-spelling that ``prophecy
fmt`` would undo is no change) or when its printed face differs (the
reference card's rules summary follows the rules constants). The version
stamp is left out of that comparison: a reprint carries the new version
while the untouched cards keep theirs, which is what the stamp is for.

``snapshot`` reads one side: a content folder, or the content folder as a
git revision holds it (extracted into a temporary folder).
"""

from __future__ import annotations

import difflib
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from prophecy.compiler import model
from prophecy.compiler.faces import all_faces
from prophecy.compiler.facespec import layout_file
from prophecy.compiler.model.export import card_json
from prophecy.compiler.model.files import file_digest, resolved
from prophecy.compiler.model.loader import counts
from prophecy.compiler.model.options import FIELDS, words
from prophecy.compiler.model.yamlsafe import load_yaml
from prophecy.dsl.errors import ProphecyError, UsageError


@dataclass(frozen=True)
class Changed:
    """One card in both states: fields whose value changed, effect lines removed and added."""

    card: model.Card
    fields: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    lines: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)
    face: bool = False  # the printed face differs though no field does (rules, layout data)


@dataclass(frozen=True)
class Changes:
    """Cards added, removed and changed; physical card counts per kind on each side."""

    added: list[model.Card]
    removed: list[model.Card]
    changed: list[Changed]
    counts: dict[str, tuple[int, int]]
    game: dict[str, tuple[Any, Any]] = field(default_factory=dict)

    @property
    def ids(self) -> list[str]:
        """The ids of the cards to print again: added and changed, in content order."""
        return [c.id for c in self.added] + [c.card.id for c in self.changed]


def compare(old: model.Content, new: model.Content) -> Changes:
    """Every difference in the cards between ``old`` and ``new``."""
    before = {c.id: c for c in old.cards}
    after = {c.id: c for c in new.cards}
    faces_old, faces_new = _faces(old), _faces(new)
    changed = []
    for card in new.cards:
        if card.id in before:
            found = _changed(before[card.id], card, faces_old[card.id] != faces_new[card.id])
            if found is not None:
                changed.append(found)
    n_old, n_new = counts(old), counts(new)
    return Changes(
        added=[c for c in new.cards if c.id not in before],
        removed=[c for c in old.cards if c.id not in after],
        changed=changed,
        counts={kind: (n_old.get(kind, 0), n_new.get(kind, 0))
                for kind in dict.fromkeys([*old.kinds, *new.kinds])},
        game=_game_changes(old, new),
    )


def _faces(content: model.Content) -> dict[str, str]:
    """Each card's printed front and back as text, the version stamp left out, with how
    the layout draws them: a recoloured badge or a moved box in the layout, or a picture
    or template file saved anew under the same name, changes every card it is drawn on."""
    unstamped = replace(content, version="")
    general, faces = _layout(content)
    out = {}
    for f in all_faces(unstamped):
        drawn = repr((f.front, f.back, faces.get(f.front.design), faces.get(f.back.design)))
        out[f.id] = repr((drawn, general, _files_named(Path(content.root), drawn)))
    return out


def _layout(content: model.Content) -> tuple[str, dict[str, Any]]:
    """The layout's data that every face shares (size, fonts, colours...) as text, and each
    face's own entry by name."""
    try:
        _, _, data = load_yaml(layout_file(content))
    except (ProphecyError, OSError):
        return "", {}
    if not isinstance(data, dict):
        return "", {}
    faces = data.get("faces")
    shared = {k: v for k, v in data.items() if k != "faces"}
    return repr(sorted(shared.items(), key=str)), faces if isinstance(faces, dict) else {}


#: Files a face may draw from, named in a card's fields or its layout.
_DRAWN_FILES = (".png", ".jpg", ".jpeg", ".webp", ".j2", ".txt")


def _files_named(root: Path, text: str) -> tuple[tuple[str, str], ...]:
    """The digest of each file under ``root`` that ``text`` names (a picture, a template)."""
    import re


    found = []
    for name in sorted(set(re.findall(r"[\w./-]+", text))):
        if not name.lower().endswith(_DRAWN_FILES):
            continue
        for where in (root / name, root / "images" / name, root / "templates" / name):
            if where.is_file():
                found.append((name, file_digest(where)))
                break
    return tuple(found)


def card_values(card: model.Card) -> dict[str, Any]:
    """A card's fields as compared: effect lines as canonical text, no place."""
    values = card_json(card)
    own = set(card.fields)
    # 'effects' gathers the lines of the card's own fields; keep it only where it is one.
    return {k: _texts(v) for k, v in values.items()
            if k != "place" and (k != "effects" or k in own)}


def _texts(value: Any) -> Any:
    if isinstance(value, dict) and "text" in value and "ast" in value:
        return value["text"]
    if isinstance(value, list):
        return [_texts(v) for v in value]
    return value


def _changed(old: model.Card, new: model.Card, face: bool) -> Changed | None:
    a, b = card_values(old), card_values(new)
    values: dict[str, tuple[Any, Any]] = {}
    lines: dict[str, tuple[list[str], list[str]]] = {}
    for key in b:
        if a.get(key) == b[key]:
            continue
        if _is_lines(old, key):
            lines[key] = _line_diff(_as_list(a.get(key)), _as_list(b[key]))
        else:
            values[key] = (a.get(key), b[key])
    if not values and not lines and not face:
        return None
    return Changed(new, values, lines, face and not values and not lines)


def _is_lines(card: model.Card, key: str) -> bool:
    value = card.get(key)
    items = value if isinstance(value, tuple) else (value,)
    return bool(items) and all(isinstance(v, model.EffectLine) for v in items)


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _line_diff(old: list[str], new: list[str]) -> tuple[list[str], list[str]]:
    """The lines only in ``old`` and only in ``new``, in order (moves count as both)."""
    removed, added = [], []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed += old[i1:i2]
            added += new[j1:j2]
    return removed, added


def _game_changes(old: model.Content, new: model.Content) -> dict[str, tuple[Any, Any]]:
    """What differs in game.yaml: the name, version, vocabulary, engine, each rules constant
    and each rules option (in game.yaml's words)."""
    out: dict[str, tuple[Any, Any]] = {}
    for key in ("game_name", "version", "grimoires", "card_types"):
        if getattr(old, key) != getattr(new, key):
            out[key] = (getattr(old, key), getattr(new, key))
    if old.pack.engine != new.pack.engine:
        out["engine"] = (old.pack.engine, new.pack.engine)
    for key, value in vars(new.rules).items():
        if getattr(old.rules, key) != value:
            out[f"rules.{key}"] = (getattr(old.rules, key), value)
    for key in FIELDS:
        before, after = words(old.options, key), words(new.options, key)
        if before != after:
            out[f"options.{key}"] = (before, after)
    return out


# ---------------------------------------------------------------- the two sides
@dataclass(frozen=True)
class Side:
    """One side of a comparison: how it was named, and its content folder."""

    label: str
    folder: Path


@contextmanager
def snapshot(spec: str | None, content: Path, command: str = "prophecy diff"
             ) -> Iterator[Side]:
    """The content named by ``spec``: a folder, a git revision, or (None) ``content`` itself.

    A revision is looked up in the git repository that holds ``content``, and
    the content folder as that revision has it is extracted into a temporary
    folder, removed afterwards. A usage error names ``command``, the one the user ran.
    """
    if spec is None:
        yield Side(f"{content} (working tree)", content)
        return
    if Path(spec).is_dir():
        yield Side(spec, Path(spec))
        return
    top, prefix = _repository(content, spec, command)
    commit = _git(top, "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}")
    if commit is None:
        raise UsageError(f"'{spec}' is neither a folder nor a revision of {top}",
                         where=command, hint="name a content folder, a tag, a branch "
                         "or a commit ('git log --oneline' lists them)")
    with tempfile.TemporaryDirectory(prefix="prophecy-diff-") as temp:
        folder = _extract(top, commit, prefix, Path(temp))
        yield Side(f"{spec} ({commit[:10]})", folder)


def default_old(content: Path) -> str:
    """The last tag before HEAD, or HEAD when there is no tag."""
    top, _ = _repository(content, "HEAD")
    return _git(top, "describe", "--tags", "--abbrev=0") or "HEAD"


def _repository(content: Path, spec: str, command: str = "prophecy diff"
                ) -> tuple[Path, str]:
    folder = resolved(content)
    top = _git(folder, "rev-parse", "--show-toplevel")
    if top is None:
        raise UsageError(f"'{spec}' is not a folder, and {content} is not in a git repository, "
                         "so it cannot be a revision", where=command,
                         hint="name two content folders, or run it in a git checkout")
    return Path(top), folder.relative_to(resolved(Path(top))).as_posix()


def _git(where: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(where), *args], capture_output=True, text=True,
                              timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def _extract(top: Path, commit: str, prefix: str, into: Path) -> Path:
    """The content folder at ``commit`` written under ``into``; its path there.

    Only folders and regular files are written. A link in the revision's
    content is read through the repository: the file it names, as the
    revision holds it, is written in its place; a link out of the repository
    (an absolute path, ``../..`` past its top) cannot be read from a
    revision and is named in an error when it is a YAML file.
    """
    done = subprocess.run(["git", "-C", str(top), "archive", "--format=tar", commit, "--",
                           prefix], capture_output=True, timeout=120, check=False)
    if done.returncode != 0:
        raise ProphecyError(f"revision {commit[:10]} has no folder '{prefix}'",
                            where=str(top), line=0, hint="name a revision that holds the content")
    import io

    links = []
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        for member in archive.getmembers():
            if not _under(member.name, prefix) or not _safe(member.name):
                continue
            if member.isdir():
                (into / member.name).mkdir(parents=True, exist_ok=True)
            elif member.isfile():  # written here: tarfile's extraction filters are 3.11.4+
                source = archive.extractfile(member)
                if source is not None:
                    (into / member.name).parent.mkdir(parents=True, exist_ok=True)
                    (into / member.name).write_bytes(source.read())
            elif member.issym():
                links.append((member.name, member.linkname))
    for name, target in links:
        data = _through_link(top, commit, name, target)
        if data is not None:
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            (into / name).write_bytes(data)
        elif name.endswith((".yaml", ".yml")):
            raise ProphecyError(
                f"in revision {commit[:10]}, {name} is a link to '{target}', which a "
                "revision cannot be read through", where=str(top / name), line=0,
                hint="links in a content folder must stay inside the repository; or compare "
                "with a folder: 'git worktree add ../old REV', then name ../old/" + prefix)
    return into / prefix if prefix not in ("", ".") else into


def _safe(name: str) -> bool:
    """A path that stays inside the folder it is written under: relative, no '..'."""
    import posixpath

    return not posixpath.isabs(name) and ".." not in name.split("/")


def _under(name: str, prefix: str) -> bool:
    return prefix in ("", ".") or name == prefix or name.startswith(prefix.rstrip("/") + "/")


def _through_link(top: Path, commit: str, name: str, target: str, hops: int = 8) -> bytes | None:
    """The bytes of the regular file a link of the revision leads to, or None if none."""
    import posixpath

    for _ in range(hops):
        if posixpath.isabs(target):
            return None
        path = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
        if path == ".." or path.startswith("../"):
            return None
        entry = _git(top, "ls-tree", "-z", "--full-tree", commit, "--", path)
        if entry is None:
            return None
        mode, kind, rest = entry.split(" ", 2)
        sha = rest.split("\t", 1)[0]
        if kind != "blob":
            return None
        done = subprocess.run(["git", "-C", str(top), "cat-file", "blob", sha],
                              capture_output=True, timeout=60, check=False)
        if done.returncode != 0:
            return None
        if mode != "120000":
            return done.stdout
        name, target = path, done.stdout.decode("utf-8", "replace")
    return None

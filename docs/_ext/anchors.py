"""The links between the documentation and its highlighted source pages, mended and
checked at the end of an HTML build: every link into a source page (``[source]``, to
``_modules/...#name``) and back from one (``[docs]``) lands on an anchor that exists.

``sphinx.ext.viewcode`` writes each source page's ``[docs]`` links as the page that
documents a name, ``#``, then *one* module name for the whole source module (the first
one it met documenting any of its names) and the name. A module whose names are
documented under several module names (``scala40.cli`` re-exports what
``scala40.commands`` defines; Rumino, Chinchón and La Conga re-export their shared
engine's moves) so gets links to anchors that do not exist, and a name documented with
``:no-index:`` gets a link to an anchor never written. Nothing warns: the link opens the
page at its top. Once the build has finished, this extension points each such link at
the anchor the documenting page gives the name (the one under the source's own module
when several do), drops a ``[docs]`` link to a page that gives it none, then checks
every link both ways and fails the build (an error, as ``-W`` makes warnings) listing
the first broken ones, with their count.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

SHOWN = 10
"""How many broken links the error lists (it counts them all)."""


class _Page(HTMLParser):
    """The ids a page defines and the links it holds."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif name == "href" and tag == "a":
                self.links.append(value)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def broken_source_links(outdir: Path) -> list[str]:
    """The links to or from the highlighted source pages whose anchor the target page
    lacks, as ``page -> target#anchor``."""
    pages: dict[Path, _Page] = {}

    def page_of(path: Path) -> _Page | None:
        if path not in pages:
            if not path.is_file():
                return None
            pages[path] = _read(path)
        return pages[path]

    broken: list[str] = []
    for path in sorted(outdir.rglob("*.html")):
        page = page_of(path)
        assert page is not None
        from_source = "_modules" in path.relative_to(outdir).parts
        for link in page.links:
            if re.match(r"^[a-z]+:", link):
                continue
            target, anchor = urldefrag(link)
            if not anchor or not (from_source or "_modules/" in target):
                continue
            target_path = (path.parent / unquote(target)).resolve() if target else path
            found = page_of(target_path)
            if found is None or unquote(anchor) not in found.ids:
                broken.append(f"{path.relative_to(outdir)} -> {target}#{anchor}")
    return broken


_BACK = re.compile(
    r'(<div class="viewcode-block" id="(?P<name>[^"]+)">\n)'
    r'<a class="viewcode-back" href="(?P<page>[^"#]*)#(?P<anchor>[^"]*)">[^<]*</a>\n'
)


def mend_back_links(outdir: Path) -> int:
    """Point each source page's ``[docs]`` links at an anchor its documenting page has
    (see the module's description); the number of links changed."""
    changed = 0
    ids: dict[Path, set[str]] = {}
    sources = outdir / "_modules"
    for path in sorted(sources.rglob("*.html")) if sources.is_dir() else ():
        module = ".".join(path.relative_to(sources).with_suffix("").parts)
        text = path.read_text(encoding="utf-8")

        def mend(found: re.Match[str], path: Path = path, module: str = module) -> str:
            nonlocal changed
            target = (path.parent / unquote(found["page"])).resolve()
            if target not in ids:
                ids[target] = _read(target).ids if target.is_file() else set()
            known = ids[target]
            if unquote(found["anchor"]) in known:
                return found.group(0)
            changed += 1
            name = found["name"]
            candidates = sorted(anchor for anchor in known if anchor.endswith("." + name))
            if not candidates:
                return found.group(1)  # documented with no anchor (:no-index:): no link
            own = f"{module}.{name}"
            anchor = own if own in candidates else candidates[0]
            return (
                f'{found.group(1)}<a class="viewcode-back" href="{found["page"]}#{anchor}">'
                "[docs]</a>\n"
            )

        mended = _BACK.sub(mend, text)
        if mended != text:
            path.write_text(mended, encoding="utf-8")
    return changed


def _check(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    mend_back_links(Path(app.outdir))
    broken = broken_source_links(Path(app.outdir))
    if broken:
        listed = "\n  ".join(broken[:SHOWN])
        raise ExtensionError(
            f"{len(broken)} links to or from the source pages land on no anchor:\n  {listed}"
        )


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("build-finished", _check)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

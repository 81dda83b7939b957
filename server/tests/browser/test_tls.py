"""The page served over HTTPS at a network name, in a real browser (headless Chromium, as
server/tests/browser/test_web_table.py): a secure context, where the page checks the server's
signatures on its acknowledgements as it does at ``localhost``.

The defect: the documented recipe for a network (``scala40 web --host 0.0.0.0``) served
plain HTTP at a network address, where a browser gives a page no WebCrypto, so the page
could check none of the server's signatures. Over TLS (``--certfile``, ``--keyfile``)
it can. Everything stays on this machine: Chromium resolves ``table.test`` to 127.0.0.1
(``--host-resolver-rules``) and trusts the test leaf by its public key alone
(``--ignore-certificate-errors-spki-list``, which a profile of its own allows), and the
server listens on 127.0.0.1.

Run with ``nox -s web`` or ``python -m pytest -m browser server/tests/browser``.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scala40_server.web.server import make_server
from scala40_server.web.tables import TableStore
from scala40_server.web.tls import server_context

from ..browser.test_web_table import (
    CHROMIUM,
    DESKTOP,
    DRIVER,
    FLAGS,
    _until,
    at_a_desk,
    no_script_errors,
)
from ..web.site import unmetered
from ..web.test_tls import Authority, make_authority

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.browser
__all__ = ["at_a_desk", "no_script_errors"]  # the fixtures used here

NAME = "table.test"
"""The network name the page is served at (resolved to 127.0.0.1 by the browser alone)."""


@pytest.fixture(scope="module")
def authority(tmp_path_factory: pytest.TempPathFactory) -> Authority:
    return make_authority(tmp_path_factory.mktemp("authority"))


@pytest.fixture(scope="module")
def browser(authority: Authority) -> Iterator[Any]:
    """Chromium that reaches ``table.test`` at 127.0.0.1 and trusts the test leaf."""
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    profile = tempfile.mkdtemp(prefix="scala40-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for flag in (
        *FLAGS,
        f"--user-data-dir={profile}",
        f"--window-size={DESKTOP[0]},{DESKTOP[1]}",
        f"--host-resolver-rules=MAP {NAME} 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={authority.spki_sha256}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def tls_site(authority: Authority) -> Iterator[tuple[str, str]]:
    """A web table server over TLS on 127.0.0.1: the page's address at ``table.test``,
    and the address the test's own requests go to."""
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    context = server_context(str(authority.cert_file), str(authority.key_file))
    server = make_server(
        TableStore(str(Path(folder, "tables.sqlite"))), limits=unmetered(), ssl_context=context
    )
    port = server.server_address[1]
    try:
        yield f"https://{NAME}:{port}/", f"https://127.0.0.1:{port}/"
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def _made(authority: Authority, direct: str, body: dict[str, Any]) -> dict[str, Any]:
    """A table made through the JSON interface, over TLS checked against the authority."""
    request = urllib.request.Request(
        direct + "tables",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    context = authority.client_context()
    with urllib.request.urlopen(request, timeout=30, context=context) as response:
        made: dict[str, Any] = json.loads(response.read())
    return made


def _kept_acknowledgements(browser: Any) -> list[dict[str, Any]]:
    """Every acknowledgement the page keeps (in its session's storage, under names that
    start ``scala40-acks:``)."""
    script = """
        const kept = [];
        for (let index = 0; index < sessionStorage.length; index++) {
          const name = sessionStorage.key(index);
          if (name.startsWith("scala40-acks:")) kept.push(...JSON.parse(sessionStorage.getItem(name)));
        }
        return kept;
    """
    acks: list[dict[str, Any]] = browser.execute_script(script)
    return acks


def test_the_page_over_https_at_a_network_name_checks_the_servers_signatures(
    browser: Any, authority: Authority, tls_site: tuple[str, str]
) -> None:
    """At ``https://table.test:PORT/`` the page is a secure context with WebCrypto; it
    keeps the server's signed acknowledgements of its commitment and of its value, says
    nothing of signatures it could not check, and checks the deal at the match's end."""
    base, direct = tls_site
    made = _made(authority, direct, {"game": "chinchon"})
    assert json.loads(made["deal"]["terms"])["key"], "the server signs its acknowledgements"
    browser.get(f"{base}#table={made['table']}&seat=0&token={made['tokens']['0']}")
    secure = browser.execute_script(
        "return [location.protocol, location.hostname, window.isSecureContext,"
        " typeof crypto.subtle === 'object' && typeof crypto.subtle.verify === 'function']"
    )
    assert secure == ["https:", NAME, True, True]
    _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand button"), "the dealt hand")
    kept = _kept_acknowledgements(browser)
    assert [ack["revealed"] for ack in kept] == [False, True], kept
    assert all(len(ack["signature"]) == 128 for ack in kept), kept
    warning = browser.find_element(By.ID, "deal-warning")
    assert not warning.is_displayed(), warning.text
    browser.execute_script("window.confirm = () => true;")
    browser.find_element(By.ID, "resign").click()
    _until(lambda: browser.find_element(By.ID, "game-over").is_displayed(), "the end")
    _until(
        lambda: browser.find_element(By.ID, "deal-check").text.startswith("Deal verified"),
        "the deal checked",
    )
    assert not browser.find_element(By.ID, "deal-warning").is_displayed()

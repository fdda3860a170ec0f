"""`install()` and `uninstall()`: relurl's exact twins of w3lib's `safe_url_string` and
`canonicalize_url` put in place inside Scrapy's own modules, so that the code a user does not
write (every `Request()`, the redirect middleware, Scrapy's link extractor and fingerprint)
gets the speed too."""

from __future__ import annotations

import importlib
import threading
import warnings
from collections.abc import Callable
from typing import Any

import relurl

#: The w3lib version relurl's twins answer as (w3lib 2.5.0's `safe_url_string` and
#: `canonicalize_url`, checked by w3lib's own tests).
W3LIB_VERSION = "2.5.0"

#: Where Scrapy 2.19 holds w3lib's two functions under its own names: (module, name).
TARGETS: tuple[tuple[str, str], ...] = (
    ("scrapy.http.request", "safe_url_string"),
    ("scrapy.downloadermiddlewares.redirect", "safe_url_string"),
    ("scrapy.linkextractors.lxmlhtml", "safe_url_string"),
    ("scrapy.linkextractors.lxmlhtml", "canonicalize_url"),
    ("scrapy.utils.request", "canonicalize_url"),
)


def twin(name: str) -> Callable[..., Any]:
    """relurl's twin of w3lib's function `name` (the same name in `relurl`)."""
    function: Callable[..., Any] = getattr(relurl, name)
    return function


_lock = threading.Lock()
#: What install() replaced, to put back: (module, name) -> (the function that was there,
#: the twin put in its place).
_replaced: dict[tuple[str, str], tuple[Callable[..., Any], Callable[..., Any]]] = {}


def install(*, check_w3lib: bool = True) -> None:
    """Puts relurl's `safe_url_string` and `canonicalize_url` in place of w3lib's inside
    Scrapy's modules (`scrapy.http.request`, the redirect middleware, the lxml link
    extractor, `scrapy.utils.request`). Call it once, before the crawl starts (for example at
    the top of `settings.py`); calling it again does nothing. `uninstall()` undoes it.

    The twins give w3lib 2.5.0's answers. With another w3lib installed, Scrapy's own answers
    may differ from relurl's, so `install()` raises `RuntimeError` unless `check_w3lib=False`.
    A name that is no longer w3lib's function (another library replaced it) is left alone,
    with a `RuntimeWarning`."""
    import w3lib
    import w3lib.url

    if check_w3lib and w3lib.__version__ != W3LIB_VERSION:
        raise RuntimeError(
            f"relurl's twins answer as w3lib {W3LIB_VERSION}, and w3lib {w3lib.__version__} is "
            "installed: Scrapy's URLs and fingerprints could change; pass check_w3lib=False to "
            "install them anyway"
        )
    # Every twin looked up before anything is replaced: one missing raises with nothing done.
    replacements = {name: twin(name) for _, name in TARGETS}
    with _lock:
        for module_name, name in TARGETS:
            if (module_name, name) in _replaced:
                continue
            module = importlib.import_module(module_name)
            current = getattr(module, name)
            if current is not getattr(w3lib.url, name):
                warnings.warn(
                    f"{module_name}.{name} is not w3lib's function ({current!r}); relurl left it alone",
                    RuntimeWarning,
                    stacklevel=2,
                )
                continue
            _replaced[(module_name, name)] = (current, replacements[name])
            setattr(module, name, replacements[name])


def uninstall() -> None:
    """Puts back what `install()` replaced (a name someone else replaced since is left
    alone); does nothing when relurl is not installed."""
    with _lock:
        for (module_name, name), (original, installed_twin) in list(_replaced.items()):
            module = importlib.import_module(module_name)
            if getattr(module, name, None) is installed_twin:
                setattr(module, name, original)
            del _replaced[(module_name, name)]


def installed() -> bool:
    """Whether `install()` is in effect."""
    with _lock:
        return bool(_replaced)

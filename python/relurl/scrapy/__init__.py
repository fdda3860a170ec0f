"""relurl for Scrapy (the `relurl[scrapy]` extra): drop-in classes that give Scrapy 2.19's
exact answers with relurl's core doing the URL work. Importing `relurl` never imports this
package, nor Scrapy (tests/test_python_imports.py).

See docs/scrapy.md: what to change in `settings.py` and in a spider, what is exact, the speed.
"""

from __future__ import annotations

from relurl.scrapy._fingerprint import RequestFingerprinter, fingerprint
from relurl.scrapy._install import install, installed, uninstall
from relurl.scrapy._linkextractor import LinkExtractor
from relurl.scrapy._offsite import OffsiteMiddleware

__all__ = [
    "LinkExtractor",
    "OffsiteMiddleware",
    "RequestFingerprinter",
    "fingerprint",
    "install",
    "installed",
    "uninstall",
]

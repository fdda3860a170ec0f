"""relurl for Scrapy (the `relurl[scrapy]` extra): drop-in classes that give Scrapy 2.19's
exact answers with relurl's core doing the URL work. Importing `relurl` never imports this
package, and this package imports Scrapy only when it is used.

See docs/scrapy.md: what to change in `settings.py` and in a spider, what is exact, the speed.
"""

from __future__ import annotations

from relurl.scrapy._fingerprint import RequestFingerprinter, fingerprint

__all__ = ["RequestFingerprinter", "fingerprint"]

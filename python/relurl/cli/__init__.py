"""The `relurl` command line: resolve references against a base, or parse URLs.

    relurl resolve BASE REF...         resolve each REF against BASE (RFC 1808 section 4)
    relurl resolve BASE < refs.txt     the same for each line of standard input, streaming
    relurl parse [--json] URL...       the six components of each URL (section 2.4)
    relurl parse [--json] [-] < urls   the same for each line of standard input, streaming
    relurl links PAGE... --url URL     every link of HTML pages, resolved (see relurl.cli._links)
    relurl surt [URL...] [< urls]      the SURT key of each URL (see relurl.cli._surt)
    relurl canonicalize [URL...]       w3lib's canonical form of each URL (see relurl.cli._canonicalize)
    relurl domain [HOST_OR_URL...]     the registered domain of each (see relurl.cli._domain)
    relurl --version                   `relurl X.Y.Z`

`--spec rfc3986` resolves by RFC 3986 section 5.2 and parses by its Appendix B (`params`
is then always empty); `--spec whatwg` by the WHATWG URL Standard (what browsers request;
`parse` prints its components: href, protocol, username, password, host, hostname, port,
pathname, search, hash, origin; a URL it rejects is a bad URL); `--strict` (RFC 1808 only)
rejects a BASE, references and URLs that do not follow the section 2.2 BNF; `resolve
--strip` strips ASCII whitespace (TAB, LF, FF, CR, SPACE: HTML's set, as `extract_links`
does; `relurl.resolve_many(..., strip=True)`) around each reference.

Standard input is read as it comes: the answers to the lines read so far are written (and
flushed) whenever no more input is ready, so a program that writes one URL and waits for
its answer (a coprocess) gets it at once, while a file or a busy pipe is still done in
batches of up to 8,192 lines. An answer that standard output's encoding cannot write
(`PYTHONIOENCODING=ascii` and a non-ASCII URL) is reported as `relurl: WHERE: standard
output's encoding ('ascii') cannot write ...` and answered with an empty line (exit status
1); the rest is still written.

Output line N answers input line N (for `parse` without `--json`: block N, blocks separated
by an empty line). A bad reference or URL (an argument or a line of standard input that is
not UTF-8, holds a line break, or with --strict does not follow the BNF) is reported on
standard error as `relurl: WHERE: message` (WHERE is `REF 2`, `URL 2` or `line 2`, counted
from 1), answered with an empty line (an empty block), and the rest is still processed;
the exit status is then 1. A bad BASE is reported as `relurl: BASE: message`: nothing is
resolved and the exit status is 1. A BASE without a scheme is allowed (RFC 1808 allows a
relative base) but warned about (`relurl: warning: ...`), with a hint when a REF has a
scheme (swapped arguments); the exit status stays 0. Usage errors exit with status 2 and
print the usage of the command they concern.

The package holds one module per command (`_resolve`, `_parse`, `_links`, `_surt`,
`_canonicalize`, `_domain`: each adds its parser, checks its usage and runs), what they share
(`_common`: reading batches, checking arguments, writing answers) and the dispatcher
(`_dispatch`: the parser and `main`). Imports go one way: dispatcher -> commands -> shared
helpers -> relurl._relurl (and relurl._specs); no library module imports this package.
"""

# `_build_parser`: the parser, as tests read it (tests/test_links_cli.py).
from relurl.cli._dispatch import _build_parser as _build_parser
from relurl.cli._dispatch import main

__all__ = ["main"]

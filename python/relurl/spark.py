"""PySpark: resolve a column of links (or key it: normalize, canonicalize, SURT) on every executor,
a whole Arrow batch at a time.

>>> from relurl.spark import with_resolved
>>> links = spark.read.parquet("links/")            # columns: page_url, href
>>> links = with_resolved(links, "href", base_col="page_url", out_col="url")

`with_resolved` adds one string column with `DataFrame.mapInArrow`: Spark hands each Python
worker its partition as Arrow record batches, and each batch goes to `relurl.arrow.resolve`
whole (the Rust core reads the batch's buffers in place and parses each page's base once
per run of equal bases), so no Python object is made per row. The executors need relurl
(and pyarrow, which PySpark's Arrow support needs anyway): install it on the workers, or
pack a virtual environment with venv-pack and ship it with ``spark-submit --archives``
(docs/batches.md, "Batches, Arrow columns and Spark").

This module imports pyspark only when called; relurl does not depend on it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

import relurl
from relurl._relurl import PublicSuffixList, _check_row_errors
from relurl._specs import Spec, check_spec

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

    from relurl import URL

__all__ = ["with_canonicalized", "with_normalized", "with_registered_domain", "with_resolved", "with_surt"]


def with_resolved(
    df: DataFrame,
    href_col: str,
    *,
    base_col: str | None = None,
    base_url: str | URL | None = None,
    out_col: str = "resolved",
    spec: Spec | None = None,
    strict: bool = False,
    errors: Literal["raise", "null"] = "null",
) -> DataFrame:
    """`df` with a string column `out_col`: each row's `href_col` resolved against its
    `base_col` (one base per row, e.g. the page URL) or against the one `base_url` (a str
    or a `relurl.URL`).

    `spec` and `strict` as in `relurl.resolve_many` (without `spec`, a URL `base_url` is
    resolved by the spec it was parsed with, anything else by RFC 1808). A null base or
    href gives null. With errors="null" a failed row is null: the default here, and only
    here (every other entry point raises by default), because a Spark job runs over
    billions of hrefs written by strangers, and one bad href should not fail the job hours
    into it. errors="raise" fails the Spark task with the URLError of the first bad row
    (its index counted within the Arrow batch). Raises ValueError (TypeError for an
    argument of the wrong type) at once, on the driver, for a bad argument: both or neither
    of base_col and base_url, an unknown column, an `out_col` that exists, a non-string
    column, `strict` with a spec that has no strict check or a `base_url` the grammar
    refuses (`relurl.URLError`, as `relurl.resolve`).
    """
    if (base_col is None) == (base_url is None):
        raise ValueError("give exactly one of base_col (a column of bases) and base_url (one base)")
    if base_url is not None and not isinstance(base_url, (str, relurl.URL)):
        raise TypeError(f"base_url must be a str or a relurl.URL, not {type(base_url).__name__}")
    _check_row_errors(errors)
    if spec is not None:
        check_spec(spec)
    schema = _schema_with(df, (href_col, base_col), out_col)
    resolve_batches = _BatchResolver(href_col, base_col, base_url, out_col, spec, strict, errors)
    # Checked here, before any work: `strict` and its spec (the executors' call on no row), and
    # a `base_url` the grammar refuses (a fragment against it, which every grammar resolves
    # against any base it takes, `about:blank` too), which would fail every row.
    if base_url is None:
        resolve_batches.resolve(_strings([]), _strings([]))
    else:
        relurl.resolve(base_url, "#", spec=spec, strict=strict)
    _local_workers_run_this_python(df)
    return df.mapInArrow(resolve_batches, schema)


def with_normalized(
    df: DataFrame,
    url_col: str,
    *,
    out_col: str = "normalized",
    spec: Spec | None = "rfc1808",
    errors: Literal["raise", "null"] = "null",
) -> DataFrame:
    """`df` with a string column `out_col`: each row's `url_col` in its normal form
    (`relurl.normalize`, by `spec`), the key to deduplicate URLs by. A null URL gives null;
    `errors` as in `with_resolved` (null by default). Raises ValueError at once, on the
    driver, for a bad argument (an unknown or non-string column, an `out_col` that exists).
    """
    _check_row_errors(errors)
    check_spec(spec)
    schema = _schema_with(df, (url_col,), out_col)
    mapper = _BatchMapper("normalize", url_col, out_col, {"spec": spec, "errors": errors})
    mapper.check()
    _local_workers_run_this_python(df)
    return df.mapInArrow(mapper, schema)


def with_canonicalized(
    df: DataFrame,
    url_col: str,
    *,
    out_col: str = "canonical",
    keep_blank_values: bool = True,
    keep_fragments: bool = False,
    encoding: str | None = None,
    query_separator: str = "&",
    errors: Literal["raise", "null"] = "null",
) -> DataFrame:
    """`df` with a string column `out_col`: each row's `url_col` as
    `w3lib.url.canonicalize_url` gives it (`relurl.canonicalize_url`, the same options),
    Scrapy's fingerprint key. A null URL gives null; `errors` as in `with_resolved` (null by
    default). Raises ValueError at once, on the driver, for a bad argument."""
    _check_row_errors(errors)
    schema = _schema_with(df, (url_col,), out_col)
    options: dict[str, Any] = {
        "keep_blank_values": keep_blank_values,
        "keep_fragments": keep_fragments,
        "encoding": encoding,
        "query_separator": query_separator,
    }
    # The options checked here, on the driver, on a URL with a query and a fragment (an
    # unknown encoding, an empty query_separator: w3lib's errors, which a URL without a query
    # would not raise, and each row with one would then be null).
    relurl.canonicalize_url("http://example.com/?a=1&b#f", **options)
    _local_workers_run_this_python(df)
    return df.mapInArrow(_BatchMapper("canonicalize_url", url_col, out_col, {**options, "errors": errors}), schema)


def with_surt(
    df: DataFrame,
    url_col: str,
    *,
    out_col: str = "surt",
    errors: Literal["raise", "null"] = "null",
    **options: Any,
) -> DataFrame:
    """`df` with a string column `out_col`: each row's `url_col` as `surt.surt` keys it
    (`relurl.surt`; `options` are its keywords, `canonicalizer` included), the key web
    archives index by. A null URL gives null; `errors` as in `with_resolved` (null by
    default). Raises ValueError at once, on the driver, for a bad argument."""
    _check_row_errors(errors)
    schema = _schema_with(df, (url_col,), out_col)
    # The options checked here, on the driver (an unknown keyword, a bad canonicalizer), on a
    # URL without a host (with one, public_suffix=True raises surt's TypeError, a row error).
    relurl.surt("mailto:x", **options)
    _local_workers_run_this_python(df)
    return df.mapInArrow(_BatchMapper("surt", url_col, out_col, {**options, "errors": errors}), schema)


def with_registered_domain(
    df: DataFrame,
    host_col: str,
    *,
    out_col: str = "registered_domain",
    suffix: bool = False,
    icann_only: bool = False,
    errors: Literal["raise", "null"] = "null",
    psl: PublicSuffixList | None = None,
) -> DataFrame:
    """`df` with a string column `out_col`: each row's host (`host_col`) as
    `relurl.registered_domain` gives it by the Public Suffix List bundled in relurl, or by
    `psl` (a `relurl.PublicSuffixList`: a newer list, read once on the driver and sent to the
    executors as its text), with `suffix=True` as `relurl.public_suffix` does; `icann_only`:
    the ICANN rules alone; for scheduling and quotas per site. A null host, or one without an
    answer, gives null; `errors` as in `with_resolved` (a row that is not UTF-8 or not a host
    name, such as `example.com:8080`: null by default, as every failed row). Raises
    ValueError (TypeError for a `psl` that is not a list) at once, on the driver, for a bad
    argument."""
    _check_row_errors(errors)
    if psl is not None and not isinstance(psl, PublicSuffixList):
        raise TypeError(f"psl must be a relurl.PublicSuffixList or None, not {type(psl).__name__}")
    schema = _schema_with(df, (host_col,), out_col)
    function = "public_suffix" if suffix else "registered_domain"
    options: dict[str, Any] = {"icann_only": icann_only, "errors": errors, "psl": psl}
    mapper = _BatchMapper(function, host_col, out_col, options)
    mapper.check()
    _local_workers_run_this_python(df)
    return df.mapInArrow(mapper, schema)


def _local_workers_run_this_python(df: DataFrame) -> None:
    """In a local session (master ``local``, ``local[N]``, ...) where nobody chose the workers'
    interpreter (no ``PYSPARK_PYTHON`` variable, no ``spark.pyspark.python`` setting), the
    Python workers run this process's interpreter, `sys.executable`, instead of PySpark's
    default, the first ``python3`` on ``PATH``.

    PySpark's default is the wrong interpreter whenever the job runs from a virtual
    environment that is not activated (``.venv/bin/python job.py``): the workers then start
    a ``python3`` that has neither relurl nor pyarrow, and every task fails with
    ``ModuleNotFoundError``. A local session's workers run on this machine, so the driver's
    interpreter is the one that has them. A cluster (any other master) is left as it is: its
    executors' interpreter is set with ``spark.pyspark.python`` (docs/batches.md). Spark
    Connect sessions, which have no SparkContext here, are left as they are too.
    """
    import os

    try:
        context = df.sparkSession.sparkContext
        master = context.master
    except Exception:  # Spark Connect: no SparkContext on the client
        return
    if not (master or "").startswith("local") or "PYSPARK_PYTHON" in os.environ:
        return
    if context.getConf().get("spark.pyspark.python") is not None:
        return
    if context.pythonExec == "python3":  # PySpark's default: nobody chose
        context.pythonExec = sys.executable


def _schema_with(df: DataFrame, in_cols: tuple[str | None, ...], out_col: str) -> Any:
    """`df`'s schema plus the string column `out_col`, after checking that every named
    `in_cols` column exists and is a string, and that `out_col` does not exist."""
    from pyspark.sql.types import StringType, StructField, StructType

    fields = {f.name: f for f in df.schema.fields}
    for name in in_cols:
        if name is None:
            continue
        if name not in fields:
            raise ValueError(f"no column {name!r} in the DataFrame (columns: {', '.join(fields)})")
        if not isinstance(fields[name].dataType, StringType):
            raise ValueError(f"column {name!r} is {fields[name].dataType.simpleString()}, not string")
    if out_col in fields:
        raise ValueError(f"column {out_col!r} already exists")
    return StructType([*df.schema.fields, StructField(out_col, StringType(), True)])


def _as_sent(result: Any, sent: Any) -> Any:
    """`result` (an Arrow array) as a pyarrow array of the type Spark sent: `string`, or
    `large_string` with useLargeVarTypes (no copy when it is already that type)."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    array = pa.array(result)
    return array if array.type == sent.type else array.cast(sent.type)


class _BatchMapper:
    """What each Python worker runs for a column computed from one column: the
    `relurl.arrow` function `function` on each record batch's `in_col`, with `options` (a
    class, so that it pickles to the executors with its settings and nothing else)."""

    def __init__(self, function: str, in_col: str, out_col: str, options: dict[str, Any]) -> None:
        self.function, self.in_col, self.out_col, self.options = function, in_col, out_col, options

    def __call__(self, batches: Iterator[Any]) -> Iterator[Any]:
        import relurl.arrow

        apply = getattr(relurl.arrow, self.function)
        for batch in batches:
            column = batch.column(self.in_col)
            yield batch.append_column(self.out_col, _as_sent(apply(column, **self.options), column))

    def check(self) -> None:
        """The executors' call on the driver, on no row: a bad option raises here, at once,
        instead of in every task."""
        import relurl.arrow

        getattr(relurl.arrow, self.function)(_strings([]), **self.options)


class _BatchResolver:
    """The function each Python worker runs on its partition's record batches (a class, so
    that it pickles to the executors with its settings and nothing else)."""

    def __init__(
        self,
        href_col: str,
        base_col: str | None,
        base_url: str | URL | None,
        out_col: str,
        spec: Spec | None,
        strict: bool,
        errors: Literal["raise", "null"],
    ) -> None:
        self.href_col, self.base_col, self.base_url, self.out_col = href_col, base_col, base_url, out_col
        self.spec, self.strict, self.errors = spec, strict, errors

    def __call__(self, batches: Iterator[Any]) -> Iterator[Any]:
        for batch in batches:
            hrefs = batch.column(self.href_col)
            bases = batch.column(self.base_col) if self.base_col is not None else self.base_url
            yield batch.append_column(self.out_col, _as_sent(self.resolve(bases, hrefs), hrefs))

    def resolve(self, bases: Any, hrefs: Any) -> Any:
        """`relurl.arrow.resolve` of `bases` (a column, or the one base) and `hrefs` with this
        job's settings."""
        from relurl.arrow import resolve

        return resolve(bases, hrefs, spec=self.spec, strict=self.strict, errors=self.errors)


def _strings(values: list[str]) -> Any:
    """A pyarrow string array of `values` (Spark's Arrow batches are pyarrow's)."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    return pa.array(values, pa.string())

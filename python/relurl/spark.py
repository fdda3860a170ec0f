"""PySpark: resolve a column of links on every executor, a whole Arrow batch at a time.

>>> from relurl.spark import with_resolved
>>> links = spark.read.parquet("links/")            # columns: page_url, href
>>> links = with_resolved(links, "href", base_col="page_url", out_col="url")

`with_resolved` adds one string column with `DataFrame.mapInArrow`: Spark hands each Python
worker its partition as Arrow record batches, and each batch goes to `relurl.arrow.resolve`
whole (the Rust core reads the batch's buffers in place and parses each page's base once
per run of equal bases), so no Python object is made per row. The executors need relurl
(and pyarrow, which PySpark's Arrow support needs anyway): install it on the workers, or
pack a virtual environment with venv-pack and ship it with ``spark-submit --archives``
(README, "Batches, Arrow columns and Spark").

This module imports pyspark only when called; relurl does not depend on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from relurl.cli import SPECS

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

    from relurl import URL

__all__ = ["with_resolved"]


def with_resolved(
    df: DataFrame,
    href_col: str,
    *,
    base_col: str | None = None,
    base_url: str | URL | None = None,
    out_col: str = "resolved",
    spec: Literal["rfc1808", "rfc3986", "whatwg"] | None = None,
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
    (its index counted within the Arrow batch). Raises ValueError at once, on the driver,
    for a bad argument: both or neither of base_col and base_url, an unknown column, an
    `out_col` that exists, a non-string column.
    """
    from pyspark.sql.types import StringType, StructField, StructType

    if (base_col is None) == (base_url is None):
        raise ValueError("give exactly one of base_col (a column of bases) and base_url (one base)")
    if errors not in ("raise", "null"):
        raise ValueError(f"errors must be 'raise' or 'null', not {errors!r}")
    if spec is not None and spec not in SPECS:
        raise ValueError(f"spec must be 'rfc1808', 'rfc3986' or 'whatwg', not {spec!r}")
    fields = {f.name: f for f in df.schema.fields}
    for name in (href_col, base_col):
        if name is None:
            continue
        if name not in fields:
            raise ValueError(f"no column {name!r} in the DataFrame (columns: {', '.join(fields)})")
        if not isinstance(fields[name].dataType, StringType):
            raise ValueError(f"column {name!r} is {fields[name].dataType.simpleString()}, not string")
    if out_col in fields:
        raise ValueError(f"column {out_col!r} already exists")
    schema = StructType([*df.schema.fields, StructField(out_col, StringType(), True)])
    resolve_batches = _BatchResolver(href_col, base_col, base_url, out_col, spec, strict, errors)
    return df.mapInArrow(resolve_batches, schema)


class _BatchResolver:
    """The function each Python worker runs on its partition's record batches (a class, so
    that it pickles to the executors with its settings and nothing else)."""

    def __init__(
        self,
        href_col: str,
        base_col: str | None,
        base_url: str | URL | None,
        out_col: str,
        spec: Literal["rfc1808", "rfc3986", "whatwg"] | None,
        strict: bool,
        errors: Literal["raise", "null"],
    ) -> None:
        self.href_col, self.base_col, self.base_url, self.out_col = href_col, base_col, base_url, out_col
        self.spec, self.strict, self.errors = spec, strict, errors

    def __call__(self, batches: Iterator[Any]) -> Iterator[Any]:
        import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

        from relurl.arrow import resolve

        for batch in batches:
            hrefs = batch.column(self.href_col)
            bases = batch.column(self.base_col) if self.base_col is not None else self.base_url
            resolved = pa.array(resolve(bases, hrefs, spec=self.spec, strict=self.strict, errors=self.errors))
            # Spark sends strings as `string`, or `large_string` with useLargeVarTypes: give
            # back the type it sent (no copy when it is already `string`).
            if resolved.type != hrefs.type:
                resolved = resolved.cast(hrefs.type)
            yield batch.append_column(self.out_col, resolved)

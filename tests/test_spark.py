"""relurl.spark on a real local Spark (local[2], a JVM and two Python workers): 100,000+
(base, href) rows from the link corpus resolved by the executors through mapInArrow equal
`relurl.resolve_many` in this process, row for row.

Needs Java (17+) and pyspark (the `test` extra); `.ci/run` installs a headless JRE where
`java` is missing. This test does not skip: a machine without Java fails it."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import relurl
from conftest import corpus_pairs
from pyspark.sql import SparkSession

ROWS = 100_000


def corpus_rows() -> list[tuple[int, str | None, str | None]]:
    pairs: list[tuple[str | None, str | None]] = list(corpus_pairs())
    # Nulls and a bad href (for strict) among them, then the corpus repeated past ROWS.
    pairs += [(None, "g"), (pairs[0][0], None), (pairs[1][0], "a b")]
    rows = []
    while len(rows) < ROWS:
        start = len(rows)
        rows.extend((start + k, b, h) for k, (b, h) in enumerate(pairs))
    return rows


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("relurl-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "8192")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_executors_resolve_like_this_process(spark: Any) -> None:
    from relurl.spark import with_resolved

    rows = corpus_rows()
    assert len(rows) >= ROWS
    df = spark.createDataFrame(rows, "id long, base string, href string").repartition(4)
    out = with_resolved(df, "href", base_col="base", out_col="url", strict=True).collect()
    assert len(out) == len(rows)
    got = {r["id"]: r["url"] for r in out}
    expected = relurl.resolve_many([b for _, b, _ in rows], [h for _, _, h in rows], strict=True, errors="null")
    mismatches = [(i, got[i], want) for (i, _, _), want in zip(rows, expected, strict=False) if got[i] != want]
    assert mismatches == []
    assert sum(v is None for v in got.values()) == sum(v is None for v in expected) > 0
    # The columns given are kept as they were.
    assert {r["id"]: (r["base"], r["href"]) for r in out} == {i: (b, h) for i, b, h in rows}


def test_one_base_url_and_rfc3986(spark: Any) -> None:
    from relurl.spark import with_resolved

    hrefs = ["g", "../h", None, "//x/y", "?q"]
    df = spark.createDataFrame([(i, h) for i, h in enumerate(hrefs)], "id long, href string")
    out = with_resolved(df, "href", base_url="http://a/b/c/d;p?q#f", spec="rfc3986").orderBy("id").collect()
    assert [r["resolved"] for r in out] == relurl.resolve_many("http://a/b/c/d;p?q#f", hrefs, spec="rfc3986")


def test_a_url_base_url_keeps_its_spec(spark: Any) -> None:
    """base_url may be a relurl.URL (it pickles to the executors); without spec= it resolves
    by the grammar it was parsed with, as relurl.arrow.resolve does."""
    from relurl.spark import with_resolved

    hrefs = ["g", "../../../h", "g?", None]
    df = spark.createDataFrame([(i, h) for i, h in enumerate(hrefs)], "id long, href string")
    base = relurl.URL("http://a/b/c/d;p?q", "rfc3986")
    out = with_resolved(df, "href", base_url=base).orderBy("id").collect()
    assert [r["resolved"] for r in out] == relurl.resolve_many("http://a/b/c/d;p?q", hrefs, spec="rfc3986")


def test_whatwg_by_name_and_by_a_url_base(spark: Any) -> None:
    """spec="whatwg" (what a browser requests); a rejected href is null (errors="null")."""
    from relurl.spark import with_resolved

    page = "http://good.com/dir/page.html"
    hrefs = ["/\\evil.com/x", "../../../g", "http://[::1", None, "http://0x7f.1/"]
    df = spark.createDataFrame([(i, h) for i, h in enumerate(hrefs)], "id long, href string")
    expected = ["http://evil.com/x", "http://good.com/g", None, None, "http://127.0.0.1/"]
    out = with_resolved(df, "href", base_url=page, spec="whatwg").orderBy("id").collect()
    assert [r["resolved"] for r in out] == expected
    out = with_resolved(df, "href", base_url=relurl.URL(page, "whatwg")).orderBy("id").collect()
    assert [r["resolved"] for r in out] == expected


def test_errors_raise_fails_the_job_with_the_urlerror(spark: Any) -> None:
    from relurl.spark import with_resolved

    df = spark.createDataFrame([(0, "g"), (1, "a b")], "id long, href string")
    # The index is the row's within its Arrow batch (Spark's partitioning decides which).
    with pytest.raises(Exception, match=r"relurl\.URLError: reference of item \d+: space is not allowed in a path"):
        with_resolved(df, "href", base_url="http://a/", strict=True, errors="raise").collect()


def test_bad_arguments_fail_on_the_driver(spark: Any) -> None:
    from relurl.spark import with_resolved

    df = spark.createDataFrame([(0, "g")], "id long, href string")
    for kwargs, message in [
        ({}, "exactly one of base_col"),
        ({"base_url": "http://a/", "base_col": "href"}, "exactly one of base_col"),
        ({"base_col": "nope"}, "no column 'nope'"),
        ({"base_col": "id"}, "column 'id' is bigint, not string"),
        ({"base_url": "http://a/", "out_col": "id"}, "column 'id' already exists"),
        ({"base_url": "http://a/", "errors": "report"}, "errors must be 'raise' or 'null'"),
    ]:
        with pytest.raises(ValueError, match=message):
            with_resolved(df, "href", **kwargs)
    # Found by a probe: these failed in every task (or nulled every row) instead.
    with pytest.raises(TypeError, match="strict must be a bool"):
        with_resolved(df, "href", base_col="href", strict=1)  # type: ignore[arg-type]
    with pytest.raises(relurl.URLError, match="not available with spec='rfc3986' or spec='whatwg'"):
        with_resolved(df, "href", base_col="href", strict=True, spec="whatwg")
    with pytest.raises(TypeError, match=r"base_url must be a str or a relurl\.URL, not int"):
        with_resolved(df, "href", base_url=5)  # type: ignore[arg-type]
    with pytest.raises(relurl.URLError, match=r"^base: .*no scheme"):
        with_resolved(df, "href", base_url="/relative", spec="whatwg")
    # A base with an opaque path takes no empty reference, but a fragment (the driver's
    # check) and an absolute URL: it is no bad argument (found by a review).
    links = spark.createDataFrame([(0, "http://e.com/x"), (1, "#f")], "id long, href string")
    out = with_resolved(links, "href", base_url="about:blank", spec="whatwg").orderBy("id").collect()
    assert [r["resolved"] for r in out] == ["http://e.com/x", "about:blank#f"]


def test_with_normalized(spark: Any) -> None:
    """relurl.normalize on every row, on the executors; a URL the grammar rejects is null."""
    from relurl.spark import with_normalized

    urls = ["HTTP://A.com:80", "http://a/b/../c", "http://a:99999/", None]
    df = spark.createDataFrame(list(enumerate(urls)), "id long, url string")
    out = with_normalized(df, "url").orderBy("id").collect()
    assert [r["normalized"] for r in out] == ["http://a.com/", "http://a/c", "http://a:99999/", None]
    out = with_normalized(df, "url", spec="whatwg", out_col="key").orderBy("id").collect()
    assert [r["key"] for r in out] == ["http://a.com/", "http://a/c", None, None]
    for kwargs, message in [
        ({"out_col": "id"}, "column 'id' already exists"),
        ({"spec": "nope"}, "spec must be"),
        ({"errors": "report"}, "errors must be 'raise' or 'null'"),
    ]:
        with pytest.raises(ValueError, match=message):
            with_normalized(df, "url", **kwargs)
    with pytest.raises(ValueError, match="no column 'nope'"):
        with_normalized(df, "nope")


def test_with_canonicalized_and_with_surt(spark: Any) -> None:
    """The w3lib and surt twins on every row, on the executors: the single functions'
    answers; a URL they reject is null (errors="null"); bad options fail on the driver."""
    from relurl.spark import with_canonicalized, with_surt

    urls = ["http://www.Example.com:80/b/../a?b=2&a=1#f", "http://a:99999/", None]
    df = spark.createDataFrame(list(enumerate(urls)), "id long, url string")
    out = with_canonicalized(df, "url", keep_fragments=True).orderBy("id").collect()
    assert [r["canonical"] for r in out] == ["http://www.example.com:80/a?a=1&b=2#f", None, None]
    # Any codec of Python's, on the executors too (issue 22).
    cyrillic = spark.createDataFrame([(0, "http://h/?q=\u0436")], "id long, url string")
    assert [r["canonical"] for r in with_canonicalized(cyrillic, "url", encoding="cp1251").collect()] == [
        "http://h/?q=%E6"
    ]
    out = with_surt(with_surt(df, "url"), "url", out_col="schemed", with_scheme=True).orderBy("id").collect()
    assert [r["surt"] for r in out] == [relurl.surt(urls[0]), None, None]
    assert [r["schemed"] for r in out] == [relurl.surt(urls[0], with_scheme=True), None, None]
    with pytest.raises(TypeError):
        with_surt(df, "url", nope=True)
    # w3lib's errors for a URL with a query, raised at once (the probe URL of the driver has
    # one), not as a null in each row with a query.
    with pytest.raises(ValueError, match="empty separator"):
        with_canonicalized(df, "url", query_separator="")
    with pytest.raises(LookupError, match="unknown encoding"):
        with_canonicalized(df, "url", encoding="no-such-codec")
    with pytest.raises(ValueError, match="column 'id' already exists"):
        with_canonicalized(df, "url", out_col="id")


def test_with_registered_domain(spark: Any) -> None:
    """The Public Suffix List on every row, on the executors: relurl.registered_domain's (and
    public_suffix's) answers; null where there is none."""
    from relurl.spark import with_registered_domain

    hosts = ["www.example.co.uk", "a.b.blogspot.com", "co.uk", "127.0.0.1", None]
    df = spark.createDataFrame(list(enumerate(hosts)), "id long, host string")
    out = with_registered_domain(df, "host").orderBy("id").collect()
    assert [r["registered_domain"] for r in out] == ["example.co.uk", "b.blogspot.com", None, None, None]
    out = with_registered_domain(df, "host", out_col="suffix", suffix=True, icann_only=True).orderBy("id").collect()
    assert [r["suffix"] for r in out] == ["co.uk", "com", "co.uk", None, None]
    with pytest.raises(ValueError, match="column 'id' already exists"):
        with_registered_domain(df, "host", out_col="id")
    # A newer list of one's own, sent to the executors (it pickles as its text).
    own = relurl.PublicSuffixList.from_text("uk\nco.uk\nexample.co.uk\ncom\n")
    out = with_registered_domain(df, "host", psl=own).orderBy("id").collect()
    assert [r["registered_domain"] for r in out] == ["www.example.co.uk", "blogspot.com", None, None, None]
    with pytest.raises(TypeError, match=r"psl must be a relurl\.PublicSuffixList"):
        with_registered_domain(df, "host", psl="uk\n")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bool"):
        with_registered_domain(df, "host", icann_only=1)  # type: ignore[arg-type]


LOCAL_JOB = """
from pyspark.sql import SparkSession
import relurl.spark
spark = SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
df = spark.createDataFrame([("http://a/b/c", "../d")], ["page_url", "href"])
print(relurl.spark.with_resolved(df, "href", base_col="page_url").collect()[0]["resolved"])
print(spark.sparkContext.pythonExec)
spark.stop()
"""


def test_a_local_job_run_by_a_venv_python_not_activated(tmp_path: Any) -> None:
    # As the docs run everything: `.venv/bin/python job.py`, the venv not activated and no
    # PYSPARK_PYTHON. PySpark's workers would start the first `python3` on PATH; here that is
    # the base interpreter, which has no relurl (nor pyarrow): relurl.spark must run them on
    # the driver's interpreter instead (a local session only).
    import subprocess

    base = getattr(sys, "_base_executable", sys.executable)
    (tmp_path / "python3").symlink_to(base)
    no_relurl = subprocess.run([str(tmp_path / "python3"), "-c", "import relurl"], capture_output=True, check=False)
    assert no_relurl.returncode != 0, "the PATH's python3 of this test must lack relurl"
    env = {k: v for k, v in os.environ.items() if k not in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON", "VIRTUAL_ENV")}
    env["PATH"] = f"{tmp_path}{os.pathsep}{env.get('PATH', '')}"
    job = tmp_path / "job.py"
    job.write_text(LOCAL_JOB, encoding="utf-8")
    done = subprocess.run([sys.executable, str(job)], env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines()[-2:] == ["http://a/d", sys.executable]

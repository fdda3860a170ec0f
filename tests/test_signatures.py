"""The API reference's "Entry points and their keywords" (docs/api.md) lists every public entry
point with the parameters and defaults it really has, and the error kinds that "Bad input"
(docs/errors.md) documents are the core's."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path
from typing import Any, get_args

import pytest
import relurl
import relurl._relurl
import relurl._specs
import relurl.arrow
import relurl.spark

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))
from readme_tables import marked_block  # noqa: E402

#: The docs page that holds each marked table.
PAGES = {"keywords": "api.md", "kinds": "errors.md"}


def _rows(name: str) -> list[list[str]]:
    """The cells of a docs table (header and rule left out), `|` escapes kept."""
    lines = marked_block(name, PAGES[name]).splitlines()[2:]
    return [[cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines]


def _public_entry_points() -> dict[str, Any]:
    """Every public callable: the package's functions and classes that are made by a call
    (not the exception types), URL's resolving methods, relurl.arrow and relurl.spark."""
    found: dict[str, Any] = {}
    for name in relurl.__all__:
        obj = getattr(relurl, name)
        if callable(obj) and not (isinstance(obj, type) and issubclass(obj, BaseException)):
            found[f"relurl.{name}"] = obj
    for name in ("resolve", "resolve_many"):
        found[f"relurl.URL.{name}"] = getattr(relurl.URL, name)
    for module in (relurl.arrow, relurl.spark):
        for name in module.__all__:
            found[f"{module.__name__}.{name}"] = getattr(module, name)
    return found


def _shown(obj: Any) -> str:
    """The signature as the docs write it: no annotations, no `self, /`."""
    signature = inspect.signature(obj)
    parameters = [p.replace(annotation=inspect.Parameter.empty) for p in signature.parameters.values()]
    if parameters and parameters[0].name == "self":
        parameters = parameters[1:]
        # `self, /` made the rest positional-or-keyword already; nothing else is positional-only.
    shown = str(signature.replace(parameters=parameters, return_annotation=inspect.Signature.empty))
    return shown


def test_the_keywords_table_lists_every_entry_point_with_its_real_signature() -> None:
    rows = {row[0].strip("`"): row[1].strip("`") for row in _rows("keywords")}
    entry_points = _public_entry_points()
    assert sorted(rows) == sorted(entry_points)
    for name, obj in entry_points.items():
        assert rows[name] == _shown(obj), name


def test_keywords_mean_the_same_everywhere() -> None:
    """Where a keyword is taken, its default is the same, but for the documented exceptions:
    spec='rfc1808' where there is no URL base to follow, and Spark's errors='null'."""
    defaults: dict[str, dict[str, object]] = {}
    for name, obj in _public_entry_points().items():
        for parameter in inspect.signature(obj).parameters.values():
            defaults.setdefault(parameter.name, {})[name] = parameter.default
    assert set(defaults["strict"].values()) == {False}
    assert set(defaults["threads"].values()) == {None}
    assert {k: v for k, v in defaults["errors"].items() if v != "raise"} == {
        "relurl.spark.with_resolved": "null",
        "relurl.spark.with_normalized": "null",
        "relurl.spark.with_canonicalized": "null",
        "relurl.spark.with_surt": "null",
        "relurl.spark.with_registered_domain": "null",
    }
    rfc1808 = {k for k, v in defaults["spec"].items() if v == "rfc1808"}
    assert rfc1808 == {
        "relurl.parse",
        "relurl.URL",
        "relurl.arrow.parse",
        "relurl.normalize",
        "relurl.arrow.normalize",
        "relurl.spark.with_normalized",
    }
    assert {v for k, v in defaults["spec"].items() if k not in rfc1808} == {None}
    for name in ("relurl.resolve", "relurl.URL.resolve", "relurl.resolve_many", "relurl.arrow.resolve", "relurl.parse"):
        assert "strict" in defaults and name in defaults["strict"], name


def _stub_kinds() -> list[str]:
    """The kinds of the stub of the installed package (a checkout or a wheel)."""
    stub = (Path(relurl.__file__).parent / "_relurl" / "__init__.pyi").read_text(encoding="utf-8")
    match = re.search(r"_ErrorKind = Literal\[(.*?)\]", stub, re.S)
    assert match
    return re.findall(r'"(\w+)"', match.group(1))


def _core_kinds() -> list[str]:
    """The names of `ErrorKind::name`, the one table, with the URL Standard's failures (the
    one table of `Failure`) where `UrlStandard` stands, read from their source (absent beside
    an installed wheel, whose checks run the same tests from a copy of tests/ only)."""
    common = ROOT / "crates" / "relurl" / "src" / "common"
    if not (common / "error.rs").exists():
        pytest.skip("the core's source is not here (a wheel's test run): checked in the checkout")
    source = (common / "error.rs").read_text(encoding="utf-8")
    body = source.split("pub const fn name(&self)")[1].split("\n    }\n")[0]
    failures = (common / "failure.rs").read_text(encoding="utf-8").split("failures! {")[1]
    names = []
    for arm in re.findall(r"Self::(\w+).*?=> (\"\w+\"|failure\.name\(\))", body):
        if arm[0] == "UrlStandard":
            names += re.findall(r'^    \w+ = "(\w+)",', failures, re.M)
        else:
            names.append(arm[1].strip('"'))
    return names


def test_the_kinds_table_is_the_core_s() -> None:
    documented = [row[0].strip("`") for row in _rows("kinds")]
    assert documented == _core_kinds() == _stub_kinds()
    assert len(set(documented)) == len(documented)


def test_the_spec_literal_is_the_core_s() -> None:
    """The `Spec` Literals for type checkers (relurl._specs', the stub's `_Spec`) repeat the
    core's names (`relurl::Spec::NAMES`, which every `spec=` and `--spec` reads), in order."""
    stub = (Path(relurl.__file__).parent / "_relurl" / "__init__.pyi").read_text(encoding="utf-8")
    match = re.search(r"^_Spec = Literal\[(.*?)\]", stub, re.M | re.S)
    assert match
    assert relurl._relurl._SPECS == ("rfc1808", "rfc3986", "whatwg")
    assert get_args(relurl._specs.Spec) == relurl._specs.SPECS == relurl._relurl._SPECS
    assert tuple(re.findall(r'"(\w+)"', match.group(1))) == relurl._relurl._SPECS


def test_every_public_name_has_its_own_docstring() -> None:
    """help() on a public name shows what it does, not a pointer elsewhere (the stubs'
    longer text is for type checkers and the API reference)."""
    thin = []
    for module in (relurl, relurl.arrow, relurl.spark):
        for name in module.__all__:
            doc = getattr(module, name).__doc__ or ""
            if len(doc) < 40 or "see the stub" in doc:
                thin.append(f"{module.__name__}.{name}: {doc[:60]!r}")
    assert thin == []


def test_help_shows_python_text() -> None:
    """The extension's docstrings are written for Python: no Rust intra-doc link (`[`relurl::x`]`,
    which rustdoc renders and help() shows as it is) in any public name's or public member's
    docstring, and every public method and property of a class has one."""
    rust = re.compile(r"\[`[^`]*`\]|relurl::")
    found = []
    for module in (relurl, relurl.arrow, relurl.spark):
        for name in module.__all__:
            obj = getattr(module, name)
            members = [(name, obj)]
            if isinstance(obj, type):
                members += [(f"{name}.{m}", v) for m, v in vars(obj).items() if not m.startswith("_")]
            for shown, member in members:
                if isinstance(member, (str, int, tuple, type(None))):
                    continue  # a data attribute: its class's docstring says what it is
                doc = member.__doc__ or ""
                if not doc.strip() or rust.search(doc):
                    found.append(f"{module.__name__}.{shown}: {doc[:70]!r}")
    assert found == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"spec": "nope"}, "spec must be 'rfc1808', 'rfc3986' or 'whatwg', not \"nope\""),
        ({"errors": "report"}, "errors must be 'raise' or 'null', not 'report'"),
        ({"errors": 3}, "errors must be 'raise' or 'null', not 3"),
    ],
)
def test_spark_checks_its_arguments_by_the_core_s_rules(kwargs: dict[str, Any], message: str) -> None:
    # Checked before the DataFrame is touched (no Spark needed), by the core's names and
    # messages (relurl::bindings).
    with pytest.raises(ValueError) as info:
        relurl.spark.with_normalized(None, "url", **kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message

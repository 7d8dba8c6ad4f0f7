#!/usr/bin/env bash
# The Python package's tests: builds csptk into a venv (target/python-venv) with what the
# tests need, then runs pytest, mypy --strict and stubtest. Ray is installed when the
# platform has a wheel for it; its test is skipped (with the reason) otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
py="$venv/bin/python"
"$py" -m pip install -q --disable-pip-version-check -r python/requirements-test.txt
"$py" -m pip install -q --disable-pip-version-check "ray>=2.9" ||
    echo "python/test.sh: Ray cannot be installed here; its tests are skipped" >&2
# The test profile's settings (optimised, debug assertions on).
(cd python && VIRTUAL_ENV="$PWD/../$venv" PATH="$PWD/../$venv/bin:$PATH" \
    "$PWD/../$venv/bin/maturin" develop --profile python-test -q)
# Parity tests compare with the `csp` binary of the same build.
[ -x target/debug/csp ] || cargo build --profile test -p csp-cli
CSP_BIN="$PWD/target/debug/csp" "$py" -m pytest -q python/tests
"$py" -m mypy --strict python/csptk
(cd python && "../$venv/bin/python" -m mypy.stubtest csptk)

#!/usr/bin/env bash
# The whole test suite, on a fresh clone with nothing beside it: the Rust tests (with the full
# data sets when $CSP_DATA or ../shared/data has them, then with the bundled samples alone),
# the page of `csp serve` in a real browser, the fuzz targets' committed inputs, csp's MiniZinc
# library against Gecode, and the Python package. Installs what is missing: Debian's chromium,
# minizinc and flatzinc (Gecode), the page tests' npm packages, and a Python venv
# (target/python-venv) with what the Python tests need. Also installs the binary with
# `cargo install` into target/install-check and runs it from an empty folder.
set -euo pipefail
cd "$(dirname "$0")"

cargo test --workspace
# The page of `csp serve` in a real browser: Debian's chromium driven by playwright-core,
# both installed when missing; screenshots in target/e2e. The binary is the one the tests
# above built (target/debug/csp, test profile).
if ! command -v chromium >/dev/null; then
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
(cd crates/serve/e2e && npm ci --no-audit --no-fund --loglevel=error)
[ -x target/debug/csp ] || cargo build --profile test -p csp-cli
node crates/serve/e2e/run.mjs target/debug/csp target/e2e
# The same tests as on a fresh clone, without the full data sets: the bundled samples only.
# The whole workspace again, not `-p` a few crates: another package selection unifies the
# dependencies' features differently and rebuilds them; this reuses the build above and only
# runs the tests. Where the full sets are absent (`$CSP_DATA` unset and no ../shared/data, as
# on a fresh clone), the run above was this one already.
if [ -n "${CSP_DATA:-}" ] || [ -d ../shared/data ]; then
    CSP_DATA=/nonexistent cargo test --workspace
fi
# The install story: `cargo install` into a scratch root (the debug profile, reusing the
# build above), then the installed binary from an empty folder: a problem given by path, the
# completions, and the bundled samples found from where it was built.
root="$PWD"
install="$root/target/install-check"
rm -rf "$install"
CARGO_TARGET_DIR="$root/target" cargo install --debug --locked --quiet --path crates/cli --root "$install"
(
    cd "$(mktemp -d)"
    "$install/bin/csp" solve "$root/problems/australia.yaml" | grep -q '^australia: satisfiable'
    "$install/bin/csp" completions bash | grep -q 'csp'
    CSP_DATA=/nonexistent "$install/bin/csp" sudoku bench --methods fast --limit 2 | grep -q 'puzzles2_17_clue'
)
# The fuzz targets' committed inputs, replayed on stable (fuzzing itself needs nightly: fuzz/run.sh).
cargo test --manifest-path fuzz/Cargo.toml
# csp's MiniZinc library: each native global's models solved for all solutions by
# `minizinc --solver csp` and by Gecode, the solutions compared.
if ! command -v minizinc >/dev/null || ! command -v fzn-gecode >/dev/null; then
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq minizinc flatzinc >/dev/null
fi
python3 crates/flatzinc/tests/minizinc/run.py target/debug/csp
# The Python package: pytest (with Dask and Ray), mypy --strict and stubtest.
bash python/test.sh

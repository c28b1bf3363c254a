#!/usr/bin/env bash
# CI: the page's crate tested natively, then the page in a real browser. Builds web/dist (bash web/build.sh: the wasm32 target and
# the matching wasm-bindgen command are installed there when missing), installs Debian's
# Chromium when missing and Playwright's driver from npm (playwright-core: no browser download),
# then runs the end-to-end test, whose screenshots land in target/web-e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
    { apt-get update -qq && apt-get install -y -qq chromium; } >/dev/null 2>&1 || {
        echo "ci: Debian's chromium could not be installed: the browser test cannot run"
        exit 1
    }
fi
# The page's requests answered natively first (the crate is outside cargo test's default
# members): a wrong answer is named here, before a browser is involved.
cargo test -p dlx-web
bash web/build.sh
(cd web/tests && npm ci --no-audit --no-fund --loglevel=error)
node web/tests/e2e.mjs

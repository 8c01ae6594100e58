#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests exists. Debian's chromium-headless-shell is preferred:
# it lacks the full browser's UI layers and runs the suite about a third faster than `chromium`.
# Without apt, an installed /usr/bin/chromium serves; else Playwright's own download.
set -euo pipefail
if [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
install() {
  echo "Installing Debian chromium-headless-shell for the browser tests…"
  $1 apt-get update -qq && $1 env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
}
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && install ""; then exit 0; fi
if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && install sudo; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "No Debian Chromium and no apt: falling back to npx playwright install chromium"
npx playwright install chromium

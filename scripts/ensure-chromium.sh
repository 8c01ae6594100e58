#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests exists: Debian's package where apt works,
# else Playwright's own download (on machines that can reach it).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ]; then as_root=(); else as_root=(sudo -n); fi
if command -v apt-get >/dev/null 2>&1 && "${as_root[@]}" true 2>/dev/null; then
  echo "Installing Debian chromium for the browser tests…"
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No /usr/bin/chromium and no apt: falling back to npx playwright install chromium"
npx playwright install chromium

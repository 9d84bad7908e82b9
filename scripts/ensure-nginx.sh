#!/usr/bin/env bash
# Makes sure nginx is on the machine for the test that runs three shop
# processes behind a load balancer: installs Debian's package if it is
# missing. The test starts and stops its own nginx with its own settings.
set -euo pipefail

command -v nginx >/dev/null 2>&1 && exit 0
[ -x /usr/sbin/nginx ] && exit 0

echo "nginx is not installed: installing Debian's package"
if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
"${SUDO[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends nginx >/dev/null

#!/usr/bin/env bash
# Makes sure nginx is on the machine for the test that runs three shop
# processes behind a load balancer: installs Debian's package if it is
# missing. The test starts and stops its own nginx with its own settings.
set -euo pipefail
exec "$(dirname "$0")/ensure-debian-tools.sh" nginx

#!/usr/bin/env bash
# Makes sure the commands named are on the machine, installing Debian's
# packages for those missing, all in one apt-get run. Each argument is a
# command, or COMMAND=PACKAGE when the package has another name.
#   scripts/ensure-debian-tools.sh nginx wrk
set -euo pipefail

missing=()
for wanted in "$@"; do
  command=${wanted%%=*}
  package=${wanted#*=}
  command -v "$command" >/dev/null 2>&1 && continue
  [ -x "/usr/sbin/$command" ] && continue
  missing+=("$package")
done
((${#missing[@]})) || exit 0

echo "not installed: ${missing[*]}; installing Debian's packages"
if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

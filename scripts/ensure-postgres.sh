#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the tests:
# starts the machine's cluster if it is stopped, installs Debian's package if
# there is none. Tests create and drop their own databases in it.
set -euo pipefail

ready() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
ready && exit 0

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    echo "PostgreSQL is not installed: installing Debian's package"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    hba=/etc/postgresql/$version/main/pg_hba.conf
    # The tests connect as "postgres" over TCP without a password.
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
for _ in $(seq 1 30); do
    ready && exit 0
    sleep 1
done
echo "PostgreSQL did not start on 127.0.0.1:5432" >&2
exit 1

#!/usr/bin/env bash
# Installs what the tests need from Debian and makes sure the local services are up.
# Idempotent: every step checks before it acts, so CI and developers can run it every time.
set -euo pipefail

log() { printf '[setup-system] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_updated=0
apt_update_once() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
}

# Chromium for browser journeys (playwright-core drives Debian's build; no browser download).
if ! command -v chromium >/dev/null 2>&1; then
  log "installing chromium"
  apt_update_once
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

# PostgreSQL: start the cluster when it is down.
if command -v pg_lsclusters >/dev/null 2>&1; then
  if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
    log "starting postgresql"
    as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
fi

# Redis (only the scaled-mode tests use it).
if command -v redis-server >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 ping >/dev/null 2>&1; then
  log "starting redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
fi

# pgvector for the real PostgreSQL: not packaged for bookworm, so build it from trixie's source package.
pg_version=$(ls /etc/postgresql 2>/dev/null | sort -n | tail -n1 || true)
if [ -n "$pg_version" ] && [ ! -f "/usr/share/postgresql/$pg_version/extension/vector.control" ]; then
  log "building pgvector for PostgreSQL $pg_version"
  apt_update_once
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-server-dev-$pg_version" dpkg-dev >/dev/null
  src_list=/etc/apt/sources.list.d/harbor-trixie-src.sources
  if [ ! -f "$src_list" ]; then
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' | as_root tee "$src_list" >/dev/null
    as_root apt-get update -qq
  fi
  build_dir=$(mktemp -d)
  (cd "$build_dir" && apt-get source -qq pgvector >/dev/null 2>&1)
  pg_src=$(find "$build_dir" -maxdepth 1 -type d -name 'pgvector-*' | head -n1)
  make -s -C "$pg_src" PG_CONFIG="/usr/lib/postgresql/$pg_version/bin/pg_config" OPTFLAGS="" >/dev/null
  as_root make -s -C "$pg_src" PG_CONFIG="/usr/lib/postgresql/$pg_version/bin/pg_config" install >/dev/null
  rm -rf "$build_dir"
fi
log "ready"

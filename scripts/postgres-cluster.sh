#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster (Debian's server binaries) for tests and by-hand checks.
#
#   scripts/postgres-cluster.sh start DIR   # initdb in DIR, start on a free loopback port, print the URL
#   scripts/postgres-cluster.sh url DIR     # print the URL of the cluster in DIR
#   scripts/postgres-cluster.sh socket-url DIR # the same database through its Unix-domain socket
#   scripts/postgres-cluster.sh stop DIR    # stop it at once and remove DIR
#   scripts/postgres-cluster.sh restart DIR # stop it at once (a crash) and start it again, same port
#   scripts/postgres-cluster.sh halt DIR    # stop it at once (a crash), keeping DIR (an outage)
#   scripts/postgres-cluster.sh resume DIR  # start a halted cluster again, same port
#
# PROACTIVE_PG_SHARED_BUFFERS (e.g. 7GB) sets the new cluster's `shared_buffers`, for
# benchmarks of a server sized to its data (the default, 128 MB, suits tests).
#
# The URL is postgres://proactive@127.0.0.1:PORT/proactive: role and database `proactive`
# (the database's owner, allowed `CHECKPOINT`: the benchmark's bookkeeping after a bulk load),
# trust authentication, listening on 127.0.0.1 only. Works as root
# (the server runs as `postgres`, which owns the data directory) and as a normal user.
# Installs Debian's `postgresql` when its binaries are missing.
set -euo pipefail

usage() {
  echo "usage: $0 start|stop|restart|halt|resume|url|socket-url DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
command=$1
dir=$2
bin=/usr/lib/postgresql/15/bin

# Runs a server binary as the cluster's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

install_server() {
  [ -x "$bin/initdb" ] && return 0
  echo "installing PostgreSQL 15 (Debian's postgresql)…" >&2
  local sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq postgresql >/dev/null
  [ -x "$bin/initdb" ] || {
    echo "error: $bin/initdb is still missing after installing postgresql" >&2
    exit 1
  }
}

port_is_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

print_url() {
  [ -f "$dir/port" ] || {
    echo "error: no cluster in $dir (run: $0 start $dir)" >&2
    exit 1
  }
  echo "postgres://proactive@127.0.0.1:$(cat "$dir/port")/proactive"
}

print_socket_url() {
  print_url >/dev/null
  echo "postgres://proactive@:$(cat "$dir/port")/proactive?host=$(cd "$dir" && pwd)/sock"
}

start() {
  install_server
  if [ -e "$dir/data/PG_VERSION" ]; then
    echo "error: $dir already holds a cluster (stop it first: $0 stop $dir)" >&2
    exit 1
  fi
  mkdir -p "$dir/data" "$dir/sock" "$dir/log"
  dir=$(cd "$dir" && pwd)
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || {
      echo "error: no postgres user (install Debian's postgresql)" >&2
      exit 1
    }
    chmod 755 "$dir"
    chown postgres:postgres "$dir/data" "$dir/sock" "$dir/log"
    runuser -u postgres -- test -w "$dir/data" || {
      echo "error: the postgres user cannot reach $dir (a parent folder is private); use a folder under /tmp" >&2
      exit 1
    }
  fi
  chmod 700 "$dir/data"
  as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/log/initdb.log" 2>&1 || {
    cat "$dir/log/initdb.log" >&2
    exit 1
  }
  # A cluster sized like a service's (benchmarks): PROACTIVE_PG_SHARED_BUFFERS=7GB.
  if [ -n "${PROACTIVE_PG_SHARED_BUFFERS:-}" ]; then
    echo "shared_buffers = '$PROACTIVE_PG_SHARED_BUFFERS'" >>"$dir/data/postgresql.conf"
  fi
  # A free port: try random ones; the server's own bind is the final check.
  local port attempt
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    port=$((20000 + RANDOM % 40000))
    port_is_free "$port" || continue
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log/server.log" -w -t 30 \
      -o "-p $port -k $dir/sock -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=500" \
      start >/dev/null; then
      echo "$port" >"$dir/port"
      break
    fi
    port=""
  done
  [ -n "$port" ] || {
    echo "error: the server did not start; see $dir/log/server.log" >&2
    tail -n 20 "$dir/log/server.log" >&2 || true
    exit 1
  }
  psql -X -q -v ON_ERROR_STOP=1 -h "$dir/sock" -p "$port" -U postgres -d postgres \
    -c "CREATE ROLE proactive LOGIN CREATEDB" -c "CREATE DATABASE proactive OWNER proactive" \
    -c "GRANT pg_checkpoint TO proactive" >/dev/null
  print_url
}

stop() {
  if [ -e "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

halt() {
  [ -f "$dir/port" ] || {
    echo "error: no cluster in $dir" >&2
    exit 1
  }
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
}

resume() {
  [ -f "$dir/port" ] || {
    echo "error: no cluster in $dir" >&2
    exit 1
  }
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log/server.log" -w -t 30 \
    -o "-p $(cat "$dir/port") -k $dir/sock -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=500" \
    start >/dev/null
}

restart() {
  halt
  resume
}

case "$command" in
  start) start ;;
  stop) stop ;;
  restart) restart ;;
  halt) halt ;;
  resume) resume ;;
  url) print_url ;;
  socket-url) print_socket_url ;;
  *) usage ;;
esac

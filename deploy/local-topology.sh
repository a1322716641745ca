#!/usr/bin/env bash
# The production topology on one machine, for trying it out (README, "Several instances"):
# a PostgreSQL primary, a streaming replica made from it with pg_basebackup, Redis, two instances
# of the service and nginx balancing them. Everything lives under $TOPOLOGY_DIR (default
# /tmp/gtad-topology, readable by the postgres user) and listens on 127.0.0.1 only.
#
#   deploy/local-topology.sh up     # build, start everything, print the addresses
#   deploy/local-topology.sh lag    # the replica's lag as the primary and the replica see it
#   deploy/local-topology.sh down   # stop everything this script started and remove its files
#
# Needs PostgreSQL's server binaries (Debian: postgresql; PG_BIN=<bin folder> to choose),
# redis-server (unless REDIS_URL is set) and nginx. As root, PostgreSQL runs as `postgres`.
# SKIP_BUILD=1 uses the dist/ already built.
set -euo pipefail
cd "$(dirname "$0")/.."

DIR="${TOPOLOGY_DIR:-${TMPDIR:-/tmp}/gtad-topology}"
PRIMARY_PORT="${PRIMARY_PORT:-55432}"
REPLICA_PORT="${REPLICA_PORT:-55433}"
REDIS_PORT="${REDIS_PORT:-56379}"
LB_PORT="${LB_PORT:-8080}"
APP_PORTS=(3101 3102)
METRICS_PORTS=(9101 9102)
POOL="${DB_POOL_SIZE:-10}"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
url() { echo "postgres://postgres@127.0.0.1:$1/postgres"; }
psql_at() { psql "$(url "$1")" -XAtq -c "$2"; }

up() {
  [ -x "$PG_BIN/pg_basebackup" ] || { echo "no PostgreSQL server binaries (set PG_BIN)" >&2; exit 1; }
  command -v nginx >/dev/null || { echo "nginx is needed (Debian: apt-get install nginx-light)" >&2; exit 1; }
  mkdir -p "$DIR/logs"
  [ "$(id -u)" = 0 ] && chown postgres "$DIR" "$DIR/logs"

  # 1. The primary: WAL for a replica, and room for every instance's pools (see the README).
  as_pg "$PG_BIN/initdb" -D "$DIR/primary" -U postgres -A trust -E UTF8 --locale=C >/dev/null
  cat >>"$DIR/primary/postgresql.conf" <<EOF
port = $PRIMARY_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
wal_level = replica
max_wal_senders = 4
max_connections = 100
EOF
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/primary" -l "$DIR/logs/primary.log" -w start >/dev/null

  # 2. The replica: a base backup with -R writes standby.signal and primary_conninfo.
  as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres \
    -D "$DIR/replica" -R -X stream -c fast
  cat >>"$DIR/replica/postgresql.conf" <<EOF
port = $REPLICA_PORT
hot_standby = on
# How long replay may wait for a conflicting read before cancelling it (the service retries
# such a read once, then answers 503): longer means fewer cancelled reads and more lag.
max_standby_streaming_delay = 5s
EOF
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/replica" -l "$DIR/logs/replica.log" -w start >/dev/null

  # 3. Redis, shared by the instances for the rate limits.
  if [ -z "${REDIS_URL:-}" ]; then
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no \
      --daemonize yes --pidfile "$DIR/redis.pid" --logfile "$DIR/logs/redis.log"
    REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
  fi

  # 4. Two instances: same primary, replica, Redis and key secret; behind one proxy on loopback.
  [ -n "${SKIP_BUILD:-}" ] || npm run --silent build
  local secret
  secret="$(head -c 32 /dev/urandom | base64 | tr -d '=+/')"
  echo "$secret" >"$DIR/key-hash-secret"
  for i in 0 1; do
    env DATABASE_URL="$(url "$PRIMARY_PORT")" DATABASE_READ_URL="$(url "$REPLICA_PORT")" \
      REDIS_URL="$REDIS_URL" KEY_HASH_SECRET="$secret" TRUST_PROXY=127.0.0.1 \
      HOST=127.0.0.1 PORT="${APP_PORTS[$i]}" METRICS_PORT="${METRICS_PORTS[$i]}" \
      DB_POOL_SIZE="$POOL" DEMO_DOCTORS="${DEMO_DOCTORS:-3000}" LOG_LEVEL=warn \
      node dist/src/main.js >"$DIR/logs/instance-$i.log" 2>&1 &
    echo $! >"$DIR/instance-$i.pid"
    # The first one migrates and seeds an empty primary; the second starts once it is ready.
    for _ in $(seq 1 300); do
      curl -fsS "http://127.0.0.1:${APP_PORTS[$i]}/api/v1/" >/dev/null 2>&1 && break
      sleep 0.2
    done
    curl -fsS "http://127.0.0.1:${APP_PORTS[$i]}/api/v1/"; echo "  <- instance $i"
  done

  # 5. nginx: round robin; an instance that fails is left out for 10 s.
  cat >"$DIR/nginx.conf" <<EOF
pid $DIR/nginx.pid;
error_log $DIR/logs/nginx-error.log;
events {}
http {
  access_log $DIR/logs/nginx-access.log;
  upstream gtad {
    server 127.0.0.1:${APP_PORTS[0]} max_fails=3 fail_timeout=10s;
    server 127.0.0.1:${APP_PORTS[1]} max_fails=3 fail_timeout=10s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:$LB_PORT;
    location / {
      proxy_pass http://gtad;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_next_upstream error timeout http_503;
    }
  }
}
EOF
  nginx -p "$DIR" -c "$DIR/nginx.conf"
  echo "load balancer: http://127.0.0.1:$LB_PORT/api/v1/"
  echo "instances:     ${APP_PORTS[*]} (metrics on ${METRICS_PORTS[*]})"
  echo "primary:       $(url "$PRIMARY_PORT")"
  echo "replica:       $(url "$REPLICA_PORT")"
  echo "redis:         $REDIS_URL"
}

lag() {
  psql_at "$PRIMARY_PORT" "SELECT 'primary sees: ' || application_name || ' ' || state ||
    ', replay ' || pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) || ' bytes behind, replay_lag ' ||
    coalesce(replay_lag::text, '0') FROM pg_stat_replication"
  psql_at "$REPLICA_PORT" "SELECT 'replica sees: last replayed transaction ' ||
    coalesce((now() - pg_last_xact_replay_timestamp())::text, 'none') || ' ago, paused: ' ||
    pg_is_wal_replay_paused()"
}

down() {
  [ -f "$DIR/nginx.pid" ] && nginx -p "$DIR" -c "$DIR/nginx.conf" -s quit || true
  for i in 0 1; do
    [ -f "$DIR/instance-$i.pid" ] && kill "$(cat "$DIR/instance-$i.pid")" 2>/dev/null || true
  done
  [ -f "$DIR/redis.pid" ] && kill "$(cat "$DIR/redis.pid")" 2>/dev/null || true
  for db in replica primary; do
    [ -d "$DIR/$db" ] && as_pg "$PG_BIN/pg_ctl" -D "$DIR/$db" -m fast -w stop >/dev/null || true
  done
  rm -rf "$DIR"
}

case "${1:-}" in
  up) up ;;
  lag) lag ;;
  down) down ;;
  *) echo "usage: $0 up|lag|down" >&2; exit 2 ;;
esac

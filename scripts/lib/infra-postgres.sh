# shellcheck shell=bash
# PostgreSQL from Debian's postgresql package: FerretDB's storage backend. Sourced.

POSTGRES_DATA="$INFRA_DATA_DIR/postgres"
# FerretDB's database and the role it connects as (trust authentication, loopback only).
POSTGRES_DATABASE=ferretdb
POSTGRES_ROLE=ferretdb

infra_postgres_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [[ -x "$dir/postgres" ]] && printf '%s\n' "$dir"
  done | sort -V | tail -n 1
}

# The server runs as the postgres user where scripts/infra runs as root (PostgreSQL refuses root);
# setpriv, unlike su or runuser, execs in place, so the pid infra_spawn records is the server's.
infra_postgres_owner_prefix() {
  ((EUID == 0)) && printf '%s\n' setpriv --reuid=postgres --regid=postgres --init-groups --
  return 0
}

infra_postgres_owns_pid() { infra_cmdline_has "$1" "$POSTGRES_DATA"; }

infra_postgres_install() {
  [[ -n "$(infra_postgres_bin)" ]] && return 0
  infra_apt_install postgres postgresql
}

infra_postgres_check_ports() {
  infra_require_port_free postgres "$INFRA_POSTGRES_PORT" INFRA_POSTGRES_PORT
}

# initdb once (PG_VERSION marks a cluster); loopback TCP only, no Unix socket (no shared /run dir);
# fsync stays on: the test engines keep data across restarts like the others.
infra_postgres_start() {
  infra_already_running postgres && return 0
  infra_postgres_install
  infra_postgres_check_ports
  local bin owner
  bin="$(infra_postgres_bin)"
  mapfile -t owner < <(infra_postgres_owner_prefix)
  if [[ ! -f "$POSTGRES_DATA/PG_VERSION" ]]; then
    mkdir -p "$POSTGRES_DATA"
    ((EUID == 0)) && chown postgres:postgres "$POSTGRES_DATA"
    "${owner[@]}" "$bin/initdb" -D "$POSTGRES_DATA" -U "$POSTGRES_ROLE" --auth=trust \
      --encoding=UTF8 --locale=C >>"$(infra_log_file postgres)" 2>&1 || infra_fail_start postgres
  fi
  infra_spawn "$(infra_pid_file postgres)" "$(infra_log_file postgres)" \
    "${owner[@]}" "$bin/postgres" -D "$POSTGRES_DATA" -p "$INFRA_POSTGRES_PORT" \
    -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200
  infra_record_ports postgres
}

# Ready once it accepts connections; FerretDB's database is created on the first start.
infra_postgres_wait() {
  local bin deadline=$((SECONDS + INFRA_START_TIMEOUT))
  bin="$(infra_postgres_bin)"
  until "$bin/pg_isready" -q -h 127.0.0.1 -p "$INFRA_POSTGRES_PORT"; do
    infra_running_pid postgres >/dev/null || infra_fail_start postgres
    ((SECONDS < deadline)) || infra_fail_start postgres
    sleep 0.2
  done
  local psql=("$bin/psql" -h 127.0.0.1 -p "$INFRA_POSTGRES_PORT" -U "$POSTGRES_ROLE" -d postgres -qtA)
  if [[ "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = '$POSTGRES_DATABASE'")" != 1 ]]; then
    "${psql[@]}" -c "CREATE DATABASE $POSTGRES_DATABASE" >>"$(infra_log_file postgres)" 2>&1 ||
      infra_fail_start postgres
  fi
  # GIN companions of FerretDB's indexes, so its pushed-down filters use one (the file says why);
  # applied on every start, since it is idempotent and backfills collections made before it.
  "$bin/psql" -h 127.0.0.1 -p "$INFRA_POSTGRES_PORT" -U "$POSTGRES_ROLE" -d "$POSTGRES_DATABASE" -qtA \
    -v ON_ERROR_STOP=1 -f "$REPO_ROOT/infra/postgres/ferretdb-gin-companions.sql" \
    >>"$(infra_log_file postgres)" 2>&1 || infra_fail_start postgres
}

infra_postgres_ports() { printf '%s' "$INFRA_POSTGRES_PORT"; }

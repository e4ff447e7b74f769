# shellcheck shell=bash
# Shared settings and process helpers for scripts/infra. Sourced, never run.
# Every engine lives under one git-ignored folder, $INFRA_DIR (default <repo>/.infra):
#   $INFRA_DIR/install/<engine>-<version>/  binaries or jars, kept by `down` and `down --purge-data`
#   $INFRA_DIR/data/<engine>/               engine state, wiped by `down --purge-data`
#   $INFRA_DIR/run/<engine>.pid, $INFRA_DIR/log/<engine>.log

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
INFRA_DIR="${INFRA_DIR:-$REPO_ROOT/.infra}"
INFRA_INSTALL_DIR="$INFRA_DIR/install"
INFRA_DATA_DIR="$INFRA_DIR/data"
INFRA_RUN_DIR="$INFRA_DIR/run"
INFRA_LOG_DIR="$INFRA_DIR/log"

INFRA_KAFKA_PORT="${INFRA_KAFKA_PORT:-19092}"
INFRA_KAFKA_CONTROLLER_PORT="${INFRA_KAFKA_CONTROLLER_PORT:-19093}"
# A second Kafka listener with TLS and SASL (PLAIN and SCRAM), for the tests of a secured cluster.
INFRA_KAFKA_SASL_SSL_PORT="${INFRA_KAFKA_SASL_SSL_PORT:-19094}"
# Its one user (a local test credential, not a secret).
INFRA_KAFKA_SASL_USERNAME="${INFRA_KAFKA_SASL_USERNAME:-gateway}"
INFRA_KAFKA_SASL_PASSWORD="${INFRA_KAFKA_SASL_PASSWORD:-gateway-local-secret}"
INFRA_FERRETDB_PORT="${INFRA_FERRETDB_PORT:-27018}"
INFRA_POSTGRES_PORT="${INFRA_POSTGRES_PORT:-15432}"
INFRA_REDIS_PORT="${INFRA_REDIS_PORT:-16379}"
INFRA_BTCD_PORT="${INFRA_BTCD_PORT:-18334}"
INFRA_LITECOIND_PORT="${INFRA_LITECOIND_PORT:-19443}"
INFRA_ANVIL_PORT="${INFRA_ANVIL_PORT:-18545}"
INFRA_REGISTRY_PORT="${INFRA_REGISTRY_PORT:-18081}"
INFRA_REGISTRY_MANAGEMENT_PORT="${INFRA_REGISTRY_MANAGEMENT_PORT:-18082}"
# Seconds an engine gets to answer after it is started (a cold JVM on two cores is the slowest).
INFRA_START_TIMEOUT="${INFRA_START_TIMEOUT:-90}"
# Seconds an engine gets to exit after SIGTERM before it is killed.
INFRA_STOP_GRACE="${INFRA_STOP_GRACE:-30}"

# shellcheck disable=SC2034 # used by scripts/infra
INFRA_ENGINES=(kafka postgres ferretdb redis btcd litecoind anvil registry)

infra_say() { printf 'infra: %s\n' "$*" >&2; }

infra_die() {
  printf 'infra: error: %s\n' "$*" >&2
  exit 1
}

infra_prepare_dirs() {
  mkdir -p "$INFRA_INSTALL_DIR" "$INFRA_DATA_DIR" "$INFRA_RUN_DIR" "$INFRA_LOG_DIR"
}

# Serialises up/down/restart so two callers (say, two test runs) never start an engine twice.
# The lock lives on fd 9, which every engine start closes (9>&-): an engine that inherited it
# would hold the lock for as long as it runs.
infra_take_lock() {
  infra_prepare_dirs
  exec 9>"$INFRA_DIR/.lock"
  flock -w 600 9 || infra_die "another scripts/infra run holds $INFRA_DIR/.lock"
}

infra_pid_file() { printf '%s/%s.pid\n' "$INFRA_RUN_DIR" "$1"; }
infra_log_file() { printf '%s/%s.log\n' "$INFRA_LOG_DIR" "$1"; }

infra_ports_file() { printf '%s/%s.ports\n' "$INFRA_RUN_DIR" "$1"; }

infra_record_ports() { "infra_${1}_ports" >"$(infra_ports_file "$1")"; }

# Ports a running engine was started with (they may differ from the current INFRA_*_PORT values).
infra_recorded_ports() { cat "$(infra_ports_file "$1")" 2>/dev/null || "infra_${1}_ports"; }

# True when the engine already runs; dies when it runs on other ports than asked for, since
# waiting on the asked-for port would only time out.
infra_already_running() {
  local engine="$1" pid
  pid="$(infra_running_pid "$engine")" || return 1
  if [[ "$(infra_recorded_ports "$engine")" != "$("infra_${engine}_ports")" ]]; then
    infra_die "$engine (pid $pid) already runs on port $(infra_recorded_ports "$engine"), not $("infra_${engine}_ports"); run scripts/infra down first"
  fi
}

infra_port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Prints the pid recorded for an engine when that process is alive and is still the engine
# (infra_<engine>_owns_pid guards against a recycled pid); otherwise drops the stale pid file.
infra_running_pid() {
  local engine="$1" pid_file pid
  pid_file="$(infra_pid_file "$engine")"
  [[ -s "$pid_file" ]] || return 1
  pid="$(<"$pid_file")"
  if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && "infra_${engine}_owns_pid" "$pid"; then
    printf '%s\n' "$pid"
    return 0
  fi
  rm -f "$pid_file"
  return 1
}

infra_cmdline_has() {
  local pid="$1" needle="$2"
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$needle"
}

# Starts a long-running command in its own session, detached from this shell and its terminal,
# so that stopping a test runner or closing a shell does not take the engine down with it.
# The pid file gets the engine's own pid: the wrapper shell writes $$ and then execs the command.
infra_spawn() {
  local pid_file="$1" log_file="$2"
  shift 2
  infra_rotate_log "$log_file"
  rm -f "$pid_file"
  # shellcheck disable=SC2016 # $$ and $@ belong to the wrapper shell
  setsid -f bash -c 'echo $$ >"$1"; shift; exec "$@"' infra-spawn "$pid_file" "$@" \
    </dev/null >>"$log_file" 2>&1 9>&-
  local waited=0
  until [[ -s "$pid_file" ]]; do
    ((waited++ < 100)) || infra_die "could not start $1 (no pid after 10 s)"
    sleep 0.1
  done
}

infra_rotate_log() {
  [[ -s "$1" ]] && mv -f "$1" "$1.1"
  : >"$1"
}

infra_fail_start() {
  local engine="$1" log_file
  log_file="$(infra_log_file "$engine")"
  {
    printf 'infra: error: %s did not become ready; last lines of %s:\n' "$engine" "$log_file"
    tail -n 40 "$log_file" 2>/dev/null | sed 's/^/  | /'
  } >&2
  exit 1
}

infra_require_port_free() {
  local engine="$1" port="$2" variable="$3"
  if infra_port_open "$port"; then
    infra_die "port $port for $engine is taken by a process scripts/infra did not start; free it or set $variable"
  fi
}

# SIGTERM, wait up to INFRA_STOP_GRACE seconds, then SIGKILL; removes the pid file.
infra_stop_engine() {
  local engine="$1" pid waited=0
  if ! pid="$(infra_running_pid "$engine")"; then
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do
    if ((waited >= INFRA_STOP_GRACE * 10)); then
      infra_say "$engine (pid $pid) ignored SIGTERM for ${INFRA_STOP_GRACE}s; killing it"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.2
      break
    fi
    sleep 0.1
    ((waited++)) || true
  done
  rm -f "$(infra_pid_file "$engine")" "$(infra_ports_file "$engine")"
}

# Installs Debian packages for an engine (first use), logging to install-<engine>.log.
infra_apt_install() {
  local engine="$1" log_file="$INFRA_LOG_DIR/install-$1.log"
  shift
  infra_say "installing Debian's $engine (first use)"
  {
    # A fresh machine may still be running its own apt when CI starts: wait for the dpkg lock.
    apt-get -o DPkg::Lock::Timeout=600 update -q &&
      DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q "$@"
  } >"$log_file" 2>&1 || {
    tail -n 30 "$log_file" >&2
    infra_die "apt-get install $* failed (log: $log_file)"
  }
}

# Runs a node readiness probe from infra/probes with the repo's own node_modules.
infra_node_probe() {
  local probe="$1"
  shift
  command -v node >/dev/null || infra_die "node is not on PATH (needed for readiness probes)"
  node "$REPO_ROOT/infra/probes/$probe" "$@"
}

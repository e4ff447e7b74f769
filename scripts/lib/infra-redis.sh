# shellcheck shell=bash
# Redis from Debian's redis-server package. Sourced.

REDIS_DATA="$INFRA_DATA_DIR/redis"

# redis-server rewrites its own command line, so the pid is recognised by its working directory,
# which --dir sets to our data folder.
infra_redis_owns_pid() { [[ "$(readlink "/proc/$1/cwd" 2>/dev/null)" == "$REDIS_DATA" ]]; }

infra_redis_install() {
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null && return 0
  infra_apt_install redis redis-server
}

infra_redis_check_ports() { infra_require_port_free redis "$INFRA_REDIS_PORT" INFRA_REDIS_PORT; }

# --appendonly yes: fault tests restart Redis and expect keys to survive; --save "" leaves the
# AOF as the only persistence. Redis daemonizes itself and writes the pid file.
infra_redis_start() {
  infra_already_running redis && return 0
  infra_redis_install
  infra_redis_check_ports
  mkdir -p "$REDIS_DATA"
  local log_file
  log_file="$(infra_log_file redis)"
  infra_rotate_log "$log_file"
  rm -f "$(infra_pid_file redis)"
  # shellcheck disable=SC2094 # Redis logs to the file itself; ours only catches start-up errors
  redis-server --port "$INFRA_REDIS_PORT" --bind 127.0.0.1 --daemonize yes \
    --pidfile "$(infra_pid_file redis)" --dir "$REDIS_DATA" --logfile "$log_file" \
    --appendonly yes --save "" </dev/null >>"$log_file" 2>&1 9>&- || infra_fail_start redis
  infra_record_ports redis
}

infra_redis_wait() {
  local deadline=$((SECONDS + INFRA_START_TIMEOUT))
  until [[ "$(redis-cli -h 127.0.0.1 -p "$INFRA_REDIS_PORT" ping 2>/dev/null)" == PONG ]]; do
    ((SECONDS < deadline)) || infra_fail_start redis
    sleep 0.1
  done
  infra_running_pid redis >/dev/null || infra_fail_start redis
}

infra_redis_ports() { printf '%s' "$INFRA_REDIS_PORT"; }

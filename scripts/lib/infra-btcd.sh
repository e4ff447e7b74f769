# shellcheck shell=bash
# btcd 0.26.2 (Bitcoin full node in Go) on regtest, built with go install. Sourced.
# It has no wallet and no generatetoaddress: `generate N` pays --miningaddr.

BTCD_VERSION=0.26.2
BTCD_HOME="$INFRA_INSTALL_DIR/btcd-$BTCD_VERSION"
BTCD_BIN="$BTCD_HOME/bin/btcd"
BTCD_DATA="$INFRA_DATA_DIR/btcd"

infra_btcd_owns_pid() { [[ "$(readlink "/proc/$1/exe" 2>/dev/null)" == "$BTCD_BIN" ]]; }

# GOTOOLCHAIN=local builds with the installed Go; the binary lands in a scratch folder swapped in whole.
infra_btcd_install() {
  [[ -x "$BTCD_BIN" ]] && return 0
  infra_say "building btcd $BTCD_VERSION with go (first use)"
  local scratch="$BTCD_HOME.partial" log_file="$INFRA_LOG_DIR/install-btcd.log"
  rm -rf "$scratch"
  mkdir -p "$scratch/bin"
  if ! GOTOOLCHAIN=local CGO_ENABLED=0 GOBIN="$scratch/bin" \
    infra_go install "github.com/btcsuite/btcd@v$BTCD_VERSION" >"$log_file" 2>&1; then
    tail -n 30 "$log_file" >&2
    infra_die "building btcd failed (log: $log_file)"
  fi
  rm -rf "$BTCD_HOME"
  mv "$scratch" "$BTCD_HOME"
}

infra_btcd_check_ports() { infra_require_port_free btcd "$INFRA_BTCD_PORT" INFRA_BTCD_PORT; }

# --txindex and --addrindex serve getrawtransaction and searchrawtransactions; --nolisten: no peers.
infra_btcd_start() {
  infra_already_running btcd && return 0
  infra_btcd_install
  infra_btcd_check_ports
  mkdir -p "$BTCD_DATA"
  infra_spawn "$(infra_pid_file btcd)" "$(infra_log_file btcd)" \
    "$BTCD_BIN" --regtest --configfile=/dev/null --datadir="$BTCD_DATA/data" --logdir="$BTCD_DATA/logs" \
    --rpclisten="127.0.0.1:$INFRA_BTCD_PORT" --notls --rpcuser="$INFRA_CHAIN_RPC_USER" \
    --rpcpass="$INFRA_CHAIN_RPC_PASSWORD" --txindex --addrindex --nolisten \
    --miningaddr="$INFRA_BTC_MINING_ADDRESS"
  infra_record_ports btcd
}

infra_btcd_wait() { infra_chain_wait btcd "$INFRA_BTCD_PORT"; }

infra_btcd_ports() { printf '%s' "$INFRA_BTCD_PORT"; }

# shellcheck shell=bash
# litecoind 0.21 (Litecoin Core) from Debian's litecoind package, on regtest. Sourced.
# The /usr/bin wrapper writes to ~/.litecoin, so the daemon itself runs with its own datadir and conf.

LITECOIND_BIN=/usr/lib/litecoin/litecoind
LITECOIND_DATA="$INFRA_DATA_DIR/litecoind"

infra_litecoind_owns_pid() {
  [[ "$(readlink "/proc/$1/exe" 2>/dev/null)" == "$LITECOIND_BIN" ]] && infra_cmdline_has "$1" "$LITECOIND_DATA"
}

infra_litecoind_install() {
  [[ -x "$LITECOIND_BIN" ]] && return 0
  infra_apt_install litecoind --no-install-recommends litecoind
}

# Start and timeout in 2100 and at the largest heights: MWEB stays "defined" for good.
LITECOIND_MWEB_NEVER=4102444800:4102444801:2147483646:2147483647

infra_litecoind_check_ports() { infra_require_port_free litecoind "$INFRA_LITECOIND_PORT" INFRA_LITECOIND_PORT; }

# listen=0: no peers. fallbackfee lets the node's own wallet send on regtest, where fee estimation has no data.
# vbparams: MWEB never activates. On regtest it would at height 432, after which this litecoind (0.21.2)
# cannot mine a block with a transaction in it (bad-txns-vin-empty): the README's walkthrough, run a few
# times on one node, would stop confirming anything.
infra_litecoind_start() {
  infra_already_running litecoind && return 0
  infra_litecoind_install
  infra_litecoind_check_ports
  mkdir -p "$LITECOIND_DATA"
  cat >"$LITECOIND_DATA/litecoin.conf" <<CONF
regtest=1
server=1
txindex=1
listen=0
printtoconsole=1
fallbackfee=0.0001
[regtest]
rpcbind=127.0.0.1
rpcallowip=127.0.0.1
rpcport=$INFRA_LITECOIND_PORT
rpcuser=$INFRA_CHAIN_RPC_USER
rpcpassword=$INFRA_CHAIN_RPC_PASSWORD
vbparams=mweb:$LITECOIND_MWEB_NEVER
CONF
  infra_spawn "$(infra_pid_file litecoind)" "$(infra_log_file litecoind)" \
    "$LITECOIND_BIN" -datadir="$LITECOIND_DATA" -conf="$LITECOIND_DATA/litecoin.conf"
  infra_record_ports litecoind
}

infra_litecoind_wait() { infra_chain_wait litecoind "$INFRA_LITECOIND_PORT"; }

infra_litecoind_ports() { printf '%s' "$INFRA_LITECOIND_PORT"; }

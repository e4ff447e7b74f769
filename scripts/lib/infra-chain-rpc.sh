# shellcheck shell=bash
# What the two chain nodes (btcd, litecoind) share: RPC credentials, the regtest mining address and
# a JSON-RPC readiness probe. Sourced.

# Local regtest nodes only: the credentials guard nothing of value and are printed by `env`.
INFRA_CHAIN_RPC_USER=gateway
INFRA_CHAIN_RPC_PASSWORD=regtest
# P2WPKH of a fixed test key (sha256("cryptogate regtest miner"), in test/support/chain/regtest-keys.ts):
# blocks mined on the local nodes pay it, so tests and the README walkthrough can spend the coinbase
# after 100 blocks. Regtest coins are worthless by design.
INFRA_BTC_MINING_ADDRESS=bcrt1qxqcg9jz08yaepf77vvq64uakuea7hrcasawn44
INFRA_LTC_MINING_ADDRESS=rltc1qxqcg9jz08yaepf77vvq64uakuea7hrcaws56zt

# True when a JSON-RPC node on the port answers getblockcount.
infra_chain_rpc_answers() {
  curl -s --max-time 2 -u "$INFRA_CHAIN_RPC_USER:$INFRA_CHAIN_RPC_PASSWORD" -H 'content-type: text/plain' \
    --data '{"jsonrpc":"1.0","id":"infra","method":"getblockcount","params":[]}' \
    "http://127.0.0.1:$1/" 2>/dev/null | grep -q '"result":[0-9]'
}

infra_chain_wait() {
  local engine="$1" port="$2" deadline=$((SECONDS + INFRA_START_TIMEOUT))
  until infra_chain_rpc_answers "$port"; do
    ((SECONDS < deadline)) || infra_fail_start "$engine"
    infra_running_pid "$engine" >/dev/null || infra_fail_start "$engine"
    sleep 0.2
  done
}

# shellcheck shell=bash
# anvil (Foundry's local EVM node) from npm @foundry-rs/anvil, on chain id 31337. Sourced.
# The binary ships inside the platform package (@foundry-rs/anvil-linux-amd64, …) that pnpm installs
# with the workspace's test dependencies; its postinstall download is not needed.

ANVIL_DATA="$INFRA_DATA_DIR/anvil"
INFRA_ANVIL_CHAIN_ID=31337

infra_anvil_bin() {
  node -e '
    const { createRequire } = require("node:module");
    const path = require("node:path");
    const anvil = createRequire(require.resolve("@foundry-rs/anvil/package.json", { paths: [process.argv[1]] }));
    const arch = process.arch === "arm64" ? "arm64" : "amd64";
    const pkg = anvil.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
    console.log(path.join(path.dirname(pkg), "bin", "anvil"));
  ' "$REPO_ROOT/test"
}

infra_anvil_owns_pid() { infra_cmdline_has "$1" "$ANVIL_DATA"; }

infra_anvil_install() {
  [[ -x "$(infra_anvil_bin 2>/dev/null)" ]] && return 0
  (cd "$REPO_ROOT" && pnpm install --frozen-lockfile) || infra_die "pnpm install failed: anvil comes with the workspace's npm packages"
  [[ -x "$(infra_anvil_bin)" ]] || infra_die "no anvil binary for $(uname -s)/$(uname -m) in @foundry-rs/anvil"
}

infra_anvil_check_ports() { infra_require_port_free anvil "$INFRA_ANVIL_PORT" INFRA_ANVIL_PORT; }

# --state loads the chain at start and writes it back at exit, so a restart keeps blocks and balances.
# Blocks are mined when a transaction arrives (anvil's automine); `anvil_mine` adds empty ones.
infra_anvil_start() {
  infra_already_running anvil && return 0
  infra_anvil_install
  infra_anvil_check_ports
  mkdir -p "$ANVIL_DATA"
  infra_spawn "$(infra_pid_file anvil)" "$(infra_log_file anvil)" \
    "$(infra_anvil_bin)" --host 127.0.0.1 --port "$INFRA_ANVIL_PORT" --chain-id "$INFRA_ANVIL_CHAIN_ID" \
    --state "$ANVIL_DATA/state.json" --silent
  infra_record_ports anvil
}

infra_anvil_answers() {
  curl -sf -m 2 -H 'content-type: application/json' \
    -d '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' \
    "http://127.0.0.1:$INFRA_ANVIL_PORT" >/dev/null 2>&1
}

infra_anvil_wait() {
  local deadline=$((SECONDS + INFRA_START_TIMEOUT))
  until infra_anvil_answers; do
    ((SECONDS < deadline)) || infra_fail_start anvil
    infra_running_pid anvil >/dev/null || infra_fail_start anvil
    sleep 0.1
  done
}

infra_anvil_ports() { printf '%s' "$INFRA_ANVIL_PORT"; }

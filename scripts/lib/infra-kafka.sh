# shellcheck shell=bash
# Kafka 3.9.1, single combined KRaft broker+controller, from the Maven Central jars. Sourced.

KAFKA_VERSION=3.9.1
KAFKA_POM="$REPO_ROOT/infra/kafka/pom.xml"
KAFKA_HOME="$INFRA_INSTALL_DIR/kafka-$KAFKA_VERSION"
KAFKA_LIBS="$KAFKA_HOME/libs"
KAFKA_DATA="$INFRA_DATA_DIR/kafka"
KAFKA_CONFIG="$INFRA_RUN_DIR/kafka-server.properties"

infra_kafka_owns_pid() { infra_cmdline_has "$1" "$KAFKA_CONFIG"; }

infra_kafka_java() {
  command -v java >/dev/null || infra_die "java (17) is not on PATH; apt-get install -y openjdk-17-jre-headless"
  java -Dlog4j.configuration="file:$REPO_ROOT/infra/kafka/log4j.properties" -cp "$KAFKA_LIBS/*" "$@"
}

# The jar set is keyed by the pom's hash: editing the pom re-resolves, an unchanged pom never
# touches Maven. Resolution goes into a scratch folder swapped in whole, so an interrupted
# install never leaves half a classpath behind.
infra_kafka_install() {
  local pom_hash
  pom_hash="$(sha256sum "$KAFKA_POM" | cut -d' ' -f1)"
  [[ -f "$KAFKA_HOME/.pom-sha256" && "$(<"$KAFKA_HOME/.pom-sha256")" == "$pom_hash" ]] && return 0
  command -v mvn >/dev/null || infra_die "mvn is not on PATH; apt-get install -y maven"
  infra_say "installing Kafka $KAFKA_VERSION jars from Maven Central (first use)"
  local scratch="$KAFKA_HOME.partial"
  rm -rf "$scratch"
  mkdir -p "$scratch"
  if ! mvn -q -B -f "$KAFKA_POM" dependency:copy-dependencies \
    -DoutputDirectory="$scratch/libs" -DincludeScope=runtime >"$INFRA_LOG_DIR/install-kafka.log" 2>&1; then
    tail -n 30 "$INFRA_LOG_DIR/install-kafka.log" >&2
    infra_die "resolving Kafka jars failed (log: $INFRA_LOG_DIR/install-kafka.log)"
  fi
  printf '%s\n' "$pom_hash" >"$scratch/.pom-sha256"
  rm -rf "$KAFKA_HOME"
  mv "$scratch" "$KAFKA_HOME"
}

infra_kafka_render_config() {
  sed -e "s|@KAFKA_PORT@|$INFRA_KAFKA_PORT|g" \
    -e "s|@KAFKA_CONTROLLER_PORT@|$INFRA_KAFKA_CONTROLLER_PORT|g" \
    -e "s|@KAFKA_DATA_DIR@|$KAFKA_DATA|g" \
    "$REPO_ROOT/infra/kafka/server.properties" >"$KAFKA_CONFIG"
}

# Formats the KRaft storage once; meta.properties in the data dir marks it formatted.
infra_kafka_format() {
  [[ -f "$KAFKA_DATA/meta.properties" ]] && return 0
  mkdir -p "$KAFKA_DATA"
  local cluster_id
  cluster_id="$(infra_kafka_java kafka.tools.StorageTool random-uuid 2>>"$(infra_log_file kafka)")"
  infra_kafka_java kafka.tools.StorageTool format -t "$cluster_id" -c "$KAFKA_CONFIG" \
    >>"$(infra_log_file kafka)" 2>&1 || infra_fail_start kafka
}

infra_kafka_check_ports() {
  infra_require_port_free kafka "$INFRA_KAFKA_PORT" INFRA_KAFKA_PORT
  infra_require_port_free kafka "$INFRA_KAFKA_CONTROLLER_PORT" INFRA_KAFKA_CONTROLLER_PORT
}

infra_kafka_start() {
  infra_already_running kafka && return 0
  infra_kafka_install
  infra_kafka_check_ports
  infra_kafka_render_config
  infra_kafka_format
  infra_spawn "$(infra_pid_file kafka)" "$(infra_log_file kafka)" \
    java -Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$REPO_ROOT/infra/kafka/log4j.properties" \
    -cp "$KAFKA_LIBS/*" kafka.Kafka "$KAFKA_CONFIG"
  infra_record_ports kafka
}

infra_kafka_wait() {
  local pid
  pid="$(infra_running_pid kafka)" || infra_fail_start kafka
  infra_node_probe kafka-ready.js --brokers "127.0.0.1:$INFRA_KAFKA_PORT" \
    --timeout "$INFRA_START_TIMEOUT" --pid "$pid" || infra_fail_start kafka
}

infra_kafka_ports() { printf '%s (controller %s)' "$INFRA_KAFKA_PORT" "$INFRA_KAFKA_CONTROLLER_PORT"; }

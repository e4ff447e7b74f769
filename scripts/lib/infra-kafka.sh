# shellcheck shell=bash
# Kafka 3.9.1, single combined KRaft broker+controller, from the Maven Central jars. Sourced.

KAFKA_VERSION=3.9.1
KAFKA_POM="$REPO_ROOT/infra/kafka/pom.xml"
KAFKA_HOME="$INFRA_INSTALL_DIR/kafka-$KAFKA_VERSION"
KAFKA_LIBS="$KAFKA_HOME/libs"
KAFKA_DATA="$INFRA_DATA_DIR/kafka"
KAFKA_CONFIG="$INFRA_RUN_DIR/kafka-server.properties"
# The SASL_SSL listener's CA and broker certificate, made on first start (kept with the data).
KAFKA_TLS_DIR="$INFRA_DATA_DIR/kafka-tls"
# Marks a data dir whose SCRAM users exist (added at format time, or by kafka-configs after start).
KAFKA_SCRAM_MARKER="$KAFKA_DATA/.scram-users"

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
    -e "s|@KAFKA_SASL_SSL_PORT@|$INFRA_KAFKA_SASL_SSL_PORT|g" \
    -e "s|@KAFKA_DATA_DIR@|$KAFKA_DATA|g" \
    -e "s|@KAFKA_TLS_DIR@|$KAFKA_TLS_DIR|g" \
    -e "s|@KAFKA_SASL_USER@|$INFRA_KAFKA_SASL_USERNAME|g" \
    -e "s|@KAFKA_SASL_PASSWORD@|$INFRA_KAFKA_SASL_PASSWORD|g" \
    "$REPO_ROOT/infra/kafka/server.properties" >"$KAFKA_CONFIG"
}

# A CA and a broker certificate for 127.0.0.1/localhost signed by it, once per data dir: P-256 keys,
# which openssl makes in milliseconds (RSA took seconds on a busy machine). The broker reads its key and
# chain as one PEM keystore (OpenSSL 3 writes the unencrypted PKCS#8 key it wants); clients trust ca.pem.
infra_kafka_tls() {
  [[ -s "$KAFKA_TLS_DIR/broker.pem" && -s "$KAFKA_TLS_DIR/ca.pem" ]] && return 0
  command -v openssl >/dev/null || infra_die "openssl is not on PATH; apt-get install -y openssl"
  local scratch="$KAFKA_TLS_DIR.partial" key=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  rm -rf "$scratch"
  mkdir -p "$scratch"
  {
    openssl req -x509 "${key[@]}" -days 3650 -subj '/CN=gateway local Kafka CA' \
      -keyout "$scratch/ca.key" -out "$scratch/ca.pem" &&
      openssl req "${key[@]}" -subj '/CN=localhost' -keyout "$scratch/broker.key" -out "$scratch/broker.csr" &&
      printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$scratch/broker.ext" &&
      openssl x509 -req -in "$scratch/broker.csr" -CA "$scratch/ca.pem" -CAkey "$scratch/ca.key" \
        -CAcreateserial -days 3650 -extfile "$scratch/broker.ext" -out "$scratch/broker.crt" &&
      cat "$scratch/broker.key" "$scratch/broker.crt" "$scratch/ca.pem" >"$scratch/broker.pem"
  } >>"$(infra_log_file kafka)" 2>&1 || infra_die "making the Kafka TLS certificates failed (log: $(infra_log_file kafka))"
  rm -f "$scratch/broker.csr" "$scratch/broker.ext" "$scratch/broker.key" "$scratch/broker.crt" "$scratch/ca.srl"
  rm -rf "$KAFKA_TLS_DIR"
  mv "$scratch" "$KAFKA_TLS_DIR"
}

# SCRAM credentials as kafka-storage and kafka-configs write them.
infra_kafka_scram_credentials() {
  local mechanism
  for mechanism in SCRAM-SHA-256 SCRAM-SHA-512; do
    printf '%s=[%spassword=%s]\n' "$mechanism" "${1-}" "$INFRA_KAFKA_SASL_PASSWORD"
  done
}

# Formats the KRaft storage once; meta.properties in the data dir marks it formatted. The SCRAM users
# go into the bootstrap metadata here, which costs no extra JVM start.
infra_kafka_format() {
  [[ -f "$KAFKA_DATA/meta.properties" ]] && return 0
  mkdir -p "$KAFKA_DATA"
  local cluster_id credential scram=()
  # A cluster id is 16 random bytes in URL-safe base64 (what `kafka-storage random-uuid` prints, without
  # a JVM start); one starting with '-' would read as an option.
  cluster_id="-"
  while [[ "$cluster_id" == -* ]]; do
    cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
  done
  while read -r credential; do
    scram+=(--add-scram "$credential")
  done < <(infra_kafka_scram_credentials "name=$INFRA_KAFKA_SASL_USERNAME,")
  infra_kafka_java kafka.tools.StorageTool format -t "$cluster_id" -c "$KAFKA_CONFIG" "${scram[@]}" \
    >>"$(infra_log_file kafka)" 2>&1 || infra_fail_start kafka
  printf '%s\n' "$INFRA_KAFKA_SASL_USERNAME" >"$KAFKA_SCRAM_MARKER"
}

# A data dir formatted before the SASL_SSL listener existed gets its SCRAM users from kafka-configs,
# once, through the PLAINTEXT listener.
infra_kafka_add_scram_users() {
  [[ -f "$KAFKA_SCRAM_MARKER" && "$(<"$KAFKA_SCRAM_MARKER")" == "$INFRA_KAFKA_SASL_USERNAME" ]] && return 0
  local credential
  # One mechanism per call: Kafka 3.9 refuses both in one request ("cannot be altered twice").
  while read -r credential; do
    infra_kafka_java kafka.admin.ConfigCommand --bootstrap-server "127.0.0.1:$INFRA_KAFKA_PORT" --alter \
      --add-config "$credential" --entity-type users --entity-name "$INFRA_KAFKA_SASL_USERNAME" \
      >>"$(infra_log_file kafka)" 2>&1 || infra_fail_start kafka
  done < <(infra_kafka_scram_credentials)
  printf '%s\n' "$INFRA_KAFKA_SASL_USERNAME" >"$KAFKA_SCRAM_MARKER"
}

infra_kafka_check_ports() {
  infra_require_port_free kafka "$INFRA_KAFKA_PORT" INFRA_KAFKA_PORT
  infra_require_port_free kafka "$INFRA_KAFKA_CONTROLLER_PORT" INFRA_KAFKA_CONTROLLER_PORT
  infra_require_port_free kafka "$INFRA_KAFKA_SASL_SSL_PORT" INFRA_KAFKA_SASL_SSL_PORT
}

infra_kafka_start() {
  infra_already_running kafka && return 0
  infra_kafka_install
  infra_kafka_check_ports
  infra_kafka_render_config
  infra_kafka_tls
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
  infra_kafka_add_scram_users
  # The SASL_SSL listener answers a SCRAM client that trusts the generated CA.
  infra_node_probe kafka-ready.js --brokers "127.0.0.1:$INFRA_KAFKA_SASL_SSL_PORT" \
    --ca "$KAFKA_TLS_DIR/ca.pem" --mechanism scram-sha-512 --username "$INFRA_KAFKA_SASL_USERNAME" \
    --password "$INFRA_KAFKA_SASL_PASSWORD" --timeout "$INFRA_START_TIMEOUT" --pid "$pid" ||
    infra_fail_start kafka
}

infra_kafka_ports() {
  printf '%s (controller %s, sasl_ssl %s)' "$INFRA_KAFKA_PORT" "$INFRA_KAFKA_CONTROLLER_PORT" "$INFRA_KAFKA_SASL_SSL_PORT"
}

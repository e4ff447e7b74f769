# shellcheck shell=bash
# Apicurio Registry 3.3 (Confluent-compatible schema registry API) from Maven Central. Sourced.
# Its Confluent API is under /apis/ccompat/v7, which is what SCHEMA_REGISTRY_URL names.

REGISTRY_VERSION=3.3.3
REGISTRY_HOME="$INFRA_INSTALL_DIR/apicurio-registry-$REGISTRY_VERSION"
REGISTRY_JAR="$REGISTRY_HOME/quarkus-run.jar"
REGISTRY_DATA="$INFRA_DATA_DIR/registry"

infra_registry_owns_pid() { infra_cmdline_has "$1" "$REGISTRY_JAR"; }

# Apicurio 3.x needs Java 21 or later; Kafka is happy on the machine's default 17, so the registry
# looks for a newer JDK of its own: INFRA_REGISTRY_JAVA, then the Temurin or OpenJDK 21+ under /usr/lib/jvm.
infra_registry_java() {
  if [[ -n "${INFRA_REGISTRY_JAVA:-}" ]]; then
    printf '%s\n' "$INFRA_REGISTRY_JAVA"
    return 0
  fi
  local candidate
  for candidate in /usr/lib/jvm/*/bin/java; do
    [[ -x "$candidate" ]] || continue
    if [[ "$(basename "$(dirname "$(dirname "$candidate")")")" =~ -(2[1-9]|[3-9][0-9])(\.|-|$) ]]; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  infra_die "Apicurio Registry $REGISTRY_VERSION needs Java 21+ (none under /usr/lib/jvm); set INFRA_REGISTRY_JAVA"
}

# The `all` tar.gz is the ready-to-run Quarkus application; maven-dependency-plugin fetches it from
# Maven Central (checksum checked) and unpacks it into a scratch folder that is swapped in whole.
infra_registry_install() {
  [[ -f "$REGISTRY_JAR" ]] && return 0
  command -v mvn >/dev/null || infra_die "mvn is not on PATH; apt-get install -y maven"
  infra_say "installing Apicurio Registry $REGISTRY_VERSION from Maven Central (first use, ~160 MB)"
  local scratch="$REGISTRY_HOME.partial" log_file="$INFRA_LOG_DIR/install-registry.log"
  # Run from a folder of its own: without a project the plugin writes its "already unpacked" markers
  # under a literal `${project.basedir}/target` in the working directory, and a marker left from
  # an earlier install would make it skip the unpack (overWriteReleases makes it unpack anyway).
  local work="$scratch.mvn"
  rm -rf "$scratch" "$work"
  mkdir -p "$scratch" "$work"
  if ! (cd "$work" && mvn -q -B org.apache.maven.plugins:maven-dependency-plugin:3.8.1:unpack \
    -Dartifact="io.apicurio:apicurio-registry-app:$REGISTRY_VERSION:tar.gz:all" \
    -Dmdep.overWriteReleases=true -DoutputDirectory="$scratch") >"$log_file" 2>&1; then
    tail -n 30 "$log_file" >&2
    infra_die "fetching Apicurio Registry failed (log: $log_file)"
  fi
  rm -rf "$work"
  [[ -f "$scratch/quarkus-run.jar" ]] || infra_die "the Apicurio Registry archive held no quarkus-run.jar (log: $log_file)"
  rm -rf "$REGISTRY_HOME"
  mv "$scratch" "$REGISTRY_HOME"
}

infra_registry_check_ports() {
  infra_require_port_free registry "$INFRA_REGISTRY_PORT" INFRA_REGISTRY_PORT
  infra_require_port_free registry "$INFRA_REGISTRY_MANAGEMENT_PORT" INFRA_REGISTRY_MANAGEMENT_PORT
}

# Storage is H2 in a file under the data folder, not the default in-memory H2: schema ids are
# written into every Kafka message, so they must survive a registry restart as the messages do.
# The management interface (health, metrics) is fixed on at build time and would take 0.0.0.0:9000,
# where two registries on one machine would collide: it gets a loopback port of its own.
infra_registry_start() {
  infra_already_running registry && return 0
  infra_registry_install
  infra_registry_check_ports
  local java
  java="$(infra_registry_java)"
  mkdir -p "$REGISTRY_DATA"
  QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$INFRA_REGISTRY_PORT" \
    QUARKUS_MANAGEMENT_HOST=127.0.0.1 QUARKUS_MANAGEMENT_PORT="$INFRA_REGISTRY_MANAGEMENT_PORT" \
    APICURIO_DATASOURCE_URL="jdbc:h2:file:$REGISTRY_DATA/registry;DB_CLOSE_ON_EXIT=FALSE" \
    infra_spawn "$(infra_pid_file registry)" "$(infra_log_file registry)" \
    "$java" -Xms64m -Xmx384m -XX:+UseSerialGC -jar "$REGISTRY_JAR"
  infra_record_ports registry
}

infra_registry_wait() {
  local deadline=$((SECONDS + INFRA_START_TIMEOUT))
  until curl -fsS -o /dev/null "http://127.0.0.1:$INFRA_REGISTRY_PORT/apis/ccompat/v7/subjects" 2>/dev/null; do
    infra_running_pid registry >/dev/null || infra_fail_start registry
    ((SECONDS < deadline)) || infra_fail_start registry
    sleep 0.25
  done
}

infra_registry_ports() { printf '%s (management %s)' "$INFRA_REGISTRY_PORT" "$INFRA_REGISTRY_MANAGEMENT_PORT"; }

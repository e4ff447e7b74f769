# syntax=docker/dockerfile:1
#
# One image for every service. SERVICE=<name> picks the service (projector, payments, chain, scheduler,
# rates, notifier, admin, gateway-v1, gateway-alpha, gateway-beta, checkout, docs, dashboard); unset, the container
# runs all of them in one process (the embedded default). See docs/deployment.md.

# A supported LTS (Node 20 reached end of life on 2026-04-30); CI runs the unit and e2e suites on it.
ARG NODE_VERSION=24

# ---- build: the workspace from the lockfile, bundled into dist/ by `pnpm build` -----------------
FROM node:${NODE_VERSION}-slim AS build
ENV CI=true
# The same pnpm as package.json's packageManager and scripts/bootstrap.
RUN npm install --global --no-fund --no-audit pnpm@9.15.9
WORKDIR /app
# Fetching from the lockfile alone keeps this layer cached until a dependency changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile && pnpm build

# ---- runtime: the bundle alone, no node_modules --------------------------------------------------
FROM node:${NODE_VERSION}-slim AS runtime
# The package managers are not needed to run and only add attack surface.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
      /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/tmp/gateway-data
WORKDIR /app
# Owned by root and not writable by the service user: the code cannot be changed at run time. dist/
# holds the CLI, the address worker thread and the checkout's static files, with every dependency
# bundled in.
COPY --from=build /app/dist /app/dist
# The node user of the base image, by number so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 8080
# Readiness, not liveness: "healthy" here is what docker compose's depends_on waits for.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The compiled CLI that ./gateway runs, in this node process itself, so SIGTERM reaches the gateway's
# graceful shutdown directly.
ENTRYPOINT ["node", "dist/gateway.js"]
CMD ["start"]

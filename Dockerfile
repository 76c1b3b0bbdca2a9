# syntax=docker/dockerfile:1
# Tagger Admin: the API server and the built console in one image.
#   docker build -t tagger-admin .
#   docker compose up            (compose.yaml: the app with PostgreSQL and Redis)
# Configured only from the environment (README, Configuration). Checked without Docker by
# scripts/docker-check.sh, which runs these stages' steps as a script (README, Deployment).

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, then the console into dist/ -------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- deps: production dependencies only --------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- the image: the server's sources (Node runs TypeScript as is), the built console, no dev tools
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    STATIC_DIR=dist
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY server ./server
COPY src/domain ./src/domain
COPY --from=build /app/dist ./dist
# /data holds PGlite's folder (without DATABASE_URL) and the photos (PHOTO_DIR); owned by the
# unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Readiness, not liveness: "healthy" is what compose's depends_on and container-aware proxies route
# by, so an instance whose database or Redis stops answering is taken out until it answers again
# (GET /api/v1/health only says the process runs).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains requests for SHUTDOWN_DRAIN_SECONDS (10 by default) and exits 0: give the
# container a longer stop timeout than that (compose.yaml: stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "server/src/server.ts"]

# Production image: one build, every role of docker-compose.yml (backend, gateway, the pseudonymisation
# service, and the operations job that backs up and restores both databases).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# pg_dump and pg_restore for `npm run backup` / `npm run restore`: Debian 12's client is 15, as the postgres:15 servers.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
# A fresh named volume takes the owner of the directory it is mounted on: the exports volume must be writable.
RUN mkdir -p /app/data/exports /app/data/backups && chown -R node:node /app/data
USER node

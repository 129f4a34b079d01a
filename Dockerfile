# FieldOps: the web app with its background jobs, on PostgreSQL (see compose.yaml and the README's Docker section).

# Dependencies and the production build. npm install (not npm ci: a lockfile written on one platform may miss another
# platform's optional native binaries) follows the committed lockfile, dev tools included since the build needs them; the build goes through start.ts so its source fingerprint is written and the container's
# `npm start` does not build again.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY scripts/copy-map-worker.mjs scripts/
RUN npm install --no-audit --no-fund
COPY . .
RUN npx tsx scripts/start.ts --build-only && npm prune --omit=dev --no-audit --no-fund

# The runtime: the built app without the dev tools, run by the unprivileged `node` user. /app/data holds the
# uploaded files and, when AUTH_SECRET and ENCRYPTION_KEY are not given, the generated secrets: mount a volume there.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# npm start migrates, seeds the demo into an empty database, then serves (scripts/start.ts).
CMD ["npm", "start"]

# Graph Analytics Service: build with the dev dependencies, run with the production ones only,
# as the unprivileged user `node`. Data (embedded store, session secret) lives in /app/data.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-fund --no-audit
COPY tsconfig.json ./
COPY scripts scripts
COPY src src
COPY migrations migrations
RUN npm run build && npm prune --omit=dev --no-fund --no-audit

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY config config
COPY views views
COPY public public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The node options of package.json's start (src/runtime-memory.ts NODE_FLAGS: a bounded young generation).
# SIGTERM (docker stop) lets requests in flight finish, then closes the pools and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=16", "dist/src/index.js"]

# syntax=docker/dockerfile:1
# forgetit: build in the Rust image, run from a small Debian image as a non-root user.
#   docker build -t forgetit .          (BuildKit, Docker's default builder since 23.0)
#   docker run -e DISCORD_TOKEN=... -v forgetit-data:/data forgetit

FROM rust:1-bookworm AS build
# The Rust image has what the build needs beside cargo: libssl-dev and pkg-config for OpenSSL.
WORKDIR /src
COPY Cargo.toml Cargo.lock build.rs ./
COPY .cargo ./.cargo
COPY src ./src
COPY migrations ./migrations
COPY locales ./locales
COPY assets ./assets
COPY crates ./crates
COPY tests ./tests
COPY benches ./benches
COPY xtask ./xtask
# The crates' downloads and the build's target/ live in BuildKit cache mounts, kept between
# builds: after a change to the source only the project's own crates are compiled again (the
# dependencies, most of the ~14 minutes of a first build, are reused). The binary is copied out of
# the cache mount, which is not part of the image, without its symbols (8.7 MB less: a panic's
# line still names its file and line).
# The commit the start's log line names (the build context has no .git):
#   docker build --build-arg FORGETIT_COMMIT=$(git rev-parse --short=12 HEAD) -t forgetit .
ARG FORGETIT_COMMIT=unknown
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin forgetit \
    && strip -o /usr/local/bin/forgetit target/release/forgetit

FROM debian:bookworm-slim
# libssl3: the bot's TLS (OpenSSL, through native-tls); ca-certificates: the roots it trusts.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates libssl3 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data forgetit \
    && mkdir -p /data && chown forgetit /data
COPY --from=build /usr/local/bin/forgetit /usr/local/bin/forgetit
USER forgetit
WORKDIR /data
VOLUME /data
ENV FORGETIT_DATABASE__PATH=/data/forgetit.db
ENV FORGETIT_STRATEGY__CACHE=/data/strategy-cache.bin
# /livez, /readyz, /healthz and /metrics, on every interface of the container (Kubernetes' probes
# and Prometheus reach it there; publish it with -p only to a trusted network, or set
# 127.0.0.1:9100 to keep it inside: `forgetit healthcheck` still works, as exec probes would).
# Served from the first moment of a start to the end of a stop (docs/operating.md, "Health checks").
ENV FORGETIT_METRICS__LISTEN=0.0.0.0:9100
EXPOSE 9100
# Liveness only: an outage of Discord or of the database must not get a healthy bot restarted
# (it waits and reconnects on its own). The start period covers the migrations, the emoji set-up
# (up to 60 s) and the loading of the open games, though /livez answers from the first moment.
HEALTHCHECK --interval=30s --timeout=10s --start-period=90s --retries=3 \
    CMD ["forgetit", "healthcheck"]
ENTRYPOINT ["forgetit"]
CMD ["run"]

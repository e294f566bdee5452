# Release build in the official Swift image, run in a slim Ubuntu with libsqlite3, libcrypto and libcurl.
ARG SWIFT_VERSION=6.3

FROM swift:${SWIFT_VERSION}-noble AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libsqlite3-dev libssl-dev libcurl4-openssl-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product lectern --static-swift-stdlib \
    && install -D "$(swift build -c release --show-bin-path)/lectern" /out/lectern

FROM ubuntu:noble
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libsqlite3-0 libssl3t64 libcurl4t64 curl ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /app lectern \
    && mkdir -p /data && chown lectern /data
COPY --from=build /out/lectern /usr/local/bin/lectern
COPY Public /app/Public
COPY Exercises /app/Exercises
COPY Courses /app/Courses
USER lectern
WORKDIR /app
ENV LECTERN_HOST=0.0.0.0 \
    LECTERN_PORT=8080 \
    LECTERN_DB=/data/lectern.sqlite \
    LECTERN_PUBLIC=/app/Public \
    LECTERN_EXERCISES=/app/Exercises \
    LECTERN_CONTENT=/app/Courses
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/api/health || exit 1
CMD ["lectern", "serve"]

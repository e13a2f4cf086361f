# syntax=docker/dockerfile:1
# ImageFrame: built and run on Debian 13 (trixie), the project's platform: libvips 8.16 with its SIMD
# paths, Inter 4.1, cairo 1.18. The runtime image has only the packages in deploy/runtime-packages.txt.

# The build stage compiles against Debian 13's headers and libraries with swift.org's toolchain for
# Debian 12, which runs unchanged on Debian 13 (swift.org publishes no Debian 13 build yet), checked
# against its release signing key.
FROM debian:trixie-slim AS build
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ARG SWIFT_VERSION=6.3.1
ARG SWIFT_SIGNING_KEY=52BB7E3DE28A71BE22EC05FFEF80A866B47A981F
# Unpinned apt packages (DL3008): the trixie base pins the distribution; its security updates are wanted.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends binutils libc6-dev gcc g++ libstdc++-14-dev libxml2 libedit2 libncurses6 \
       libsqlite3-0 zlib1g-dev git pkg-config curl ca-certificates gpg gpg-agent dirmngr \
       libvips-dev libjpeg62-turbo-dev libdeflate-dev libwebp-dev libssl-dev libcurl4-openssl-dev libcairo2-dev libpango1.0-dev librsvg2-dev \
    && rm -rf /var/lib/apt/lists/*
RUN base="https://download.swift.org/swift-${SWIFT_VERSION}-release/debian12/swift-${SWIFT_VERSION}-RELEASE/swift-${SWIFT_VERSION}-RELEASE-debian12.tar.gz" \
    && curl -fsSL "$base" -o /tmp/swift.tar.gz \
    && curl -fsSL "$base.sig" -o /tmp/swift.tar.gz.sig \
    && GNUPGHOME="$(mktemp -d)" && export GNUPGHOME \
    && gpg --batch --quiet --keyserver keyserver.ubuntu.com --recv-keys "$SWIFT_SIGNING_KEY" \
    && gpg --batch --verify /tmp/swift.tar.gz.sig /tmp/swift.tar.gz \
    && mkdir -p /opt/swift && tar -xzf /tmp/swift.tar.gz --directory /opt/swift --strip-components=1 \
    && rm -rf "$GNUPGHOME" /tmp/swift.tar.gz /tmp/swift.tar.gz.sig
ENV PATH=/opt/swift/usr/bin:$PATH
WORKDIR /src
# Dependencies first, so source edits do not refetch them.
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product imgframe --static-swift-stdlib \
    && install -D "$(swift build -c release --show-bin-path)/imgframe" /out/imgframe

FROM debian:trixie-slim AS runtime
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
COPY deploy/runtime-packages.txt /tmp/runtime-packages.txt
# Unpinned apt packages (DL3008): the trixie base pins the distribution; its security updates are wanted.
# hadolint ignore=DL3008
RUN apt-get update \
    && grep -v '^#' /tmp/runtime-packages.txt | xargs apt-get install -y --no-install-recommends \
    && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages.txt \
    && groupadd --system --gid 10001 imgframe \
    && useradd --system --uid 10001 --gid imgframe --home-dir /nonexistent --shell /usr/sbin/nologin imgframe \
    && install -d -o imgframe -g imgframe /var/cache/imgframe
COPY --from=build /out/imgframe /usr/local/bin/imgframe
# The samples, and the view templates in Samples/templates (served at /view/…).
COPY Samples /srv/images
COPY config/imgframe.conf /etc/imgframe/imgframe.conf

# Configuration by environment (every key of config/imgframe.conf as IMGFRAME_*); /metrics on a port of
# its own. glibc's allocator: the service sets the same values itself at start-up (Limits.malloc*);
# here they also cover anything that allocates before it does.
ENV IMGFRAME_HOST=0.0.0.0 \
    IMGFRAME_PORT=8080 \
    IMGFRAME_METRICS_LISTEN=0.0.0.0:9090 \
    IMGFRAME_ROOT=/srv/images \
    IMGFRAME_TEMPLATES=/srv/images/templates \
    IMGFRAME_CACHE_DIR=/var/cache/imgframe \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=4194304 \
    MALLOC_TRIM_THRESHOLD_=8388608
USER 10001:10001
EXPOSE 8080 9090
VOLUME ["/var/cache/imgframe"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["imgframe", "healthcheck", "--port", "8080"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["imgframe"]
CMD ["serve"]

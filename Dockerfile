# syntax=docker/dockerfile:1
# ImageFrame: build with the Swift 6 toolchain, run on Debian bookworm-slim with only libvips.

FROM swift:6.1-bookworm AS build
# Unpinned apt packages (DL3008): the bookworm base pins the distribution; its security updates are wanted.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libvips-dev libjpeg62-turbo-dev libssl-dev libcurl4-openssl-dev libcairo2-dev libpango1.0-dev librsvg2-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, so source edits do not refetch them.
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product imgframe --static-swift-stdlib \
    && install -D "$(swift build -c release --show-bin-path)/imgframe" /out/imgframe

FROM debian:bookworm-slim AS runtime
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
COPY deploy/runtime-packages.txt /tmp/runtime-packages.txt
# Unpinned apt packages (DL3008): the bookworm base pins the distribution; its security updates are wanted.
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
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=8388608
USER 10001:10001
EXPOSE 8080 9090
VOLUME ["/var/cache/imgframe"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["imgframe", "healthcheck", "--port", "8080"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["imgframe"]
CMD ["serve"]

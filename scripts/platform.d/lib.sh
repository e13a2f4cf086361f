# Shared by scripts/setup and scripts/platform: what the project's platform is and where its root lives.
# The platform is Debian 13 (trixie): libvips 8.16 with Highway SIMD, Inter 4.1, cairo 1.18.

# The Debian 13 root used on hosts that are not Debian 13 (override with IMGFRAME_PLATFORM_ROOT).
platform_root=${IMGFRAME_PLATFORM_ROOT:-/var/cache/imgframe/platform-trixie}
# Debian's archive, from which the root is made and updated.
platform_mirror=${IMGFRAME_DEBIAN_MIRROR:-http://deb.debian.org/debian}
platform_security_mirror=${IMGFRAME_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

# Whether this system is the platform itself: Debian 13 or newer (testing and unstable have no
# VERSION_ID and count as newer). True inside the root, so scripts run there run directly.
platform_is_here() {
    local ID="" VERSION_ID=""
    # shellcheck disable=SC1091 # the system's own file
    [ -r /etc/os-release ] && . /etc/os-release
    [ "$ID" = debian ] && [ "${VERSION_ID:-99}" -ge 13 ]
}

# The Swift toolchain's root (the folder holding usr/bin/swift), bound into the platform root at the
# same path.
platform_toolchain() {
    local swift
    swift=$(readlink -f "$(command -v swift)")
    dirname "$(dirname "$(dirname "$swift")")"
}

# Makes the calling script run in the platform: elsewhere, sets the platform up (scripts/setup) and
# runs the script again in it, by exec. Called from the repository's root as
# `platform_run_here "$0" "$@"`.
platform_run_here() {
    platform_is_here && return 0
    local script=scripts/$(basename "$1")
    shift
    scripts/setup
    exec scripts/platform "$script" "$@"
}

# Builds the release imgframe that the benchmarks and the gallery run, unless SKIP_BUILD=1, with its
# output and without SwiftPM's warnings about the pkg-config flags it drops (as scripts/run does).
platform_build_release() {
    [ "${SKIP_BUILD:-0}" = 1 ] && return 0
    swift build -c release --product imgframe 2>&1 >/dev/null | { grep -v '^warning: prohibited flag(s): ' >&2 || true; }
}

# Sourced by scripts/bench-peers and scripts/bench-miss-cpu (from the repository's root, with $venv
# set): installs what the benchmarks need, once and only what is missing, then builds the release
# binary unless SKIP_BUILD=1.

# bench_setup NAME: the Debian packages of scripts/setup, wrk, the build dependencies of pycurl and pyvips,
# the venv $venv with thumbor (and so Pillow) and pyvips, and .build/release/imgframe
bench_setup() {
    local name=$1 package sudo_cmd=""
    local missing=()
    scripts/setup
    for package in wrk libcurl4-openssl-dev libssl-dev python3-venv python3-dev; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if ((${#missing[@]})); then
        printf '%s: installing %s\n' "$name" "${missing[*]}" >&2
        [ "$(id -u)" -ne 0 ] && sudo_cmd=sudo
        $sudo_cmd apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
    # One made by another system's Python (before the platform moved) is made again.
    if ! grep -qx "home = $(dirname "$(command -v python3)")" "$venv/pyvenv.cfg" 2>/dev/null \
        || [ ! -x "$venv/bin/thumbor" ] || ! "$venv/bin/python" -c "import pyvips, PIL" 2>/dev/null; then
        printf '%s: installing thumbor and pyvips into %s\n' "$name" "$venv" >&2
        python3 -m venv --clear "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check thumbor==7.8.0 pyvips==3.2.0
    fi
    if [ "${SKIP_BUILD:-0}" != 1 ]; then
        printf '%s: swift build -c release --product imgframe\n' "$name" >&2
        platform_build_release
    fi
    [ -x .build/release/imgframe ] || { printf '%s: no .build/release/imgframe\n' "$name" >&2; return 1; }
}

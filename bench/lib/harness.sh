# shellcheck shell=bash
# The benchmarks' harness, shell side: sourced by every bench/NAME written in bash, from the
# repository's root, as
#   . bench/lib/harness.sh && bench_init NAME "$@"
# It uses bench/lib/harness.py (the /proc readers, the docs blocks) for what Python says better.
#
#   bench_init NAME ARGS...  runs the benchmark in the platform, Debian 13 (scripts/platform):
#                            elsewhere sets it up and runs bench/NAME ARGS... again in it (exec);
#                            then, with DOCS=1, checks its block first; installs what scripts/setup
#                            does (once, only what is missing); makes $work; on exit stops
#                            every process in $pids (and nginx) and removes $work
#   say, die                 a line on stderr; die also exits 1 (both prefixed bench/NAME)
#   docs ...                 harness.py docs: check, context, publish, write
#   bench_packages PKG...    installs the Debian packages that are missing
#   bench_venv               the venv $venv with thumbor (and so Pillow) and pyvips
#   bench_pip NAME==VERSION  more packages in it
#   bench_build              the release imgframe ($imgframe), unless SKIP_BUILD=1
#   start_imgframe TAG ARGS  `imgframe serve` with ARGS, its own result cache: imgframe_pid, imgframe_base
#   start_nginx WORKERS [DIRECTIVES]
#                            nginx serving $work/www with DIRECTIVES in its location: nginx_base
#   start_thumbor TAG ROOT   thumbor over the files in ROOT: thumbor_pid, thumbor_root, thumbor_base
#   stop PID                 SIGTERMs a process in $pids, waits for it, forgets it
#   free_port, wait_http, cpu_seconds PID..., wall_ms COUNT CMD..., median, banner TEXT

# The venv the benchmarks' Python runs in (pyvips with the system's libvips, as imgframe; Pillow).
venv=.build-bench-venv
# The release build every benchmark runs (BINARY where a benchmark allows another).
imgframe=.build/release/imgframe
# Processes this benchmark started and has not stopped yet; the exit trap stops them.
pids=()
# taskset before a server (PIN=1 in bench/http and bench/miss-cpu); empty by default.
server_cpu=()

bench_init() {
    bench=$1
    shift
    # shellcheck source=../scripts/platform.d/lib.sh
    . scripts/platform.d/lib.sh
    if ! platform_is_here; then
        scripts/setup
        exec scripts/platform "bench/$bench" "$@"
    fi
    [ "${DOCS:-0}" != 1 ] || docs check "$bench"
    scripts/setup >&2
    work=$(bench_workdir)
    trap bench_cleanup EXIT
    trap 'say interrupted; exit 130' INT TERM
}

say() { printf 'bench/%s: %s\n' "$bench" "$*" >&2; }
die() { say "$*"; exit 1; }
docs() { python3 bench/lib/harness.py docs "$@"; }

# bench_workdir: a new folder for a benchmark's files (the servers' result caches, logs, nginx's
# root), under BENCH_TMPDIR (default /var/tmp) rather than /tmp. A result cache writes a file per
# miss, and ext4 allocates a new file's inode by scanning its folder's block group, skipping inodes
# deleted in the last seconds: on a machine whose test runs create and delete thousands of files in
# /tmp, one create + write + rename there took 0.57 CPU-ms, against 0.03 ms in /var/tmp on the same
# disk. A cache in production has a folder of its own (/var/cache/imgframe).
bench_workdir() {
    mktemp -d -p "${BENCH_TMPDIR:-/var/tmp}" imgframe-bench.XXXXXX
}

bench_cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ -f "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
    rm -rf "$work"
}

stop() {
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
    local kept=() pid
    for pid in "${pids[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
    pids=("${kept[@]}")
}

bench_packages() {
    local package missing=() sudo_cmd=""
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    ((${#missing[@]})) || return 0
    say "installing ${missing[*]}"
    [ "$(id -u)" -ne 0 ] && sudo_cmd=sudo
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# bench_venv: thumbor 7.8 installs and serves files without pycurl (its HTTP loader wants it); the
# build dependencies of pycurl and pyvips come first. One made by another system's Python (before
# the platform moved) is made again.
bench_venv() {
    bench_packages libcurl4-openssl-dev libssl-dev python3-venv python3-dev
    if ! grep -qx "home = $(dirname "$(command -v python3)")" "$venv/pyvenv.cfg" 2>/dev/null \
        || [ ! -x "$venv/bin/thumbor" ] || ! "$venv/bin/python" -c "import pyvips, PIL" 2>/dev/null; then
        say "installing thumbor and pyvips into $venv"
        python3 -m venv --clear "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check thumbor==7.8.0 pyvips==3.2.0
    fi
}

# bench_pip NAME==VERSION...: installs into $venv the packages it does not have yet
bench_pip() {
    local spec missing=()
    for spec in "$@"; do
        "$venv/bin/pip" show -q "${spec%%==*}" 2>/dev/null || missing+=("$spec")
    done
    ((${#missing[@]} == 0)) || "$venv/bin/pip" install -q --disable-pip-version-check "${missing[@]}"
}

bench_build() {
    if [ "${SKIP_BUILD:-0}" != 1 ]; then
        say "swift build -c release --product imgframe"
        platform_build_release
    fi
    [ -x "$imgframe" ] || die "no $imgframe"
}

free_port() { python3 bench/lib/harness.py free-port; }

# wait_http URL PID LOG: up to 30 s for URL to answer while PID lives; else show LOG and fail
wait_http() {
    local i
    for ((i = 0; i < 300; i++)); do
        curl -s -o /dev/null --max-time 2 "$1" && return 0
        kill -0 "$2" 2>/dev/null || { cat "$3" >&2; die "the server for $1 exited"; }
        sleep 0.1
    done
    cat "$3" >&2
    die "no answer from $1 after 30 s"
}

# start_imgframe TAG ARGS...: `$imgframe serve --port 0` with ARGS (its own result cache
# $work/cache-TAG, emptied first; settings by the environment, IMGFRAME_X=... start_imgframe ...),
# output in $work/imgframe-TAG.out and .err; sets imgframe_pid and imgframe_base once it answers
# /readyz. Returns 1, its stderr shown, when it exits before it listens.
start_imgframe() {
    local tag=$1 i
    shift
    rm -rf "$work/cache-$tag"
    "${server_cpu[@]}" "$imgframe" serve --port 0 --log-level warning --cache-dir "$work/cache-$tag" "$@" \
        >"$work/imgframe-$tag.out" 2>"$work/imgframe-$tag.err" &
    imgframe_pid=$!
    pids+=("$imgframe_pid")
    for ((i = 0; i < 300; i++)); do
        grep -q '^listening on ' "$work/imgframe-$tag.out" 2>/dev/null && break
        kill -0 "$imgframe_pid" 2>/dev/null || break
        sleep 0.1
    done
    imgframe_base=$(sed -n 's/^listening on //p' "$work/imgframe-$tag.out")
    if [ -z "$imgframe_base" ]; then
        stop "$imgframe_pid"
        cat "$work/imgframe-$tag.err" >&2
        say "imgframe ($tag) did not start"
        return 1
    fi
    wait_http "$imgframe_base/readyz" "$imgframe_pid" "$work/imgframe-$tag.err"
}

# start_nginx WORKERS [DIRECTIVES]: nginx (scripts/setup installs it) on a free port serving
# $work/www, DIRECTIVES (limit_rate ...;) in its location; its access log $work/nginx-access.log
# when NGINX_ACCESS_LOG=1; sets nginx_base once it answers. Stopped on exit.
start_nginx() {
    local access_log=off i
    [ "${NGINX_ACCESS_LOG:-0}" = 1 ] && access_log=$work/nginx-access.log
    chmod 755 "$work" # nginx's workers (www-data when started as root) read the files
    mkdir -p "$work/www" "$work/tmp"
    nginx_port=$(free_port)
    cat >"$work/nginx.conf" <<EOT
worker_processes $1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log $access_log;
    client_body_temp_path $work/tmp; proxy_temp_path $work/tmp; fastcgi_temp_path $work/tmp;
    uwsgi_temp_path $work/tmp; scgi_temp_path $work/tmp;
    server {
        listen 127.0.0.1:$nginx_port;
        location / { root $work/www; ${2:-} }
    }
}
EOT
    "${server_cpu[@]}" "$(command -v nginx || echo /usr/sbin/nginx)" -c "$work/nginx.conf"
    # shellcheck disable=SC2034 # the caller's
    nginx_base=http://127.0.0.1:$nginx_port
    # listening: a TCP connection, no request (which its access log would count)
    for ((i = 0; i < 100; i++)); do (exec 3<>"/dev/tcp/127.0.0.1/$nginx_port") 2>/dev/null && return 0; sleep 0.05; done
    cat "$work/nginx-error.log" >&2
    die "nginx did not start"
}

# start_thumbor TAG ROOT: thumbor from $venv over the files in ROOT (file loader, no storage, no
# result storage, baseline JPEG), --processes $PROCESSES (default 2), under harness.py supervise;
# sets thumbor_pid (the supervisor, to stop), thumbor_root (thumbor's first process, whose tree is
# measured) and thumbor_base once it answers and all its processes are there.
start_thumbor() {
    local tag=$1 port i
    port=$(free_port)
    cat >"$work/thumbor.conf" <<EOT
LOADER = 'thumbor.loaders.file_loader'
FILE_LOADER_ROOT_PATH = '$2'
STORAGE = 'thumbor.storages.no_storage'
RESULT_STORAGE = None
PROGRESSIVE_JPEG = False
EOT
    "$venv/bin/python" bench/lib/harness.py supervise "$work/thumbor.pid" -- "$venv/bin/thumbor" --ip 127.0.0.1 --port "$port" \
        --conf "$work/thumbor.conf" --processes "${PROCESSES:-2}" --log-level warning >"$work/thumbor-$tag.log" 2>&1 &
    thumbor_pid=$!
    pids+=("$thumbor_pid")
    thumbor_base=http://127.0.0.1:$port
    wait_http "$thumbor_base/healthcheck" "$thumbor_pid" "$work/thumbor-$tag.log"
    thumbor_root=$(cat "$work/thumbor.pid")
    # its worker processes are forked after it listens: wait until all are there
    for ((i = 0; i < 100; i++)); do
        (($(pgrep -c -P "$thumbor_root" || true) >= ${PROCESSES:-2})) && break
        sleep 0.1
    done
}

# cpu_seconds PID...: "USER SYSTEM", the CPU seconds of the processes (every thread, live and exited)
cpu_seconds() { python3 bench/lib/harness.py cpu "$@"; }

# wall_ms COUNT CMD...: runs CMD (its output dropped) and prints its wall time in ms divided by COUNT
wall_ms() {
    local count=$1 start end
    shift
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    echo "scale=3; ($end - $start) / 1000000 / $count" | bc
}

# median of numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# banner TEXT: the machine and the build, then TEXT, on stderr
banner() {
    say "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), imgframe $(git rev-parse --short HEAD); $*"
}

# shellcheck shell=bash
# shellcheck disable=SC2154 # work and venv are set by the script that sources this file
# Sourced by scripts/bench-peers and scripts/bench-srcset, once `work` (bench_workdir) and `venv` are
# set and `say` and `die` defined: the processes a benchmark starts, and its clean-up.
#
# pids: the processes still running that this script started (append each one); on exit they are
# stopped and waited for, and $work is removed.
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}

# bench_traps NAME: clean up on exit; on SIGINT or SIGTERM say NAME was interrupted and exit 130
bench_traps() {
    trap cleanup EXIT
    # shellcheck disable=SC2064 # NAME is fixed now, on purpose
    trap "say '$1: interrupted'; exit 130" INT TERM
}

# stop PID: SIGTERM a process this script started, wait for it, forget it
stop() {
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
    local kept=() pid
    for pid in "${pids[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
    pids=("${kept[@]}")
}

free_port() { "$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

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

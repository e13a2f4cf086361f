# shellcheck shell=bash
# Sourced by the scripts/bench-* scripts.
#
# bench_workdir: a new folder for a benchmark's files (the servers' result caches, logs, nginx's
# root), under BENCH_TMPDIR (default /var/tmp) rather than /tmp. A result cache writes a file per
# miss, and ext4 allocates a new file's inode by scanning its folder's block group, skipping inodes
# deleted in the last seconds: on a machine whose test runs create and delete thousands of files in
# /tmp, one create + write + rename there took 0.57 CPU-ms, against 0.03 ms in /var/tmp on the same
# disk. A cache in production has a folder of its own (/var/cache/imgframe).
bench_workdir() {
    mktemp -d -p "${BENCH_TMPDIR:-/var/tmp}" imgframe-bench.XXXXXX
}

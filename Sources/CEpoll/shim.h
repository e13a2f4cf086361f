// Linux readiness and wake-up calls for the HTTP server's event loops, which Swift's Glibc module
// does not import (<sys/epoll.h>, <sys/eventfd.h>). `struct epoll_event` is packed on x86-64, so
// events cross into Swift as two plain arrays instead.
#ifndef IMGFRAME_CEPOLL_SHIM_H
#define IMGFRAME_CEPOLL_SHIM_H

#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>

// Why: the event loop's readiness set (close-on-exec).
static inline int cepoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

// Why: one registration per socket, edge-triggered for reads, writes and the peer's half-close, so
// a connection is never modified again while it lives (nginx's epoll module does the same).
static inline int cepoll_add_edge_triggered(int epoll, int fd, uint64_t token) {
    struct epoll_event event = {.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET, .data.u64 = token};
    return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

// Why: the wake-up descriptor, level-triggered for reads.
static inline int cepoll_add_readable(int epoll, int fd, uint64_t token) {
    struct epoll_event event = {.events = EPOLLIN, .data.u64 = token};
    return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

enum { CEPOLL_MAX_EVENTS = 256 };

// Why: waits for up to `capacity` (at most CEPOLL_MAX_EVENTS) events and copies each token and
// event mask out of the packed structs. Returns the count, or -1 with errno set.
static inline int cepoll_wait(int epoll, uint64_t *tokens, uint32_t *masks, int capacity, int timeout_ms) {
    struct epoll_event events[CEPOLL_MAX_EVENTS];
    if (capacity > CEPOLL_MAX_EVENTS) capacity = CEPOLL_MAX_EVENTS;
    int count = epoll_wait(epoll, events, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        tokens[i] = events[i].data.u64;
        masks[i] = events[i].events;
    }
    return count;
}

static inline uint32_t cepoll_in(void) { return EPOLLIN; }
static inline uint32_t cepoll_out(void) { return EPOLLOUT; }
static inline uint32_t cepoll_rdhup(void) { return EPOLLRDHUP; }
static inline uint32_t cepoll_hup_or_error(void) { return EPOLLHUP | EPOLLERR; }

// Why: the loop's wake-up counter (non-blocking, close-on-exec).
static inline int cepoll_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

// Why: `MSG_MORE` tells TCP a file body follows the head, so both leave in full segments.
static inline int cepoll_msg_more(void) { return MSG_MORE; }

#endif

// glibc's allocator controls, which Swift's Glibc module does not import (<malloc.h>).
#ifndef IMGFRAME_CMALLOC_SHIM_H
#define IMGFRAME_CMALLOC_SHIM_H

#include <malloc.h>
#include <stddef.h>

// Why: renders allocate and free hundreds of megabytes in large blocks. A fixed mmap threshold keeps
// glibc from raising it dynamically (it grows to 32 MiB after the first large free), so large blocks
// stay mmap-backed and go back to the system when freed; fewer arenas mean less memory stranded in
// per-thread heaps. Returns 1 when every setting was accepted.
static inline int cmalloc_configure(int arena_max, int mmap_threshold, int trim_threshold) {
    int ok = 1;
    if (arena_max > 0) ok &= mallopt(M_ARENA_MAX, arena_max);
    ok &= mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    ok &= mallopt(M_TRIM_THRESHOLD, trim_threshold);
    return ok;
}

// Why: bytes the allocator holds free inside its heaps (not yet returned to the system).
static inline size_t cmalloc_free_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.fordblks;
}

// Why: gives free heap pages of every arena back to the system.
static inline int cmalloc_trim(void) { return malloc_trim(0); }

#endif

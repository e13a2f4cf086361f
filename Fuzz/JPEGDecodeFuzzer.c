// libFuzzer harness for the scaled JPEG decoder (Sources/CJPEG): any bytes, as a file, decoded at
// every shrink. The decoder must return a result code for all of them and free what it allocated
// (AddressSanitizer and LeakSanitizer check both). At 1/8, where the baseline decoder of
// cjpeg_eighth.c runs, the result must be libjpeg's alone exactly: the same code and message, or the
// same pixels and profile (the harness aborts on any difference).
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cjpeg_scaled.h"

// The service's source limit (50 MP) and whole-decode limit (4 MiP); no deadline.
static int decode(int fd, int shrink, int options, cjpeg_scaled *out) {
    return cjpeg_decode_scaled(fd, shrink, 0, 50000000, 4 << 20, 500, options, out);
}

static void release(int result, cjpeg_scaled *out) {
    if (result != CJPEG_OK) return;
    free(out->pixels);
    free(out->icc);
}

static int same(int a, const cjpeg_scaled *x, int b, const cjpeg_scaled *y) {
    if (a != b) return 0;
    if (a != CJPEG_OK) return strcmp(x->message, y->message) == 0;
    if (x->width != y->width || x->height != y->height || x->bands != y->bands || x->icc_length != y->icc_length) return 0;
    if (x->icc_length > 0 && memcmp(x->icc, y->icc, x->icc_length) != 0) return 0;
    return memcmp(x->pixels, y->pixels, (size_t) x->width * (size_t) x->height * (size_t) x->bands) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int fd = memfd_create("jpeg", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (size > 0 && write(fd, data, size) != (ssize_t) size) {
        close(fd);
        return 0;
    }
    static const int shrinks[] = {1, 2, 4, 8};
    for (int i = 0; i < 4; i++) {
        cjpeg_scaled out, reference;
        int result = decode(fd, shrinks[i], 0, &out);
        if (shrinks[i] == 8) {
            int expected = decode(fd, 8, CJPEG_LIBJPEG_ONLY, &reference);
            if (!same(result, &out, expected, &reference)) abort();
            release(expected, &reference);
        }
        release(result, &out);
    }
    close(fd);
    return 0;
}

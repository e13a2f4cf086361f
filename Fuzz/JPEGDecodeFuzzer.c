// libFuzzer harness for the scaled JPEG decoder (Sources/CJPEG): any bytes, as a file, decoded at
// every shrink. The decoder must return a result code for all of them and free what it allocated
// (AddressSanitizer and LeakSanitizer check both).
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cjpeg_scaled.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int fd = memfd_create("jpeg", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (size > 0 && write(fd, data, size) != (ssize_t) size) {
        close(fd);
        return 0;
    }
    static const int shrinks[] = {1, 2, 4, 8};
    for (int i = 0; i < 4; i++) {
        cjpeg_scaled out;
        // The service's source limit (50 MP) and whole-decode limit (4 MiP); no deadline.
        if (cjpeg_decode_scaled(fd, shrinks[i], 0, 50000000, 4 << 20, 500, &out) == CJPEG_OK) {
            free(out.pixels);
            free(out.icc);
        }
    }
    close(fd);
    return 0;
}

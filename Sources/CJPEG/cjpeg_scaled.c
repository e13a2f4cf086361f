// DCT-scaled JPEG decoding with libjpeg-turbo; see include/cjpeg_scaled.h.
#include "cjpeg_scaled.h"
#include "cjpeg_coefficients.h"
#include "cjpeg_eighth.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>

#include <jpeglib.h>
#include <jerror.h>

enum { READ_CHUNK = 64 * 1024, ROWS_PER_CALL = 16 };

// libjpeg reports errors through a callback that must not return: it jumps back to the decode call.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf escape;
    int code;
    char *message;
    size_t message_size;
} error_manager;

// Reads the file with pread, so the descriptor's offset (shared with libvips's sources) is untouched.
typedef struct {
    struct jpeg_source_mgr pub;
    int fd;
    off_t offset;
    JOCTET buffer[READ_CHUNK];
} file_source;

// Called by libjpeg once per row of blocks: the place to notice a passed deadline or a scan flood.
typedef struct {
    struct jpeg_progress_mgr pub;
    int64_t deadline_ns;
    int max_scans;
} progress_monitor;

static void fail(j_common_ptr cinfo, int code, const char *text) {
    error_manager *err = (error_manager *) cinfo->err;
    err->code = code;
    if (text != NULL) {
        snprintf(err->message, err->message_size, "%s", text);
    } else {
        char buffer[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, buffer);
        snprintf(err->message, err->message_size, "%s", buffer);
    }
    longjmp(err->escape, 1);
}

static void error_exit(j_common_ptr cinfo) { fail(cinfo, CJPEG_FAILED, NULL); }

// Level -1 is a warning about the data (corrupt or cut short); higher levels are trace output.
// Warnings fail the decode, as libvips's fail_on=warning does: a truncated file is otherwise grey.
static void emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) fail(cinfo, CJPEG_FAILED, NULL);
}

static void init_source(j_decompress_ptr cinfo) { (void) cinfo; }
static void term_source(j_decompress_ptr cinfo) { (void) cinfo; }

static boolean fill_input_buffer(j_decompress_ptr cinfo) {
    file_source *source = (file_source *) cinfo->src;
    ssize_t count;
    do {
        count = pread(source->fd, source->buffer, READ_CHUNK, source->offset);
    } while (count < 0 && errno == EINTR);
    if (count < 0) fail((j_common_ptr) cinfo, CJPEG_FAILED, "read error");
    if (count == 0) {
        // The file ended before the image: libjpeg's warning, which fails the decode (see emit_message).
        WARNMS(cinfo, JWRN_JPEG_EOF);
        source->buffer[0] = (JOCTET) 0xFF;
        source->buffer[1] = (JOCTET) JPEG_EOI;
        count = 2;
    }
    source->offset += count;
    source->pub.next_input_byte = source->buffer;
    source->pub.bytes_in_buffer = (size_t) count;
    return TRUE;
}

static void skip_input_data(j_decompress_ptr cinfo, long count) {
    file_source *source = (file_source *) cinfo->src;
    if (count <= 0) return;
    if ((size_t) count <= source->pub.bytes_in_buffer) {
        source->pub.next_input_byte += count;
        source->pub.bytes_in_buffer -= (size_t) count;
        return;
    }
    source->offset += count - (long) source->pub.bytes_in_buffer;
    source->pub.next_input_byte = source->buffer;
    source->pub.bytes_in_buffer = 0;
}

// A large decode's buffer is fresh memory (the service's allocator maps blocks over 4 MB anew), which
// the kernel faults in 4 KB at a time: a full-size 12 MP decode is 9,000 faults. Asks for 2 MB pages
// over the 2 MB-aligned part of it instead (a hint: without transparent huge pages, nothing changes;
// in the srcset benchmark it measured about 2 % less CPU, within the machine's noise).
static void use_huge_pages(void *buffer, size_t bytes) {
    enum { HUGE_PAGE = 2 << 20 };
    if (bytes < 2 * HUGE_PAGE) return;
    uintptr_t start = ((uintptr_t) buffer + HUGE_PAGE - 1) & ~(uintptr_t) (HUGE_PAGE - 1);
    uintptr_t end = ((uintptr_t) buffer + bytes) & ~(uintptr_t) (HUGE_PAGE - 1);
    if (end > start) madvise((void *) start, end - start, MADV_HUGEPAGE);
}

static int64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t) now.tv_sec * 1000000000 + now.tv_nsec;
}

static void progress(j_common_ptr cinfo) {
    progress_monitor *monitor = (progress_monitor *) cinfo->progress;
    if (((j_decompress_ptr) cinfo)->input_scan_number > monitor->max_scans) {
        char text[80];
        snprintf(text, sizeof text, "more than %d progressive scans", monitor->max_scans);
        fail(cinfo, CJPEG_TOO_LARGE, text);
    }
    if (monitor->deadline_ns > 0 && monotonic_ns() > monitor->deadline_ns) fail(cinfo, CJPEG_TIMED_OUT, "timed out");
}

// Reads the header and sets the decode up: RGB or grey out, at 1/`denominator`, within the pixel
// limits (failing past them). False for colour this decoder leaves to libvips (CMYK, YCCK).
static int read_header(j_decompress_ptr cinfo, int denominator, int64_t max_source_pixels, int64_t max_pixels) {
    jpeg_read_header(cinfo, TRUE);
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
        cinfo->out_color_space = JCS_GRAYSCALE;
        break;
    case JCS_YCbCr:
    case JCS_RGB:
        cinfo->out_color_space = JCS_RGB;
        break;
    default:
        return 0;
    }
    if ((int64_t) cinfo->image_width * cinfo->image_height > max_source_pixels) {
        char text[120];
        snprintf(text, sizeof text, "%u×%u pixels, the limit is %lld", cinfo->image_width, cinfo->image_height,
                 (long long) max_source_pixels);
        fail((j_common_ptr) cinfo, CJPEG_TOO_LARGE, text);
    }
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned int) denominator;
    jpeg_calc_output_dimensions(cinfo);
    if ((int64_t) cinfo->output_width * cinfo->output_height > max_pixels) {
        char text[120];
        snprintf(text, sizeof text, "%u×%u pixels decoded, the limit is %lld", cinfo->output_width, cinfo->output_height,
                 (long long) max_pixels);
        fail((j_common_ptr) cinfo, CJPEG_TOO_LARGE, text);
    }
    return 1;
}

int cjpeg_decode_scaled(int fd, int denominator, int64_t deadline_ns, int64_t max_source_pixels, int64_t max_pixels,
                        int max_scans, int options, const cjpeg_coefficients *kept, size_t max_capture_bytes,
                        cjpeg_coefficients **captured, cjpeg_scaled *out) {
    struct jpeg_decompress_struct cinfo;
    error_manager err;
    progress_monitor monitor;
    // Set between setjmp and longjmp, so volatile: the error path frees what was allocated.
    unsigned char *volatile pixels = NULL;
    JOCTET *volatile icc = NULL;
    cjpeg_coefficients *volatile capture = NULL;

    memset(out, 0, sizeof *out);
    if (captured != NULL) *captured = NULL;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = error_exit;
    err.pub.emit_message = emit_message;
    err.message = out->message;
    err.message_size = sizeof out->message;
    if (setjmp(err.escape)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(icc);
        cjpeg_coefficients_free(capture);
        return err.code;
    }
    jpeg_create_decompress(&cinfo);

    file_source *source = (file_source *) (*cinfo.mem->alloc_large)((j_common_ptr) &cinfo, JPOOL_PERMANENT, sizeof(file_source));
    source->fd = fd;
    source->offset = 0;
    source->pub.init_source = init_source;
    source->pub.fill_input_buffer = fill_input_buffer;
    source->pub.skip_input_data = skip_input_data;
    source->pub.resync_to_restart = jpeg_resync_to_restart;
    source->pub.term_source = term_source;
    source->pub.bytes_in_buffer = 0;
    source->pub.next_input_byte = NULL;
    cinfo.src = &source->pub;
    monitor.pub.progress_monitor = progress;
    monitor.deadline_ns = deadline_ns;
    monitor.max_scans = max_scans;
    cinfo.progress = &monitor.pub;

    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);  // ICC profile chunks
    if (!read_header(&cinfo, denominator, max_source_pixels, max_pixels)) {
        jpeg_destroy_decompress(&cinfo);
        return CJPEG_UNSUPPORTED;
    }
    JOCTET *profile = NULL;
    unsigned int profile_length = 0;
    if (jpeg_read_icc_profile(&cinfo, &profile, &profile_length)) icc = profile;
    size_t stride = (size_t) cinfo.output_width * (size_t) cinfo.output_components;
    pixels = malloc(stride * cinfo.output_height);
    if (pixels == NULL) fail((j_common_ptr) &cinfo, CJPEG_FAILED, "out of memory");
    use_huge_pages(pixels, stride * cinfo.output_height);

    // Kept coefficients make the Huffman decoding the 1/8 decoder speeds up unnecessary.
    if (denominator == 8 && kept == NULL && !(options & CJPEG_LIBJPEG_ONLY) && cjpeg_eighth_takes(&cinfo)) {
        // The scan starts where libjpeg's reading of the header stopped.
        off_t scan = source->offset - (off_t) source->pub.bytes_in_buffer;
        int eighth = cjpeg_decode_eighth(&cinfo, fd, scan, deadline_ns, pixels);
        if (eighth == EIGHTH_TIMED_OUT) fail((j_common_ptr) &cinfo, CJPEG_TIMED_OUT, "timed out");
        if (eighth == EIGHTH_OK) goto decoded;
        // Declined: libjpeg decodes the file from its start, and judges its data.
        jpeg_abort_decompress(&cinfo);
        source->offset = 0;
        source->pub.bytes_in_buffer = 0;
        source->pub.next_input_byte = NULL;
        read_header(&cinfo, denominator, max_source_pixels, max_pixels);
    }
    jpeg_start_decompress(&cinfo);
    if (kept != NULL) out->replayed = cjpeg_replay_start(&cinfo, kept);
    if (!out->replayed && captured != NULL && max_capture_bytes > 0 && cjpeg_capture_applies(&cinfo)) {
        capture = cjpeg_capture_start(&cinfo, max_capture_bytes);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[ROWS_PER_CALL];
        JDIMENSION count = cinfo.output_height - cinfo.output_scanline;
        if (count > ROWS_PER_CALL) count = ROWS_PER_CALL;
        for (JDIMENSION row = 0; row < count; row++) rows[row] = pixels + (cinfo.output_scanline + row) * stride;
        jpeg_read_scanlines(&cinfo, rows, count);
    }
    // Every row is decoded; whatever follows the image data (trailing bytes) is not read, so it cannot
    // fail a complete image. jpeg_destroy_decompress is a valid end to a decode (libjpeg.txt, "Abort").
    if (capture != NULL) {
        if (cjpeg_capture_complete(capture)) {
            *captured = capture;
        } else {
            cjpeg_coefficients_free(capture);
        }
        capture = NULL;
    }
decoded:
    out->pixels = pixels;
    out->width = (int) cinfo.output_width;
    out->height = (int) cinfo.output_height;
    out->bands = cinfo.output_components;
    out->source_width = (int) cinfo.image_width;
    out->source_height = (int) cinfo.image_height;
    out->icc = icc;
    out->icc_length = icc != NULL ? profile_length : 0;
    jpeg_destroy_decompress(&cinfo);
    return CJPEG_OK;
}

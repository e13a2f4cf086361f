// libcurl for fetching originals from HTTP(S) origins. curl_easy_setopt is variadic, which Swift
// cannot call, so one function here sets every option of a request from a plain struct and runs it.
#ifndef IMGFRAME_CCURL_SHIM_H
#define IMGFRAME_CCURL_SHIM_H

#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

// One GET, with the safety settings the service always wants.
struct ccurl_request {
    const char *url;
    // "host:port:address": connect to this (already vetted) address only, so the name cannot
    // resolve to another one between the check and the connection. NULL to let curl resolve.
    const char *pinned_address;
    const char *if_none_match;      // NULL when absent
    const char *if_modified_since;  // NULL when absent
    long connect_timeout_ms;
    long total_timeout_ms;
    curl_off_t max_bytes;           // refused early when Content-Length says more
    ccurl_data_callback on_body;
    void *body_context;
    ccurl_data_callback on_header;
    void *header_context;
};

// Why: curl_global_init is not thread-safe; the caller runs it once before the first request.
static inline int ccurl_global_init(void) { return (int)curl_global_init(CURL_GLOBAL_DEFAULT); }

// Why: runs `request` with redirects off, TLS verification on, HTTP(S) only, no signals, no
// content decoding. Returns the CURLcode; `status` gets the HTTP status (0 without a response) and
// `error` (CURL_ERROR_SIZE bytes) curl's message.
static inline int ccurl_get(const struct ccurl_request *request, long *status, char *error) {
    *status = 0;
    error[0] = 0;
    CURL *handle = curl_easy_init();
    if (!handle) return CURLE_FAILED_INIT;
    struct curl_slist *headers = NULL, *pins = NULL;
    char line[1024];
    if (request->if_none_match) {
        snprintf(line, sizeof line, "If-None-Match: %s", request->if_none_match);
        headers = curl_slist_append(headers, line);
    }
    if (request->if_modified_since) {
        snprintf(line, sizeof line, "If-Modified-Since: %s", request->if_modified_since);
        headers = curl_slist_append(headers, line);
    }
    if (request->pinned_address) pins = curl_slist_append(pins, request->pinned_address);
    curl_easy_setopt(handle, CURLOPT_URL, request->url);
    curl_easy_setopt(handle, CURLOPT_HTTPGET, 1L);
    curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(handle, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle, CURLOPT_NOPROXY, "*");
    curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, request->total_timeout_ms);
    curl_easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, request->max_bytes);
    curl_easy_setopt(handle, CURLOPT_USERAGENT, "imgframe");
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, request->on_body);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, request->body_context);
    curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, request->on_header);
    curl_easy_setopt(handle, CURLOPT_HEADERDATA, request->header_context);
    if (headers) curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    if (pins) curl_easy_setopt(handle, CURLOPT_RESOLVE, pins);
    CURLcode code = curl_easy_perform(handle);
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, status);
    curl_easy_cleanup(handle);
    curl_slist_free_all(headers);
    curl_slist_free_all(pins);
    return (int)code;
}

// Why: the CURLcode groups the service maps to its own errors.
static inline int ccurl_is_timeout(int code) { return code == CURLE_OPERATION_TIMEDOUT; }
static inline int ccurl_is_too_large(int code) { return code == CURLE_FILESIZE_EXCEEDED; }
static inline int ccurl_is_write_refused(int code) { return code == CURLE_WRITE_ERROR; }
static inline int ccurl_is_tls_failure(int code) {
    return code == CURLE_PEER_FAILED_VERIFICATION || code == CURLE_SSL_CONNECT_ERROR || code == CURLE_SSL_CERTPROBLEM
        || code == CURLE_SSL_CACERT_BADFILE || code == CURLE_SSL_CIPHER || code == CURLE_SSL_ISSUER_ERROR;
}
static inline int ccurl_error_size(void) { return CURL_ERROR_SIZE; }

#endif

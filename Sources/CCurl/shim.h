// libcurl for fetching originals from HTTP(S) origins. curl_easy_setopt is variadic, which Swift
// cannot call, so one function here sets every option of a request from a plain struct and runs it.
#ifndef IMGFRAME_CCURL_SHIM_H
#define IMGFRAME_CCURL_SHIM_H

#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

// One request (a GET unless `method` says otherwise: HEAD, PUT, POST or DELETE), with the safety settings the service always wants.
struct ccurl_request {
    const char *url;
    // "GET" (or NULL), "HEAD", "PUT" or "POST"; a PUT or POST sends `upload`, `upload_length` bytes.
    const char *method;
    const void *upload;
    size_t upload_length;
    // More "Name: value" header lines (a signature's), `header_count` of them; NULL when none.
    const char *const *headers;
    int header_count;
    // "host:port:address": connect to this (already vetted) address only, so the name cannot
    // resolve to another one between the check and the connection. NULL to let curl resolve.
    const char *pinned_address;
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
static inline int ccurl_perform(const struct ccurl_request *request, long *status, char *error) {
    *status = 0;
    error[0] = 0;
    CURL *handle = curl_easy_init();
    if (!handle) return CURLE_FAILED_INIT;
    struct curl_slist *headers = NULL, *pins = NULL;
    for (int i = 0; i < request->header_count; i++) headers = curl_slist_append(headers, request->headers[i]);
    if (request->pinned_address) pins = curl_slist_append(pins, request->pinned_address);
    curl_easy_setopt(handle, CURLOPT_URL, request->url);
    const char *method = request->method ? request->method : "GET";
    if (strcmp(method, "HEAD") == 0) {
        curl_easy_setopt(handle, CURLOPT_NOBODY, 1L);
    } else if (strcmp(method, "PUT") == 0 || strcmp(method, "POST") == 0) {
        // The body from memory; no `Expect: 100-continue` round trip (the caller adds "Expect:").
        curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->upload_length);
        curl_easy_setopt(handle, CURLOPT_POSTFIELDS, request->upload ? request->upload : "");
        if (strcmp(method, "PUT") == 0) curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, "PUT");
    } else {
        curl_easy_setopt(handle, CURLOPT_HTTPGET, 1L);
        // Why: a DELETE (the result tier's purge) is a GET's request line with another method and no body.
        if (strcmp(method, "DELETE") == 0) curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, "DELETE");
    }
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

#ifndef ACTIONHUB_CCURL_SHIM_H
#define ACTIONHUB_CCURL_SHIM_H

#include <curl/curl.h>

/// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
/// function per kind of argument.
static inline CURLcode actionhub_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode actionhub_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode actionhub_curl_set_write_function(CURL *handle,
                                                         size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

static inline CURLcode actionhub_curl_response_code(CURL *handle, long *code) {
    return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

static inline CURLcode actionhub_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode actionhub_curl_set_header_function(CURL *handle,
                                                          size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

static inline CURLcode actionhub_curl_total_time(CURL *handle, curl_off_t *microseconds) {
    return curl_easy_getinfo(handle, CURLINFO_TOTAL_TIME_T, microseconds);
}

static inline CURLMcode actionhub_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The result of a finished transfer: CURLMsg keeps it in a union Swift reads awkwardly.
static inline CURLcode actionhub_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif

#ifndef LECTERN_CCURL_SHIM_H
#define LECTERN_CCURL_SHIM_H
// libcurl's easy interface for Lectern's outbound HTTPS. `curl_easy_setopt` and
// `curl_easy_getinfo` are variadic, which Swift cannot call: these typed helpers call them.
#include <curl/curl.h>

typedef size_t (*lectern_curl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode lectern_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode lectern_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode lectern_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode lectern_curl_set_write_callback(CURL *handle, lectern_curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode lectern_curl_set_header_callback(CURL *handle, lectern_curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

static inline long lectern_curl_response_code(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

#endif

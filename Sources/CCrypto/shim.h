// OpenSSL libcrypto entry points ImageFrame uses, behind fixed, documented signatures.
#ifndef IMGFRAME_CCRYPTO_SHIM_H
#define IMGFRAME_CCRYPTO_SHIM_H

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

// Why: EVP_Digest with EVP_sha256() in one call; `out` must hold 32 bytes. Returns 1 on success.
static inline int ccrypto_sha256(const void *data, size_t length, unsigned char *out) {
    unsigned int size = 0;
    return EVP_Digest(data, length, out, &size, EVP_sha256(), NULL);
}

// Why: an incremental SHA-256 for data hashed in pieces (cache entries verified from disk in chunks,
// never whole in memory). Returns NULL when the context cannot be created.
static inline EVP_MD_CTX *ccrypto_sha256_begin(void) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context != NULL && EVP_DigestInit_ex(context, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(context);
        return NULL;
    }
    return context;
}

// Why: adds bytes to a context from ccrypto_sha256_begin. Returns 1 on success.
static inline int ccrypto_sha256_update(EVP_MD_CTX *context, const void *data, size_t length) {
    return EVP_DigestUpdate(context, data, length);
}

// Why: writes the 32-byte digest to `out` and frees the context (it cannot be used again). Returns 1 on success.
static inline int ccrypto_sha256_finish(EVP_MD_CTX *context, unsigned char *out) {
    unsigned int size = 0;
    int ok = EVP_DigestFinal_ex(context, out, &size);
    EVP_MD_CTX_free(context);
    return ok;
}

// Why: frees a context that will not be finished (an abandoned hash).
static inline void ccrypto_sha256_free(EVP_MD_CTX *context) {
    EVP_MD_CTX_free(context);
}

// Why: HMAC-SHA256 in one call (URL signatures); `out` must hold 32 bytes. Returns 1 on success.
static inline int ccrypto_hmac_sha256(const void *key, int key_length, const void *data, size_t length, unsigned char *out) {
    unsigned int size = 0;
    return HMAC(EVP_sha256(), key, key_length, data, length, out, &size) != NULL;
}

// Why: HMAC-SHA1 in one call: thumbor's URL signatures (thumbor's format, not a choice of ours);
// `out` must hold 20 bytes. Returns 1 on success.
static inline int ccrypto_hmac_sha1(const void *key, int key_length, const void *data, size_t length, unsigned char *out) {
    unsigned int size = 0;
    return HMAC(EVP_sha1(), key, key_length, data, length, out, &size) != NULL;
}

// Why: constant-time comparison, so signature checks leak nothing through timing.
static inline int ccrypto_equal(const void *a, const void *b, size_t length) {
    return CRYPTO_memcmp(a, b, length) == 0;
}

#endif

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

// Why: HMAC-SHA256 in one call (URL signatures); `out` must hold 32 bytes. Returns 1 on success.
static inline int ccrypto_hmac_sha256(const void *key, int key_length, const void *data, size_t length, unsigned char *out) {
    unsigned int size = 0;
    return HMAC(EVP_sha256(), key, key_length, data, length, out, &size) != NULL;
}

// Why: constant-time comparison, so signature checks leak nothing through timing.
static inline int ccrypto_equal(const void *a, const void *b, size_t length) {
    return CRYPTO_memcmp(a, b, length) == 0;
}

#endif

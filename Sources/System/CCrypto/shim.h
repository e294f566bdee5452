#ifndef LECTERN_CCRYPTO_SHIM_H
#define LECTERN_CCRYPTO_SHIM_H
// OpenSSL libcrypto (3.x) for RS256: RSA keys, PKCS #1 v1.5 signatures over SHA-256, PEM and the
// modulus and exponent of a JWK. The helpers below only call libcrypto; none of them implements
// any cryptography. They exist because Swift cannot call C variadic functions or macros.
#include <string.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

/// A new RSA key pair of `bits` bits, or NULL.
static inline EVP_PKEY *lectern_rsa_generate(unsigned int bits) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *key = NULL;
    if (ctx == NULL) return NULL;
    if (EVP_PKEY_keygen_init(ctx) <= 0 || EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, (int)bits) <= 0
        || EVP_PKEY_generate(ctx, &key) <= 0) {
        key = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    return key;
}

/// An RSA public key from its big-endian modulus and exponent, or NULL.
static inline EVP_PKEY *lectern_rsa_public_key(const unsigned char *n, size_t n_length,
                                               const unsigned char *e, size_t e_length) {
    BIGNUM *bn_n = BN_bin2bn(n, (int)n_length, NULL);
    BIGNUM *bn_e = BN_bin2bn(e, (int)e_length, NULL);
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    EVP_PKEY *key = NULL;
    if (bn_n == NULL || bn_e == NULL || builder == NULL) goto done;
    if (!OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_RSA_N, bn_n)
        || !OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_RSA_E, bn_e)) goto done;
    params = OSSL_PARAM_BLD_to_param(builder);
    ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    if (params == NULL || ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0
        || EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params) <= 0) key = NULL;
done:
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(builder);
    BN_free(bn_n);
    BN_free(bn_e);
    return key;
}

/// Writes the key's modulus ("n") or public exponent ("e") big-endian into `out` (at most
/// `capacity` bytes); returns its length, or -1.
static inline int lectern_rsa_component(const EVP_PKEY *key, int exponent, unsigned char *out, size_t capacity) {
    BIGNUM *value = NULL;
    int length = -1;
    if (EVP_PKEY_get_bn_param(key, exponent ? OSSL_PKEY_PARAM_RSA_E : OSSL_PKEY_PARAM_RSA_N, &value) != 1) return -1;
    if ((size_t)BN_num_bytes(value) <= capacity) length = BN_bn2bin(value, out);
    BN_free(value);
    return length;
}

/// The key's size in bits.
static inline int lectern_key_bits(const EVP_PKEY *key) { return EVP_PKEY_get_bits(key); }

/// Whether the key is an RSA key.
static inline int lectern_key_is_rsa(const EVP_PKEY *key) { return EVP_PKEY_is_a(key, "RSA"); }

/// Signs `data` with RSASSA-PKCS1-v1_5 over SHA-256 (RS256). Returns the signature's length, or -1.
static inline int lectern_rs256_sign(EVP_PKEY *key, const unsigned char *data, size_t length,
                                     unsigned char *signature, size_t capacity) {
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t written = capacity;
    int result = -1;
    if (ctx == NULL) return -1;
    if (EVP_DigestSignInit(ctx, NULL, EVP_sha256(), NULL, key) == 1
        && EVP_DigestSign(ctx, signature, &written, data, length) == 1) result = (int)written;
    EVP_MD_CTX_free(ctx);
    return result;
}

/// Whether `signature` is a valid RS256 signature of `data` by `key`: 1 yes, 0 no.
static inline int lectern_rs256_verify(EVP_PKEY *key, const unsigned char *data, size_t length,
                                       const unsigned char *signature, size_t signature_length) {
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int result = 0;
    if (ctx == NULL) return 0;
    if (EVP_DigestVerifyInit(ctx, NULL, EVP_sha256(), NULL, key) == 1
        && EVP_DigestVerify(ctx, signature, signature_length, data, length) == 1) result = 1;
    EVP_MD_CTX_free(ctx);
    ERR_clear_error();
    return result;
}

/// The private key as PKCS #8 PEM in a new buffer the caller frees with `lectern_free`; NULL on failure.
static inline char *lectern_private_key_pem(EVP_PKEY *key, size_t *length) {
    BIO *bio = BIO_new(BIO_s_mem());
    char *data = NULL;
    char *copy = NULL;
    long count;
    if (bio == NULL) return NULL;
    if (PEM_write_bio_PrivateKey(bio, key, NULL, NULL, 0, NULL, NULL) == 1) {
        count = BIO_get_mem_data(bio, &data);
        if (count > 0 && (copy = OPENSSL_malloc((size_t)count)) != NULL) {
            memcpy(copy, data, (size_t)count);
            *length = (size_t)count;
        }
    }
    BIO_free(bio);
    return copy;
}

/// Frees a buffer from `lectern_private_key_pem`, wiping it first.
static inline void lectern_free(char *buffer, size_t length) { OPENSSL_clear_free(buffer, length); }

/// A private key read from PEM, or NULL.
static inline EVP_PKEY *lectern_private_key_from_pem(const char *pem, size_t length) {
    BIO *bio = BIO_new_mem_buf(pem, (int)length);
    EVP_PKEY *key = NULL;
    if (bio == NULL) return NULL;
    key = PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
    BIO_free(bio);
    ERR_clear_error();
    return key;
}

#endif

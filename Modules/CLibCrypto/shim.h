#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H
// OpenSSL 3's libcrypto (libssl-dev on Debian/Ubuntu): public keys from JSON Web Keys, signature
// verification, SHA-256; the tests also generate keys and sign with it.
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

// OSSL_PARAM_BLD keeps the key-name pointers it is given until OSSL_PARAM_BLD_to_param, and Swift
// imports these string macros as Swift Strings whose C pointers die with the call: the names are
// handed out here as string literals, which live as long as the program.

/// "RSA": the key type name for EVP_PKEY_CTX_new_from_name.
static inline const char *clibcrypto_key_type_rsa(void) { return "RSA"; }
/// "EC": the key type name for EVP_PKEY_CTX_new_from_name.
static inline const char *clibcrypto_key_type_ec(void) { return "EC"; }
/// OSSL_PKEY_PARAM_RSA_N, the RSA modulus.
static inline const char *clibcrypto_param_rsa_n(void) { return OSSL_PKEY_PARAM_RSA_N; }
/// OSSL_PKEY_PARAM_RSA_E, the RSA public exponent.
static inline const char *clibcrypto_param_rsa_e(void) { return OSSL_PKEY_PARAM_RSA_E; }
/// OSSL_PKEY_PARAM_GROUP_NAME, an EC key's curve.
static inline const char *clibcrypto_param_group_name(void) { return OSSL_PKEY_PARAM_GROUP_NAME; }
/// OSSL_PKEY_PARAM_PUB_KEY, an EC key's encoded public point.
static inline const char *clibcrypto_param_public_key(void) { return OSSL_PKEY_PARAM_PUB_KEY; }
/// OSSL_PKEY_PARAM_EC_PUB_X, an EC public point's x coordinate.
static inline const char *clibcrypto_param_ec_pub_x(void) { return OSSL_PKEY_PARAM_EC_PUB_X; }
/// OSSL_PKEY_PARAM_EC_PUB_Y, an EC public point's y coordinate.
static inline const char *clibcrypto_param_ec_pub_y(void) { return OSSL_PKEY_PARAM_EC_PUB_Y; }
/// "prime256v1", OpenSSL's name for the P-256 curve of ES256.
static inline const char *clibcrypto_group_p256(void) { return SN_X9_62_prime256v1; }

// Function-like and composite macros that Swift cannot import.

/// EVP_PKEY_PUBLIC_KEY: the selection for EVP_PKEY_fromdata that builds a public key.
static inline int clibcrypto_selection_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
/// OPENSSL_free: frees memory that OpenSSL allocated (e.g. by i2d_* with a NULL output pointer).
static inline void clibcrypto_free(void *pointer) { OPENSSL_free(pointer); }
#endif

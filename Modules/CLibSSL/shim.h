#ifndef CLIBSSL_SHIM_H
#define CLIBSSL_SHIM_H
// OpenSSL 3's libssl (libssl-dev on Debian/Ubuntu): the TLS client of the Networking module.
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

// Function-like and composite macros that Swift cannot import.

/// SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION): nothing older than TLS 1.2.
static inline int clibssl_require_tls12(SSL_CTX *context) {
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

/// SSL_OP_IGNORE_UNEXPECTED_EOF: a peer that closes without close_notify ends the stream (the
/// HTTP layer tells a short body by its length) rather than failing it.
static inline void clibssl_ignore_unexpected_eof(SSL_CTX *context) {
    SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF);
}

/// SSL_set_tlsext_host_name: the server name (SNI) sent in the handshake.
static inline int clibssl_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}
#endif

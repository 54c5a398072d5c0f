// OpenSSL's libcrypto, for its SHA-256 only (EVP_Digest with EVP_sha256: the CPU's SHA instructions where it has them).
#include <openssl/evp.h>

#ifndef ACTIONHUB_COPENSSL_SHIM_H
#define ACTIONHUB_COPENSSL_SHIM_H

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/err.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/bio.h>
#include <openssl/ec.h>
#include <openssl/bn.h>

#endif

/*
 * Opening AES-256-GCM sealed payloads with the OpenSSL inside Node (which exports its symbols to
 * addons), one call per payload into a buffer the caller holds. node:crypto makes a Decipheriv object
 * for every payload (a stream, its checks, five crossings into C++): about 8 µs a payload on this
 * service's machines against under 1 µs here, where one cipher context per thread is set up once and
 * each payload only sets its key and nonce. The sealed value is laid out as aes-gcm.ts seals it: a
 * 12-byte nonce, the ciphertext and a 16-byte tag. Built by scripts/build-native.js.
 */
#include <node_api.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The few EVP functions used, as OpenSSL 3 declares them (Node ships no OpenSSL headers). */
typedef struct evp_cipher_ctx_st EVP_CIPHER_CTX;
typedef struct evp_cipher_st EVP_CIPHER;
typedef struct engine_st ENGINE;
EVP_CIPHER_CTX *EVP_CIPHER_CTX_new(void);
void EVP_CIPHER_CTX_free(EVP_CIPHER_CTX *ctx);
const EVP_CIPHER *EVP_aes_256_gcm(void);
int EVP_DecryptInit_ex(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *type, ENGINE *impl, const unsigned char *key,
                       const unsigned char *iv);
int EVP_DecryptUpdate(EVP_CIPHER_CTX *ctx, unsigned char *out, int *outl, const unsigned char *in, int inl);
int EVP_DecryptFinal_ex(EVP_CIPHER_CTX *ctx, unsigned char *outm, int *outl);
int EVP_CIPHER_CTX_ctrl(EVP_CIPHER_CTX *ctx, int type, int arg, void *ptr);
#define EVP_CTRL_GCM_SET_IVLEN 0x9
#define EVP_CTRL_GCM_SET_TAG 0x11

#define KEY_BYTES 32
#define IV_BYTES 12
#define TAG_BYTES 16

static void free_context(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  EVP_CIPHER_CTX_free((EVP_CIPHER_CTX *)data);
}

static napi_value fail(napi_env env, const char *code, const char *message) {
  napi_throw_range_error(env, code, message);
  return NULL;
}

/*
 * open(key, sealed, aad, out, at): writes the plaintext of `sealed` into `out` from `at` and returns
 * its length, or -1 when it does not open (another key, other associated data, a bit changed). Throws
 * on arguments no caller should give (not buffers, a key not 32 bytes, no room in `out`).
 */
static napi_value open_sealed(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc != 5)
    return fail(env, "ERR_NATIVE_OPEN_ARGS", "open(key, sealed, aad, out, at) takes five arguments");
  void *key, *sealed, *aad, *out;
  size_t key_length, sealed_length, aad_length, out_length;
  int64_t at;
  if (napi_get_buffer_info(env, argv[0], &key, &key_length) != napi_ok ||
      napi_get_buffer_info(env, argv[1], &sealed, &sealed_length) != napi_ok ||
      napi_get_buffer_info(env, argv[2], &aad, &aad_length) != napi_ok ||
      napi_get_buffer_info(env, argv[3], &out, &out_length) != napi_ok ||
      napi_get_value_int64(env, argv[4], &at) != napi_ok)
    return fail(env, "ERR_NATIVE_OPEN_ARGS", "key, sealed, aad and out must be buffers, at a number");
  if (key_length != KEY_BYTES) return fail(env, "ERR_NATIVE_OPEN_KEY", "the key must be 32 bytes");
  napi_value result;
  if (sealed_length < IV_BYTES + TAG_BYTES) {
    napi_create_int32(env, -1, &result);
    return result;
  }
  size_t body_length = sealed_length - IV_BYTES - TAG_BYTES;
  if (at < 0 || (size_t)at > out_length || out_length - (size_t)at < body_length)
    return fail(env, "ERR_NATIVE_OPEN_ROOM", "no room in out for the plaintext");
  if (body_length > 0x7fffffff || aad_length > 0x7fffffff)
    return fail(env, "ERR_NATIVE_OPEN_SIZE", "sealed value or associated data too long");

  EVP_CIPHER_CTX *ctx;
  if (napi_get_instance_data(env, (void **)&ctx) != napi_ok || ctx == NULL)
    return fail(env, "ERR_NATIVE_OPEN_STATE", "no cipher context");
  const unsigned char *bytes = sealed;
  unsigned char *into = (unsigned char *)out + at;
  int written = 0, last = 0, ignored = 0;
  int opened = EVP_DecryptInit_ex(ctx, NULL, NULL, key, bytes) == 1 &&
               (aad_length == 0 || EVP_DecryptUpdate(ctx, NULL, &ignored, aad, (int)aad_length) == 1) &&
               EVP_DecryptUpdate(ctx, into, &written, bytes + IV_BYTES, (int)body_length) == 1 &&
               EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, TAG_BYTES,
                                   (void *)(bytes + sealed_length - TAG_BYTES)) == 1 &&
               EVP_DecryptFinal_ex(ctx, into + written, &last) == 1;
  /* What a value that does not open decrypted to is not left in the caller's buffer. */
  if (!opened) memset(into, 0, body_length);
  napi_create_int32(env, opened ? written + last : -1, &result);
  return result;
}

/* Each thread (each Node environment) that loads the addon gets its own cipher context. */
NAPI_MODULE_INIT() {
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  if (ctx == NULL || EVP_DecryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, NULL, NULL) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, IV_BYTES, NULL) != 1) {
    napi_throw_error(env, "ERR_NATIVE_OPEN_STATE", "could not set up an AES-256-GCM cipher context");
    return NULL;
  }
  napi_set_instance_data(env, ctx, free_context, NULL);
  napi_value open;
  napi_create_function(env, "open", NAPI_AUTO_LENGTH, open_sealed, NULL, &open);
  napi_set_named_property(env, exports, "open", open);
  return exports;
}

#ifndef PROACTIVE_CZLIB_SHIM_H
#define PROACTIVE_CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 and inflateInit2 are macros (they pass the library's version and the stream's
   size); Swift cannot call macros with arguments. */
static inline int proactive_deflate_init(z_streamp stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, Z_DEFAULT_STRATEGY);
}

static inline int proactive_inflate_init(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif

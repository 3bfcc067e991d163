#ifndef PROACTIVE_CLIBXML2_SHIM_H
#define PROACTIVE_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 headers pull in system ICU, which clashes with Foundation's _FoundationICU. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* libxml2 reports some errors (encoding conversion, I/O) through its generic error function
   even with HTML_PARSE_NOERROR; the extractor reports problems itself, so they are dropped. */
static inline void proactive_libxml2_ignore(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/* Silences libxml2's generic error output on the calling thread (its error state is per thread). */
static inline void proactive_libxml2_silence_errors(void) {
    xmlSetGenericErrorFunc(NULL, proactive_libxml2_ignore);
}
#endif

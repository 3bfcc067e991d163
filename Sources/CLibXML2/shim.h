#ifndef PROACTIVE_CLIBXML2_SHIM_H
#define PROACTIVE_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 headers pull in system ICU, which clashes with Foundation's _FoundationICU. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#endif

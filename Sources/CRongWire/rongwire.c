/* Sources/CRongWire/rongwire.c - the two entry points of librongwire that need no Swift:
 * freeing a result and the version string. The others are the @_cdecl functions of
 * Sources/RongWireC. */
#include "rongwire.h"

#include <stdlib.h>
#include <string.h>

void rongwire_free(rongwire_result *result) {
    if (!result) return;
    /* Every pointer member was allocated with malloc by the library (or is NULL). */
    free(result->data);
    free(result->error_code);
    free(result->error_message);
    free(result->error_path);
    free(result->leniencies);
    memset(result, 0, sizeof *result);
    result->error_offset = -1;
}

const char *rongwire_version(void) { return RONGWIRE_VERSION; }

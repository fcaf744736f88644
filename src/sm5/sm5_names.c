/* Names of archs and classes (include/tgx/sm5.h). */
#include <stdio.h>
#include <string.h>

#include "tgx/sm5.h"

static const char *const arch_names[TGX_SM5_ARCH_COUNT] = {"sm_50", "sm_52", "sm_53"};

tgx_status tgx_sm5_arch_from_name(const char *name, tgx_sm5_arch *arch)
{
    for (int a = 0; a < TGX_SM5_ARCH_COUNT; a++) {
        if (name && strcmp(name, arch_names[a]) == 0) {
            *arch = (tgx_sm5_arch)a;
            return TGX_OK;
        }
    }
    return TGX_ERR_ARG;
}

tgx_status tgx_sm5_arch_from_sm(unsigned sm, tgx_sm5_arch *arch)
{
    char name[16];
    snprintf(name, sizeof name, "sm_%u", sm);
    return tgx_sm5_arch_from_name(name, arch);
}

const char *tgx_sm5_arch_name(tgx_sm5_arch arch)
{
    return (unsigned)arch < TGX_SM5_ARCH_COUNT ? arch_names[arch] : "?";
}

const char *tgx_sm5_class_name(tgx_sm5_class cls)
{
    static const char *const names[TGX_SM5_CLASS_COUNT] = {
#define X(e, mn) mn,
        TGX_SM5_CLASS_LIST(X)
#undef X
    };
    return (unsigned)cls < TGX_SM5_CLASS_COUNT ? names[cls] : "?";
}

/* program.c — lowering a whole shader: every texture instruction, each failure reported. */
#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"

static tgx_status add_diag(tgx_diag_list *l, const tgx_diag *d)
{
    return l ? tgx_diag_list_add(l, d) : TGX_OK;
}

static tgx_status note_warning(tgx_diag_list *l, const tgx_tgsi_shader *sh, const char *file,
                               const tgx_lower_inst *li)
{
    if (!li->note[0])
        return TGX_OK;
    tgx_diag w;
    const tgx_tgsi_pos pos = sh->insts[li->index].pos;
    tgx_diag_set(&w, TGX_OK, file, pos.line, pos.column, "%s", li->note);
    w.severity = TGX_SEV_WARNING;
    return add_diag(l, &w);
}

tgx_status tgx_lower_shader(const tgx_tgsi_shader *sh, const char *file, tgx_sm5_arch arch,
                            tgx_lower_program *p, tgx_diag_list *diags)
{
    if (!sh)
        return TGX_ERR_ARG;
    tgx_lower_inst *scratch = NULL; /* without p: each instruction lowered here, then dropped */
    if (p) {
        memset(p, 0, sizeof *p);
        p->arch = arch;
        size_t n = 0;
        for (unsigned i = 0; i < sh->num_insts; i++)
            n += tgx_lower_is_texture(sh, i);
        p->insts = calloc(n ? n : 1, sizeof *p->insts);
        if (!p->insts)
            return TGX_ERR_NOMEM;
    } else if (!(scratch = malloc(sizeof *scratch))) {
        return TGX_ERR_NOMEM;
    }
    bool failed = false;
    tgx_status st = TGX_OK;
    for (unsigned i = 0; i < sh->num_insts && st != TGX_ERR_NOMEM; i++) {
        if (!tgx_lower_is_texture(sh, i))
            continue;
        tgx_lower_inst *li = p ? &p->insts[p->count] : scratch;
        tgx_diag d;
        tgx_diag_clear(&d);
        st = tgx_lower_instruction(sh, i, arch, file, li, &d);
        if (st == TGX_ERR_NOMEM)
            break;
        if (st != TGX_OK) {
            d.severity = TGX_SEV_ERROR;
            st = add_diag(diags, &d);
            failed = true;
            continue;
        }
        st = note_warning(diags, sh, file, li);
        if (p)
            p->count++;
        else
            tgx_lower_inst_free(li);
    }
    free(scratch);
    if (st == TGX_ERR_NOMEM)
        return st;
    return failed ? TGX_ERR_INVALID : TGX_OK;
}

void tgx_lower_program_free(tgx_lower_program *p)
{
    if (!p)
        return;
    for (size_t k = 0; k < p->count; k++)
        tgx_lower_inst_free(&p->insts[k]);
    free(p->insts);
    memset(p, 0, sizeof *p);
}

/* Compute dispatch and resource binding. */
#include "pipe/pipe_internal.h"

static tgx_status bind_resources(tgx_exec_machine *m, const tgx_pipe_bindings *b, tgx_diag *d)
{
    tgx_status st = TGX_OK;
    if (!b)
        return TGX_OK;
    for (unsigned i = 0; i < TGX_PIPE_MAX_CBUFS && st == TGX_OK; i++)
        if (b->cbuf[i])
            st = tgx_exec_bind_constants(m, i, b->cbuf[i], b->cbuf_words[i]);
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS && st == TGX_OK; i++)
        if (b->buffer[i])
            st = tgx_exec_bind_buffer(m, i, b->buffer[i], b->buffer_bytes[i]);
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS && st == TGX_OK; i++) {
        if (b->view[i])
            st = tgx_exec_bind_sampler_view(m, i, b->view[i]);
        if (st == TGX_OK && b->sampler[i])
            st = tgx_exec_bind_sampler(m, i, b->sampler[i]);
        if (st == TGX_OK && b->image[i])
            st = tgx_exec_bind_image(m, i, b->image[i], b->image_level[i]);
    }
    if (st < 0)
        return tgx_diag_set(d, st, NULL, 0, 0, "could not bind the draw's resources (%s)",
                            tgx_status_name(st));
    return TGX_OK;
}

tgx_status pipe_setup_machine(tgx_exec_machine *m, const tgx_pipe_shader *sh,
                              const tgx_pipe_bindings *b, const tgx_pipe_state *st, tgx_diag *d)
{
    tgx_status s = bind_resources(m, b, d);
    if (s < 0)
        return s;
    tgx_exec_set_budget(m, st && st->budget ? st->budget : TGX_EXEC_DEFAULT_BUDGET);
    tgx_exec_set_f2i_rule(m, st ? st->f2i_rule : TGX_EXEC_F2I_SATURATE);
    tgx_exec_set_denorm_rule(m, st ? st->denorms : TGX_EXEC_DENORMS_PRESERVE);
    tgx_exec_set_tex_hook(m, sh->tex_hook, sh->tex_hook_user);
    if (st && st->exec == TGX_PIPE_EXEC_INTERP)
        return TGX_OK;
    return pipe_shader_attach(sh, m, d);
}

tgx_status tgx_pipe_dispatch(const tgx_pipe_shader *cs, const uint32_t grid[3],
                             const tgx_pipe_bindings *b, const tgx_pipe_state *pst, tgx_diag *d)
{
    unsigned block[3];
    tgx_exec_machine *m = NULL;
    if (cs->info.stage != TGX_EXEC_COMPUTE)
        return tgx_diag_set(d, TGX_ERR_ARG, cs->name, 0, 0, "not a compute shader (COMP)");
    tgx_exec_program_block_size(cs->program, block);
    uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
    if (threads == 0 || threads > TGX_EXEC_MAX_LANES)
        return tgx_diag_set(d, TGX_ERR_LIMIT, cs->name, 0, 0,
                            "block of %ux%ux%u threads: 1..%u threads are supported", block[0],
                            block[1], block[2], TGX_EXEC_MAX_LANES);
    if ((uint64_t)grid[0] * grid[1] * grid[2] > (1u << 24))
        return tgx_diag_set(d, TGX_ERR_LIMIT, cs->name, 0, 0,
                            "grid of %ux%ux%u workgroups: at most 2^24 are supported", grid[0],
                            grid[1], grid[2]);
    tgx_status st = tgx_exec_machine_create(cs->program, (unsigned)((threads + 3) & ~3ull), &m, d);
    if (st == TGX_OK)
        st = pipe_setup_machine(m, cs, b, pst, d);
    /* Workgroups one after another in a fixed order, so atomics and buffer writes give the same
     * memory on every run. */
    for (uint32_t z = 0; z < grid[2] && st == TGX_OK; z++)
        for (uint32_t y = 0; y < grid[1] && st == TGX_OK; y++)
            for (uint32_t x = 0; x < grid[0] && st == TGX_OK; x++) {
                uint32_t id[3] = {x, y, z};
                st = tgx_exec_run_compute(m, id, grid, d);
            }
    tgx_exec_machine_destroy(m);
    return st;
}

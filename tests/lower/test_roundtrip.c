/* Lifting back what the lowering made, on the generated programs of lower_gen.h:
 *  * lift(lower(x)) executes identically to x: the program x'' = x with its texture instruction
 *    replaced by the lowering's operand moves (written here in TGSI: MOV, DIV, ROUND/F2U/UMIN/OR
 *    for the U16 array index), the lifted TGSI of the Maxwell instruction, and the result moves
 *    (TMML's fixed point converted back) runs directly, without any hook, to the same bits as x
 *    through the lowering -- and so as x itself, test_equivalence.c's rule;
 *  * the lifted TGSI is accepted by the validator (tgx check);
 *  * lower(lift(w)) assembles to the same word w wherever the lift is exact: every operand and
 *    result of w sits on the homes of whole TGSI operands (no move, no warning). */
#include "lower_gen.h"
#include "tgx_test.h"

#define CASES 6000u

typedef struct text {
    char s[16384];
} text;

#define tput(t, ...) gen_append((t)->s, sizeof(t)->s, __VA_ARGS__)

/* Immediates the glue adds after the lifted text's own. */
typedef struct glue {
    unsigned first, n;
    uint32_t bits[32];
    bool is_float[32];
} glue;

static unsigned gimm(glue *g, uint32_t bits, bool is_float)
{
    for (unsigned k = 0; k < g->n; k++)
        if (g->bits[k] == bits && g->is_float[k] == is_float)
            return g->first + k;
    g->bits[g->n] = bits;
    g->is_float[g->n] = is_float;
    return g->first + g->n++;
}

/* Source operand r of instruction in as a replicated TGSI operand. */
static void operand(const tgx_tgsi_instruction *in, tgx_lower_ref r, char *buf, size_t size)
{
    const tgx_tgsi_src *s = &in->src[r.src];
    char c = gen_letter[s->swizzle[r.chan & 3u] & 3u];
    snprintf(buf, size, "%s%s%s[%d].%c%c%c%c%s", s->negate ? "-" : "", s->absolute ? "|" : "",
             tgx_tgsi_file_name(s->reg.file), s->reg.index, c, c, c, c, s->absolute ? "|" : "");
}

static void home(unsigned reg, char *buf, size_t size)
{
    snprintf(buf, size, "TEMP[%u].%c", reg / 4, gen_letter[reg % 4]);
}

static void home_src(unsigned reg, char *buf, size_t size)
{
    char l = gen_letter[reg % 4];
    snprintf(buf, size, "TEMP[%u].%c%c%c%c", reg / 4, l, l, l, l);
}

/* The lowering's moves into the registers the instruction reads, as TGSI. */
static void pack_moves(text *t, glue *g, const tgx_tgsi_instruction *in, const tgx_lower_inst *li)
{
    for (unsigned k = 0; k < li->ninputs; k++) {
        const tgx_lower_input *x = &li->inputs[k];
        char d[32], ds[32], a[48], q[48];
        if (x->in_place)
            continue;
        home(x->reg, d, sizeof d);
        home_src(x->reg, ds, sizeof ds);
        if (x->pack != TGX_LOWER_IMM && x->pack != TGX_LOWER_HANDLE)
            operand(in, x->a, a, sizeof a);
        if (x->has_q)
            operand(in, x->q, q, sizeof q);
        switch (x->pack) {
        case TGX_LOWER_MOV: tput(t, "MOV %s, %s\n", d, a); break;
        case TGX_LOWER_IMM: tput(t, "MOV %s, IMM[%u].xxxx\n", d, gimm(g, x->imm, false)); break;
        case TGX_LOWER_DIV: tput(t, "DIV %s, %s, %s\n", d, a, q); break;
        case TGX_LOWER_LAYER:
            if (x->has_q)
                tput(t, "DIV %s, %s, %s\n", d, a, q);
            else
                tput(t, "MOV %s, %s\n", d, a);
            tput(t, "ROUND %s, %s\nF2U %s, %s\n", d, ds, d, ds);
            tput(t, "UMIN %s, %s, IMM[%u].xxxx\n", d, ds, gimm(g, 0xffff, false));
            tput(t, "OR %s, %s, IMM[%u].xxxx\n", d, ds, gimm(g, x->imm, false));
            break;
        case TGX_LOWER_ILAYER:
            tput(t, "UMIN %s, %s, IMM[%u].xxxx\n", d, a, gimm(g, 0xffff, false));
            tput(t, "OR %s, %s, IMM[%u].xxxx\n", d, ds, gimm(g, x->imm, false));
            break;
        default: break;
        }
    }
}

/* The result channel destination component c receives. */
static unsigned channel_of(const gen_case *c, unsigned comp)
{
    bool swz = c->op->style >= G_SMP && c->op->style <= G_SMP_I_MS;
    if (!swz)
        return comp;
    unsigned from = (unsigned)(strchr("xyzw", c->swz[comp]) - "xyzw");
    if (strcmp(c->op->name, "LOD") == 0 && from > 2)
        from = 2;
    return from;
}

static void result_moves(text *t, glue *g, const gen_case *c, const tgx_lower_inst *li)
{
    const char *dst = c->dst_out ? "OUT[0]" : "TEMP[3]";
    const char *sat = c->sat ? "_SAT" : "";
    for (unsigned comp = 0; comp < 4; comp++) {
        if (!(c->dst_mask >> comp & 1u))
            continue;
        const tgx_lower_output *o = &li->out[channel_of(c, comp)];
        char r[32];
        home_src(o->reg, r, sizeof r);
        switch (o->conv) {
        case TGX_LOWER_CONV_ZERO:
            tput(t, "MOV%s %s.%c, IMM[%u].xxxx\n", sat, dst, gen_letter[comp], gimm(g, 0, true));
            break;
        case TGX_LOWER_CONV_FIX_U8_8:
        case TGX_LOWER_CONV_FIX_S8_8:
            if (o->conv == TGX_LOWER_CONV_FIX_U8_8) {
                tput(t, "AND TEMP[69].x, %s, IMM[%u].xxxx\n", r, gimm(g, 0xffff, false));
                tput(t, "U2F TEMP[69].x, TEMP[69].xxxx\n");
            } else {
                tput(t, "IBFE TEMP[69].x, %s, IMM[%u].xxxx, IMM[%u].xxxx\n", r, gimm(g, 0, false),
                     gimm(g, 16, false));
                tput(t, "I2F TEMP[69].x, TEMP[69].xxxx\n");
            }
            tput(t, "MUL%s %s.%c, TEMP[69].xxxx, IMM[%u].xxxx\n", sat, dst, gen_letter[comp],
                 gimm(g, tgx_f2bits(1.0f / 256.0f), true));
            break;
        default: tput(t, "MOV%s %s.%c, %s\n", sat, dst, gen_letter[comp], r); break;
        }
    }
}

/* Lines of the lifted text of one kind: declarations of SAMP/SVIEW, IMM lines, instructions
 * (without END). */
static void lifted_lines(const char *lifted, text *decls, text *imms, text *insts)
{
    const char *p = strchr(lifted, '\n');
    p = p ? p + 1 : lifted + strlen(lifted);
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(n < 511 ? n : 511), p);
        if (strncmp(line, "DCL SAMP", 8) == 0 || strncmp(line, "DCL SVIEW", 9) == 0)
            tput(decls, "%s\n", line);
        else if (strncmp(line, "IMM", 3) == 0)
            tput(imms, "%s\n", line);
        else if (line[0] != '#' && strncmp(line, "DCL", 3) != 0 && !strstr(line, "END"))
            tput(insts, "%s\n", line);
        p += n + (nl ? 1 : 0);
    }
}

/* x'' as text. */
static void compose(const gen_case *c, const tgx_tgsi_instruction *in, const tgx_lower_inst *li,
                    const char *lifted, unsigned lifted_imms, text *out)
{
    static text decls, imms, insts, body;
    decls.s[0] = imms.s[0] = insts.s[0] = body.s[0] = out->s[0] = '\0';
    lifted_lines(lifted, &decls, &imms, &insts);
    glue g = {lifted_imms, 0, {0}, {0}};
    for (unsigned i = 0; i < 3; i++)
        tput(&body, "MOV TEMP[%u], IN[%u]\n", i, i);
    /* no UIF around the moves: an implicit derivative reads the quad's other lanes, which
     * the interpreter's UIF leaves with the values from before it; the lanes the condition
     * turns off are left out of the comparison (cond_lanes) */
    pack_moves(&body, &g, in, li);
    tput(&body, "%s", insts.s);
    if (!li->dst_in_place)
        result_moves(&body, &g, c, li);
    if (!c->dst_out)
        tput(&body, "MOV OUT[0], TEMP[3]\n");
    tput(&body, "END\n");
    tput(out, "%s\n", c->fragment ? "FRAG" : "VERT");
    for (unsigned i = 0; i < 3; i++)
        tput(out, c->fragment ? "DCL IN[%u], GENERIC[%u], PERSPECTIVE\n" : "DCL IN[%u]\n", i, i);
    tput(out, "DCL OUT[0], %s\nDCL TEMP[0..69]\n%s%s", c->fragment ? "COLOR" : "GENERIC[0]",
         decls.s, imms.s);
    for (unsigned k = 0; k < g.n; k++) {
        if (g.is_float[k]) {
            char f[32];
            tgx_tgsi_format_f32(g.bits[k], f, sizeof f);
            tput(out, "IMM[%u] FLT32 {%s, %s, %s, %s}\n", g.first + k, f, f, f, f);
        } else {
            tput(out, "IMM[%u] UINT32 {%u, %u, %u, %u}\n", g.first + k, g.bits[k], g.bits[k],
                 g.bits[k], g.bits[k]);
        }
    }
    tput(out, "%s", body.s);
}

/* The lanes where the case's UIF condition (IN[2].w) holds; all lanes without one. */
static uint32_t cond_lanes(const gen_case *c, const tgx_tgsi_shader *sh)
{
    if (!c->cond)
        return 0xffffffffu;
    tgx_exec_program *p = NULL;
    tgx_exec_machine *m = NULL;
    uint32_t mask = 0;
    if (tgx_exec_program_create(sh, "gen", &p, NULL) == TGX_OK &&
        tgx_exec_machine_create(p, GEN_LANES, &m, NULL) == TGX_OK) {
        gen_inputs(c, m);
        for (unsigned i = 0; i < GEN_LANES; i++)
            if (tgx_exec_input(m, 2, 3)[i].u)
                mask |= 1u << i;
    }
    tgx_exec_machine_destroy(m);
    tgx_exec_program_destroy(p);
    return mask;
}

static uint32_t fixed_lod(uint32_t bits, int32_t lo, int32_t hi)
{
    int32_t q = tgx_f2i_sat(tgx_bits2f(bits) * 256.0f);
    q = q < lo ? lo : q > hi ? hi : q;
    return tgx_f2bits((float)q / 256.0f);
}

/* lower(lift(w)) against w, when the lift of w moved nothing. */
static int check_words(const gen_case *c, const tgx_tgsi_shader *lsh, const tgx_lower_inst *li,
                       tgx_sm5_arch arch)
{
    unsigned real = 0;
    for (size_t i = 0; i < lsh->num_insts; i++)
        real += lsh->insts[i].opcode != TGX_TGSI_OP_END;
    if (real != 1 || !tgx_lower_is_texture(lsh, 0))
        return 0;
    tgx_lower_inst back;
    tgx_diag d;
    tgx_status st = tgx_lower_instruction(lsh, 0, arch, "lifted", &back, &d);
    uint64_t w0 = 0, w1 = 1;
    tgx_sm5_encode(&li->insn, arch, &w0, &d);
    if (st == TGX_OK)
        tgx_sm5_encode(&back.insn, arch, &w1, &d);
    TGX_CHECK(st == TGX_OK && w0 == w1, "seed %u: lower(lift(0x%016llx)) = 0x%016llx", c->seed,
              (unsigned long long)w0, (unsigned long long)w1);
    if (st == TGX_OK)
        tgx_lower_inst_free(&back);
    return 1;
}

int main(void)
{
    unsigned executed = 0, words = 0, warned = 0, refused = 0;
    static text composed;
    for (uint32_t seed = 1; seed <= CASES; seed++) {
        gen_case c;
        gen_case_make(&c, seed);
        tgx_tgsi_shader *sh = NULL, *lsh = NULL, *xsh = NULL;
        tgx_diag d;
        tgx_tex *tex = NULL;
        tgx_lower_runner *runner = NULL;
        char *lifted = NULL;
        tgx_diag_list diags;
        tgx_diag_list_init(&diags);
        tgx_sm5_arch arch = (tgx_sm5_arch)(seed % 3);
        if (tgx_tgsi_parse(c.text, strlen(c.text), "gen", &sh, &d) != TGX_OK ||
            !(tex = gen_texture(&c)) ||
            tgx_lower_runner_create(sh, "gen", arch, &runner, &diags) != TGX_OK)
            goto next;
        const tgx_lower_inst *li = &tgx_lower_runner_program(runner)->insts[0];
        tgx_diag_list_free(&diags);
        tgx_diag_list_init(&diags);
        tgx_lift_item item = {li->insn, 1, 0, NULL};
        tgx_lift_opts lo = {arch, c.fragment ? TGX_TGSI_PROC_FRAG : TGX_TGSI_PROC_VERT, false};
        tgx_status st = tgx_lift(&item, 1, &lo, "lowered", &lifted, NULL, &diags);
        if (c.indirect) { /* a bindless .B form: TGSI has no run-time handles */
            TGX_CHECK(st == TGX_ERR_INVALID && diags.count &&
                          strstr(diags.items[diags.count - 1].message, "bindless"),
                      "seed %u: the .B form must be refused", seed);
            refused++;
            goto next;
        }
        TGX_CHECK(st == TGX_OK, "seed %u: lift refused: %s", seed,
                  diags.count ? diags.items[0].message : "?");
        if (st != TGX_OK)
            goto next;
        warned += diags.count > 0;
        st = tgx_tgsi_parse(lifted, strlen(lifted), "lifted", &lsh, &d);
        TGX_CHECK(st == TGX_OK, "seed %u: lifted text: %s\n%s", seed, d.message, lifted);
        if (st != TGX_OK)
            goto next;
        tgx_diag_list found;
        tgx_diag_list_init(&found);
        TGX_CHECK(tgx_tgsi_validate(lsh, "lifted", &found) == TGX_OK,
                  "seed %u: tgx check refuses the lifted text: %s\n%s", seed,
                  found.count ? found.items[0].message : "?", lifted);
        tgx_diag_list_free(&found);
        if (diags.count == 0)
            words += check_words(&c, lsh, li, arch);
        compose(&c, &sh->insts[3 + (c.cond ? 1 : 0) + (c.indirect ? 1 : 0)], li, lifted,
                (unsigned)lsh->num_imms, &composed);
        st = tgx_tgsi_parse(composed.s, strlen(composed.s), "composed", &xsh, &d);
        TGX_CHECK(st == TGX_OK, "seed %u: composed text: %s\n%s", seed, d.message, composed.s);
        if (st != TGX_OK)
            goto next;
        for (int pr = 0; pr < 2; pr++) {
            tgx_tex_profile prof = pr ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
            uint32_t via[4][GEN_LANES], again[4][GEN_LANES], direct[4][GEN_LANES];
            if (gen_run(&c, sh, &c.view, prof, NULL, direct, &d) != TGX_OK)
                continue;
            tgx_status s1 = gen_run(&c, sh, &c.view, prof, runner, via, &d);
            tgx_status s2 = gen_run(&c, xsh, &c.view, prof, NULL, again, &d);
            TGX_CHECK(s1 == TGX_OK && s2 == TGX_OK, "seed %u: %s", seed, d.message);
            int bad = 0;
            uint32_t lanes = cond_lanes(&c, sh);
            for (unsigned ch = 0; s1 == TGX_OK && s2 == TGX_OK && ch < 4; ch++)
                for (unsigned i = 0; i < GEN_LANES; i++) {
                    if (!(lanes >> i & 1u))
                        continue;
                    /* against x itself, LOD queries through TMML's fixed point in exact */
                    uint32_t want = direct[ch][i];
                    if (c.op->lod_query && !pr && (c.dst_mask >> ch & 1u)) {
                        unsigned from = channel_of(&c, ch);
                        want = from == 0   ? fixed_lod(want, 0, 65535)
                               : from == 1 ? fixed_lod(want, -32768, 32767)
                                           : want;
                    }
                    if ((again[ch][i] != via[ch][i] || again[ch][i] != want) && bad++ < 2)
                        TGX_CHECK(0,
                                  "seed %u (%s, %s) lane %u .%c: x 0x%08x, lowered 0x%08x, "
                                  "lift(lower(x)) 0x%08x",
                                  seed, c.op->name, pr ? "nv" : "exact", i, gen_letter[ch],
                                  direct[ch][i], via[ch][i], again[ch][i]);
                }
            if (bad)
                fprintf(stderr, "%s\n%s\n", c.text, composed.s);
            executed++;
        }
    next:
        tgx_diag_list_free(&diags);
        free(lifted);
        tgx_lower_runner_destroy(runner);
        tgx_tex_destroy(tex);
        tgx_tgsi_free(sh);
        tgx_tgsi_free(lsh);
        tgx_tgsi_free(xsh);
    }
    printf("roundtrip: %u runs of lift(lower(x)), %u words through lower(lift(w)), %u lifts "
           "with warnings, %u bindless forms refused\n",
           executed, words, warned, refused);
    TGX_CHECK(refused > 100, "only %u bindless forms", refused);
    TGX_CHECK(executed > CASES, "only %u runs", executed);
    TGX_CHECK(words > CASES / 10, "only %u exact lifts", words);
    return tgx_test_finish();
}

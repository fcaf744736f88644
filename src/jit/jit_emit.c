/* jit_emit.c — the IR of one lane group: operands, lane-wise operations, calls into the
 * interpreter, the instruction count, and the frame of a segment function (the loop over the
 * run's lane groups). LLVM builds only.
 *
 * Every inline operation below is the interpreter's kernel (exec_alu.c) written as IR: the same
 * IEEE operations in the same order, the same selects for comparisons and the same integer
 * rules, so the compiled code computes the same bits. Where the interpreter calls the C library
 * (sinf, powf, fminf with a NaN, ...) or its result rules differ within a group of four lanes
 * (MIN/MAX and _SAT with a NaN), the compiled code calls the interpreter's own kernel on the
 * group's lanes.
 */
#if TGX_HAVE_LLVM
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/exec_alu.h"
#include "jit/jit_llvm.h"

/* ---- small things ---------------------------------------------------------------------------- */

typedef void (*jcfn)(void); /* any C function, by address */

LLVMTypeRef jfn_type(jb *b, LLVMTypeRef ret, LLVMTypeRef *args, unsigned n)
{
    (void)b;
    return LLVMFunctionType(ret, args, n, 0);
}

static jv jaddr(jb *b, uintptr_t a)
{
    return LLVMConstIntToPtr(LLVMConstInt(b->t_i64, (unsigned long long)a, 0), b->t_ptr);
}

static jv jptr(jb *b, const void *p)
{
    return jaddr(b, (uintptr_t)p);
}

jv jcall_c(jb *b, void *fn, LLVMTypeRef ret, LLVMTypeRef *types, jv *args, unsigned n)
{
    LLVMTypeRef ft = LLVMFunctionType(ret, types, n, 0);
    return LLVMBuildCall2(b->bd, ft, jptr(b, fn), args, n, "");
}

/* A C function pointer as the address jcall_c takes. */
static void *cfn(jcfn f)
{
    uintptr_t a;
    memcpy(&a, &f, sizeof(a));
    return (void *)a;
}

jv jint(jb *b, uint32_t v)
{
    return LLVMConstInt(b->t_i32, v, 0);
}

static jv ji64(jb *b, uint64_t v)
{
    return LLVMConstInt(b->t_i64, v, 0);
}

jv jsplat(jb *b, uint32_t v)
{
    jv e[JVL_MAX];
    for (unsigned i = 0; i < b->vl; i++)
        e[i] = jint(b, v);
    return LLVMConstVector(e, b->vl);
}

static jv jsplatf(jb *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return jfloat(b, jsplat(b, u));
}

jv jfloat(jb *b, jv v)
{
    return LLVMBuildBitCast(b->bd, v, b->t_vf, "");
}

jv jword(jb *b, jv v)
{
    return LLVMBuildBitCast(b->bd, v, b->t_vi, "");
}

jv jany(jb *b, jv mask)
{
    LLVMTypeRef iv = LLVMIntTypeInContext(b->cx, b->vl);
    jv bits = LLVMBuildBitCast(b->bd, mask, iv, "");
    return LLVMBuildICmp(b->bd, LLVMIntNE, bits, LLVMConstInt(iv, 0, 0), "");
}

jv jmask_to_words(jb *b, jv mask)
{
    return LLVMBuildSExt(b->bd, mask, b->t_vi, "");
}

static jv jwords_to_mask(jb *b, jv words)
{
    return LLVMBuildICmp(b->bd, LLVMIntNE, words, jsplat(b, 0), "");
}

jv jload_mask(jb *b, jv alloca)
{
    return LLVMBuildLoad2(b->bd, b->t_vm, alloca, "");
}

void jstore_mask(jb *b, jv alloca, jv mask)
{
    LLVMBuildStore(b->bd, mask, alloca);
}

void jupdate_exec(jb *b)
{
    LLVMBuilderRef bd = b->bd;
    jv e = LLVMBuildAnd(bd, jload_mask(b, b->cond), jload_mask(b, b->loop), "");
    e = LLVMBuildAnd(bd, e, jload_mask(b, b->cont), "");
    e = LLVMBuildAnd(bd, e, jload_mask(b, b->sw), "");
    e = LLVMBuildAnd(bd, e, jload_mask(b, b->func), "");
    jstore_mask(b, b->exec, e);
}

/* A field of the run (jit_run) read where builder bd stands. */
static jv jrun_field(jb *b, LLVMBuilderRef bd, size_t off, LLVMTypeRef t)
{
    jv o = ji64(b, off);
    jv p = LLVMBuildGEP2(bd, b->t_i8, b->run, &o, 1, "");
    return LLVMBuildLoad2(bd, t, p, "");
}

/* The lane array of the group in slot s of the machine's store: words base .. base + VL - 1,
 * at a constant offset from the group's first word of slot 0 (the variant's W is a constant). */
static jv jlane_ptr(jb *b, LLVMBuilderRef bd, uint32_t s)
{
    jv idx = ji64(b, (uint64_t)s * b->W);
    return LLVMBuildGEP2(bd, b->t_i32, b->group_store, &idx, 1, "");
}

static jv jload_lanes(jb *b, LLVMBuilderRef bd, jv ptr)
{
    jv v = LLVMBuildLoad2(bd, b->t_vi, ptr, "");
    LLVMSetAlignment(v, 4);
    return v;
}

static void jstore_lanes(jb *b, LLVMBuilderRef bd, jv v, jv ptr)
{
    jv st = LLVMBuildStore(bd, v, ptr);
    LLVMSetAlignment(st, 4);
    (void)b;
}

/* The group machine's lane array of slot s (its lanes 0 .. VL - 1, JGROUP_W words a slot). */
static jv jgroup_ptr(jb *b, uint32_t s)
{
    jv idx = ji64(b, (uint64_t)s * JGROUP_W);
    return LLVMBuildGEP2(b->bd, b->t_i32, b->gstore, &idx, 1, "");
}

/* ---- registers ------------------------------------------------------------------------------- */

static bool lane_file(unsigned f)
{
    return f == XF_TEMP || f == XF_IN || f == XF_OUT || f == XF_IMM || f == XF_ADDR || f == XF_SV;
}

/* The alloca of slot s: made on first use, and loaded from the machine's store at the start of
 * each group (the init block), so a register the program reads before writing has the value
 * the interpreter would read. */
static jv jslot_alloca(jb *b, uint32_t s)
{
    if (!b->slot[s]) {
        b->slot[s] = LLVMBuildAlloca(b->be, b->t_vi, "");
        jv v = jload_lanes(b, b->bi, jlane_ptr(b, b->bi, s));
        LLVMBuildStore(b->bi, v, b->slot[s]);
    }
    return b->slot[s];
}

jv jslot_get(jb *b, uint32_t s)
{
    return LLVMBuildLoad2(b->bd, b->t_vi, jslot_alloca(b, s), "");
}

void jslot_set(jb *b, uint32_t s, jv v)
{
    LLVMBuildStore(b->bd, v, jslot_alloca(b, s));
    b->written[s] = 1;
}

/* Copies slot s into the group machine, once per instruction (spilled[s] is reset by
 * jspill_begin). */
static void spill(jb *b, uint32_t s)
{
    if (b->spilled[s] == b->spill_epoch)
        return;
    b->spilled[s] = b->spill_epoch;
    jstore_lanes(b, b->bd, jslot_get(b, s), jgroup_ptr(b, s));
}

static void spill_begin(jb *b)
{
    if (++b->spill_epoch == 0) { /* wrapped: start the marks again */
        memset(b->spilled, 0, sizeof(uint32_t) * (b->p->nslots + 1));
        b->spill_epoch = 1;
    }
}

static void reload(jb *b, uint32_t s)
{
    jslot_set(b, s, jload_lanes(b, b->bd, jgroup_ptr(b, s)));
}

static void spill_file(jb *b, const xreg *r)
{
    for (uint32_t s = r->base; s < r->base + r->count * 4; s++)
        spill(b, s);
}

static void reload_file(jb *b, const xreg *r)
{
    for (uint32_t s = r->base; s < r->base + r->count * 4; s++)
        reload(b, s);
}

/* Copies into the group machine every slot that reading operand r may touch. */
static void spill_operand(jb *b, const xreg *r, unsigned nchan)
{
    if (r->indirect)
        spill(b, r->ind_slot);
    if (r->dim_indirect)
        spill(b, r->dim_ind_slot);
    if (!lane_file(r->file))
        return;
    if (r->indirect || r->dim_stride)
        spill_file(b, r);
    else
        for (unsigned c = 0; c < nchan; c++)
            spill(b, r->slot[c]);
}

/* A direct lane-file operand: its value is its slot's. */
static bool direct_lane(const xreg *r)
{
    return lane_file(r->file) && !r->indirect && !r->dim_indirect && !r->dim_stride;
}

/* ---- operands -------------------------------------------------------------------------------- */

/* CONST[buf][word / 4].(word % 4), read once per segment call as fetch_const reads a direct
 * constant (out of the buffer: 0). */
static uint32_t jrt_const(const jit_run *r, uint32_t buf, uint64_t word)
{
    const xmach *m = r->m;
    if (buf < XUNITS && m->cbuf[buf] && word < m->cbuf_words[buf])
        return m->cbuf[buf][word];
    return 0;
}

static jv jconst_value(jb *b, const xreg *r, unsigned chan)
{
    uint32_t buf = (uint32_t)r->dim;
    uint64_t word = (uint64_t)(int64_t)r->index * 4 + r->swz[chan];
    for (unsigned k = 0; k < b->nconsts; k++)
        if (b->consts[k].buf == buf && b->consts[k].word == word)
            return b->consts[k].value;
    if (b->nconsts == b->capconsts) {
        unsigned cap = b->capconsts ? b->capconsts * 2 : 16;
        jconst *c = realloc(b->consts, sizeof(jconst) * cap);
        if (!c) {
            b->oom = true;
            return jsplat(b, 0);
        }
        b->consts = c;
        b->capconsts = cap;
    }
    LLVMTypeRef t[3] = {b->t_ptr, b->t_i32, b->t_i64};
    jv a[3] = {b->run, jint(b, buf), ji64(b, word)};
    LLVMBuilderRef keep = b->bd;
    b->bd = b->be; /* once per call of the segment */
    jv w = jcall_c(b, cfn((jcfn)jrt_const), b->t_i32, t, a, 3);
    jv v = LLVMBuildInsertElement(b->bd, LLVMGetUndef(b->t_vi), w, jint(b, 0), "");
    jv zero[JVL_MAX];
    for (unsigned i = 0; i < b->vl; i++)
        zero[i] = jint(b, 0);
    v = LLVMBuildShuffleVector(b->bd, v, LLVMGetUndef(b->t_vi), LLVMConstVector(zero, b->vl), "");
    b->bd = keep;
    b->consts[b->nconsts++] = (jconst){buf, word, v};
    return v;
}

/* The sign bit and the rest of a float, as values the optimisers cannot see: with constant masks
 * LLVM's code generator takes xor / and / or with them for fneg / fabs and rewrites the float
 * operations around them ((-a) - (-b) becomes b - a), which keeps numbers but not which NaN
 * comes out. Loaded once per segment call from this table, whose contents LLVM does not know. */
#define S8(v) v, v, v, v, v, v, v, v
static const uint32_t sign_masks[2][JVL_MAX] = {
    {S8(0x80000000u), S8(0x80000000u)},
    {S8(0x7fffffffu), S8(0x7fffffffu)},
};
#undef S8

static jv jsign_mask(jb *b, bool magnitude)
{
    jv *m = magnitude ? &b->abs_mask : &b->sign_mask;
    if (!*m) {
        *m = LLVMBuildLoad2(b->be, b->t_vi, jptr(b, sign_masks[magnitude]), "");
        LLVMSetAlignment(*m, 4);
    }
    return *m;
}

/* The source modifiers of exec_machine.c apply_mod, as integer operations on the bits. */
static jv jmod(jb *b, jv v, unsigned mod)
{
    LLVMBuilderRef bd = b->bd;
    jv neg = LLVMBuildSub(bd, jsplat(b, 0), v, "");
    jv sign = LLVMBuildICmp(bd, LLVMIntSLT, v, jsplat(b, 0), "");
    switch (mod) {
    case XM_FABS: return LLVMBuildAnd(bd, v, jsign_mask(b, true), "");
    case XM_FNEG: return LLVMBuildXor(bd, v, jsign_mask(b, false), "");
    case XM_FABSNEG: return LLVMBuildOr(bd, v, jsign_mask(b, false), "");
    case XM_INEG: return neg;
    case XM_IABS: return LLVMBuildSelect(bd, sign, neg, v, "");
    case XM_IABSNEG: return LLVMBuildSelect(bd, sign, v, neg, "");
    default: return v;
    }
}

/* Denormals as zeros of their sign (x_flush_denorms). */
static jv jflush_denorms(jb *b, jv v)
{
    LLVMBuilderRef bd = b->bd;
    jv e = LLVMBuildAnd(bd, v, jsplat(b, 0x7f800000u), "");
    jv z = LLVMBuildICmp(bd, LLVMIntEQ, e, jsplat(b, 0), "");
    return LLVMBuildSelect(bd, z, LLVMBuildAnd(bd, v, jsign_mask(b, false), ""), v, "");
}

/* Operand s of in through the group machine (x_fetch_typed): indirect lane files, indirect
 * constants, whatever is not a direct register or constant. */
static jv jfetch_group(jb *b, const xinst *in, unsigned s, unsigned chan)
{
    spill_begin(b);
    spill_operand(b, &in->src[s], 4);
    LLVMTypeRef t[5] = {b->t_ptr, b->t_ptr, b->t_i32, b->t_i32, b->t_ptr};
    jv a[5] = {b->run, jptr(b, in), jint(b, s), jint(b, chan), b->buf[XSRC_MAX]};
    jcall_c(b, cfn((jcfn)jrt_fetch), b->t_i32, t, a, 5);
    return LLVMBuildLoad2(b->bd, b->t_vi, b->buf[XSRC_MAX], "");
}

jv jsrc_typed(jb *b, const xinst *in, const xreg *r, unsigned chan)
{
    if (direct_lane(r))
        return jmod(b, jslot_get(b, r->slot[chan]), r->mod);
    if (r->file == XF_CONST && !r->indirect && !r->dim_indirect)
        return jmod(b, jconst_value(b, r, chan), r->mod);
    return jfetch_group(b, in, (unsigned)(r - in->src), chan);
}

jv jsrc(jb *b, const xinst *in, unsigned s, unsigned chan)
{
    jv v = jsrc_typed(b, in, &in->src[s], chan);
    if (b->flush && (in->flush32 & (1u << s))) /* x_fetch: float operands of a flushing op */
        v = jflush_denorms(b, v);
    return v;
}

/* exec as 32-bit lanes, into the group machine; live too where the handler reads it
 * (READ_HELPER: no other handler run on a group looks at live or killed). */
static void jspill_masks(jb *b, const xinst *in)
{
    LLVMBuilderRef bd = b->bd;
    LLVMTypeRef pv = b->t_ptr;
    jv e = jmask_to_words(b, jload_mask(b, b->exec));
    jstore_lanes(b, bd, e, jrun_field(b, bd, offsetof(jit_run, gexec), pv));
    if (in->fn != x_op_read_helper)
        return;
    jv live = jmask_to_words(b, jload_mask(b, b->live));
    jstore_lanes(b, bd, live, jrun_field(b, bd, offsetof(jit_run, glive), pv));
}

void jdst(jb *b, const xinst *in, unsigned d, unsigned chan, jv val)
{
    const xreg *r = &in->dst[d];
    if (!lane_file(r->file))
        return; /* x_store_raw writes lane files only */
    if (!r->indirect) {
        jv old = jslot_get(b, r->slot[chan]);
        jslot_set(b, r->slot[chan], LLVMBuildSelect(b->bd, jload_mask(b, b->exec), val, old, ""));
        return;
    }
    spill_begin(b);
    spill(b, r->ind_slot);
    spill_file(b, r);
    jspill_masks(b, in);
    LLVMBuildStore(b->bd, val, b->buf[XSRC_MAX]);
    LLVMTypeRef t[5] = {b->t_ptr, b->t_ptr, b->t_i32, b->t_i32, b->t_ptr};
    jv a[5] = {b->run, jptr(b, in), jint(b, d), jint(b, chan), b->buf[XSRC_MAX]};
    jcall_c(b, cfn((jcfn)jrt_store), b->t_i32, t, a, 5);
    reload_file(b, r);
}

/* ---- calls into the interpreter's kernels -----------------------------------------------------
 */

/* k (an xkernel) on the group's lanes of s[0 .. n). */
static jv jkernel(jb *b, xkernel k, jv *s, unsigned n)
{
    LLVMBuilderRef bd = b->bd;
    LLVMTypeRef pa = LLVMArrayType(b->t_ptr, XSRC_MAX);
    for (unsigned j = 0; j < n; j++) {
        LLVMBuildStore(bd, s[j], b->buf[j]);
        jv idx[2] = {jint(b, 0), jint(b, j)};
        LLVMBuildStore(bd, b->buf[j], LLVMBuildGEP2(bd, pa, b->ptrs, idx, 2, ""));
    }
    LLVMTypeRef t[3] = {b->t_ptr, b->t_ptr, b->t_i32};
    jv a[3] = {b->buf[XSRC_MAX], b->ptrs, jint(b, b->vl)};
    jcall_c(b, cfn((jcfn)k), b->t_void, t, a, 3);
    return LLVMBuildLoad2(bd, b->t_vi, b->buf[XSRC_MAX], "");
}

/* fast where no lane of a or c is NaN, else slow() on the group: MIN, MAX and _SAT take the C
 * library's rules for every lane of a group of four with a NaN (exec_alu.c KMINMAX,
 * x_saturate). */
typedef jv (*jslow)(jb *b, const xinst *in, jv *s);

static jv jnan_split(jb *b, const xinst *in, jv *s, unsigned n, jv fast, jslow slow)
{
    LLVMBuilderRef bd = b->bd;
    jv nan = NULL;
    for (unsigned j = 0; j < n; j++) {
        jv f = jfloat(b, s[j]);
        jv u = LLVMBuildFCmp(bd, LLVMRealUNO, f, f, "");
        nan = nan ? LLVMBuildOr(bd, nan, u, "") : u;
    }
    jbb from = LLVMGetInsertBlock(bd), sb = jblock(b, "nan"), join = jblock(b, "");
    LLVMBuildCondBr(bd, jany(b, nan), sb, join);
    jat(b, sb);
    jv sv = slow(b, in, s);
    jbb sb_end = LLVMGetInsertBlock(bd);
    LLVMBuildBr(bd, join);
    jat(b, join);
    jv phi = LLVMBuildPhi(bd, b->t_vi, "");
    jv vals[2] = {fast, sv};
    jbb from_bbs[2] = {from, sb_end};
    LLVMAddIncoming(phi, vals, from_bbs, 2);
    return phi;
}

static jv slow_saturate(jb *b, const xinst *in, jv *s)
{
    (void)in;
    LLVMBuildStore(b->bd, s[0], b->buf[XSRC_MAX]);
    LLVMTypeRef t[2] = {b->t_ptr, b->t_i32};
    jv a[2] = {b->buf[XSRC_MAX], jint(b, b->vl)};
    jcall_c(b, cfn((jcfn)x_saturate), b->t_void, t, a, 2);
    return LLVMBuildLoad2(b->bd, b->t_vi, b->buf[XSRC_MAX], "");
}

/* _SAT: fminf(fmaxf(x, 0), 1) as x_saturate computes it. */
static jv jsaturate(jb *b, const xinst *in, jv v)
{
    LLVMBuilderRef bd = b->bd;
    jv f = jfloat(b, v), zero = jsplatf(b, 0.0f), one = jsplatf(b, 1.0f);
    jv lo = LLVMBuildSelect(bd, LLVMBuildFCmp(bd, LLVMRealOGT, f, zero, ""), f, zero, "");
    jv t = LLVMBuildSelect(bd, LLVMBuildFCmp(bd, LLVMRealOLT, lo, one, ""), lo, one, "");
    return jnan_split(b, in, &v, 1, jword(b, t), slow_saturate);
}

jv jfinish(jb *b, const xinst *in, jv v)
{
    if (in->flush_dst == XFD_FLOAT && b->flush)
        v = jflush_denorms(b, v);
    if (in->sat)
        v = jsaturate(b, in, v);
    return v;
}

/* ---- inline lane operations (exec_alu.c's kernels) --------------------------------------------
 */

typedef jv (*jlane)(jb *b, const xinst *in, jv *s);

static jv fop(jb *b, LLVMOpcode op, jv x, jv y)
{
    return jword(b, LLVMBuildBinOp(b->bd, op, jfloat(b, x), jfloat(b, y), ""));
}

/* An addition or multiplication where two NaNs give the first operand's, quieted: the
 * interpreter's rule (exec_alu.c first_nan). LLVM commutes fadd and fmul as it likes, so the
 * instruction is written out with x as its first source operand, which is x86's rule itself
 * ([Intel SDM] 4.8.3.5: two NaNs give the first source's, quieted): vaddps/vmulps with AVX,
 * addps/mulps (destination = first operand) without. */
static jv fop1(jb *b, LLVMOpcode op, jv x, jv y)
{
    static const char *const forms[2][2] = {{"addps $2, $0", "mulps $2, $0"},
                                            {"vaddps $2, $1, $0", "vmulps $2, $1, $0"}};
    const char *text = forms[b->avx][op == LLVMFMul];
    const char *cons = b->avx ? "=x,x,x" : "=x,0,x";
    /* one instruction for as many lanes as a register holds (16 with AVX-512, 8 with AVX) */
    unsigned nw = b->reg_lanes < b->vl ? b->reg_lanes : b->vl;
    LLVMTypeRef half = LLVMVectorType(b->t_f32, nw), args[2] = {half, half};
    LLVMTypeRef ft = LLVMFunctionType(half, args, 2, 0);
    jv fn = LLVMGetInlineAsm(ft, (char *)text, strlen(text), (char *)cons, strlen(cons), 0, 0,
                             LLVMInlineAsmDialectATT, 0);
    jv fx = jfloat(b, x), fy = jfloat(b, y), part[JVL_MAX];
    if (nw == b->vl) {
        jv a[2] = {fx, fy};
        return jword(b, LLVMBuildCall2(b->bd, ft, fn, a, 2, ""));
    }
    unsigned parts = b->vl / nw; /* 2 with AVX2 (16 lanes), 2 with SSE2 (8) */
    jv idx[JVL_MAX];
    for (unsigned h = 0; h < parts; h++) {
        for (unsigned i = 0; i < nw; i++)
            idx[i] = jint(b, h * nw + i);
        jv sel = LLVMConstVector(idx, nw);
        jv a[2] = {LLVMBuildShuffleVector(b->bd, fx, fx, sel, ""),
                   LLVMBuildShuffleVector(b->bd, fy, fy, sel, "")};
        part[h] = LLVMBuildCall2(b->bd, ft, fn, a, 2, "");
    }
    /* back together, pairs of pieces at a time */
    for (unsigned w = nw; parts > 1; w *= 2, parts /= 2)
        for (unsigned h = 0; h < parts / 2; h++) {
            for (unsigned i = 0; i < 2 * w; i++)
                idx[i] = jint(b, i);
            part[h] = LLVMBuildShuffleVector(b->bd, part[2 * h], part[2 * h + 1],
                                             LLVMConstVector(idx, 2 * w), "");
        }
    return jword(b, part[0]);
}

static jv intrinsic1(jb *b, const char *name, jv x)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMTypeRef ty = b->t_vf;
    jv fn = LLVMGetIntrinsicDeclaration(b->mod, id, &ty, 1);
    LLVMTypeRef ft = LLVMFunctionType(b->t_vf, &ty, 1, 0);
    jv arg = jfloat(b, x);
    return jword(b, LLVMBuildCall2(b->bd, ft, fn, &arg, 1, ""));
}

/* fptosi.sat / fptoui.sat: truncation, saturation, NaN -> 0 (tgx_f2i_sat, tgx_f2u_sat). */
static jv to_int_sat(jb *b, jv x, bool is_signed)
{
    const char *name = is_signed ? "llvm.fptosi.sat" : "llvm.fptoui.sat";
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMTypeRef tys[2] = {b->t_vi, b->t_vf};
    jv fn = LLVMGetIntrinsicDeclaration(b->mod, id, tys, 2);
    LLVMTypeRef ft = LLVMFunctionType(b->t_vi, &tys[1], 1, 0);
    jv arg = jfloat(b, x);
    return LLVMBuildCall2(b->bd, ft, fn, &arg, 1, "");
}

static jv fsel(jb *b, LLVMRealPredicate p, jv x, jv y, jv t, jv f)
{
    jv c = LLVMBuildFCmp(b->bd, p, jfloat(b, x), jfloat(b, y), "");
    return LLVMBuildSelect(b->bd, c, t, f, "");
}

static jv isel(jb *b, LLVMIntPredicate p, jv x, jv y, jv t, jv f)
{
    return LLVMBuildSelect(b->bd, LLVMBuildICmp(b->bd, p, x, y, ""), t, f, "");
}

#define ONE 0x3f800000u
#define FUN(NAME, BODY)                                                                            \
    static jv e_##NAME(jb *b, const xinst *in, jv *s)                                              \
    {                                                                                              \
        (void)in;                                                                                  \
        LLVMBuilderRef bd = b->bd;                                                                 \
        (void)bd;                                                                                  \
        return (BODY);                                                                             \
    }

/* clang-format off */
FUN(MOV, s[0])
FUN(ABS, LLVMBuildAnd(bd, s[0], jsign_mask(b, true), ""))
FUN(ADD, fop1(b, LLVMFAdd, s[0], s[1]))
FUN(SUB, fop(b, LLVMFSub, s[0], s[1]))
FUN(MUL, fop1(b, LLVMFMul, s[0], s[1]))
FUN(DIV, fop(b, LLVMFDiv, s[0], s[1]))
FUN(MAD, fop1(b, LLVMFAdd, fop1(b, LLVMFMul, s[0], s[1]), s[2]))
FUN(LRP, fop1(b, LLVMFAdd, fop1(b, LLVMFMul, s[0], fop(b, LLVMFSub, s[1], s[2])), s[2]))
FUN(SLT, fsel(b, LLVMRealOLT, s[0], s[1], jsplat(b, ONE), jsplat(b, 0)))
FUN(SGE, fsel(b, LLVMRealOGE, s[0], s[1], jsplat(b, ONE), jsplat(b, 0)))
FUN(SEQ, fsel(b, LLVMRealOEQ, s[0], s[1], jsplat(b, ONE), jsplat(b, 0)))
FUN(SGT, fsel(b, LLVMRealOGT, s[0], s[1], jsplat(b, ONE), jsplat(b, 0)))
FUN(SLE, fsel(b, LLVMRealOLE, s[0], s[1], jsplat(b, ONE), jsplat(b, 0)))
FUN(SNE, fsel(b, LLVMRealUNE, s[0], s[1], jsplat(b, ONE), jsplat(b, 0)))
FUN(FSLT, fsel(b, LLVMRealOLT, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(FSGE, fsel(b, LLVMRealOGE, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(FSEQ, fsel(b, LLVMRealOEQ, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(FSNE, fsel(b, LLVMRealUNE, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(CND, fsel(b, LLVMRealOGT, s[2], jword(b, jsplatf(b, 0.5f)), s[0], s[1]))
FUN(CMP, fsel(b, LLVMRealOLT, s[0], jsplat(b, 0), s[1], s[2]))
FUN(CLAMP, fsel(b, LLVMRealOLT, s[0], s[1], s[1], fsel(b, LLVMRealOGT, s[0], s[2], s[2], s[0])))
FUN(FLR, intrinsic1(b, "llvm.floor", s[0]))
FUN(CEIL, intrinsic1(b, "llvm.ceil", s[0]))
FUN(TRUNC, intrinsic1(b, "llvm.trunc", s[0]))
FUN(ROUND, intrinsic1(b, "llvm.rint", s[0]))
FUN(FRC, fop(b, LLVMFSub, s[0], intrinsic1(b, "llvm.floor", s[0])))
FUN(SSG, fsel(b, LLVMRealOGT, s[0], jsplat(b, 0), jsplat(b, ONE),
              fsel(b, LLVMRealOLT, s[0], jsplat(b, 0), jsplat(b, 0xbf800000u), jsplat(b, 0))))
FUN(RCP, fop(b, LLVMFDiv, jsplat(b, ONE), s[0]))
FUN(RSQ, fop(b, LLVMFDiv, jsplat(b, ONE), intrinsic1(b, "llvm.sqrt", s[0])))
FUN(SQRT, intrinsic1(b, "llvm.sqrt", s[0]))
FUN(I2F, jword(b, LLVMBuildSIToFP(bd, s[0], b->t_vf, "")))
FUN(U2F, jword(b, LLVMBuildUIToFP(bd, s[0], b->t_vf, "")))
FUN(F2I, to_int_sat(b, s[0], true))
FUN(F2U, to_int_sat(b, s[0], false))
FUN(ARL, to_int_sat(b, intrinsic1(b, "llvm.floor", s[0]), true))
FUN(ARR, to_int_sat(b, intrinsic1(b, "llvm.floor", fop(b, LLVMFAdd, s[0], jword(b, jsplatf(b, 0.5f)))), true))
FUN(UARL, s[0])
FUN(NOT, LLVMBuildXor(bd, s[0], jsplat(b, ~0u), ""))
FUN(AND, LLVMBuildAnd(bd, s[0], s[1], ""))
FUN(OR, LLVMBuildOr(bd, s[0], s[1], ""))
FUN(XOR, LLVMBuildXor(bd, s[0], s[1], ""))
FUN(SHL, LLVMBuildShl(bd, s[0], LLVMBuildAnd(bd, s[1], jsplat(b, 31), ""), ""))
FUN(USHR, LLVMBuildLShr(bd, s[0], LLVMBuildAnd(bd, s[1], jsplat(b, 31), ""), ""))
FUN(ISHR, LLVMBuildAShr(bd, s[0], LLVMBuildAnd(bd, s[1], jsplat(b, 31), ""), ""))
FUN(SHR, LLVMBuildAShr(bd, s[0], LLVMBuildAnd(bd, s[1], jsplat(b, 31), ""), ""))
FUN(UADD, LLVMBuildAdd(bd, s[0], s[1], ""))
FUN(UMUL, LLVMBuildMul(bd, s[0], s[1], ""))
FUN(UMAD, LLVMBuildAdd(bd, LLVMBuildMul(bd, s[0], s[1], ""), s[2], ""))
FUN(IMAX, isel(b, LLVMIntSGT, s[0], s[1], s[0], s[1]))
FUN(IMIN, isel(b, LLVMIntSLT, s[0], s[1], s[0], s[1]))
FUN(UMAX, isel(b, LLVMIntUGT, s[0], s[1], s[0], s[1]))
FUN(UMIN, isel(b, LLVMIntULT, s[0], s[1], s[0], s[1]))
FUN(INEG, LLVMBuildSub(bd, jsplat(b, 0), s[0], ""))
FUN(IABS, isel(b, LLVMIntSLT, s[0], jsplat(b, 0), LLVMBuildSub(bd, jsplat(b, 0), s[0], ""), s[0]))
FUN(ISSG, isel(b, LLVMIntSLT, s[0], jsplat(b, 0), jsplat(b, ~0u),
               isel(b, LLVMIntSGT, s[0], jsplat(b, 0), jsplat(b, 1), jsplat(b, 0))))
FUN(ISGE, isel(b, LLVMIntSGE, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(ISLT, isel(b, LLVMIntSLT, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(USEQ, isel(b, LLVMIntEQ, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(USNE, isel(b, LLVMIntNE, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(USGE, isel(b, LLVMIntUGE, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(USLT, isel(b, LLVMIntULT, s[0], s[1], jsplat(b, ~0u), jsplat(b, 0)))
FUN(UCMP, isel(b, LLVMIntNE, s[0], jsplat(b, 0), s[1], s[2]))
FUN(SAD, LLVMBuildAdd(bd, isel(b, LLVMIntUGT, s[0], s[1], LLVMBuildSub(bd, s[0], s[1], ""),
                               LLVMBuildSub(bd, s[1], s[0], "")), s[2], ""))
/* clang-format on */

/* The high word of a 64-bit product (UMUL_HI, IMUL_HI). */
static jv mul_hi(jb *b, jv x, jv y, bool is_signed)
{
    LLVMBuilderRef bd = b->bd;
    LLVMTypeRef v64 = LLVMVectorType(b->t_i64, b->vl);
    jv a = is_signed ? LLVMBuildSExt(bd, x, v64, "") : LLVMBuildZExt(bd, x, v64, "");
    jv c = is_signed ? LLVMBuildSExt(bd, y, v64, "") : LLVMBuildZExt(bd, y, v64, "");
    jv sh[JVL_MAX];
    for (unsigned i = 0; i < b->vl; i++)
        sh[i] = ji64(b, 32);
    jv p = LLVMBuildLShr(bd, LLVMBuildMul(bd, a, c, ""), LLVMConstVector(sh, b->vl), "");
    return LLVMBuildTrunc(bd, p, b->t_vi, "");
}

FUN(UMUL_HI, mul_hi(b, s[0], s[1], false))
FUN(IMUL_HI, mul_hi(b, s[0], s[1], true))

/* Lanes of the quads: lane 4q + pick[k] for k = 0..3 of every quad. */
static jv quad_pick(jb *b, jv x, const unsigned pick[4])
{
    jv idx[JVL_MAX];
    for (unsigned i = 0; i < b->vl; i++)
        idx[i] = jint(b, (i & ~3u) + pick[i & 3u]);
    return LLVMBuildShuffleVector(b->bd, x, LLVMGetUndef(b->t_vi), LLVMConstVector(idx, b->vl), "");
}

/* tgsi_exec micro_ddx / micro_ddy over the quads (exec_alu.c k_DDX ...): minuend lanes minus
 * subtrahend lanes of each quad. */
static jv quad_diff(jb *b, jv x, const unsigned hi[4], const unsigned lo[4])
{
    return fop(b, LLVMFSub, quad_pick(b, x, hi), quad_pick(b, x, lo));
}

static const unsigned q_ddx_hi[4] = {3, 3, 3, 3}, q_ddx_lo[4] = {2, 2, 2, 2};
static const unsigned q_ddy_hi[4] = {2, 2, 2, 2}, q_ddy_lo[4] = {0, 0, 0, 0};
static const unsigned q_fdx_hi[4] = {1, 1, 3, 3}, q_fdx_lo[4] = {0, 0, 2, 2};
static const unsigned q_fdy_hi[4] = {2, 3, 2, 3}, q_fdy_lo[4] = {0, 1, 0, 1};
FUN(DDX, quad_diff(b, s[0], q_ddx_hi, q_ddx_lo))
FUN(DDY, quad_diff(b, s[0], q_ddy_hi, q_ddy_lo))
FUN(DDX_FINE, quad_diff(b, s[0], q_fdx_hi, q_fdx_lo))
FUN(DDY_FINE, quad_diff(b, s[0], q_fdy_hi, q_fdy_lo))

static jv slow_kernel(jb *b, const xinst *in, jv *s)
{
    return jkernel(b, in->k, s, in->nsrc);
}

/* MIN/MAX: src1 CMP src0 ? src1 : src0 (minss/maxss), the library with a NaN in the group. */
FUN(MIN, jnan_split(b, in, s, 2, fsel(b, LLVMRealOLT, s[1], s[0], s[1], s[0]), slow_kernel))
FUN(MAX, jnan_split(b, in, s, 2, fsel(b, LLVMRealOGT, s[1], s[0], s[1], s[0]), slow_kernel))

/* Inline lane operations by opcode; an opcode without one calls its kernel. */
/* clang-format off */
#define JLANE_OPS(X)                                                                               \
    X(MOV) X(ABS) X(ADD) X(SUB) X(MUL) X(DIV) X(MAD) X(LRP) X(SLT) X(SGE) X(SEQ) X(SGT) X(SLE)     \
    X(SNE) X(FSLT) X(FSGE) X(FSEQ) X(FSNE) X(CND) X(CMP) X(CLAMP) X(FLR) X(CEIL) X(TRUNC)          \
    X(ROUND) X(FRC) X(SSG) X(RCP) X(RSQ) X(SQRT) X(I2F) X(U2F) X(F2I) X(F2U) X(ARL) X(ARR)        \
    X(UARL) X(NOT) X(AND) X(OR) X(XOR) X(SHL) X(USHR) X(ISHR) X(SHR) X(UADD) X(UMUL) X(UMAD)       \
    X(IMAX) X(IMIN) X(UMAX) X(UMIN) X(INEG) X(IABS) X(ISSG) X(ISGE) X(ISLT) X(USEQ) X(USNE)        \
    X(USGE) X(USLT) X(UCMP) X(SAD) X(UMUL_HI) X(IMUL_HI) X(DDX) X(DDY) X(DDX_FINE) X(DDY_FINE)    \
    X(MIN) X(MAX)
/* clang-format on */
#define JLANE_ROW(NAME) [TGX_TGSI_OP_##NAME] = e_##NAME,
static const jlane lane_ops[TGX_TGSI_OP_COUNT] = {JLANE_OPS(JLANE_ROW)};
#undef JLANE_ROW

/* The operation of a lane-wise instruction on its sources: inline, or its kernel (the
 * TGX_EXEC_F2I_X86 rule's kernel under that rule). */
static jv lane_op(jb *b, const xinst *in, jv *s)
{
    if (b->x86 && in->kx86)
        return jkernel(b, in->kx86, s, in->nsrc);
    if (lane_ops[in->op])
        return lane_ops[in->op](b, in, s);
    return jkernel(b, in->k, s, in->nsrc);
}

static bool inline_op(const jb *b, const xinst *in)
{
    return !(b->x86 && in->kx86) && lane_ops[in->op];
}

/* exec_alu.c vector_with: channel c of the result from channel c of the sources, every source
 * read before anything is stored. */
static void emit_vector(jb *b, const xinst *in)
{
    jv r[4] = {NULL, NULL, NULL, NULL};
    for (unsigned c = 0; c < 4; c++) {
        if (!(in->wmask & (1u << c)))
            continue;
        jv s[XSRC_MAX];
        for (unsigned j = 0; j < in->nsrc; j++)
            s[j] = jsrc(b, in, j, c);
        r[c] = jfinish(b, in, lane_op(b, in, s));
    }
    for (unsigned c = 0; c < 4; c++)
        if (r[c])
            jdst(b, in, 0, c, r[c]);
}

/* One result stored to every written channel (exec_alu.c store_replicated). */
static void store_replicated(jb *b, const xinst *in, jv v)
{
    v = jfinish(b, in, v);
    for (unsigned c = 0; c < 4; c++)
        if (in->wmask & (1u << c))
            jdst(b, in, 0, c, v);
}

static void emit_scalar(jb *b, const xinst *in)
{
    jv s[XSRC_MAX];
    for (unsigned j = 0; j < in->nsrc; j++)
        s[j] = jsrc(b, in, j, 0);
    store_replicated(b, in, lane_op(b, in, s));
}

/* exec_alu.c dot: x*x, then y*y + sum, ...; DPH adds src1.w, DP2A src2.x. */
static void emit_dot(jb *b, const xinst *in, unsigned nc, bool dph, bool dp2a)
{
    jv r = NULL;
    for (unsigned c = 0; c < nc; c++) {
        jv p = fop1(b, LLVMFMul, jsrc(b, in, 0, c), jsrc(b, in, 1, c));
        r = r ? fop1(b, LLVMFAdd, p, r) : p;
    }
    if (dph)
        r = fop1(b, LLVMFAdd, r, jsrc(b, in, 1, 3));
    if (dp2a)
        r = fop1(b, LLVMFAdd, r, jsrc(b, in, 2, 0));
    store_replicated(b, in, r);
}

bool jemit_lane(jb *b, const xinst *in)
{
    if (in->fn == x_op_vector || in->fn == x_op_conv) {
        emit_vector(b, in);
    } else if (in->fn == x_op_scalar) {
        emit_scalar(b, in);
    } else if (in->fn == x_op_dp2 || in->fn == x_op_dp3 || in->fn == x_op_dp4 ||
               in->fn == x_op_dph || in->fn == x_op_dp2a) {
        unsigned nc = in->fn == x_op_dp2 || in->fn == x_op_dp2a ? 2 : in->fn == x_op_dp4 ? 4 : 3;
        emit_dot(b, in, nc, in->fn == x_op_dph, in->fn == x_op_dp2a);
        b->stats->inline_insts++;
        return true;
    } else {
        return false;
    }
    if (inline_op(b, in))
        b->stats->inline_insts++;
    else
        b->stats->kernel_insts++;
    return true;
}

/* ---- handlers on the group machine ------------------------------------------------------------
 */

static void spill_dst(jb *b, const xreg *r, unsigned wmask)
{
    if (!lane_file(r->file))
        return;
    if (r->indirect) {
        spill(b, r->ind_slot);
        spill_file(b, r);
        return;
    }
    for (unsigned c = 0; c < 4; c++)
        if (wmask & (1u << c))
            spill(b, r->slot[c]);
}

static void reload_dst(jb *b, const xreg *r, unsigned wmask)
{
    if (!lane_file(r->file))
        return;
    if (r->indirect) {
        reload_file(b, r);
        return;
    }
    for (unsigned c = 0; c < 4; c++)
        if (wmask & (1u << c))
            reload(b, r->slot[c]);
}

/* The interpreter's handler of in over the group: the registers it reads (and the ones it
 * writes, which it blends with exec) go into the group machine, the written ones come back.
 * may_fail: the handler may stop the run (texture, memory), so its status is looked at. */
bool jemit_group(jb *b, const xinst *in, bool may_fail)
{
    spill_begin(b);
    for (unsigned j = 0; j < in->nsrc; j++)
        spill_operand(b, &in->src[j], 4);
    for (unsigned k = 0; k < in->ntexoff; k++)
        spill_operand(b, &in->texoff[k], 3);
    unsigned wm[2] = {in->wmask, in->wmask1};
    for (unsigned d = 0; d < in->ndst; d++)
        spill_dst(b, &in->dst[d], wm[d]);
    jspill_masks(b, in);
    LLVMTypeRef t[2] = {b->t_ptr, b->t_ptr};
    jv a[2] = {b->run, jptr(b, in)};
    if (may_fail) /* the count so far, as x_run's when the handler stops the run */
        LLVMBuildStore(b->bd, jcount_now(b), b->count_slot);
    jv failed = jcall_c(b, cfn((jcfn)jrt_group), b->t_i32, t, a, 2);
    if (may_fail) {
        jbb ok = jblock(b, "");
        LLVMBuildCondBr(b->bd, LLVMBuildICmp(b->bd, LLVMIntNE, failed, jint(b, 0), ""), b->fail,
                        ok);
        jat(b, ok);
    }
    for (unsigned d = 0; d < in->ndst; d++)
        reload_dst(b, &in->dst[d], wm[d]);
    b->stats->handler_insts++;
    return true;
}

/* ---- blocks and the instruction count ------------------------------------------------------- */

jbb jblock(jb *b, const char *name)
{
    return LLVMAppendBasicBlockInContext(b->cx, b->fn, name);
}

void jat(jb *b, jbb bb)
{
    LLVMPositionBuilderAtEnd(b->bd, bb);
}

void jcount(jb *b, const xinst *in)
{
    if (b->pending && b->pending_first + b->pending != in)
        jflush(b);
    if (!b->pending)
        b->pending_first = in;
    b->pending++;
}

/* The group's count is kept as what is left of the budget, left = budget - 1 - count, so that
 * adding k instructions is one subtraction whose borrow says the budget is reached (count + k >=
 * budget): a sub and a branch on the carry. */
jv jcount_now(jb *b)
{
    return LLVMBuildSub(b->bd, b->limit1, LLVMBuildLoad2(b->bd, b->t_i64, b->left, ""), "");
}

/* Adds the pending instructions to the group's count; the run stops at the one that reaches the
 * budget, as x_run stops after it (none of them ends the program: see jit_flow.c). */
void jflush(jb *b)
{
    if (!b->pending)
        return;
    LLVMBuilderRef bd = b->bd;
    jv left = LLVMBuildLoad2(bd, b->t_i64, b->left, "");
    jv k = ji64(b, b->pending);
    LLVMBuildStore(bd, LLVMBuildSub(bd, left, k, ""), b->left);
    if (b->unchecked) { /* the budget cannot be reached here (jit_flow.c loop_twice) */
        b->pending = 0;
        return;
    }
    jbb over = jblock(b, "budget"), ok = jblock(b, "");
    LLVMBuildCondBr(bd, LLVMBuildICmp(bd, LLVMIntULT, left, k, ""), over, ok);
    jat(b, over);
    jbudget_stop(b, b->pending_first, LLVMBuildSub(bd, b->limit1, left, ""));
    jat(b, ok);
    b->pending = 0;
}

void jbudget_stop(jb *b, const xinst *first, jv before)
{
    LLVMBuildStore(b->bd, b->limit, b->count_slot); /* x_run stops with executed = the budget */
    LLVMTypeRef t[3] = {b->t_ptr, b->t_ptr, b->t_i64};
    jv a[3] = {b->run, jptr(b, first), before};
    jcall_c(b, cfn((jcfn)jrt_budget), b->t_i32, t, a, 3);
    LLVMBuildBr(b->bd, b->fail);
}

void jbr(jb *b, jbb to)
{
    jflush(b);
    LLVMBuildBr(b->bd, to);
}

void jcondbr(jb *b, jv cond, jbb yes, jbb no)
{
    jflush(b);
    LLVMBuildCondBr(b->bd, cond, yes, no);
}

/* ---- the segment function --------------------------------------------------------------------
 *
 *   entry:  allocas; the run's fields; g = 0
 *   head:   g < ngroups? else return 0
 *           func of the group (lanes past n off); no lane left: next
 *   init:   masks, count; each register's load from the store (added as registers are used)
 *   ...     the instructions
 *   exit:   each written register, func, live, killed and the count back to the machine
 *   next:   g + 1, to head
 *   fail:   return 1 (the machine's error is set)
 */

static void make_types(jb *b)
{
    b->t_void = LLVMVoidTypeInContext(b->cx);
    b->t_i1 = LLVMInt1TypeInContext(b->cx);
    b->t_i8 = LLVMInt8TypeInContext(b->cx);
    b->t_i32 = LLVMInt32TypeInContext(b->cx);
    b->t_i64 = LLVMInt64TypeInContext(b->cx);
    b->t_f32 = LLVMFloatTypeInContext(b->cx);
    b->t_ptr = LLVMPointerTypeInContext(b->cx, 0);
    b->t_vi = LLVMVectorType(b->t_i32, b->vl);
    b->t_vf = LLVMVectorType(b->t_f32, b->vl);
    b->t_vm = LLVMVectorType(b->t_i1, b->vl);
}

/* The masks of a group's start: func from the machine (lanes past the run's off), the others
 * all ones; live and killed from the machine. */
static void init_masks(jb *b, jv func_ptr, jv live_ptr, jv killed_ptr, jv func)
{
    LLVMBuilderRef bd = b->bd;
    jv ones = LLVMConstAllOnes(b->t_vm);
    jstore_mask(b, b->cond, ones);
    jstore_mask(b, b->loop, ones);
    jstore_mask(b, b->cont, ones);
    jstore_mask(b, b->sw, ones);
    jstore_mask(b, b->func, func);
    jstore_mask(b, b->exec, func);
    jv lp = LLVMBuildGEP2(bd, b->t_i32, live_ptr, &b->base, 1, "");
    jstore_mask(b, b->live, jwords_to_mask(b, jload_lanes(b, bd, lp)));
    jv kp = LLVMBuildGEP2(bd, b->t_i32, killed_ptr, &b->base, 1, "");
    jstore_mask(b, b->killed, jwords_to_mask(b, jload_lanes(b, bd, kp)));
    (void)func_ptr;
}

static void finish_exit(jb *b, jv func_ptr, jv live_ptr, jv killed_ptr, jv count_ptr, jv g,
                        jbb next)
{
    LLVMBuilderRef bd = b->bd;
    for (uint32_t s = 0; s < b->p->nslots; s++)
        if (b->written[s])
            jstore_lanes(b, bd, LLVMBuildLoad2(bd, b->t_vi, b->slot[s], ""), jlane_ptr(b, bd, s));
    jv fp = LLVMBuildGEP2(bd, b->t_i32, func_ptr, &b->base, 1, "");
    jstore_lanes(b, bd, jmask_to_words(b, jload_mask(b, b->func)), fp);
    if (b->pl->kills) {
        jv lp = LLVMBuildGEP2(bd, b->t_i32, live_ptr, &b->base, 1, "");
        jstore_lanes(b, bd, jmask_to_words(b, jload_mask(b, b->live)), lp);
        jv kp = LLVMBuildGEP2(bd, b->t_i32, killed_ptr, &b->base, 1, "");
        jstore_lanes(b, bd, jmask_to_words(b, jload_mask(b, b->killed)), kp);
    }
    jv cp = LLVMBuildGEP2(bd, b->t_i64, count_ptr, &g, 1, "");
    LLVMBuildStore(bd, jcount_now(b), cp);
    LLVMBuildBr(bd, next);
}

/* The allocas every segment has, and its entry block's loads of the run's fields. */
static void make_frame(jb *b, jv *gvar)
{
    LLVMBuilderRef bd = b->bd;
    *gvar = LLVMBuildAlloca(bd, b->t_i64, "g");
    jv *masks[] = {&b->cond, &b->loop, &b->cont, &b->sw, &b->func, &b->exec, &b->live, &b->killed};
    for (size_t k = 0; k < sizeof(masks) / sizeof(masks[0]); k++)
        *masks[k] = LLVMBuildAlloca(bd, b->t_vm, "");
    b->left = LLVMBuildAlloca(bd, b->t_i64, "left");
    for (unsigned j = 0; j <= XSRC_MAX; j++)
        b->buf[j] = LLVMBuildAlloca(bd, b->t_vi, "");
    b->ptrs = LLVMBuildAlloca(bd, LLVMArrayType(b->t_ptr, XSRC_MAX), "");
    b->store = jrun_field(b, bd, offsetof(jit_run, store), b->t_ptr);
    b->gstore = jrun_field(b, bd, offsetof(jit_run, gstore), b->t_ptr);
    b->limit = jrun_field(b, bd, offsetof(jit_run, limit), b->t_i64);
    b->limit1 = LLVMBuildSub(bd, b->limit, ji64(b, 1), "");
    b->nlanes = jrun_field(b, bd, offsetof(jit_run, n), b->t_i32);
    LLVMBuildStore(bd, ji64(b, 0), *gvar);
}

/* Lanes of the group inside the run: base + i < n. */
static jv lanes_in_run(jb *b)
{
    LLVMBuilderRef bd = b->bd;
    jv idx[JVL_MAX];
    for (unsigned i = 0; i < b->vl; i++)
        idx[i] = jint(b, i);
    jv base32 = LLVMBuildTrunc(bd, b->base, b->t_i32, "");
    jv v = LLVMBuildInsertElement(bd, LLVMGetUndef(b->t_vi), base32, jint(b, 0), "");
    jv zero[JVL_MAX];
    for (unsigned i = 0; i < b->vl; i++)
        zero[i] = jint(b, 0);
    v = LLVMBuildShuffleVector(bd, v, LLVMGetUndef(b->t_vi), LLVMConstVector(zero, b->vl), "");
    v = LLVMBuildAdd(bd, v, LLVMConstVector(idx, b->vl), "");
    jv n = LLVMBuildInsertElement(bd, LLVMGetUndef(b->t_vi), b->nlanes, jint(b, 0), "");
    n = LLVMBuildShuffleVector(bd, n, LLVMGetUndef(b->t_vi), LLVMConstVector(zero, b->vl), "");
    return LLVMBuildICmp(bd, LLVMIntULT, v, n, "");
}

tgx_status jsegment(jb *b, unsigned k, LLVMValueRef *out)
{
    char name[32];
    snprintf(name, sizeof(name), "seg%u", k);
    LLVMTypeRef pt = b->t_ptr;
    b->fn = LLVMAddFunction(b->mod, name, LLVMFunctionType(b->t_i32, &pt, 1, 0));
    b->run = LLVMGetParam(b->fn, 0);
    memset(b->slot, 0, sizeof(jv) * (b->p->nslots + 1));
    memset(b->written, 0, b->p->nslots + 1);
    b->nconsts = 0;
    b->sign_mask = b->abs_mask = NULL;
    b->pending = 0;
    b->nframes = b->ncalls = 0;
    b->entry = jblock(b, "entry");
    jbb head = jblock(b, "head"), group = jblock(b, "group"), next = jblock(b, "next");
    jbb done = jblock(b, "done");
    b->init = jblock(b, "init");
    b->exit = jblock(b, "exit");
    b->fail = jblock(b, "fail");
    jbb body = jblock(b, "body");
    LLVMBuilderRef bd = b->bd;
    jat(b, b->entry);
    jv gvar;
    make_frame(b, &gvar);
    jv func_ptr = jrun_field(b, bd, offsetof(jit_run, func), pt);
    jv live_ptr = jrun_field(b, bd, offsetof(jit_run, live), pt);
    jv killed_ptr = jrun_field(b, bd, offsetof(jit_run, killed), pt);
    jv count_ptr = jrun_field(b, bd, offsetof(jit_run, count), pt);
    jv ngroups =
        LLVMBuildZExt(bd, jrun_field(b, bd, offsetof(jit_run, ngroups), b->t_i32), b->t_i64, "");
    LLVMBuildBr(bd, head);
    LLVMPositionBuilderBefore(b->be, LLVMGetBasicBlockTerminator(b->entry));
    /* head: the next group, if any */
    jat(b, head);
    jv g = LLVMBuildLoad2(bd, b->t_i64, gvar, "");
    LLVMBuildCondBr(bd, LLVMBuildICmp(bd, LLVMIntULT, g, ngroups, ""), group, done);
    jat(b, group);
    b->base = LLVMBuildMul(bd, g, ji64(b, b->vl), "");
    b->group_store = LLVMBuildGEP2(bd, b->t_i32, b->store, &b->base, 1, "");
    jv fp = LLVMBuildGEP2(bd, b->t_i32, func_ptr, &b->base, 1, "");
    jv func = LLVMBuildAnd(bd, jwords_to_mask(b, jload_lanes(b, bd, fp)), lanes_in_run(b), "");
    LLVMBuildCondBr(bd, jany(b, func), b->init, next);
    /* init */
    jat(b, b->init);
    init_masks(b, func_ptr, live_ptr, killed_ptr, func);
    b->count_slot = LLVMBuildGEP2(bd, b->t_i64, count_ptr, &g, 1, "");
    jv count = LLVMBuildLoad2(bd, b->t_i64, b->count_slot, "");
    LLVMBuildStore(bd, LLVMBuildSub(bd, b->limit1, count, ""), b->left);
    LLVMBuildBr(bd, body);
    LLVMPositionBuilderBefore(b->bi, LLVMGetBasicBlockTerminator(b->init));
    /* next, done, fail */
    jat(b, next);
    LLVMBuildStore(bd, LLVMBuildAdd(bd, g, ji64(b, 1), ""), gvar);
    LLVMBuildBr(bd, head);
    jat(b, done);
    LLVMBuildRet(bd, jint(b, 0));
    jat(b, b->fail);
    LLVMBuildRet(bd, jint(b, 1));
    /* the instructions */
    jat(b, body);
    const jplan *pl = b->pl;
    uint32_t first = k ? pl->bounds[k - 1] + 1 : 0;
    uint32_t last = k < pl->nbounds ? pl->bounds[k] : pl->main_end + 1;
    if (last > b->p->ninsts)
        last = b->p->ninsts;
    jwalk_main(b, first, last);
    jat(b, b->exit);
    finish_exit(b, func_ptr, live_ptr, killed_ptr, count_ptr, g, next);
    *out = b->fn;
    return b->oom ? TGX_ERR_NOMEM : TGX_OK;
}

void jemit_init_types(jb *b)
{
    make_types(b);
}
#else
typedef int jit_emit_needs_llvm; /* ISO C wants a declaration in every file */
#endif

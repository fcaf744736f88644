/* The whole warp: programs with control flow (the SIMT stack), memories, atomics, SHFL and
 * VOTE, and the instruction loop that runs a code section from an entry address.
 *
 * The SIMT stack (docs/sm5-emu.md, "The whole warp"): SSY, PBK, PCNT and CAL push an entry with
 * the active threads; a branch some active threads take and others do not pushes the taken
 * side (DIV) and goes on with the others. SYNC, BRK, CONT, RET and EXIT take the threads that
 * run them out of the active set (BRK, CONT and RET also out of every entry above their PBK,
 * PCNT or CAL entry); when no thread is left active, entries are popped until one has threads
 * that have not exited, which resume at its address. A warp whose stack is empty and whose
 * threads are all gone is finished. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "tgx/util.h"

#define F(lo_, n_) emu_bits(o->w, lo_, n_)

tgx_status emu_op_fail(const emu_op *o, tgx_status st, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return tgx_diag_set(o->d, st, NULL, 0, 0, "/*%04llx*/ %s: %s", (unsigned long long)o->pc,
                        o->info.opclass ? o->info.opclass : "?", msg);
}

tgx_status emu_x_nothing(emu_op *o)
{
    (void)o;
    return TGX_OK;
}

/* ---- memory ---------------------------------------------------------------------------------- */

static const char *space_name(emu_space sp)
{
    return sp == EMU_GLOBAL ? "global" : sp == EMU_SHARED ? "shared" : "local";
}

unsigned char *emu_mem_at(emu_op *o, emu_space sp, unsigned t, uint64_t addr, size_t size,
                          bool write, tgx_status *st)
{
    tgx_sm5_emu *e = o->emu;
    const char *what = write ? "store" : "load";
    if (addr % size != 0) {
        *st =
            emu_op_fail(o, TGX_ERR_INVALID, "thread %u: %s %s of %zu bytes at 0x%llx is misaligned",
                        t, space_name(sp), what, size, (unsigned long long)addr);
        return NULL;
    }
    if (sp == EMU_SHARED || sp == EMU_LOCAL) {
        size_t have = sp == EMU_SHARED ? (e->mem ? e->mem->shared_size : 0) : e->local_size;
        if (addr > have || size > have - addr) {
            *st = emu_op_fail(o, TGX_ERR_INVALID,
                              "thread %u: %s %s of %zu bytes at 0x%llx is outside the %zu bytes "
                              "of %s memory",
                              t, space_name(sp), what, size, (unsigned long long)addr, have,
                              sp == EMU_SHARED ? "the block's shared" : "the thread's local");
            return NULL;
        }
        return sp == EMU_SHARED ? e->mem->shared + addr : e->local + t * e->local_size + addr;
    }
    if (e->mem) {
        for (size_t i = 0; i < e->mem->nglobal; i++) {
            emu_region *r = &e->mem->global[i];
            if (addr >= r->addr && addr - r->addr < r->size) {
                if (size > r->size - (addr - r->addr)) {
                    *st = emu_op_fail(o, TGX_ERR_INVALID,
                                      "thread %u: global %s of %zu bytes at 0x%llx runs past the "
                                      "end of %s (0x%llx, %zu bytes)",
                                      t, what, size, (unsigned long long)addr, r->name,
                                      (unsigned long long)r->addr, r->size);
                    return NULL;
                }
                if (write && r->read_only) {
                    *st = emu_op_fail(o, TGX_ERR_INVALID,
                                      "thread %u: global store at 0x%llx into %s, which is "
                                      "read-only",
                                      t, (unsigned long long)addr, r->name);
                    return NULL;
                }
                return r->data + (addr - r->addr);
            }
        }
    }
    *st = emu_op_fail(o, TGX_ERR_INVALID,
                      "thread %u: global %s of %zu bytes at 0x%llx is outside every buffer", t,
                      what, size, (unsigned long long)addr);
    return NULL;
}

static uint64_t rd_le(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void wr_le(unsigned char *p, uint64_t v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* A memory operand's size code (0 U8, 1 S8, 2 U16, 3 S16, 4 32, 5 64, 6 128, 7 U.128) as bytes
 * and whether the value is sign-extended; 0 bytes for a reserved code. */
static size_t size_bytes(unsigned code, bool store, bool ldc, int *sign)
{
    static const size_t bytes[8] = {1, 1, 2, 2, 4, 8, 16, 16};
    *sign = code == 1 || code == 3;
    if ((store && code == 7) || (ldc && code >= 6))
        return 0;
    return bytes[code & 7];
}

/* The address base: Ra as a 64-bit pair (.E) or a 32-bit register; RZ reads 0. */
static uint64_t addr_base(const emu_op *o, unsigned t, bool wide)
{
    unsigned r = o->info.mem_ra;
    if (r >= TGX_SM5_EMU_REGS)
        return 0;
    uint64_t lo = emu_r(o->emu, r, t);
    return wide ? lo | (uint64_t)emu_r(o->emu, r + 1, t) << 32 : lo;
}

tgx_status emu_x_memory(emu_op *o)
{
    const char *cls = o->info.opclass;
    int store = cls[0] == 'S';
    emu_space sp = EMU_GLOBAL;
    bool wide = false, ldc = strcmp(cls, "LDC") == 0;
    unsigned code;
    if (!strcmp(cls, "LDG") || !strcmp(cls, "STG")) {
        if ((o->w >> 51) == 0x1ddb && !store) /* LDG's predicate-result form */
            return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                               "LDG with a predicate result is not "
                               "modelled");
        wide = F(45, 1);
        code = F(48, 3);
    } else if (!strcmp(cls, "LD") || !strcmp(cls, "ST")) {
        if (F(58, 3) != 7)
            return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                               "%s with a predicate operand is not "
                               "modelled",
                               cls);
        wide = F(52, 1);
        code = F(53, 3);
    } else {
        sp = ldc ? EMU_GLOBAL : (cls[2] == 'S' ? EMU_SHARED : EMU_LOCAL);
        code = F(48, 3);
        if (ldc && F(44, 2))
            return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "LDC's .IL/.IS/.ISL are not modelled");
    }
    int sign;
    size_t n = size_bytes(code, store, ldc, &sign);
    if (!n)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "%s with a reserved size", cls);
    unsigned words = n < 4 ? 1 : (unsigned)(n / 4);
    unsigned rd = F(0, 8);
    uint32_t(*val)[EMU_W] = calloc(4, sizeof *val);
    if (!val)
        return tgx_diag_set(o->d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    tgx_status st = TGX_OK;
    for (unsigned t = 0; t < EMU_W && st == TGX_OK; t++) {
        if (!(o->exec >> t & 1u))
            continue;
        uint64_t addr = addr_base(o, t, wide) + (uint64_t)o->info.mem_off;
        if (ldc) {
            unsigned bank = F(36, 5);
            uint64_t a = (uint32_t)addr;
            if (a % n || a + n > TGX_SM5_EMU_BANK_WORDS * 4ull || bank >= TGX_SM5_EMU_BANKS) {
                st = emu_op_fail(o, TGX_ERR_INVALID,
                                 "thread %u: constant load of %zu bytes at c[0x%x][0x%llx] is "
                                 "outside the bank or misaligned",
                                 t, n, bank, (unsigned long long)a);
                break;
            }
            for (unsigned k = 0; k < words; k++)
                val[k][t] = tgx_sm5_emu_cbank(o->emu, bank, (unsigned)(a / 4) + k);
            if (n < 4) {
                uint32_t wv = tgx_sm5_emu_cbank(o->emu, bank, (unsigned)(a / 4));
                uint32_t v = (wv >> (8 * (a % 4))) & (n == 1 ? 0xffu : 0xffffu);
                if (sign && (v >> (8 * n - 1)))
                    v |= ~0u << (8 * n);
                val[0][t] = v;
            }
            continue;
        }
        unsigned char *p = emu_mem_at(o, sp, t, addr, n, store, &st);
        if (!p)
            break;
        if (store) {
            if (n < 4)
                wr_le(p, emu_r(o->emu, rd, t), n);
            else
                for (unsigned k = 0; k < words; k++)
                    wr_le(p + 4 * k, rd < TGX_SM5_EMU_REGS ? emu_r(o->emu, rd + k, t) : 0, 4);
        } else if (n < 4) {
            uint32_t v = (uint32_t)rd_le(p, n);
            if (sign && (v >> (8 * n - 1)))
                v |= ~0u << (8 * n);
            val[0][t] = v;
        } else {
            for (unsigned k = 0; k < words; k++)
                val[k][t] = (uint32_t)rd_le(p + 4 * k, 4);
        }
    }
    if (st == TGX_OK && !store && rd < TGX_SM5_EMU_REGS)
        for (unsigned t = 0; t < EMU_W; t++)
            if (o->exec >> t & 1u)
                for (unsigned k = 0; k < words; k++)
                    emu_w(o->emu, rd + k, t, val[k][t]);
    free(val);
    return st;
}

/* ---- atomics --------------------------------------------------------------------------------- */

/* op: ADD MIN MAX INC DEC AND OR XOR EXCH (SAFEADD as ADD); kind: 0 u32, 1 s32, 2 u64, 3 f32
 * (FTZ, RN), 5 s64 */
static int atom_apply(unsigned op, unsigned kind, uint64_t old, uint64_t v, uint64_t *out)
{
    int wide = kind == 2 || kind == 5;
    int sign = kind == 1 || kind == 5;
    if (kind == 3) {
        float a = tgx_bits2f((uint32_t)old), b = tgx_bits2f((uint32_t)v);
        if (op != 0)
            return 0;
        float r = a + b;
        if (fpclassify(r) == FP_SUBNORMAL)
            r = copysignf(0.0f, r);
        *out = tgx_f2bits(r);
        return 1;
    }
    if (!wide) {
        old = (uint32_t)old;
        v = (uint32_t)v;
    }
    int64_t so = wide ? (int64_t)old : (int64_t)(int32_t)old;
    int64_t sv = wide ? (int64_t)v : (int64_t)(int32_t)v;
    uint64_t r;
    switch (op) {
    case 0:
    case 10: r = old + v; break;
    case 1: r = sign ? (uint64_t)(so < sv ? so : sv) : (old < v ? old : v); break;
    case 2: r = sign ? (uint64_t)(so > sv ? so : sv) : (old > v ? old : v); break;
    case 3: r = old >= v ? 0 : old + 1; break;
    case 4: r = (old == 0 || old > v) ? v : old - 1; break;
    case 5: r = old & v; break;
    case 6: r = old | v; break;
    case 7: r = old ^ v; break;
    case 8: r = v; break;
    default: return 0;
    }
    *out = wide ? r : (uint32_t)r;
    return 1;
}

static uint64_t reg_val(const emu_op *o, unsigned r, unsigned t, int wide)
{
    if (r >= TGX_SM5_EMU_REGS)
        return 0;
    uint64_t v = emu_r(o->emu, r, t);
    if (wide)
        v |= (uint64_t)emu_r(o->emu, r + 1, t) << 32;
    return v;
}

/* ATOM, ATOMS, RED: each executing thread in lane order reads, combines and writes back (so
 * threads of one warp that name one address see each other's updates, in lane order). */
tgx_status emu_x_atom(emu_op *o)
{
    const char *cls = o->info.opclass;
    int shared = !strcmp(cls, "ATOMS"), red = !strcmp(cls, "RED");
    unsigned top12 = (unsigned)(o->w >> 52);
    int cas = 0;
    unsigned op, kind, vreg, rd = F(0, 8);
    int wide_addr;
    if (red) {
        op = F(23, 3), kind = F(20, 3), vreg = rd, rd = TGX_SM5_RZ, wide_addr = F(48, 1);
    } else if (shared) {
        wide_addr = 0;
        vreg = F(20, 8);
        if ((o->w >> 55) == 0x1dc) { /* ATOMS.CAS: compare Rb, swap Rb+1 (or pairs) */
            unsigned c = F(52, 3);
            if (F(28, 2) != 0 || c < 4)
                return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                                   "this ATOMS.CAS form is not "
                                   "modelled");
            cas = 1, op = 8, kind = c == 5 ? 2 : 0;
        } else {
            static const unsigned skind[4] = {0, 1, 2, 5};
            op = F(52, 4), kind = skind[F(28, 2)];
        }
    } else {
        wide_addr = F(48, 1);
        vreg = F(20, 8);
        if (top12 == 0xee6 || top12 == 0xee7)
            return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                               "ATOM with a predicate result is not "
                               "modelled");
        if (top12 == 0xeef) {
            if (F(50, 2) != 0)
                return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                                   "ATOM.CAS with RZ operands is not "
                                   "modelled");
            cas = 1, op = 8, kind = F(49, 1) ? 2 : 0;
        } else {
            op = F(52, 4), kind = F(49, 3);
        }
    }
    if (kind == 4 || kind > 5 || (kind == 3 && op != 0))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "%s of this type is not modelled", cls);
    int wide = kind == 2 || kind == 5;
    size_t n = wide ? 8 : 4;
    uint64_t old[EMU_W] = {0};
    tgx_status st = TGX_OK;
    for (unsigned t = 0; t < EMU_W; t++) {
        if (!(o->exec >> t & 1u))
            continue;
        uint64_t addr = addr_base(o, t, wide_addr) + (uint64_t)o->info.mem_off;
        if (shared)
            addr = (uint32_t)addr;
        unsigned char *p = emu_mem_at(o, shared ? EMU_SHARED : EMU_GLOBAL, t, addr, n, true, &st);
        if (!p)
            return st;
        uint64_t was = rd_le(p, n), now;
        if (cas) {
            uint64_t cmp = reg_val(o, vreg, t, wide);
            uint64_t swap = reg_val(o, vreg + (wide ? 2u : 1u), t, wide);
            now = was == cmp ? swap : was;
        } else if (!atom_apply(op, kind, was, reg_val(o, vreg, t, wide), &now)) {
            return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "%s operation %u is not modelled", cls, op);
        }
        wr_le(p, now, n);
        old[t] = was;
    }
    if (rd < TGX_SM5_EMU_REGS)
        for (unsigned t = 0; t < EMU_W; t++)
            if (o->exec >> t & 1u) {
                emu_w(o->emu, rd, t, (uint32_t)old[t]);
                if (wide)
                    emu_w(o->emu, rd + 1, t, (uint32_t)(old[t] >> 32));
            }
    return st;
}

/* ---- across the warp ------------------------------------------------------------------------- */

/* SHFL (PTX's shfl): lane operand b (immediate at 20 when bit 28 is set, else Rb), c (clamp at
 * 0..4, segment mask at 8..12; immediate at 34 when bit 29 is set, else Rc); the predicate at
 * 48 tells whether the source lane was in range. An inactive source lane gives its register. */
tgx_status emu_x_shfl(emu_op *o)
{
    unsigned mode = F(30, 2);
    uint32_t out[EMU_W], pv = 0;
    for (unsigned t = 0; t < EMU_W; t++) {
        if (!(o->exec >> t & 1u))
            continue;
        uint32_t b = F(28, 1) ? F(20, 5) : emu_r(o->emu, F(20, 8), t);
        uint32_t c = F(29, 1) ? F(34, 13) : emu_r(o->emu, F(39, 8), t);
        uint32_t bval = b & 31, clamp = c & 31, seg = c >> 8 & 31;
        int max_lane = (int)((t & seg) | (clamp & ~seg)), min_lane = (int)(t & seg);
        int j, ok;
        switch (mode) {
        case 0:
            j = min_lane | (int)(bval & ~seg);
            ok = j <= max_lane;
            break;
        case 1:
            j = (int)t - (int)bval;
            ok = j >= max_lane;
            break;
        case 2:
            j = (int)t + (int)bval;
            ok = j <= max_lane;
            break;
        default:
            j = (int)(t ^ bval);
            ok = j <= max_lane;
            break;
        }
        if (!ok)
            j = (int)t;
        out[t] = emu_r(o->emu, F(8, 8), (unsigned)j & 31u);
        pv |= (uint32_t)ok << t;
    }
    for (unsigned t = 0; t < EMU_W; t++)
        if (o->exec >> t & 1u)
            emu_w(o->emu, F(0, 8), t, out[t]);
    emu_pw(o->emu, F(48, 3), o->exec, pv);
    return TGX_OK;
}

/* VOTE.ALL/ANY/EQ of a predicate over the threads that run it; Rd gets the ballot. */
tgx_status emu_x_vote(emu_op *o)
{
    if ((o->w >> 51) == 0xa1c) /* VOTE.VTG */
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "VOTE.VTG is not modelled");
    unsigned mode = F(48, 2);
    if (mode == 3)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "VOTE with the reserved mode 3");
    uint32_t p = emu_p(o->emu, F(39, 3));
    if (F(42, 1))
        p = ~p;
    uint32_t ballot = p & o->exec;
    int r = mode == 0   ? ballot == o->exec
            : mode == 1 ? ballot != 0
                        : (ballot == 0 || ballot == o->exec);
    for (unsigned t = 0; t < EMU_W; t++)
        if (o->exec >> t & 1u)
            emu_w(o->emu, F(0, 8), t, ballot);
    emu_pw(o->emu, F(45, 3), o->exec, r ? 0xffffffffu : 0u);
    return TGX_OK;
}

/* BAR.SYNC: the warp waits until every warp of its block that has not finished waits too
 * (kernel.c). Every barrier number is the one barrier; a thread count (immediate at 20 when bit
 * 43 is set, else Rb) must be 0 or cover the whole block. */
tgx_status emu_x_bar(emu_op *o)
{
    if (F(32, 3) != 0)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "BAR.ARV/RED/SCAN are not modelled");
    if (!o->exec)
        return TGX_OK;
    const tgx_sm5_emu *e = o->emu;
    uint32_t count = F(43, 1) ? F(20, 12) : emu_r(e, F(20, 8), (unsigned)__builtin_ctz(o->exec));
    uint64_t block = (uint64_t)e->ntid[0] * e->ntid[1] * e->ntid[2];
    if (count != 0 && count < block)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                           "BAR.SYNC for %u of the block's %llu threads is not modelled", count,
                           (unsigned long long)block);
    o->stop = 1;
    return TGX_OK;
}

/* ---- control ----------------------------------------------------------------------------------
 */

static tgx_status push(emu_op *o, emu_frame_kind kind, uint64_t pc, uint32_t mask)
{
    tgx_sm5_emu *e = o->emu;
    if (e->depth == EMU_STACK_MAX)
        return emu_op_fail(o, TGX_ERR_INVALID, "the SIMT stack overflows (%u entries)",
                           EMU_STACK_MAX);
    if (e->depth == e->capstack) {
        size_t cap = e->capstack ? 2 * e->capstack : 16;
        emu_frame *s = realloc(e->stack, cap * sizeof *s);
        if (!s)
            return tgx_diag_set(o->d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
        e->stack = s;
        e->capstack = cap;
    }
    e->stack[e->depth++] = (emu_frame){kind, pc, mask};
    return TGX_OK;
}

/* Takes the threads of mask out of every entry above the topmost entry of kind (all entries
 * when there is none); whether there was one. */
static bool leave_to(tgx_sm5_emu *e, emu_frame_kind kind, uint32_t mask)
{
    size_t i = e->depth;
    while (i > 0 && e->stack[i - 1].kind != kind)
        i--;
    for (size_t k = i; k < e->depth; k++)
        e->stack[k].mask &= ~mask;
    return i > 0;
}

/* The threads whose condition codes pass test c (nvdisasm's cc order: F LT EQ LE GT NE GE NUM
 * NAN LTU EQU LEU GTU NEU GEU T OFF LO SFF LS HI SFT HS OFT, the integer tests on the zero,
 * sign, carry and overflow flags the adders' .CC leaves); false for the float-ordering tests
 * (NUM .. GEU) and beyond OFT, which are not modelled. */
static bool cc_test(const tgx_sm5_emu *e, unsigned c, uint32_t *out)
{
    uint32_t z = e->cc_z, n = e->cc_s, cy = e->cc_c, v = e->cc_o, lt = n ^ v;
    switch (c) {
    case 0: *out = 0; return true;
    case 1: *out = lt & ~z; return true;
    case 2: *out = z; return true;
    case 3: *out = lt | z; return true;
    case 4: *out = ~lt & ~z; return true;
    case 5: *out = ~z; return true;
    case 6: *out = ~lt | z; return true;
    case 15: *out = 0xffffffffu; return true;
    case 16: *out = ~v; return true;
    case 17: *out = ~cy; return true;
    case 18: *out = ~n; return true;
    case 19: *out = ~cy | z; return true;
    case 20: *out = cy & ~z; return true;
    case 21: *out = n; return true;
    case 22: *out = cy; return true;
    case 23: *out = v; return true;
    default: return false;
    }
}

tgx_status emu_x_flow(emu_op *o)
{
    tgx_sm5_emu *e = o->emu;
    const char *cls = o->info.opclass;
    int cb = o->info.has_branch == false &&
             (!strcmp(cls, "BRA") || !strcmp(cls, "SSY") || !strcmp(cls, "PBK") ||
              !strcmp(cls, "PCNT") || !strcmp(cls, "CAL"));
    if (cb)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                           "%s to a target in a constant bank is not "
                           "modelled",
                           cls);
    uint64_t target = o->pc + 8 + (uint64_t)o->info.branch_off;
    if (strcmp(cls, "SSY") && strcmp(cls, "PBK") && strcmp(cls, "PCNT") && strcmp(cls, "CAL")) {
        uint32_t cc;
        if (!cc_test(e, F(0, 5), &cc))
            return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                               "%s on the condition code test %u is not modelled", cls, F(0, 5));
        o->exec &= cc;
    }
    if (!strcmp(cls, "BRA")) {
        uint32_t taken = o->exec;
        if (taken == e->active) {
            o->next = target;
        } else if (taken) {
            tgx_status st = push(o, EMU_F_DIV, target, taken);
            if (st < 0)
                return st;
            e->active &= ~taken;
        }
        return TGX_OK;
    }
    if (!strcmp(cls, "SSY"))
        return push(o, EMU_F_SYNC, target, e->active);
    if (!strcmp(cls, "PBK"))
        return push(o, EMU_F_BRK, target, e->active);
    if (!strcmp(cls, "PCNT"))
        return push(o, EMU_F_CONT, target, e->active);
    if (!strcmp(cls, "CAL")) {
        tgx_status st = push(o, EMU_F_CALL, o->next, e->active);
        if (st == TGX_OK)
            o->next = target;
        return st;
    }
    uint32_t m = o->exec;
    if (!strcmp(cls, "SYNC")) {
        /* the threads wait at the SSY entry: no entry above it holds them */
    } else if (!strcmp(cls, "BRK")) {
        leave_to(e, EMU_F_BRK, m);
    } else if (!strcmp(cls, "CONT")) {
        leave_to(e, EMU_F_CONT, m);
    } else if (!strcmp(cls, "RET")) {
        if (!leave_to(e, EMU_F_CALL, m))
            e->exited |= m; /* RET outside a call ends the thread */
    } else {                /* EXIT, KIL */
        e->exited |= m;
    }
    e->active &= ~m;
    return TGX_OK;
}

/* Pops entries until one has threads left; false when the stack runs out (the warp is done). */
static bool unwind(tgx_sm5_emu *e)
{
    while (e->active == 0) {
        if (e->depth == 0)
            return false;
        emu_frame f = e->stack[--e->depth];
        uint32_t m = f.mask & ~e->exited;
        if (!m)
            continue;
        if (f.kind == EMU_F_CONT) /* the loop goes on: the entry stays for the next CONT */
            e->stack[e->depth++] = f;
        e->active = m;
        e->pc = f.pc;
    }
    return true;
}

/* ---- the instruction loop ---------------------------------------------------------------------
 */

static uint64_t next_addr(uint64_t pc)
{
    uint64_t n = pc + 8;
    return n % 32 == 0 ? n + 8 : n;
}

void emu_warp_start(tgx_sm5_emu *e, uint64_t entry, uint32_t threads)
{
    e->pc = entry % 32 == 0 ? entry + 8 : entry;
    e->exited = ~threads;
    e->active = threads;
    e->depth = 0;
}

bool emu_warp_done(const tgx_sm5_emu *e)
{
    return e->active == 0 && e->depth == 0;
}

/* The executor of a word outside the texture classes and what it sees, the guard predicate
 * applied to the active threads; an error for a word no instruction of the arch has, or one the
 * emulator does not model. */
static tgx_status prepare_op(tgx_sm5_emu *e, uint64_t word, uint32_t ctrl, uint64_t pc, emu_op *o,
                             emu_op_fn *fn, tgx_diag *d)
{
    memset(o, 0, sizeof *o);
    o->emu = e;
    o->w = word;
    o->ctrl = ctrl;
    o->pc = pc;
    o->next = next_addr(pc);
    o->d = d;
    if (tgx_sm5_op_form(word, ctrl, e->arch, &o->info) < 0)
        return tgx_diag_set(
            d, TGX_ERR_INVALID, NULL, 0, 0, "/*%04llx*/ 0x%016llx is not an instruction of %s",
            (unsigned long long)pc, (unsigned long long)word, tgx_sm5_arch_name(e->arch));
    *fn = emu_op_executor(o->info.opclass);
    if (!*fn)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                           "this instruction is not modelled by the "
                           "emulator");
    uint32_t guard = 0xffffffffu;
    if (o->info.guarded) {
        guard = emu_p(e, emu_bits(word, 16, 3));
        if (emu_bits(word, 19, 1))
            guard = ~guard;
    }
    o->exec = e->active & guard;
    return TGX_OK;
}

/* Straight-line code: every word decoded and its executor found before the first runs (control
 * flow and barriers refused: there is no stack and no block), then each run in order at the
 * addresses a code section would give it. */
tgx_status tgx_sm5_emu_run_code(tgx_sm5_emu *emu, const uint64_t *words, size_t count,
                                size_t *failed, tgx_diag *d)
{
    if (!emu || (count && !words))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "nothing to run");
    for (int pass = 0; pass < 2; pass++) {
        uint64_t pc = 8;
        for (size_t i = 0; i < count; i++, pc = next_addr(pc)) {
            tgx_sm5_insn tex;
            tgx_status st;
            if (tgx_sm5_decode(words[i], emu->arch, &tex, NULL) == TGX_OK) {
                st = pass ? tgx_sm5_emu_exec(emu, &tex, d) : tgx_sm5_emu_check(emu, &tex, d);
            } else {
                emu_op o;
                emu_op_fn fn;
                st = prepare_op(emu, words[i], TGX_SM5_CTRL_NEUTRAL, pc, &o, &fn, d);
                if (st == TGX_OK && (fn == emu_x_flow || fn == emu_x_bar))
                    st = emu_op_fail(&o, TGX_ERR_UNSUPPORTED,
                                     "control flow and barriers need a kernel (tgx_sm5_kernel_"
                                     "launch): straight-line code has no SIMT stack");
                if (st == TGX_OK && pass)
                    st = fn(&o);
            }
            if (st < 0) {
                if (failed)
                    *failed = i;
                return st;
            }
        }
    }
    return TGX_OK;
}

/* Runs the warp until it finishes, waits at a barrier (*waiting) or has run its budget. */
tgx_status emu_warp_run(tgx_sm5_emu *e, const tgx_sm5_code_section *sec, uint64_t *budget,
                        bool *waiting, tgx_diag *d)
{
    *waiting = false;
    while (unwind(e)) {
        if (*budget == 0)
            return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                                "/*%04llx*/ the warp has run its budget of instructions without "
                                "finishing (a loop that never ends, or --budget too small)",
                                (unsigned long long)e->pc);
        if (e->pc % 32 == 0) /* a target at a bundle's start: its first instruction */
            e->pc += 8;
        if (e->pc >= sec->size)
            return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                                "/*%04llx*/ control reached an address outside the code (%zu "
                                "bytes)",
                                (unsigned long long)e->pc, sec->size);
        size_t idx = (size_t)(e->pc / 32 * 3 + (e->pc % 32) / 8 - 1);
        tgx_sm5_code_insn in = tgx_sm5_code_section_insn(sec, idx);
        (*budget)--;
        e->executed++;
        tgx_sm5_insn tex;
        if (tgx_sm5_decode(in.word, e->arch, &tex, NULL) == TGX_OK) {
            tgx_status st = tgx_sm5_emu_exec(e, &tex, d);
            if (st < 0 && d) {
                char msg[sizeof d->message + 32];
                snprintf(msg, sizeof msg, "/*%04llx*/ %s", (unsigned long long)e->pc, d->message);
                return tgx_diag_set_text(d, st, NULL, 0, 0, msg);
            }
            if (st < 0)
                return st;
            e->pc = next_addr(e->pc);
            continue;
        }
        emu_op o;
        emu_op_fn fn;
        tgx_status st = prepare_op(e, in.word, in.ctrl, e->pc, &o, &fn, d);
        if (st < 0)
            return st;
        st = fn(&o);
        if (st < 0)
            return st;
        e->pc = o.next;
        if (o.stop) {
            *waiting = true;
            return TGX_OK;
        }
    }
    return TGX_OK;
}

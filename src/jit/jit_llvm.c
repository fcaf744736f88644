/* jit_llvm.c — LLVM's side of the compiler: the host's lane width, one module per variant (a
 * function per segment), the passes, and an ORC LLJIT that owns the native code.
 *
 * Without LLVM (TGX_HAVE_LLVM unset: CMake did not find llvm-config-15) the compiler is not
 * available and says why; everything runs on the interpreter.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jit/jit_internal.h"

#if TGX_HAVE_LLVM
#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "jit/jit_llvm.h"

/* The passes: allocas to SSA values, common subexpressions, dead and simplified blocks, loop
 * invariants out of loops. No instcombine or reassociation: they rewrite float expressions
 * (fneg through a multiply, ...) in ways that keep IEEE values but not a NaN's sign or payload,
 * which the interpreter keeps (jit_llvm.h). */
#define JPASSES "function(sroa,early-cse,simplifycfg,loop-mssa(licm),early-cse,simplifycfg,adce)"

/* Facts about the host, found once (LLVM reads /proc/cpuinfo and cpuid for them) and never
 * changed after. */
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static unsigned host_lanes;
static bool host_avx;
static unsigned host_reg_lanes;
static bool native_ok;
static char *host_cpu, *host_features, *host_triple;

/* "+name" is an item of LLVM's comma-separated feature list. */
static bool has_feature(const char *features, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = features; p && *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n + 1 && p[0] == '+' && !strncmp(p + 1, name, n))
            return true;
        p = end ? end + 1 : NULL;
    }
    return false;
}

static void init_llvm(void)
{
    /* the asm parser too: compiled code has inline assembly (jit_emit.c fop1) */
    native_ok = !LLVMInitializeNativeTarget() && !LLVMInitializeNativeAsmPrinter() &&
                !LLVMInitializeNativeAsmParser();
    host_triple = LLVMGetDefaultTargetTriple();
    host_cpu = LLVMGetHostCPUName();
    host_features = LLVMGetHostCPUFeatures();
    native_ok &= host_triple && host_cpu && host_features;
    host_lanes = has_feature(host_features, "avx2") ? 16 : 8;
    host_avx = has_feature(host_features, "avx");
    host_reg_lanes = has_feature(host_features, "avx512f") ? 16 : host_avx ? 8 : 4;
}

bool jllvm_available(const char **why)
{
    pthread_once(&init_once, init_llvm);
    if (!native_ok && why)
        *why = "LLVM has no code generator for this processor";
    return native_ok;
}

unsigned jllvm_group_lanes(void)
{
    pthread_once(&init_once, init_llvm);
    return host_lanes;
}

void jllvm_host_vectors(unsigned *reg_lanes, bool *avx)
{
    pthread_once(&init_once, init_llvm);
    *reg_lanes = host_reg_lanes;
    *avx = host_avx;
}

static tgx_status llvm_error(LLVMErrorRef e, const tgx_exec_program *p, const char *what,
                             tgx_diag *d)
{
    char *msg = LLVMGetErrorMessage(e);
    tgx_status st = tgx_diag_set(d, TGX_ERR_UNSUPPORTED, p->name[0] ? p->name : NULL, 0, 0,
                                 "LLVM could not %s the compiled shader: %s", what, msg);
    LLVMDisposeErrorMessage(msg);
    return st;
}

/* The module of one variant: a function per segment. */
static tgx_status build_module(tgx_jit_program *jp, jb *b)
{
    const jplan *pl = &jp->plan;
    b->slot = calloc(b->p->nslots + 1, sizeof(jv));
    b->written = calloc(b->p->nslots + 1, 1);
    b->spilled = calloc(b->p->nslots + 1, sizeof(uint32_t));
    if (!b->slot || !b->written || !b->spilled)
        return TGX_ERR_NOMEM;
    for (unsigned k = 0; k <= pl->nbounds; k++) {
        jv fn;
        tgx_status st = jsegment(b, k, &fn);
        if (st != TGX_OK)
            return st;
    }
    return TGX_OK;
}

static void free_builder(jb *b)
{
    free(b->slot);
    free(b->written);
    free(b->spilled);
    free(b->consts);
    free(b->frames);
    free(b->calls);
    if (b->bd)
        LLVMDisposeBuilder(b->bd);
    if (b->be)
        LLVMDisposeBuilder(b->be);
    if (b->bi)
        LLVMDisposeBuilder(b->bi);
}

/* The host's target machine: its processor and features, LLVM's default code generator level. */
static LLVMErrorRef make_target(LLVMOrcJITTargetMachineBuilderRef *out)
{
    LLVMTargetRef target = NULL;
    char *msg = NULL;
    if (LLVMGetTargetFromTriple(host_triple, &target, &msg)) {
        LLVMErrorRef e = LLVMCreateStringError(msg ? msg : "no target");
        LLVMDisposeMessage(msg);
        return e;
    }
    LLVMTargetMachineRef tm =
        LLVMCreateTargetMachine(target, host_triple, host_cpu, host_features,
                                LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelJITDefault);
    *out = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm);
    return NULL;
}

/* Passes, then native code in a new LLJIT for the host; *jit owns it. */
static tgx_status make_code(tgx_jit_program *jp, LLVMOrcThreadSafeContextRef tsc, LLVMModuleRef mod,
                            LLVMOrcLLJITRef *jit, tgx_diag *d)
{
    const tgx_exec_program *p = jp->plan.p;
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(mod, JPASSES, NULL, po);
    LLVMDisposePassBuilderOptions(po);
    if (getenv("TGX_JIT_DUMP"))
        LLVMPrintModuleToFile(mod, getenv("TGX_JIT_DUMP"), NULL);
    if (e) {
        LLVMDisposeModule(mod);
        return llvm_error(e, p, "optimise", d);
    }
    LLVMOrcJITTargetMachineBuilderRef jtmb = NULL;
    if ((e = make_target(&jtmb))) {
        LLVMDisposeModule(mod);
        return llvm_error(e, p, "find the host processor for", d);
    }
    LLVMOrcLLJITBuilderRef lb = LLVMOrcCreateLLJITBuilder();
    LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(lb, jtmb);
    if ((e = LLVMOrcCreateLLJIT(jit, lb))) {
        LLVMDisposeModule(mod);
        return llvm_error(e, p, "start a JIT for", d);
    }
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
    if ((e = LLVMOrcLLJITAddLLVMIRModule(*jit, LLVMOrcLLJITGetMainJITDylib(*jit), tsm))) {
        LLVMOrcDisposeThreadSafeModule(tsm);
        return llvm_error(e, p, "load", d);
    }
    return TGX_OK;
}

static tgx_status find_segments(tgx_jit_program *jp, LLVMOrcLLJITRef jit, jvariant *v, tgx_diag *d)
{
    for (unsigned k = 0; k <= jp->plan.nbounds; k++) {
        char name[32];
        snprintf(name, sizeof(name), "seg%u", k);
        LLVMOrcExecutorAddress a = 0;
        LLVMErrorRef e = LLVMOrcLLJITLookup(jit, &a, name);
        if (e)
            return llvm_error(e, jp->plan.p, "generate code for", d);
        uintptr_t addr = (uintptr_t)a;
        memcpy(&v->seg[k], &addr, sizeof(addr));
    }
    return TGX_OK;
}

tgx_status jllvm_compile(tgx_jit_program *jp, bool flush, bool x86, unsigned W, jvariant **out,
                         tgx_diag *d)
{
    *out = NULL;
    const tgx_exec_program *p = jp->plan.p;
    LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
    jb b;
    memset(&b, 0, sizeof(b));
    b.cx = LLVMOrcThreadSafeContextGetContext(tsc);
    b.mod = LLVMModuleCreateWithNameInContext(p->name[0] ? p->name : "shader", b.cx);
    b.bd = LLVMCreateBuilderInContext(b.cx);
    b.be = LLVMCreateBuilderInContext(b.cx);
    b.bi = LLVMCreateBuilderInContext(b.cx);
    b.p = p;
    b.pl = &jp->plan;
    b.vl = jp->vl;
    b.flush = flush;
    b.x86 = x86;
    b.W = W;
    b.avx = jp->avx;
    b.reg_lanes = jp->reg_lanes;
    tgx_jit_stats stats = jp->plan.stats;
    stats.inline_insts = stats.kernel_insts = stats.handler_insts = 0;
    b.stats = &stats;
    jemit_init_types(&b);
    tgx_status st = build_module(jp, &b);
    free_builder(&b);
    char *msg = NULL;
    if (st == TGX_OK && LLVMVerifyModule(b.mod, LLVMReturnStatusAction, &msg)) {
        st = tgx_diag_set(d, TGX_ERR_UNSUPPORTED, p->name[0] ? p->name : NULL, 0, 0,
                          "the compiler made invalid code (a tgx bug): %.160s", msg ? msg : "");
    }
    LLVMDisposeMessage(msg);
    if (st == TGX_ERR_NOMEM)
        tgx_diag_set(d, st, NULL, 0, 0, "out of memory");
    if (st != TGX_OK) {
        LLVMDisposeModule(b.mod);
        LLVMOrcDisposeThreadSafeContext(tsc);
        return st;
    }
    LLVMOrcLLJITRef jit = NULL;
    st = make_code(jp, tsc, b.mod, &jit, d);
    LLVMOrcDisposeThreadSafeContext(tsc); /* the module holds the context now */
    jvariant *v = calloc(1, sizeof(*v));
    if (v)
        v->seg = calloc(jp->plan.nbounds + 1, sizeof(jsegfn));
    if (st == TGX_OK && (!v || !v->seg))
        st = tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    if (st == TGX_OK)
        st = find_segments(jp, jit, v, d);
    if (st != TGX_OK) {
        if (jit)
            LLVMOrcDisposeLLJIT(jit);
        if (v)
            free(v->seg);
        free(v);
        return st;
    }
    v->llvm = jit;
    v->flush = flush;
    v->x86 = x86;
    v->W = W;
    jp->plan.stats.inline_insts = stats.inline_insts;
    jp->plan.stats.kernel_insts = stats.kernel_insts;
    jp->plan.stats.handler_insts = stats.handler_insts;
    *out = v;
    return TGX_OK;
}

void jllvm_free(jvariant *v)
{
    if (!v)
        return;
    if (v->llvm)
        LLVMOrcDisposeLLJIT((LLVMOrcLLJITRef)v->llvm);
    free(v->seg);
    free(v);
}

#else /* no LLVM */

bool jllvm_available(const char **why)
{
    if (why)
        *why = "tgx was built without LLVM (llvm-15-dev)";
    return false;
}

unsigned jllvm_group_lanes(void)
{
    return 0;
}

void jllvm_host_vectors(unsigned *reg_lanes, bool *avx)
{
    *reg_lanes = 0;
    *avx = false;
}

tgx_status jllvm_compile(tgx_jit_program *jp, bool flush, bool x86, unsigned W, jvariant **out,
                         tgx_diag *d)
{
    (void)flush;
    (void)x86;
    (void)W;
    *out = NULL;
    return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, jp->plan.p->name, 0, 0,
                        "tgx was built without LLVM (llvm-15-dev)");
}

void jllvm_free(jvariant *v)
{
    (void)v;
}
#endif

# oracle.sh — where the tests find NVIDIA's tools (docs/testing.md, "NVIDIA's nvdisasm"); source
# it after `set -u` with $TGX_SRC set. Both functions return 1, with the reason in $ORACLE_WHY,
# when the tool is not there, so the caller can skip (exit 77) or leave its oracle part out.
#   oracle_nvdisasm   NVDISASM=the nvdisasm of CUDA 11.8 (tools/find-nvdisasm: $NVDISASM,
#                     tools/install-nvdisasm's directory, PATH)
#   oracle_nvdis      NVDIS=tools/nvdis (single words through nvdisasm; $TGX_NVDIS overrides);
#                     needs python3 and oracle_nvdisasm
ORACLE_WHY=""

oracle_nvdisasm() {
    local found
    if found=$("$TGX_SRC/tools/find-nvdisasm" 2>/dev/null); then
        NVDISASM=$found
        return 0
    fi
    ORACLE_WHY=$("$TGX_SRC/tools/find-nvdisasm" 2>&1 >/dev/null)
    return 1
}

oracle_nvdis() {
    NVDIS=${TGX_NVDIS:-$TGX_SRC/tools/nvdis}
    if [ -z "${TGX_NVDIS:-}" ] && ! command -v python3 >/dev/null 2>&1; then
        ORACLE_WHY="tools/nvdis needs python3, which is not installed"
        return 1
    fi
    oracle_nvdisasm
}

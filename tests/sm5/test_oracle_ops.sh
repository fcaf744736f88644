#!/usr/bin/env bash
# Live differential test of the forms outside the texture classes: tools/sm5-ops-fuzz makes
# random words of every row of src/sm5/sm5_ops.def (fields, guards and control fields random;
# seed TGX_ORACLE_SEED, default 2, so not the stored file's words), NVIDIA's nvdisasm prints
# them (tools/nvdis) and `tgx dis --words` must print the same line for each, on sm_50, sm_52 and
# sm_53; and every text nvdisasm printed must come back from `tgx as --bundles` as a word that
# nvdisasm prints the same (--as). TGX_ORACLE_PER words per row (default 6).
# Skips (exit 77, reason printed) without CUDA 11.8's nvdisasm (tools/install-nvdisasm) or
# python3.
set -u
: "${TGX:?TGX must name the tgx binary}" "${TGX_SRC:?}"
. "$(dirname "$0")/../common/oracle.sh"
if ! oracle_nvdis; then
    echo "SKIP: $ORACLE_WHY"
    exit 77
fi
"$TGX_SRC/tools/sm5-ops-fuzz" --per "${TGX_ORACLE_PER:-6}" --seed "${TGX_ORACLE_SEED:-2}" --as \
    --tgx "$TGX"
rc=$?
if [ $rc -eq 2 ]; then
    echo "SKIP: tools/sm5-ops-fuzz could not run nvdisasm"
    exit 77
fi
exit $rc

#!/bin/sh
# Checks what building and testing tgx needs; on Debian, installs what is missing (as root, or
# with sudo). Prints nothing when everything is there.
set -e
missing=""
need_cmd() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
need_cmd cmake cmake
need_cmd cc gcc
need_cmd make make
need_cmd clang clang
need_cmd clang-format clang-format
need_cmd pkg-config pkg-config
if ! echo '#include <png.h>' | cc -E -x c - >/dev/null 2>&1; then missing="$missing libpng-dev"; fi
if ! echo '#include <zlib.h>' | cc -E -x c - >/dev/null 2>&1; then missing="$missing zlib1g-dev"; fi
[ -z "$missing" ] && exit 0
echo "tgx: installing missing packages:$missing"
if ! command -v apt-get >/dev/null 2>&1; then
    echo "tgx: no apt-get here; please install:$missing" >&2
    exit 1
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing

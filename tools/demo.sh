#!/bin/sh
# Placeholder until the interpreter lands: format and check the example shader.
set -e
./$1/tgx --help

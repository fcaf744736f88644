# The two commands of the README: `make demo` and `make test`. Everything else is a helper.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
CMAKE_FLAGS ?=
PREFIX ?= /usr/local
# Developer and CI builds (make test, test-sanitize, fuzz-smoke) treat warnings as errors; a
# plain cmake build, make demo or a packager's build does not (TGX_WERROR is OFF by default), so
# a new compiler's new warning cannot break someone's build.
DEV_FLAGS = -DTGX_WERROR=ON

.PHONY: all deps build install demo test test-sanitize fuzz-smoke bench format clean

all: build

# Checks the tools and headers the build needs; installs the missing ones with apt-get (Debian).
deps:
	@sh tools/deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The tgx command, libtgx (static and shared), headers, tgx.pc and the CMake package under
# PREFIX; DESTDIR=/stage puts the tree under /stage for packaging.
install: build
	DESTDIR=$(DESTDIR) cmake --install $(BUILD) --prefix $(PREFIX)

# Only what the demo runs: the tgx command (no tests, benches or clang tools).
demo: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target tgx
	sh tools/demo.sh $(BUILD)

test:
	@sh tools/deps.sh --want clang-format
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(DEV_FLAGS) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The unit tests again under AddressSanitizer and UndefinedBehaviorSanitizer.
test-sanitize: deps
	cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Debug -DTGX_SANITIZE=ON $(DEV_FLAGS)
	cmake --build build-sanitize -j $(JOBS)
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -LE slow

# libFuzzer targets, a short run each (needs clang).
fuzz-smoke:
	@sh tools/deps.sh clang
	sh tools/fuzz-smoke.sh

bench: build
	sh tools/bench.sh $(BUILD)

format:
	@sh tools/deps.sh clang-format
	find src include tests bench fuzz examples -path tests/data -prune -o -name '*.[ch]' -print | xargs clang-format -i

clean:
	rm -rf $(BUILD) build-sanitize build-fuzz

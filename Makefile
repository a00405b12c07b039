# meetup-report: the two commands a fresh Debian machine needs (run as root).
#   make demo   builds and runs the bundled demo into Output/ (no network, no token)
#   make test   runs every test
SHELL := /bin/bash
SWIFT ?= swift

.PHONY: demo test build release deps clean format check-site screenshots bench bench-history install uninstall tsan deb

# Installs the C libraries the build links against, only when one is missing
# (waiting for a package database another apt holds).
deps:
	@Scripts/install-deps.sh build
	@Scripts/commit-header.sh

build: deps
	$(SWIFT) build

# Release builds link the Swift runtime and Foundation in, as `make deb` does: the binary users
# run, and a start 11 ms shorter than with Swift's shared libraries (perf stat -r 10 --version:
# 31 -> 20 ms), which every nightly run pays. A flag of every release build here, so
# .build/release is never rebuilt for want of it.
RELEASE := -c release --static-swift-stdlib

release: deps
	$(SWIFT) build $(RELEASE)

# `make install` puts the tool where cron and systemd expect it. PREFIX and DESTDIR work
# as usual for packagers; CONFIGURATION=debug skips the release build (the install test).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
BIN_DIR := $(DESTDIR)$(PREFIX)/bin
SHARE_DIR := $(DESTDIR)$(PREFIX)/share/meetup-report
MAN_DIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASH_DIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_DIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_DIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
BUILT := .build/$(CONFIGURATION)
BUILD_FLAGS := $(if $(filter release,$(CONFIGURATION)),$(RELEASE),-c $(CONFIGURATION))

install: deps
	$(SWIFT) build $(BUILD_FLAGS) --product meetup-report
	$(SWIFT) build $(BUILD_FLAGS) --product generate-manual
	install -d $(BIN_DIR) $(SHARE_DIR)/Templates/locales $(MAN_DIR) $(BASH_DIR) $(ZSH_DIR) $(FISH_DIR)
	install -m 755 $(BUILT)/meetup-report $(BIN_DIR)/meetup-report
	install -m 644 Templates/*.* $(SHARE_DIR)/Templates/
	install -m 644 Templates/locales/* $(SHARE_DIR)/Templates/locales/
	rm -rf .build/man && mkdir -p .build/man
	$(BUILT)/generate-manual $(BUILT)/meetup-report --output-directory .build/man --date "$$(date -u +%Y-%m-%d)"
	python3 Scripts/man-page.py .build/man/meetup-report.1 .build/man/meetup-report.full.1 $(PREFIX)
	install -m 644 .build/man/meetup-report.full.1 $(MAN_DIR)/meetup-report.1
	$(BUILT)/meetup-report --generate-completion-script bash > $(BASH_DIR)/meetup-report
	$(BUILT)/meetup-report --generate-completion-script zsh > $(ZSH_DIR)/_meetup-report
	$(BUILT)/meetup-report --generate-completion-script fish > $(FISH_DIR)/meetup-report.fish
	@echo "installed $(PREFIX)/bin/meetup-report ($$($(BIN_DIR)/meetup-report --version))"

# A Debian package for a server without Swift: meetup-report_<version>_<arch>.deb here
# (release build with the Swift runtime linked in, in .build-deb; see Scripts/make-deb.sh).
deb: deps
	Scripts/make-deb.sh

# Removes exactly what `make install` put there.
uninstall:
	rm -f $(BIN_DIR)/meetup-report $(MAN_DIR)/meetup-report.1 $(BASH_DIR)/meetup-report \
	  $(ZSH_DIR)/_meetup-report $(FISH_DIR)/meetup-report.fish
	rm -rf $(SHARE_DIR)

# The demo replays a snapshot recorded for the morning of 22 Nov 2026, so it runs as of then:
# with today's clock its events would eventually all be in the past and left out.
DEMO_NOW ?= 2026-11-22T08:00:00Z

# The demo is the site as users get it: search included (Pagefind from PyPI).
demo: build
	@Scripts/install-deps.sh search
	$(SWIFT) run --skip-build meetup-report --config Examples/demo/config.json --templates Templates --now $(DEMO_NOW) \
	  --stats .cache/demo-stats.json
	@python3 -c 'import json; s = json.load(open(".cache/demo-stats.json")); print("Removed by curation (--stats):", ", ".join(f"{k} {int(v)}" for k, v in sorted(s.items()) if k.startswith("removedBy") and v))'
	@echo "See it at http://127.0.0.1:8080/ after: .build/debug/meetup-report serve --directory Output"

test: deps
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests
	$(SWIFT) build --build-tests
	Scripts/target-graph.py --check ARCHITECTURE.md
	Scripts/check-config.sh
	Scripts/check-catalogues.sh
	Scripts/check-graphql.sh
	Scripts/check-site.sh
	Scripts/check-layout.sh
	Scripts/check-browser.sh
	Scripts/check-install.sh
	Scripts/check-systemd.sh
	Scripts/check-sandbox.sh
	Scripts/check-deb.sh
	SWIFT=$(SWIFT) Scripts/run-tests.sh

# Both test targets under the thread sanitizer, in a build folder of their own (the
# instrumented build is separate, about 6 minutes the first time). Any report fails it.
tsan: deps
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

# Validates the rendered demo and hostile examples with the W3C Nu checker, feedparser
# and icalendar (also part of make test; a few seconds once installed).
check-site: build
	Scripts/check-site.sh

# Headless Chromium screenshots of the demo at phone and laptop widths, light and dark.
screenshots: demo
	Scripts/screenshots.sh

clean:
	rm -rf .build .cache .Output.kept

# Formats the code as `make test` checks it (.swift-format: 4 spaces, 120 columns).
format:
	$(SWIFT) format format --in-place --recursive --parallel Sources Tests

# The benchmark: the release binary against the loopback API (50 ms a request),
# workloads W1 and W2, plus vipsthumbnail and a curl/vipsthumbnail/cmark pipeline
# as references. Prints the tables BENCHMARKS.md quotes. Takes a few minutes
# (the first run also generates 2,000 photos).
BENCH_ARGS ?=
bench: deps
	@source Scripts/lib/tools.sh; for tool in curl:curl vipsthumbnail:libvips-tools cmark:cmark /usr/bin/time:time; do \
	  need_apt $${tool%%:*} $${tool#*:} || { echo "bench: cannot install $${tool#*:}"; exit 1; }; \
	done
	@# The workloads run with search on: without Pagefind every figure of the search is a night
	@# that published without it, so the bench refuses to measure rather than measure that.
	@source Scripts/lib/tools.sh; command -v pagefind >/dev/null 2>&1 || need_pip pagefind_bin pagefind-bin \
	  || { echo "bench: cannot install Pagefind (pip install pagefind-bin)"; exit 1; }
	$(SWIFT) build $(RELEASE) --product meetup-report
	$(SWIFT) build $(RELEASE) --product meetup-report-bench
	.build/release/meetup-report-bench --binary .build/release/meetup-report $(BENCH_ARGS)

# A simulated year of nightly W1-sized runs through the history database: its size
# with 180- and 365-day retention (about 2.5 minutes).
bench-history: deps
	$(SWIFT) build $(RELEASE) --product meetup-report-bench
	.build/release/meetup-report-bench --history-year

#!/usr/bin/env bash
# `make deb`: meetup-report_<version>_<arch>.deb for a server without a Swift toolchain.
# The Swift runtime and Foundation are linked in (--static-swift-stdlib), so the package
# depends only on Debian's libraries, as dpkg-shlibdeps computes them from the binary
# (libvips, libcmark, libsqlite3, libical, libc…). It carries the binary, the templates,
# the man page, the shell completions, the systemd service and timer (ExecStart
# /usr/bin/meetup-report) and the sysusers.d entry for the service's user.
# Built in a folder of its own (.build-deb), so its flags never invalidate .build/release.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/tools.sh
need_apt dpkg-shlibdeps dpkg-dev || { unavailable "make deb: dpkg-dev"; exit 1; }
SWIFT=${SWIFT:-swift}
scratch=.build-deb
Scripts/commit-header.sh
"$SWIFT" build -c release --static-swift-stdlib --product meetup-report --scratch-path "$scratch"
"$SWIFT" build -c release --product generate-manual --scratch-path "$scratch"
built="$scratch/release"
version=$("$built/meetup-report" --version | cut -d' ' -f1)
arch=$(dpkg --print-architecture)
root="$scratch/pkg"
rm -rf "$root"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/meetup-report/Templates/locales" "$root/usr/share/man/man1" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/lib/systemd/system" "$root/usr/lib/sysusers.d" \
  "$root/usr/share/doc/meetup-report"
install -m 755 -s "$built/meetup-report" "$root/usr/bin/meetup-report"
install -m 644 Templates/*.* "$root/usr/share/meetup-report/Templates/"
install -m 644 Templates/locales/* "$root/usr/share/meetup-report/Templates/locales/"
rm -rf "$scratch/man" && mkdir -p "$scratch/man"
"$built/generate-manual" "$built/meetup-report" --output-directory "$scratch/man" --date "$(date -u +%Y-%m-%d)"
# The generated page completed with EXIT STATUS, CONFIGURATION, FILES, ENVIRONMENT and
# EXAMPLES from docs/ (running.md, the generated configuration reference), without the blank
# lines groff warns about.
python3 Scripts/man-page.py "$scratch/man/meetup-report.1" "$scratch/man/meetup-report.full.1" /usr
gzip -9n < "$scratch/man/meetup-report.full.1" > "$root/usr/share/man/man1/meetup-report.1.gz"
# bash-completion sources the file: no #! line.
"$built/meetup-report" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/meetup-report"
"$built/meetup-report" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_meetup-report"
"$built/meetup-report" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/meetup-report.fish"
for unit in meetup-report.service meetup-report.timer; do
  sed 's|/usr/local/bin/meetup-report|/usr/bin/meetup-report|g' "deploy/systemd/$unit" > "$root/lib/systemd/system/$unit"
  chmod 644 "$root/lib/systemd/system/$unit"
done
install -m 644 deploy/sysusers.d/meetup-report.conf "$root/usr/lib/sysusers.d/meetup-report.conf"
install -m 644 deploy/debian/copyright "$root/usr/share/doc/meetup-report/copyright"
install -D -m 644 deploy/debian/lintian-overrides "$root/usr/share/lintian/overrides/meetup-report"
sed "s/@VERSION@/$version/; s/@DATE@/$(date -uR)/" deploy/debian/changelog | gzip -9n > "$root/usr/share/doc/meetup-report/changelog.gz"
install -m 755 deploy/debian/postinst deploy/debian/postrm "$root/DEBIAN/"

# dpkg-shlibdeps reads a source package's debian/control: a minimal one in a folder of its own.
shlibs="$scratch/shlibs"
rm -rf "$shlibs" && mkdir -p "$shlibs/debian"
printf 'Source: meetup-report\n\nPackage: meetup-report\nArchitecture: any\n' > "$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/meetup-report" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make deb: dpkg-shlibdeps found no dependencies"; exit 1; }
# libvips is opened on the first thumbnail, not linked (CVipsShim), so dpkg-shlibdeps cannot see it:
# the soname the shim opens (vips_abi.h) is libvips 8's, and 8.14 is the release it was built against.
depends="$depends, libvips42 (>= 8.14)"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed "s/@VERSION@/$version/; s/@ARCH@/$arch/; s/@DEPENDS@/$depends/; s/@SIZE@/$size/" deploy/debian/control > "$root/DEBIAN/control"
deb="meetup-report_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "built $deb (Depends: $depends)"

#!/usr/bin/env bash
# Builds the guard serve container image as a tar (guard-server/target/jib-image.tar, for
# 'docker load' or 'skopeo copy') without a Docker engine and without a container registry:
#   1. a base image from Debian's own packages: a minimal bookworm (debootstrap) with
#      openjdk-17-jre-headless and ca-certificates, packed as an image by umoci and skopeo;
#   2. Jib layers the proxy on it (jib:buildTar with a tar:// base image).
# The base image is cached by its recipe in ${GUARD_IMAGE_CACHE:-~/.cache/ordering-guard}.
# With access to Docker Hub, 'mvn -pl guard-server jib:buildTar' alone builds on eclipse-temurin:17-jre.
# Needs root (debootstrap), the Debian mirror, and the project installed in ~/.m2 (mvn install).
set -euo pipefail
cd "$(dirname "$0")/../.."

suite=bookworm
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
packages=openjdk-17-jre-headless,ca-certificates
recipe="$suite $packages v1"
cache="${GUARD_IMAGE_CACHE:-$HOME/.cache/ordering-guard}"
base="$cache/base-$(printf '%s' "$recipe" | sha256sum | cut -c1-12).tar"

need() {
  local missing=()
  for tool in debootstrap umoci skopeo; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

if [ ! -s "$base" ]; then
  need
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  echo "image: building the base image ($recipe) from $mirror"
  debootstrap --variant=minbase --include="$packages" "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; exit 1; }
  # what an image does not need: package caches and documentation
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/* \
    "$work"/rootfs/usr/share/doc "$work"/rootfs/usr/share/man "$work"/rootfs/usr/share/info
  umoci init --layout "$work/oci"
  umoci new --image "$work/oci:base"
  umoci unpack --image "$work/oci:base" "$work/bundle" >/dev/null
  cp -a "$work/rootfs/." "$work/bundle/rootfs/"
  umoci repack --image "$work/oci:base" "$work/bundle"
  umoci config --image "$work/oci:base" --architecture amd64 --os linux \
    --config.env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --config.env LANG=C.UTF-8
  mkdir -p "$cache"
  skopeo copy --quiet "oci:$work/oci:base" "docker-archive:$base.partial:ordering-guard/debian-jre:17"
  mv "$base.partial" "$base"
fi

mvn -B -q -pl guard-server jib:buildTar -Djib.from.image="tar://$base"
echo "image: guard-server/target/jib-image.tar ($(du -h guard-server/target/jib-image.tar | cut -f1)) on $base"

#!/usr/bin/env bash
# Writes the API baseline: for every module whose pom sets api-check.skip to false, the public classes of
# its jar (target/<artifactId>-<version>.jar), without internal packages, io.orderingguard.support and
# io.orderingguard.json.tree (exported to our own modules only), as
# api-baseline/<artifactId>.jar. Run after `mvn -o package -DskipTests -Dapi-check.skip=true` from the
# repository root, and only for a deliberate API change listed in CHANGELOG.md. Arguments, if any, name
# the modules to update (default: all checked modules).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for pom in guard-*/pom.xml; do
  grep -q '<api-check.skip>false</api-check.skip>' "$pom" || continue
  module=$(dirname "$pom")
  if [ $# -gt 0 ] && [[ " $* " != *" $module "* ]]; then continue; fi
  jar="$module/target/$module-$version.jar"
  [ -f "$jar" ] || { echo "missing $jar: run mvn -o package -DskipTests -Dapi-check.skip=true first" >&2; exit 1; }
  rm -rf "$work/classes" && mkdir -p "$work/classes"
  (cd "$work/classes" && jar xf "$OLDPWD/$jar")
  find "$work/classes" -type d \( -name internal -o -path '*/io/orderingguard/support' -o -path '*/io/orderingguard/json/tree' \) -prune -exec rm -rf {} +
  find "$work/classes" -type f ! -name '*.class' -delete
  rm -f "$work/classes/module-info.class"
  jar --create --date=2026-12-01T00:00:00Z --no-manifest --file "api-baseline/$module.jar" -C "$work/classes" .
  echo "api-baseline/$module.jar: $(jar tf "api-baseline/$module.jar" | grep -c "\.class$") classes"
done

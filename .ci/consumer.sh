#!/usr/bin/env bash
# Issue 17's release check, after the tests passed: `mvn install` must leave the main, sources and
# Javadoc jars of every library module and the BOM in the local repository, and a project that
# imports only the BOM and depends on one module must compile the README's first Java block.
set -euo pipefail
cd "$(dirname "$0")/.."

mvn -B -q -DskipTests install

repo="${MAVEN_LOCAL_REPOSITORY:-$HOME/.m2/repository}"
version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -1)"
missing=0
for module in $(sed -n 's:.*<module>\(.*\)</module>.*:\1:p' pom.xml); do
  case "$module" in guard-examples|guard-benchmarks) continue ;; esac
  dir="$repo/io/orderingguard/$module/$version"
  if [ "$module" = guard-bom ]; then
    wanted="$module-$version.pom"
  elif [ ! -d "$module/src/main/java" ] && ! grep -q "<goal>add-source</goal>" "$module/pom.xml"; then
    wanted="$module-$version.jar"   # a starter: dependencies only, no code to document
  else
    wanted="$module-$version.jar $module-$version-sources.jar $module-$version-javadoc.jar"
  fi
  for f in $wanted; do
    if [ ! -s "$dir/$f" ]; then echo "consumer check: $dir/$f is missing" >&2; missing=1; fi
  done
done
[ "$missing" -eq 0 ] || exit 1

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r .ci/consumer/. "$work/"
mkdir -p "$work/src/main/java/com/example"
python3 - README.md "$work/src/main/java/com/example/ReadmeSnippet.java" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"(?:<!--\s*given:(?P<given>.*?)-->\s*\n)?```java\n(?P<code>.*?)^```", text, re.S | re.M)
code, given = m.group("code"), m.group("given") or ""
lines = code.split("\n")
imports = [l for l in lines if l.startswith("import ")]
body = "\n".join(l for l in lines if not l.startswith("import "))
given_imports = re.findall(r"import\s+[\w.]+\s*;", given)
members = re.sub(r"import\s+[\w.]+\s*;", "", given).strip()
src = "package com.example;\n\n" + "\n".join(imports + given_imports) + "\nimport java.util.List;\n\n"
src += "/** The README's first Java block, as a new user would paste it. */\nfinal class ReadmeSnippet {\n"
src += "    " + members + "\n\n    void run() {\n" + body + "\n    }\n}\n"
open(sys.argv[2], "w", encoding="utf-8").write(src)
PY
mvn -B -q -f "$work/pom.xml" compile
echo "consumer check: every library module installed with sources and Javadoc; the README snippet compiles against guard-bom $version + guard-langchain4j"

# A Spring application on each line (Spring Boot's parent, spring-ai-bom, guard-bom and the line's starter)
# compiles the same source; guard-bom manages our artifacts only, so Boot's Jackson stays the one resolved.
for line in 4 3; do
  app="$(mktemp -d)"
  cp .ci/consumer-spring/boot-$line.xml "$app/pom.xml"
  mkdir -p "$app/src/main/java/com/example"
  cp .ci/consumer-spring/Application.java "$app/src/main/java/com/example/"
  mvn -B -q -f "$app/pom.xml" compile
  mvn -B -q -f "$app/pom.xml" dependency:list -DincludeGroupIds=com.fasterxml.jackson.core \
    -DincludeArtifactIds=jackson-databind -DoutputFile="$app/jackson.txt" >/dev/null
  resolved="$(sed -n 's/.*jackson-databind:jar:\([^:]*\):.*/\1/p' "$app/jackson.txt")"
  if [ "$line" = 3 ]; then
    boot="$(mvn -B -q -f "$app/pom.xml" help:evaluate -Dexpression=jackson-bom.version -DforceStdout \
      | sed 's/\x1b\[[0-9;]*m//g')"
    if [ "$resolved" != "$boot" ]; then
      echo "consumer check: Spring Boot 3.5 manages jackson-databind $boot, but the application resolved $resolved" >&2
      exit 1
    fi
  fi
  echo "consumer check: a Spring Boot $line application compiles against guard-bom $version and its starter (jackson-databind $resolved)"
  rm -rf "$app"
done

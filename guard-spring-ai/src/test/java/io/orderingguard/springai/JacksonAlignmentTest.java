package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Spring AI 2.0 brings Jackson 3 ({@code tools.jackson}) beside the Jackson 2 that guard-core uses, and
 * left to Maven's nearest-wins it resolves Jackson 3 jars of two releases (databind 3.1.5, core 3.0.3
 * through victools) and Kotlin jars of two lines. The root pom aligns each family through its BOM; this
 * test reads the jars on this module's test class path and fails when a family resolves to more than
 * one release.
 */
class JacksonAlignmentTest {

    /**
     * Maven coordinates ({@code group:artifact} → version) of every jar on the class path, read from
     * the Maven repository layout {@code <group path>/<artifact>/<version>/<artifact>-<version>.jar}
     * (not every jar carries a {@code pom.properties}: Kotlin's do not).
     */
    static Map<String, String> jars() {
        Map<String, String> found = new TreeMap<>();
        String repository = File.separator + "repository" + File.separator;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            int root = entry.lastIndexOf(repository);
            if (!entry.endsWith(".jar") || root < 0) {
                continue;
            }
            Path jar = Path.of(entry);
            Path versionDir = jar.getParent();
            Path artifactDir = versionDir.getParent();
            Path groupDir = artifactDir.getParent();
            String group = groupDir.toString().substring(root + repository.length()).replace(File.separatorChar, '.');
            found.put(group + ":" + artifactDir.getFileName(), versionDir.getFileName().toString());
        }
        return found;
    }

    static TreeSet<String> versions(Map<String, String> jars, String groupPrefix, String except) {
        TreeSet<String> versions = new TreeSet<>();
        jars.forEach((coordinates, version) -> {
            if (coordinates.startsWith(groupPrefix) && !coordinates.equals(except)) {
                versions.add(version);
            }
        });
        return versions;
    }

    @Test
    void resolves_exactly_one_jackson_2_release_and_one_jackson_3_release() {
        Map<String, String> jars = jars();

        TreeSet<String> jackson2 = versions(jars, "com.fasterxml.jackson", "com.fasterxml.jackson.core:jackson-annotations");
        TreeSet<String> jackson3 = versions(jars, "tools.jackson", null);

        assertThat(jackson2).as("Jackson 2 releases on the class path").hasSize(1);
        assertThat(jackson3).as("Jackson 3 releases on the class path").hasSize(1);
        assertThat(jackson2.first()).startsWith("2.");
        assertThat(jackson3.first()).startsWith("3.");
        // since 2.20 jackson-annotations is versioned by minor line only, and Jackson 3 shares it
        assertThat(jars.get("com.fasterxml.jackson.core:jackson-annotations"))
                .isEqualTo(jackson2.first().substring(0, jackson2.first().lastIndexOf('.')));
        assertThat(jars).containsKeys("com.fasterxml.jackson.core:jackson-databind", "tools.jackson.core:jackson-databind",
                "tools.jackson.core:jackson-core");
    }

    @Test
    void resolves_one_kotlin_release_for_the_provider_sdks() {
        Map<String, String> jars = jars();

        TreeSet<String> kotlin = new TreeSet<>();
        jars.forEach((coordinates, version) -> {
            // kotlin-stdlib-common is an empty stub since Kotlin 2.0: no 2.x release of it exists
            if (coordinates.startsWith("org.jetbrains.kotlin:") && !coordinates.endsWith(":kotlin-stdlib-common")) {
                kotlin.add(version);
            }
        });

        assertThat(kotlin).as("Kotlin releases on the class path").hasSize(1);
    }
}

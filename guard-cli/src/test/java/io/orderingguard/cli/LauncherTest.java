package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The documented launchers name this build: the JBang catalogue's alias {@code guard} points at this
 * version of guard-cli and its main class, and the shade plugin attaches the runnable jar with the
 * classifier the README names.
 */
class LauncherTest {

    private static final Path ROOT = Path.of("..");

    @Test
    void the_jbang_alias_names_this_version_and_the_main_class() throws IOException {
        JsonNode alias = new ObjectMapper().readTree(ROOT.resolve("jbang-catalog.json").toFile()).at("/aliases/guard");

        assertThat(alias.path("script-ref").asText()).isEqualTo("io.orderingguard:guard-cli:" + version());
        assertThat(alias.path("main").asText()).isEqualTo(GuardCli.class.getName());
        assertThat(alias.path("description").asText()).isNotBlank();
    }

    @Test
    void the_runnable_jar_is_attached_with_the_classifier_the_readme_names() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        String readme = Files.readString(Path.of("README.md"));

        assertThat(pom).contains("<shadedArtifactAttached>true</shadedArtifactAttached>",
                "<shadedClassifierName>all</shadedClassifierName>");
        assertThat(readme).contains("java -jar guard-cli-" + version() + "-all.jar",
                "-Dartifact=io.orderingguard:guard-cli:" + version() + ":jar:all");
    }

    private static String version() throws IOException {
        Matcher m = Pattern.compile("\n  <version>([^<]+)</version>").matcher(Files.readString(ROOT.resolve("pom.xml")));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }
}

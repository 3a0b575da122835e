package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.rule.OrderingRule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shipped catalogue and the examples build rules with the factories on {@link OrderingRule} and
 * the records' {@code with…} methods, never with a record's canonical constructor: a component added
 * to a rule record later must not break them.
 */
class CatalogueConstructionTest {

    private static final List<Path> SOURCES = List.of(
            Path.of("src", "main", "java"), Path.of("..", "guard-examples", "src", "main", "java"));

    @Test
    void should_build_every_catalogue_and_example_rule_without_a_canonical_constructor() {
        // GIVEN every rule record and every main source file of the catalogue and the examples
        List<String> records = new ArrayList<>();
        for (Class<?> type : OrderingRule.class.getPermittedSubclasses()) {
            records.add(type.getSimpleName());
        }
        Pattern construction = Pattern.compile("\\bnew\\s+(" + String.join("|", records) + ")\\s*\\(");
        List<Path> files = javaFiles();

        // WHEN looking for constructor calls of rule records
        List<String> calls = new ArrayList<>();
        for (Path file : files) {
            String[] lines = read(file).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher m = construction.matcher(lines[i]);
                if (m.find()) {
                    calls.add(file + ":" + (i + 1) + ": new " + m.group(1) + "(");
                }
            }
        }

        // THEN there are none, and the scan did see the catalogue
        assertThat(files).extracting(p -> p.getFileName().toString())
                .contains("ProviderRules.java", "ReferenceBehaviours.java", "MutateBrokenHistory.java");
        assertThat(calls).as("rule records built with their canonical constructor").isEmpty();
    }

    private static List<Path> javaFiles() {
        List<Path> files = new ArrayList<>();
        for (Path root : SOURCES) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.orderingguard.examples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.surface.ReplayTags;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What Ordering Guard knows of the providers is declared once ({@code io.orderingguard.surface}): no
 * replay tag, Gemini sentinel signature or canonical provider id is written as a string literal a second
 * time anywhere in the main code of the library modules. A codec, a framework adapter or a profile that
 * needs one reads the declaration, so a provider change is one edit.
 *
 * <p>The provider emulator in guard-testing is left out on purpose: it is an independent oracle of what
 * providers accept and keeps its own knowledge. The examples and benchmarks are user code.
 */
class SingleDeclarationTest {

    private static final Set<String> OUTSIDE = Set.of("guard-testing", "guard-examples", "guard-benchmarks");

    @Test
    void every_replay_tag_and_provider_id_is_a_literal_once_in_main_code() throws IOException {
        Set<String> names = new LinkedHashSet<>(ReplayTags.all());
        names.add(ReplayTags.GEMINI_SKIP_VALIDATOR);
        names.addAll(ProviderIds.all());
        Map<String, List<String>> where = new TreeMap<>();
        for (Path file : mainSources()) {
            for (String literal : literals(Files.readString(file))) {
                if (names.contains(literal)) {
                    where.computeIfAbsent(literal, k -> new ArrayList<>()).add(file.toString());
                }
            }
        }

        assertThat(where.keySet()).as("every name is declared").containsExactlyInAnyOrderElementsOf(names);
        where.forEach((name, files) -> assertThat(files).as("the string literal \"%s\" in main code", name)
                .hasSize(1));
    }

    @Test
    void should_find_every_string_literal_and_no_comment() {
        String source = """
                /** "in a doc comment" */
                class A { // "in a line comment"
                    String a = "one", b = "two \\" quoted", url = "http://x/*y*/";
                    char c = '"';
                    String block = \"\"\"
                        text "block"
                        \"\"\";
                    /* "in a block comment" */
                }
                """;

        assertThat(literals(source)).containsExactly("one", "two \\\" quoted", "http://x/*y*/",
                "        text \"block\"\n        ");
    }

    private static List<Path> mainSources() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("guard-")
                    && !OUTSIDE.contains(m.getFileName().toString())).sorted().toList()) {
                Path src = module.resolve("src");
                if (!Files.isDirectory(src)) {
                    continue;
                }
                try (Stream<Path> walk = Files.walk(src)) {
                    walk.filter(p -> p.toString().endsWith(".java") && !src.relativize(p).toString().startsWith("test")
                            && !src.relativize(p).toString().contains("-test")).forEach(files::add);
                }
            }
        }
        assertThat(files).as("main sources under ../guard-*/src").hasSizeGreaterThan(300);
        return files;
    }

    /** The string literals of a Java source (text blocks included), without comments and char literals. */
    static List<String> literals(String source) {
        List<String> found = new ArrayList<>();
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
                i = source.indexOf('\n', i);
                i = i < 0 ? n : i;
            } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '\'') {
                i = skipQuoted(source, i + 1, '\'');
            } else if (source.startsWith("\"\"\"", i)) {
                int start = source.indexOf('\n', i) + 1;
                int end = source.indexOf("\"\"\"", start);
                found.add(source.substring(start, end));
                i = end + 3;
            } else if (c == '"') {
                int end = skipQuoted(source, i + 1, '"');
                found.add(source.substring(i + 1, end - 1));
                i = end;
            } else {
                i++;
            }
        }
        return found;
    }

    private static int skipQuoted(String source, int from, char quote) {
        int i = from;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        throw new UncheckedIOException(new IOException("unterminated literal at " + from));
    }
}

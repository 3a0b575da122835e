package io.orderingguard.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's first code block is copied from an example, so it compiles: every line must be in it. */
class ReadmeTest {

    @Test
    void readme_first_code_block_is_taken_from_a_compiled_example() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(block.find()).as("a java code block in README.md").isTrue();
        Matcher source = Pattern.compile("\\(from \\[`(\\w+)`\\]").matcher(readme);
        assertThat(source.find()).as("the README names the example it copies").isTrue();
        String example = Files.readString(Path.of("src", "main", "java", "io", "orderingguard", "examples",
                source.group(1) + ".java"));
        List<String> missing = new ArrayList<>();
        for (String line : block.group(1).split("\\n")) {
            String code = line.replaceAll("\\s*//.*$", "").strip();
            if (!code.isEmpty() && !example.contains(code)) {
                missing.add(code);
            }
        }
        assertThat(missing).as("README lines not found in %s", source.group(1)).isEmpty();
    }
}

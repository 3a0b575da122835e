package io.orderingguard.policy.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Keeps the README's JUnit example honest: the README shows {@link SupportAgentPolicyTest} (which
 * compiles and runs with the module's tests) verbatim, from its imports to its last brace.
 */
class ReadmeExampleTest {

    @Test
    void the_readme_shows_the_compiled_example_verbatim() throws IOException {
        String source = Files.readString(Path.of("src/test/java/io/orderingguard/policy/readme/SupportAgentPolicyTest.java"));
        String example = source.substring(source.indexOf("import static"));
        assertThat(Files.readString(Path.of("README.md"))).contains("```java\n" + example + "```\n");
    }
}

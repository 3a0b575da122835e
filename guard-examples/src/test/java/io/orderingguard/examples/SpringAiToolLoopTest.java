package io.orderingguard.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Runs the Spring AI example against the provider emulator, and keeps the READMEs' snippet compiled. */
class SpringAiToolLoopTest {

    @Test
    void the_guarded_tool_loop_answers_after_two_tool_rounds() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            emulator.enqueue(Answer.toolCall("lookup_order", Map.of("orderId", "1182")),
                    Answer.toolCall("lookup_order", Map.of("orderId", "1183")),
                    Answer.text("Both have shipped."));

            String answer = SpringAiToolLoop.run(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                    emulator.openAiBaseUrl(), "test-key");

            assertThat(answer).isEqualTo("Both have shipped.");
            assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("answer: Both have shipped." + System.lineSeparator());
            assertThat(emulator.requestCount()).isEqualTo(3);
            assertThat(emulator.rejections()).isEmpty();
            assertThat(emulator.lastRequest().json().path("messages").toString())
                    .contains("shipped 1182", "shipped 1183");
        }
    }

    @Test
    void the_readme_sections_on_spring_ai_are_taken_from_the_compiled_example() throws IOException {
        String example = Files.readString(Path.of("src", "main", "java", "io", "orderingguard", "examples",
                "SpringAiToolLoop.java"));
        for (Path readme : List.of(Path.of("..", "README.md"), Path.of("..", "guard-spring-ai", "README.md"))) {
            String text = Files.readString(readme);
            int section = text.indexOf("SpringAiToolLoop");
            assertThat(section).as("%s names the example", readme).isPositive();
            Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(text);
            assertThat(block.find(text.lastIndexOf("```java", section))).as("a java block in %s", readme).isTrue();
            List<String> missing = new ArrayList<>();
            for (String line : block.group(1).split("\\n")) {
                String code = line.replaceAll("\\s*//.*$", "").strip();
                if (!code.isEmpty() && !example.contains(code)) {
                    missing.add(code);
                }
            }
            assertThat(missing).as("%s lines not found in SpringAiToolLoop", readme).isEmpty();
        }
    }
}

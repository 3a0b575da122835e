package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.wire.WireFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code guard check --wire auto} over guard-wire's collected real-shaped bodies
 * ({@code guard-wire/src/test/resources/bodies/<surface>/}), for every surface this build has a codec
 * for, so a codec added to guard-wire is checked here as soon as its bodies land: each body is read as
 * the surface of its folder, every wire position a finding names resolves to a node of the body, and in
 * mutate mode the body written to {@code --output} reads back and passes enforce.
 */
class WireBodiesTest {

    private static final Path BODIES = Path.of("..", "guard-wire", "src", "test", "resources", "bodies");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The model of a surface whose bodies carry none (it travels in the URL path). */
    private static final Map<String, String> URL_MODELS = Map.of(
            "gemini", "gemini-3-pro-preview",
            "bedrock-converse", "us.anthropic.claude-sonnet-4-5-20250929-v1:0");
    private static final Pattern STEP = Pattern.compile("([^.\\[]+)|\\[(\\d+)]");

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> every_collected_body_reads_names_real_positions_and_mutates_to_a_passing_body() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (WireFormat surface : WireFormat.values()) {
            Path folder = BODIES.resolve(surface.wireName());
            if (surface.codec().isEmpty() || !Files.isDirectory(folder)) {
                continue;
            }
            try (Stream<Path> files = Files.list(folder)) {
                for (Path body : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                    tests.add(DynamicTest.dynamicTest(surface.wireName() + "/" + body.getFileName(),
                            () -> check(surface, body)));
                }
            }
        }
        assertThat(tests).as("collected bodies under %s", BODIES).isNotEmpty();
        return tests.stream();
    }

    private void check(WireFormat surface, Path body) throws IOException {
        String model = URL_MODELS.getOrDefault(surface.wireName(), "unused-when-the-body-names-one");
        CliRun run = CliRun.of("check", "--wire", "auto", "--model", model, "--format", "json", body.toString());

        assertThat(run.err()).as("stderr").isEmpty();
        assertThat(run.exitCode()).as(run.out()).isIn(0, 1);
        JsonNode result = JSON.readTree(run.out()).at("/results/0");
        assertThat(result.get("wire").asText()).isEqualTo(surface.wireName());
        JsonNode original = JSON.readTree(body.toFile());
        for (String list : new String[] {"blocking", "advisories"}) {
            for (JsonNode finding : result.get(list)) {
                for (var position : finding.get("wirePositions").properties()) {
                    assertThat(original.at(pointer(position.getValue().asText())).isMissingNode())
                            .as("%s of %s names %s", position.getKey(), finding.get("ruleId"), position.getValue())
                            .isFalse();
                }
            }
        }

        Path out = dir.resolve("out");
        CliRun mutate = CliRun.of("check", "--wire", "auto", "--model", model, "--mode", "mutate", "--output",
                out.toString(), "--format", "json", body.toString());
        JsonNode repaired = JSON.readTree(mutate.out()).at("/results/0");
        if (repaired.get("sent").asBoolean()) {
            Path written = out.resolve(body.getFileName());
            CliRun again = CliRun.of("check", "--wire", surface.wireName(), "--model", model, "--format", "json",
                    written.toString());
            assertThat(again.exitCode()).as(again.out()).isZero();
            if (repaired.get("repairs").isEmpty()) {
                assertThat(JSON.readTree(written.toFile())).isEqualTo(original);
            }
        }
    }

    /** {@code messages[3].content[1]} → {@code /messages/3/content/1}. */
    static JsonPointer pointer(String position) {
        StringBuilder sb = new StringBuilder();
        for (String part : position.split("\\.")) {
            Matcher m = STEP.matcher(part);
            while (m.find()) {
                String step = m.group(1) != null ? m.group(1) : m.group(2);
                sb.append('/').append(step.replace("~", "~0").replace("/", "~1"));
            }
        }
        return JsonPointer.compile(sb.toString());
    }
}

package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.wire.WireFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code guard check --wire auto} over the original request bodies kept in {@code conformance/recorded}
 * ({@code *.request.json}, next to the dispatch document converted from each): a body the provider
 * accepted is never rejected, with the model and provider the case records (Bedrock carries the model in
 * the URL path); a body of a surface this build has no codec for is one clear error, exit 2. A case marked
 * {@code gap} (a provider rule no rule covers yet) is reported as skipped.
 */
class RecordedBodiesTest {

    private static final Path RECORDED = Path.of("..", "conformance", "recorded");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicTest> every_recorded_body_is_checked_as_its_verdict_says() throws IOException {
        List<Path> bodies;
        try (Stream<Path> files = Files.walk(RECORDED)) {
            bodies = files.filter(p -> p.getFileName().toString().endsWith(".request.json")).sorted().toList();
        }
        assertThat(bodies).as("original bodies under %s", RECORDED).isNotEmpty();
        return bodies.stream().map(body -> DynamicTest.dynamicTest(RECORDED.relativize(body).toString(), () -> check(body)));
    }

    private static void check(Path body) throws IOException {
        String name = body.getFileName().toString();
        String caseName = name.substring(0, name.length() - ".request.json".length()) + ".json";
        JsonNode document = JSON.readTree(body.resolveSibling(caseName).toFile());
        JsonNode recorded = JSON.readTree(body.resolveSibling("cases.json").toFile()).path(caseName);
        JsonNode verdict = recorded.path("verdict");
        // a provider rule no rule covers yet: reported as skipped (not caught), as RecordedCorpusTest does
        Assumptions.assumeTrue(recorded.path("gap").isMissingNode(), "gap " + recorded.path("gap").asText()
                + ": not caught yet");
        WireFormat surface = WireFormat.detect(JSON.readTree(body.toFile()), null);

        CliRun run = CliRun.of("check", "--wire", "auto", "--model", document.path("model").asText(), "--provider",
                document.path("provider").asText(), "--format", "json", body.toString());

        if (surface.codec().isEmpty()) {
            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err()).isEqualTo("guard: " + body + ": the body is " + surface.wireName() + " (detected), which "
                    + "this build cannot read yet; it reads " + String.join(", ", InputReader.readableSurfaces()) + "\n");
            return;
        }
        JsonNode result = JSON.readTree(run.out()).at("/results/0");
        assertThat(result.get("wire").asText()).isEqualTo(surface.wireName());
        assertThat(result.at("/timeline/model").asText()).isEqualTo(document.path("model").asText());
        if (verdict.asText().equals("accepted")) {
            assertThat(result.get("outcome").asText()).as(run.out()).isNotEqualTo("rejected");
            assertThat(run.exitCode()).isZero();
        } else {
            assertThat(result.get("outcome").asText()).as(run.out()).isEqualTo("rejected");
            assertThat(run.exitCode()).isEqualTo(1);
        }
    }
}

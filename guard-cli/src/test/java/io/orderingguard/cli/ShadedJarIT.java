package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the shaded {@code guard.jar} (what {@code ./guard} runs) in its own JVM: the README's
 * quick-start check and the wire-body check, with their exit codes, outputs and the one-line error of
 * a bad body. The {@code shaded-jar} surefire execution runs it in the integration-test phase, after
 * the package phase built the jar, and names the jar in the {@code guard.jar} system property; without
 * it (a test-phase run) the tests are skipped rather than run against a stale jar.
 */
class ShadedJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path jar;

    @BeforeEach
    void findJar() {
        String property = System.getProperty("guard.jar");
        Assumptions.assumeTrue(property != null, "guard.jar is set by the shaded-jar execution (integration-test phase)");
        jar = Path.of(property);
    }

    /** One run of the jar: exit code, standard output and standard error. */
    private record Run(int exitCode, String out, String err) {}

    private Run guard(String... args) throws IOException, InterruptedException {
        assertThat(jar).as("the shaded jar (built in the package phase)").exists();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(List.of(args));
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("guard finished within 120 s").isTrue();
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void should_run_the_readme_quick_start_check() throws Exception {
        Path conversation = Path.of("..", "guard-examples", "conversations", "memory-window-evicted-call.json");

        Run run = guard("check", conversation.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).startsWith(conversation + ": REJECTED (profile anthropic-messages");
        assertThat(run.out()).endsWith("\n1 dispatch checked: 0 sent, 1 rejected\n");
    }

    @Test
    void should_check_a_request_log_of_provider_bodies_and_write_the_repaired_ones() throws Exception {
        Path log = dir.resolve("requests.jsonl");
        Files.writeString(log, CheckWireTest.ANTHROPIC + "\n" + CheckWireTest.OPENAI + "\n");
        Path out = dir.resolve("out");

        Run check = guard("check", "--wire", "auto", "--format", "json", log.toString());
        Run mutate = guard("check", "--wire", "auto", "--mode", "mutate", "--output", out.toString(), log.toString());

        assertThat(check.exitCode()).isEqualTo(1);
        JsonNode envelope = JSON.readTree(check.out());
        assertThat(envelope.get("summary").toString()).isEqualTo("{\"dispatches\":2,\"sent\":0,\"rejected\":2,\"badInputs\":0}");
        assertThat(envelope.at("/results/0/blocking/0/wirePositions").toString())
                .isEqualTo("{\"toolu_01\":\"messages[1].content[1]\"}");
        assertThat(envelope.at("/results/1/blocking/0/wirePositions").toString()).isEqualTo("{\"call_9\":\"messages[2]\"}");
        assertThat(mutate.exitCode()).isZero();
        assertThat(Files.readAllLines(out.resolve("requests.jsonl"))).hasSize(2);
    }

    @Test
    void should_answer_a_bad_body_with_one_line_and_exit_2() throws Exception {
        Path body = dir.resolve("body.json");
        // a wrong type is bad in every mode (an unknown role is carried through unless --strict)
        Files.writeString(body, "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": 7}]}");

        Run run = guard("check", "--wire", "openai-chat", body.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("guard: " + body + ": $.messages[0].content: expected a string or an array of "
                + "content parts, but was a number (7)\n");
    }
}

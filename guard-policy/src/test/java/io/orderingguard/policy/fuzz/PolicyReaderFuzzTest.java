package io.orderingguard.policy.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.PolicyFiles;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.policy.eval.EvalConfig;
import io.orderingguard.policy.trace.TraceFiles;
import io.orderingguard.testkit.InputFuzzer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile input for the sequence-policy readers: policy files, eval configs and Assay traces each get
 * 10,000 mutated documents built from the shipped examples and the seed fixtures; nothing but
 * {@link GuardInputException} may escape.
 */
class PolicyReaderFuzzTest {

    private static final int INPUTS = 10_000;
    private static final JsonInput INPUT = JsonInput.defaults();
    private static final Path EXAMPLES = Path.of("..", "guard-examples", "policies");

    private static List<String> files(Path dir, String suffix) throws IOException {
        List<String> texts = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.filter(f -> f.toString().endsWith(suffix)).sorted()::iterator) {
                texts.add(Files.readString(p));
            }
        }
        return texts;
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {20261130L})
    void policy_files_only_ever_fail_with_guard_input_exceptions(long seed) throws IOException {
        List<String> seeds = List.of(Files.readString(EXAMPLES.resolve("customer-support.yaml")),
                "name: p\nsequences:\n  - type: before\n    first: A\n    then: B\n  - type: max_calls\n    tool: C\n    max: 2\n"
                        + "aliases:\n  D: [E, F]\ntools:\n  deny: [\"admin_*\"]\n");
        List<String> inputs = InputFuzzer.mutations(seeds, seed, INPUTS);
        assertThat(InputFuzzer.escapes(inputs, in -> PolicyFiles.parse(INPUT.parseYaml(in, "p.yaml"), "p.yaml", "p"),
                GuardInputException.class)).isEmpty();
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {20261130L})
    void eval_configs_only_ever_fail_with_guard_input_exceptions(long seed) throws IOException {
        List<String> seeds = new ArrayList<>(files(Path.of("..", "conformance", "policy", "seed"), ".yaml"));
        seeds.add(Files.readString(EXAMPLES.resolve("eval.yaml")));
        seeds.add(Files.readString(EXAMPLES.resolve("v0-eval.yaml")));
        Path file = EXAMPLES.resolve("fuzz-eval.yaml");
        List<String> inputs = InputFuzzer.mutations(seeds, seed, INPUTS);
        assertThat(InputFuzzer.escapes(inputs, in -> EvalConfig.parse(INPUT.parseYaml(in, file.toString()), file, in, InputLimits.defaults()),
                GuardInputException.class)).isEmpty();
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {20261130L})
    void assay_traces_only_ever_fail_with_guard_input_exceptions(long seed) throws IOException {
        List<String> seeds = List.of(Files.readString(EXAMPLES.resolve("traces.jsonl")),
                "{\"test_id\": \"t1\", \"prompt\": \"p\", \"tool_calls\": [{\"tool_name\": \"A\", \"args\": {}}]}\n",
                Files.readString(EXAMPLES.resolve("dispatch.json")).replace("\n", " ") + "\n");
        List<String> inputs = InputFuzzer.mutations(seeds, seed, INPUTS);
        assertThat(InputFuzzer.escapes(inputs, in -> TraceFiles.parseLines(in, "traces.jsonl", InputLimits.defaults()),
                GuardInputException.class)).isEmpty();
    }
}

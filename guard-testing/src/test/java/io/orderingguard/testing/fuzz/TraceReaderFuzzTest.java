package io.orderingguard.testing.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardInputException;
import io.orderingguard.testing.Trace;
import io.orderingguard.testkit.InputFuzzer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile input for the trace reader (ours and reagent-flow's {@code format_version "1"} files):
 * 10,000 mutated documents; nothing but {@link GuardInputException} may escape.
 */
class TraceReaderFuzzTest {

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {20261130L})
    void traces_only_ever_fail_with_guard_input_exceptions(long seed) throws IOException {
        String reagent = Files.readString(Path.of("src", "test", "resources", "fixtures",
                "refund_flow_20260413_101500.trace.json"));
        List<String> inputs = InputFuzzer.mutations(List.of(reagent), seed, 10_000);
        assertThat(InputFuzzer.escapes(inputs, in -> Trace.parse(in, "fuzz.trace.json"), GuardInputException.class))
                .isEmpty();
    }
}

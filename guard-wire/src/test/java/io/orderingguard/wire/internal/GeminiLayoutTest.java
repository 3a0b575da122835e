package io.orderingguard.wire.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.wire.GeminiBodies;
import io.orderingguard.wire.WireCodec;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Gemini layout path (taken whenever a repair changed something) lays an unchanged timeline out
 * into the very body it came from, for seeded generated bodies and for the collected bodies under
 * {@code src/test/resources/bodies/gemini/}, which also round-trip through {@code render}.
 */
class GeminiLayoutTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static LongStream seeds() {
        return LongStream.range(0, 1_200);
    }

    @ParameterizedTest(name = "gemini layout seed {0}")
    @MethodSource("seeds")
    void should_lay_an_unchanged_gemini_timeline_out_into_the_original_body(long seed) {
        ObjectNode body = GeminiBodies.gemini(seed);

        assertThat(GeminiCodec.rebuildAll(body).toString()).isEqualTo(body.toString());
    }

    @TestFactory
    Stream<DynamicTest> should_round_trip_every_collected_gemini_body() throws IOException {
        Path root = Path.of("src", "test", "resources", "bodies", "gemini");
        WireCodec codec = WireFormat.GEMINI.codec().orElseThrow();
        try (Stream<Path> files = Files.list(root)) {
            return files.sorted().toList().stream().map(file -> DynamicTest.dynamicTest("gemini/" + file.getFileName(),
                    () -> {
                        ObjectNode body = (ObjectNode) MAPPER.readTree(file.toFile());

                        assertThat(WireFormat.detect(body, null)).isEqualTo(WireFormat.GEMINI);
                        assertThat(codec.render(codec.parse(body, WireContext.empty()), body).toString())
                                .isEqualTo(body.toString());
                        assertThat(GeminiCodec.rebuildAll(body).toString()).isEqualTo(body.toString());
                    }));
        }
    }
}

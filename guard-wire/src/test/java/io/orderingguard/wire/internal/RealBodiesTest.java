package io.orderingguard.wire.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.wire.WireCodec;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The hand-collected, real-shaped bodies under {@code src/test/resources/bodies/<surface>/}: each is
 * detected as its surface, reads, renders back equal as JSON and lays out into itself again.
 */
class RealBodiesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path ROOT = Path.of("src", "test", "resources", "bodies");

    @TestFactory
    Stream<DynamicTest> should_round_trip_every_collected_body() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (WireFormat format : List.of(WireFormat.ANTHROPIC_MESSAGES, WireFormat.OPENAI_CHAT,
                WireFormat.OPENAI_RESPONSES)) {
            try (Stream<Path> files = Files.list(ROOT.resolve(format.wireName()))) {
                files.sorted().forEach(file -> tests.add(DynamicTest.dynamicTest(
                        format.wireName() + "/" + file.getFileName(), () -> assertRoundTrip(format, file))));
            }
        }
        assertThat(tests).hasSizeGreaterThanOrEqualTo(11);
        return tests.stream();
    }

    private static void assertRoundTrip(WireFormat format, Path file) throws IOException {
        ObjectNode body = (ObjectNode) MAPPER.readTree(file.toFile());
        WireCodec codec = format.codec().orElseThrow();

        assertThat(WireFormat.detect(body, null)).isEqualTo(format);
        assertThat(codec.render(codec.parse(body, WireContext.empty()), body).toString()).isEqualTo(body.toString());
        ObjectNode laidOut = switch (format) {
            case ANTHROPIC_MESSAGES -> AnthropicMessagesCodec.rebuildAll(body);
            case OPENAI_RESPONSES -> OpenAiResponsesCodec.rebuildAll(body);
            default -> OpenAiChatCodec.rebuildAll(body);
        };
        assertThat(laidOut.toString()).isEqualTo(body.toString());
    }
}

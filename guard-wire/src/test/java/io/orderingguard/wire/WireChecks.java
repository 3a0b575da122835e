package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/** Checks the per-surface tests of the Gemini and Bedrock Converse codecs share. */
final class WireChecks {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private WireChecks() {}

    static ObjectNode json(String text) {
        try {
            return (ObjectNode) MAPPER.readTree(text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static ObjectNode file(String relative) {
        try {
            return (ObjectNode) MAPPER.readTree(Path.of("src", "test", "resources", "bodies", relative).toFile());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static void assertBad(WireFormat format, String body, String message) throws IOException {
        JsonNode json = MAPPER.readTree(body);

        assertThatThrownBy(() -> format.codec().orElseThrow().read(json, WireContext.of("req.jsonl", 4)))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(message);
    }

    /**
     * Mutates the bodies of {@code count} seeds and checks that each reads or fails with a
     * {@link GuardInputException} whose message names the source and a JSON path; a body that reads
     * renders back equal, and again after one entry is dropped, into a body that reads.
     *
     * @return how many of the mutated bodies read
     */
    static int fuzz(WireFormat format, LongFunction<ObjectNode> generator, int count) {
        WireCodec codec = format.codec().orElseThrow();
        int read = 0;
        for (long seed = 0; seed < count; seed++) {
            JsonNode body = FuzzTest.mutate(generator.apply(seed), seed);
            ParsedBody parsed;
            try {
                parsed = codec.read(body, WireContext.of("fuzz.jsonl", 1));
            } catch (GuardInputException e) {
                assertThat(e.getMessage()).as("seed %d", seed).startsWith("fuzz.jsonl:1: $");
                continue;
            } catch (RuntimeException e) {
                throw new AssertionError(format + " fuzz seed " + seed + " escaped as " + e + " for " + body, e);
            }
            read++;
            ObjectNode object = (ObjectNode) body;
            Dispatch dispatch = parsed.dispatch();
            assertThat(codec.render(dispatch, object)).as("seed %d", seed).isEqualTo(object);
            List<Entry> entries = new ArrayList<>(dispatch.timeline().entries());
            if (!entries.isEmpty()) {
                entries.remove((int) (seed % entries.size()));
                ObjectNode rendered;
                try {
                    rendered = codec.render(dispatch.withTimeline(dispatch.timeline().withEntries(entries)), object);
                } catch (RuntimeException e) {
                    throw new AssertionError(format + " fuzz seed " + seed + " render escaped as " + e + " for " + body,
                            e);
                }
                assertThat(codec.read(rendered, WireContext.empty()).dispatch().timeline().size())
                        .as("seed %d", seed).isLessThanOrEqualTo(dispatch.timeline().size());
            }
        }
        return read;
    }
}

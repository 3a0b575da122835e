package io.orderingguard.wire.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.wire.Bodies;
import io.orderingguard.wire.FuzzTest;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one read of a body's bytes that a check runs ({@link WireGuard}, the codec's {@code readBytes}: one
 * pass, each message read on its own, positions read when first asked for) gives exactly what the codec's
 * read of the body's tree gives for rendering: an equal dispatch (entries with their ids, payloads, replay
 * tags, steps and arguments; tools; options; model and provider from the path), equal positions and equal
 * unknown shapes, for generated, mutated and collected bodies of every surface; a body the tree read
 * refuses is refused with the same message.
 */
class CheckReadTest {

    /** The parser WireGuard used before it built compact trees. */
    private static final ObjectMapper FULL = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final WireGuard WIRE = WireGuard.builder(OrderingGuard.builder()
                    .profile(OrderingProfile.of("permissive")).build())
            .failOnUnreadableBody(true)
            .build();
    private static final List<WireFormat> SURFACES = List.of(WireFormat.ANTHROPIC_MESSAGES, WireFormat.OPENAI_CHAT,
            WireFormat.OPENAI_RESPONSES, WireFormat.GEMINI, WireFormat.BEDROCK_CONVERSE);
    private static final int BATCH = 250;

    static Stream<Arguments> batches() {
        return SURFACES.stream().flatMap(format -> IntStream.range(0, 4).mapToObj(b -> Arguments.argumentSet(
                format.wireName() + " seeds " + b * BATCH + ".." + ((b + 1) * BATCH - 1), format, (long) b * BATCH)));
    }

    @ParameterizedTest
    @MethodSource("batches")
    void should_read_generated_and_mutated_bodies_as_the_full_read_does(WireFormat format, long first) {
        int mutatedRead = 0;
        int mutatedStreamed = 0;
        for (long seed = first; seed < first + BATCH; seed++) {
            ObjectNode body = generate(format, seed);
            try {
                Read read = assertSameRead(format, body);
                assertThat(read).as("how a generated body was read").isEqualTo(Read.STREAMED);
                Read mutated = assertSameRead(format, FuzzTest.mutate(generate(format, seed), seed));
                // a body with shapes the vocabulary does not describe takes the tree read by design
                mutatedRead += mutated == Read.REFUSED || mutated == Read.TOLERATED ? 0 : 1;
                mutatedStreamed += mutated == Read.STREAMED ? 1 : 0;
            } catch (AssertionError e) {
                throw new AssertionError(format.wireName() + " seed " + seed + ": " + e.getMessage(), e);
            }
        }
        // every mutation that keeps a body readable is read in one pass
        assertThat(mutatedStreamed).as("mutated bodies the one read took, of %d read without unknown shapes",
                mutatedRead).isEqualTo(mutatedRead);
    }

    @TestFactory
    Stream<DynamicTest> should_read_every_collected_body_as_the_full_read_does() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (WireFormat format : SURFACES) {
            try (Stream<Path> files = Files.list(Path.of("src", "test", "resources", "bodies", format.wireName()))) {
                files.sorted().forEach(file -> tests.add(DynamicTest.dynamicTest(format.wireName() + "/"
                        + file.getFileName(), () -> assertSameRead(format, FULL.readTree(file.toFile())))));
            }
        }
        assertThat(tests).hasSizeGreaterThanOrEqualTo(19);
        return tests.stream();
    }

    private static ObjectNode generate(WireFormat format, long seed) {
        return Bodies.of(format, seed);
    }

    private static String path(WireFormat format) {
        return switch (format) {
            case ANTHROPIC_MESSAGES -> "/v1/messages";
            case OPENAI_CHAT -> "/v1/chat/completions";
            case OPENAI_RESPONSES -> "/v1/responses";
            case GEMINI -> "/v1beta/models/gemini-3-pro-preview:generateContent";
            default -> "/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse";
        };
    }

    private static Rendering.Layout layout(WireFormat format) {
        return switch (format) {
            case ANTHROPIC_MESSAGES -> AnthropicMessagesCodec.LAYOUT;
            case OPENAI_CHAT -> OpenAiChatCodec.LAYOUT;
            case OPENAI_RESPONSES -> OpenAiResponsesCodec.LAYOUT;
            case GEMINI -> GeminiCodec.LAYOUT;
            default -> BedrockConverseCodec.LAYOUT;
        };
    }

    /**
     * Asserts that WireGuard's read of a body (streamed or from its tree) and the codec's streaming read
     * (when it takes the body) give what the full read gives; returns how the body was read.
     */
    private static Read assertSameRead(WireFormat format, JsonNode body) {
        byte[] bytes;
        JsonNode tree;
        try {
            bytes = FULL.writeValueAsBytes(body);
            tree = FULL.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String path = path(format);
        // as WireGuard names it: a Responses body is checked as provider openai-responses
        WireContext ctx = WireContext.of(path, 0).withConversationId("c-1")
                .withProvider(format == WireFormat.OPENAI_RESPONSES ? "openai-responses" : null).withUrlPath(path);
        WireParse full = null;
        GuardInputException refused = null;
        try {
            if (!tree.isObject()) {
                throw new GuardInputException(path, 0, "$", "expected a JSON object, but the body is "
                        + tree.getNodeType());
            }
            full = layout(format).reader().read(tree, ctx, WireParse.forRender());
        } catch (GuardInputException e) {
            refused = e;
        }

        Optional<ParsedBody> streamed = Optional.empty();
        Throwable oneRead = null;
        try {
            streamed = format.codec().orElseThrow().readBytes(bytes, ctx);
        } catch (GuardInputException e) {
            oneRead = e;
        }
        Throwable thrown = catchThrowable(() -> WIRE.inspect(bytes, path, "c-1"));
        if (refused != null) {
            if (tree.isObject()) {
                // the one read refuses a body as the tree read does, with the same message
                assertThat(oneRead).as("the one read of a body the tree read refuses")
                        .isInstanceOf(GuardInputException.class).hasMessage(refused.getMessage());
            } else {
                // a body that is no object is left to the tree read, which names it
                assertThat(oneRead).isNull();
                assertThat(streamed).isEmpty();
            }
            assertThat(thrown).isInstanceOf(GuardInputException.class).hasMessage(refused.getMessage());
            return Read.REFUSED;
        }
        assertThat(oneRead).isNull();
        assertThat(streamed).as("the one read of a body the tree read takes").isPresent();
        assertSameParse(streamed.get(), full);
        assertThat(streamed.get().unknownShapes()).isEqualTo(full.unknown);
        assertThat(thrown).isNull();
        WireVerdict verdict = WIRE.inspect(bytes, path, "c-1");
        assertThat(verdict).isInstanceOf(WireVerdict.Passed.class);
        assertSameParse(((WireVerdict.Passed) verdict).parsed(), full);
        assertThat(((WireVerdict.Passed) verdict).parsed().unknownShapes()).isEqualTo(full.unknown);
        return !full.unknown.isEmpty() ? Read.TOLERATED : Read.STREAMED;
    }

    /** How a body was read: refused (by both reads), with unknown shapes, or read without any. */
    private enum Read { REFUSED, TOLERATED, STREAMED }

    private static void assertSameParse(ParsedBody parsed, WireParse full) {
        List<Entry> entries = parsed.dispatch().timeline().entries();
        assertThat(entries).hasSameSizeAs(full.entries);
        for (int i = 0; i < entries.size(); i++) {
            Entry read = entries.get(i);
            Entry expected = full.entries.get(i);
            assertThat(read).as("entry %d", i).isEqualTo(expected);
            assertThat(read.payload()).as("payload of entry %d", i).isEqualTo(expected.payload());
            if (read instanceof ToolCall call) {
                assertThat(call.args()).as("arguments of entry %d", i).isEqualTo(((ToolCall) expected).args());
            }
        }
        assertThat(parsed.dispatch()).isEqualTo(full.dispatch);
        assertThat(parsed.dispatch().timeline().tools()).isEqualTo(full.dispatch.timeline().tools());
        assertThat(parsed.dispatch().options()).isEqualTo(full.dispatch.options());
        assertThat(parsed.positions()).isEqualTo(full.positions);
        assertThat(parsed.resultPositions()).isEqualTo(full.resultPositions);
    }
}

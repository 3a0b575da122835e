package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Mutated bodies (a value replaced by one of another type, a field removed, an element duplicated)
 * only ever read into a dispatch or fail with a {@link GuardInputException}; a body that reads
 * renders again after an entry is dropped, into a body that reads again.
 */
public class FuzzTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Bodies per surface, checked in batches so a run of 10,000 stays a few dozen test cases. */
    static final int BODIES = 10_000;
    private static final int BATCH = 500;

    static Stream<Arguments> batches() {
        return IntStream.range(0, BODIES / BATCH).mapToObj(b -> Arguments.argumentSet(
                "seeds " + b * BATCH + ".." + ((b + 1) * BATCH - 1), (long) b * BATCH));
    }

    @ParameterizedTest
    @MethodSource("batches")
    void should_read_a_mutated_anthropic_body_or_fail_with_a_guard_input_exception(long first) {
        forEachSeed(first, seed -> assertReadsOrFailsCleanly(WireFormat.ANTHROPIC_MESSAGES,
                mutate(Bodies.anthropic(seed), seed)));
    }

    @ParameterizedTest
    @MethodSource("batches")
    void should_read_a_mutated_openai_chat_body_or_fail_with_a_guard_input_exception(long first) {
        forEachSeed(first, seed -> assertReadsOrFailsCleanly(WireFormat.OPENAI_CHAT,
                mutate(Bodies.openAiChat(seed), seed)));
    }

    @ParameterizedTest
    @MethodSource("batches")
    void should_read_a_mutated_openai_responses_body_or_fail_with_a_guard_input_exception(long first) {
        forEachSeed(first, seed -> assertReadsOrFailsCleanly(WireFormat.OPENAI_RESPONSES,
                mutate(Bodies.openAiResponses(seed), seed)));
    }

    @ParameterizedTest
    @MethodSource("batches")
    void should_read_a_mutated_gemini_body_or_fail_with_a_guard_input_exception(long first) {
        forEachSeed(first, seed -> assertReadsOrFailsCleanly(WireFormat.GEMINI,
                mutate(GeminiBodies.gemini(seed), seed)));
    }

    @ParameterizedTest
    @MethodSource("batches")
    void should_read_a_mutated_bedrock_converse_body_or_fail_with_a_guard_input_exception(long first) {
        forEachSeed(first, seed -> assertReadsOrFailsCleanly(WireFormat.BEDROCK_CONVERSE,
                mutate(BedrockBodies.converse(seed), seed)));
    }

        /** Runs one batch of seeds; a failure names the seed that produced it. */
    private static void forEachSeed(long first, LongConsumer check) {
        for (long seed = first; seed < first + BATCH; seed++) {
            try {
                check.accept(seed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("fuzz seed " + seed + ": " + e, e);
            }
        }
    }

    private static void assertReadsOrFailsCleanly(WireFormat format, JsonNode body) {
        WireCodec codec = format.codec().orElseThrow();
        ParsedBody parsed;
        try {
            parsed = codec.read(body, WireContext.empty());
        } catch (GuardInputException e) {
            assertThat(e.getMessage()).startsWith("$");
            return;
        }
        ObjectNode object = (ObjectNode) body;
        Dispatch dispatch = parsed.dispatch();
        assertThat(codec.render(dispatch, object)).isEqualTo(object);
        List<Entry> entries = new ArrayList<>(dispatch.timeline().entries());
        if (!entries.isEmpty()) {
            entries.remove(Math.floorMod(body.hashCode(), entries.size()));
            Dispatch repaired = dispatch.withTimeline(dispatch.timeline().withEntries(entries));
            ObjectNode rendered = codec.render(repaired, object);
            assertThat(codec.read(rendered, WireContext.empty()).dispatch().timeline().size())
                    .isLessThanOrEqualTo(dispatch.timeline().size());
            // rendered from the bytes alone (no tree of the body: only changed messages are parsed again), the
            // body reads, with as many entries as the tree rendering's (a message the repair left alone is
            // copied as it was, where the tree rendering lays it out anew: on these damaged bodies, e.g. with
            // a call id twice, the two may differ in such a message); an unchanged dispatch gives the bytes
            byte[] bytes = bytes(object);
            JsonNode spliced = tree(codec.renderBytes(repaired, null, bytes));
            assertThat(codec.read(spliced, WireContext.empty()).dispatch().timeline().size())
                    .isEqualTo(codec.read(rendered, WireContext.empty()).dispatch().timeline().size());
            assertThat(codec.renderBytes(dispatch, null, bytes)).isEqualTo(bytes);
        }
    }

    private static byte[] bytes(JsonNode body) {
        try {
            return EXACT.writeValueAsBytes(body);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static JsonNode tree(byte[] bytes) {
        try {
            return EXACT.readTree(bytes);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper EXACT =
            com.fasterxml.jackson.databind.json.JsonMapper.builder()
                    .nodeFactory(com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true))
                    .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    public static JsonNode mutate(ObjectNode body, long seed) {
        Random random = new Random(seed * 31 + 7);
        int mutations = 1 + random.nextInt(3);
        JsonNode result = body;
        for (int i = 0; i < mutations; i++) {
            List<JsonNode> containers = new ArrayList<>();
            collect(result, containers);
            if (containers.isEmpty()) {
                break;
            }
            JsonNode target = containers.get(random.nextInt(containers.size()));
            if (target.isObject()) {
                ObjectNode object = (ObjectNode) target;
                List<String> names = new ArrayList<>();
                Iterator<String> it = object.fieldNames();
                it.forEachRemaining(names::add);
                if (names.isEmpty()) {
                    object.set("x", randomValue(random));
                    continue;
                }
                String name = names.get(random.nextInt(names.size()));
                if (random.nextInt(3) == 0) {
                    object.remove(name);
                } else {
                    object.set(name, randomValue(random));
                }
            } else {
                ArrayNode array = (ArrayNode) target;
                if (array.isEmpty()) {
                    array.add(randomValue(random));
                } else if (random.nextBoolean()) {
                    array.add(array.get(random.nextInt(array.size())).deepCopy());
                } else {
                    array.set(random.nextInt(array.size()), randomValue(random));
                }
            }
            if (random.nextInt(200) == 0) {
                result = randomValue(random);
            }
        }
        return result;
    }

    private static void collect(JsonNode node, List<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(child -> collect(child, into));
        }
    }

    private static JsonNode randomValue(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.numberNode(random.nextInt(5) - 2);
            case 2 -> NODES.textNode("");
            case 3 -> NODES.textNode("tool_result");
            case 4 -> NODES.booleanNode(random.nextBoolean());
            case 5 -> NODES.arrayNode().add("text");
            case 6 -> NODES.objectNode().put("type", "text");
            default -> NODES.objectNode();
        };
    }
}

package io.orderingguard.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.testkit.RandomTimelines;
import io.orderingguard.timeline.Dispatch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streaming read of dispatch documents ({@link DispatchStream}) against the tree read it stands in for
 * ({@link DispatchCodec#readTree}): on generated documents, with their fields in any order, it must take
 * every document and give the tree read's dispatch; on documents damaged field by field (a field removed,
 * replaced by a value of another type, a blank, a {@code null}, an unknown field added) {@link DispatchCodec#read}
 * must give exactly what the tree read gives, the same dispatch or the same error message. Seeded random
 * cases; the seed is in each case's name.
 */
class DispatchStreamTest {

    private static final DispatchCodec CODEC = DispatchCodec.defaults();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] FIELD_NAMES = {"conversationId", "provider", "model", "surface", "options", "tools",
        "context", "entries", "kind", "id", "role", "content", "tool", "args", "result", "requested", "providerExecuted",
        "payload", "replayCompatibility", "step", "wireMessage", "isError", "name", "inputSchema", "extra"};
    private static final JsonNode[] VALUES = {NODES.nullNode(), NODES.textNode(""), NODES.textNode(" "),
        NODES.textNode("x"), NODES.textNode("user"), NODES.textNode("system"), NODES.textNode("toolCall"),
        NODES.textNode("thought"), NODES.textNode("message"), NODES.textNode("turn"), NODES.numberNode(1),
        NODES.numberNode(1.5), NODES.booleanNode(true), NODES.booleanNode(false), NODES.objectNode(),
        NODES.arrayNode(), NODES.objectNode().put("content", "r"), NODES.objectNode().put("isError", true)};

    static Stream<Arguments> seeds() {
        return LongStream.range(0, 600).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_give_the_tree_reads_dispatch_when_the_fields_come_in_any_order(long seed) {
        // GIVEN a generated document with wire detail, its fields shuffled at every level, compact or indented
        Random random = new Random(seed);
        Dispatch dispatch = seed % 2 == 0 ? RandomTimelines.dispatch(seed)
                : RandomTimelines.withWireDetail(random, RandomTimelines.dispatch(random, 40));
        ObjectNode tree = shuffled(CODEC.toTree(dispatch), random);
        String document = random.nextBoolean() ? tree.toString() : tree.toPrettyString();

        // WHEN the streaming read takes it
        Dispatch streamed = DispatchStream.read(JsonInput.defaults(), document, "s.json", 0);

        // THEN it is what the tree read gives, and what was written
        assertThat(streamed).isNotNull().isEqualTo(CODEC.readTree(document, "s.json")).isEqualTo(dispatch);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_give_the_tree_reads_dispatch_or_error_when_a_field_is_damaged(long seed) {
        // GIVEN a generated document with one to three fields removed, replaced or added at random places
        Random random = new Random(seed);
        Dispatch dispatch = RandomTimelines.withWireDetail(random, RandomTimelines.dispatch(random, 12));
        ObjectNode tree = CODEC.toTree(dispatch);
        for (int damage = 1 + random.nextInt(3); damage > 0; damage--) {
            damage(tree, random);
        }
        String document = random.nextBoolean() ? tree.toString() : tree.toPrettyString();

        // WHEN read, THEN the outcome (the dispatch, or the error's message) is the tree read's
        assertThat(outcome(() -> CODEC.read(document, "d.json")))
                .isEqualTo(outcome(() -> CODEC.readTree(document, "d.json")));
    }

    @Test
    void should_leave_every_damaged_document_the_tree_read_refuses_to_it() {
        // GIVEN 2,000 damaged documents
        int refused = 0;
        int taken = 0;
        for (long seed = 0; seed < 2_000; seed++) {
            Random random = new Random(seed);
            ObjectNode tree = CODEC.toTree(RandomTimelines.withWireDetail(random, RandomTimelines.dispatch(random, 12)));
            damage(tree, random);
            String document = tree.toString();
            Object byTree = outcome(() -> CODEC.readTree(document, "d.json"));
            // WHEN the streaming read sees them
            Dispatch streamed = DispatchStream.read(JsonInput.defaults(), document, "d.json", 0);
            // THEN it takes none the tree read refuses, and gives the tree read's dispatch for those it takes
            if (byTree instanceof String) {
                assertThat(streamed).as("seed %d: %s", seed, byTree).isNull();
                refused++;
            } else if (streamed != null) {
                assertThat(streamed).as("seed %d", seed).isEqualTo(byTree);
                taken++;
            }
        }
        // both kinds occur, so the test is not vacuous
        assertThat(refused).isGreaterThan(500);
        assertThat(taken).isGreaterThan(300);
    }

    @Test
    void should_name_the_problem_as_the_tree_read_does_when_a_document_is_refused() {
        assertThatThrownBy(() -> CODEC.read("{\"entries\": [{\"kind\": \"message\", \"id\": \"m1\", \"role\": \"user\","
                + " \"content\": null}]}", "n.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("n.json: $.entries[0].content: expected a string, but was null");
        assertThatThrownBy(() -> CODEC.read("{\"entries\": [{\"id\": \"m1\", \"role\": \"user\",\n"
                + " \"kind\": \"toolCall\", \"tool\": \"t\"}]}", "r.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("r.json:1: $.entries[0].role: unknown field for kind toolCall; expected one of args, id, kind,"
                        + " payload, providerExecuted, replayCompatibility, requested, result, step, tool, wireMessage");
        assertThatThrownBy(() -> CODEC.read("{\"entries\": [], \"entries\": []}", "d.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessageStartingWith("d.json:1: malformed JSON: Duplicate field 'entries'");
        assertThatThrownBy(() -> DispatchCodec.withLimits(InputLimits.defaults().withMaxEntries(1))
                .read("{\"entries\": [{\"kind\": \"message\", \"id\": \"a\", \"role\": \"user\"},"
                        + " {\"kind\": \"message\", \"id\": \"b\", \"role\": \"user\"}]}", "m.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("m.json: $.entries: expected at most 1 entries (maxEntries), but there were 2");
        assertThatThrownBy(() -> CODEC.read("{\"entries\": []} {}", "t.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("t.json:1: malformed JSON: unexpected content after the end of the document");
    }

    @Test
    void should_read_a_document_with_a_byte_order_mark_as_the_tree_read_does() {
        String document = "\uFEFF{\"provider\": \"anthropic\", \"entries\": [{\"kind\": \"message\", \"id\": \"m1\","
                + " \"role\": \"user\", \"content\": \"hi\"}]}";

        assertThat(DispatchStream.read(JsonInput.defaults(), document, "b.json", 0))
                .isNotNull().isEqualTo(CODEC.readTree(document, "b.json"));
    }

    /** The dispatch read, or the message of the error that refused the document. */
    private static Object outcome(java.util.function.Supplier<Dispatch> read) {
        try {
            return read.get();
        } catch (GuardInputException e) {
            return e.getMessage();
        }
    }

    /** The same tree with the fields of every object in a random order. */
    private static ObjectNode shuffled(ObjectNode tree, Random random) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
        tree.fields().forEachRemaining(fields::add);
        Collections.shuffle(fields, random);
        ObjectNode out = NODES.objectNode();
        for (Map.Entry<String, JsonNode> field : fields) {
            out.set(field.getKey(), shuffledValue(field.getValue(), random));
        }
        return out;
    }

    private static JsonNode shuffledValue(JsonNode value, Random random) {
        if (value.isObject()) {
            return shuffled((ObjectNode) value, random);
        }
        if (value.isArray()) {
            ArrayNode out = NODES.arrayNode();
            value.forEach(item -> out.add(shuffledValue(item, random)));
            return out;
        }
        return value;
    }

    /** Removes, replaces or adds one field of a random object of the document (the root, an entry, a result, a tool). */
    private static void damage(ObjectNode root, Random random) {
        List<ObjectNode> objects = new ArrayList<>();
        objects.add(root);
        for (String list : new String[] {"entries", "tools"}) {
            for (JsonNode item : root.path(list)) {
                if (item.isObject()) {
                    objects.add((ObjectNode) item);
                    if (item.path("result").isObject()) {
                        objects.add((ObjectNode) item.get("result"));
                    }
                }
            }
        }
        if (root.path("options").isObject()) {
            objects.add((ObjectNode) root.get("options"));
        }
        ObjectNode target = objects.get(random.nextInt(objects.size()));
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = target.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        int what = random.nextInt(3);
        if (what == 0 && !names.isEmpty()) {
            target.remove(names.get(random.nextInt(names.size())));
        } else if (what == 1 && !names.isEmpty()) {
            target.set(names.get(random.nextInt(names.size())), VALUES[random.nextInt(VALUES.length)].deepCopy());
        } else {
            target.set(FIELD_NAMES[random.nextInt(FIELD_NAMES.length)], VALUES[random.nextInt(VALUES.length)].deepCopy());
        }
    }
}

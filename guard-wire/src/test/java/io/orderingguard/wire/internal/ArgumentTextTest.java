package io.orderingguard.wire.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.ToolCall;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Blocks#isJsonObject} says yes exactly when Jackson's {@code readTree} (what the OpenAI codecs
 * parsed arguments with) reads a JSON object, and arguments handed over as text then read as that very
 * object: so deferring the parse changes neither which calls get a payload {@code arguments} nor what
 * their arguments are. The strict scan that answers most texts ({@link JsonText}) never accepts a
 * text {@code readTree} does not read as an object.
 */
class ArgumentTextTest {

    private static final ObjectMapper EAGER = new ObjectMapper();
    private static final String[] PIECES = {"{", "}", "[", "]", ":", ",", "\"q\"", "\"a b\"", "\"\\u00e9\"", "\"\\x\"",
        "1", "-0.5", "1e999", "01", "true", "null", "nul", " ", "\n", "\"\t\"", "/*c*/", "{\"k\":", "\"k\":1}", "x",
        "\"\\u12\"", "\"\\u00zz\"", "\"\\/\"", "-", "1.", ".5", "+1", "2E+3", "tru", "\u2028", "\"\\\"", "[]", "{}", "\uFEFF"};

    static LongStream seeds() {
        return LongStream.range(0, 2_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"q\": \"x\"}", " {\"a\": [1, 2.50, {\"b\": null}]} ", "{\"a\": 1} trailing",
        "{\"a\": 1}}", "{\"a\": 1", "[1]", "\"text\"", "42", "", "   ", "not json", "{\"a\": 1, \"a\": 2}",
        "{\"big\": 123456789012345678901234567890}", "{'a': 1}", "{\"a\": \"\u0001\"}", "{\"a\": 1.5e3}",
        "{\"a\": [true, false, null, -0, 0.25e-2, \"\\u00e9\\n\"], \"b\": {}}", "\t{\"a\":1}\r\n"})
    void should_agree_with_read_tree_on_hand_picked_texts(String text) {
        assertAgrees(text);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_agree_with_read_tree_on_random_texts(long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(random.nextInt(4) == 0 ? "" : "{");
        int pieces = random.nextInt(12);
        for (int i = 0; i < pieces; i++) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        if (random.nextBoolean()) {
            text.append('}');
        }
        assertAgrees(text.toString());
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_agree_with_read_tree_on_random_objects_and_their_corruptions(long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder();
        object(random, text, 0);
        String valid = text.toString();
        assertAgrees(valid);
        assertThat(JsonText.startsWithObject(valid)).as("strict scan of %s", valid).isTrue();
        int at = random.nextInt(valid.length());
        String corrupt = valid.substring(0, at) + PIECES[random.nextInt(PIECES.length)] + valid.substring(at + 1);
        assertAgrees(corrupt);
    }

    private static void object(Random random, StringBuilder out, int depth) {
        out.append('{');
        int fields = random.nextInt(depth > 2 ? 2 : 5);
        for (int i = 0; i < fields; i++) {
            out.append(i > 0 ? ", " : "").append("\"k").append(i).append(random.nextBoolean() ? "\\u00e9" : "")
                    .append("\":").append(random.nextBoolean() ? " " : "");
            value(random, out, depth + 1);
        }
        out.append('}');
    }

    private static void value(Random random, StringBuilder out, int depth) {
        switch (random.nextInt(depth > 3 ? 5 : 7)) {
            case 0 -> out.append('"').append("v\\n\\\"q\\/ é").append('"');
            case 1 -> out.append(random.nextInt(2_000) - 1_000);
            case 2 -> out.append(random.nextBoolean() ? "-0.5e-3" : "12.25");
            case 3 -> out.append(random.nextBoolean() ? "true" : "false");
            case 4 -> out.append("null");
            case 5 -> object(random, out, depth);
            default -> {
                out.append('[');
                int items = random.nextInt(4);
                for (int i = 0; i < items; i++) {
                    out.append(i > 0 ? "," : "");
                    value(random, out, depth + 1);
                }
                out.append(']');
            }
        }
    }

    private static void assertAgrees(String text) {
        JsonNode eager;
        try {
            eager = EAGER.readTree(text);
        } catch (JsonProcessingException e) {
            eager = null;
        }
        boolean object = eager instanceof ObjectNode;

        assertThat(Blocks.isJsonObject(text)).as("isJsonObject(%s)", text).isEqualTo(object);
        if (JsonText.startsWithObject(text)) {
            assertThat(object).as("the strict scan accepts only what readTree reads as an object: %s", text).isTrue();
        }
        if (object) {
            ToolCall call = new ToolCall("c", "t", null, null, true, null, null, null, null, false).withArgumentText(text);
            assertThat(call.args()).as("arguments of %s", text).isEqualTo(eager);
        }
    }
}

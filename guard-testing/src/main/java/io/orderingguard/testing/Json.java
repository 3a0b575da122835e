package io.orderingguard.testing;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/** JSON conversion, rendering and comparison shared by the recorder, the codec and the assertions. */
final class Json {

    static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .nodeFactory(NODES)
            .build();

    private Json() {}

    /**
     * Converts a user value (map, list, string, number, record, bean, {@link JsonNode}) to JSON.
     * Values Jackson cannot serialise become their {@code toString()}, as the reference recorder
     * stringifies non-JSON values.
     */
    static JsonNode toNode(Object value) {
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof JsonNode node) {
            return node.deepCopy();
        }
        try {
            JsonNode node = MAPPER.valueToTree(value);
            return node == null ? NODES.nullNode() : node;
        } catch (IllegalArgumentException e) {
            return TextNode.valueOf(String.valueOf(value));
        }
    }

    /** Converts a map of named values to a JSON object, keeping the map's iteration order. */
    static ObjectNode toObject(Map<String, ?> values, String field) {
        ObjectNode object = NODES.objectNode();
        if (values == null) {
            return object;
        }
        for (Map.Entry<String, ?> e : values.entrySet()) {
            if (e.getKey() == null) {
                throw new NullPointerException(field + " must not contain a null key");
            }
            object.set(e.getKey(), toNode(e.getValue()));
        }
        return object;
    }

    /**
     * Renders JSON on one line with {@code ", "} and {@code ": "} separators, the layout the failure
     * reports use (the reference prints Python's {@code json.dumps}, which looks the same).
     */
    static String render(JsonNode node) {
        StringBuilder sb = new StringBuilder();
        render(node, sb);
        return sb.toString();
    }

    private static void render(JsonNode node, StringBuilder sb) {
        if (node == null || node.isMissingNode()) {
            sb.append("null");
        } else if (node.isObject()) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> f : node.properties()) {
                if (!first) {
                    sb.append(", ");
                }
                first = false;
                sb.append(TextNode.valueOf(f.getKey())).append(": ");
                render(f.getValue(), sb);
            }
            sb.append('}');
        } else if (node.isArray()) {
            sb.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                render(node.get(i), sb);
            }
            sb.append(']');
        } else {
            sb.append(node);
        }
    }

    /** Renders a string as a JSON string literal. */
    static String quote(String text) {
        return TextNode.valueOf(text).toString();
    }

    /**
     * Compares two JSON values as values: numbers by numeric value ({@code 1 == 1.0}), objects by
     * their fields regardless of order, arrays element by element. Booleans never equal numbers.
     */
    static boolean sameValue(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> f : a.properties()) {
                if (!sameValue(f.getValue(), b.get(f.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!sameValue(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** Epoch seconds with up to nine decimals, as the trace format stores times. */
    static JsonNode seconds(Instant instant) {
        BigDecimal value = BigDecimal.valueOf(instant.getEpochSecond()).add(BigDecimal.valueOf(instant.getNano(), 9));
        value = value.stripTrailingZeros();
        if (value.scale() < 0) {
            value = value.setScale(0);
        }
        return NODES.numberNode(value);
    }

    /** Reads epoch seconds (an integer or a fraction) as an instant, to the nanosecond. */
    static Instant instant(BigDecimal seconds) {
        BigDecimal whole = seconds.setScale(0, java.math.RoundingMode.FLOOR);
        long nanos = seconds.subtract(whole).movePointRight(9).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
        return Instant.ofEpochSecond(whole.longValueExact(), nanos);
    }

    /** Milliseconds as a plain JSON number ({@code 0} rather than {@code 0.0}). */
    static JsonNode millis(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return NODES.numberNode((long) value);
        }
        return NODES.numberNode(BigDecimal.valueOf(value));
    }
}

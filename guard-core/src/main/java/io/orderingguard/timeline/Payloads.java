package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Helpers for entry payloads: dot-path reads and writes, and canonical fingerprints.
 *
 * <p>A dot path such as {@code signature.value} is resolved inside the payload object. A key that is
 * present with a JSON {@code null} value counts as present. Fingerprints are canonical: two payloads
 * that differ only in key order have the same fingerprint, so comparisons never depend on how a
 * client happened to serialise a vendor blob.
 *
 * <p>Thread-safe: stateless.
 */
public final class Payloads {

    /** The fingerprint of a value that is absent. */
    public static final long ABSENT = 0x9E3779B97F4A7C15L;

    /** Strings up to this length are hashed character by character; longer ones see {@link #string}. */
    private static final int FULLY_HASHED = 128;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Payloads() {}

    /**
     * Reads the value at a dot path, without copying.
     *
     * @param root the payload object, may be {@code null}
     * @param dotPath a non-empty dot path
     * @return the node at the path, or {@code null} when any segment is missing
     */
    public static JsonNode read(JsonNode root, String dotPath) {
        if (root == null) {
            return null;
        }
        JsonNode current = root;
        int start = 0;
        int length = dotPath.length();
        while (true) {
            int dot = dotPath.indexOf('.', start);
            int end = dot < 0 ? length : dot;
            if (!current.isObject()) {
                return null;
            }
            current = current.get(dotPath.substring(start, end));
            if (current == null) {
                return null;
            }
            if (dot < 0) {
                return current;
            }
            start = dot + 1;
        }
    }

    /**
     * Returns a deep copy of {@code root} with {@code value} written at the dot path. Intermediate
     * objects that are missing or not objects are replaced by fresh objects. The input is never
     * modified.
     *
     * @param root the payload object, may be {@code null} (a new object is created)
     * @param dotPath a non-empty dot path
     * @param value the value to write
     * @return the new payload
     */
    public static ObjectNode write(ObjectNode root, String dotPath, JsonNode value) {
        ObjectNode copy = root == null ? JsonNodeFactory.instance.objectNode() : root.deepCopy();
        String[] segments = dotPath.split("\\.", -1);
        ObjectNode current = copy;
        for (int i = 0; i < segments.length - 1; i++) {
            JsonNode next = current.get(segments[i]);
            if (next instanceof ObjectNode object) {
                current = object;
            } else {
                current = current.putObject(segments[i]);
            }
        }
        current.set(segments[segments.length - 1], value == null ? null : value.deepCopy());
        return copy;
    }

    /**
     * Deep-copies a JSON value, normalising number nodes to the types Jackson's parser produces
     * (integers as int when they fit, else long, else big integer; floats as double), so that a
     * value built in code equals the same value read back from its JSON text.
     *
     * @param node the value, may be {@code null}
     * @param <T> the node type
     * @return the copy, or {@code null}
     */
    @SuppressWarnings("unchecked")
    public static <T extends JsonNode> T copy(T node) {
        return node == null ? null : (T) normalise(node);
    }

    /**
     * Copies an entry's payload like {@link #copy}, into a node that remembers its fingerprints. For the
     * entry records, whose copy is never exposed or changed: an entry made from another (the {@code with…}
     * methods) shares that entry's copy, with the fingerprints it already computed, and a read-only payload
     * made by {@link #of(String, String)} is kept as it is.
     *
     * @param payload the payload, or {@code null}
     * @return the copy, or {@code null}
     */
    static ObjectNode copyPayload(ObjectNode payload) {
        if (payload == null || payload instanceof PayloadNode || payload instanceof TextPayloadNode) {
            return payload;
        }
        if (payload.size() == 1) {
            Map.Entry<String, JsonNode> only = payload.properties().iterator().next();
            return PayloadNode.of(only.getKey(), normalise(only.getValue()));
        }
        LinkedHashMap<String, JsonNode> properties = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = payload.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            properties.put(field.getKey(), normalise(field.getValue()));
        }
        return PayloadNode.of(properties);
    }

    /**
     * Returns the payload object {@code {name: value}} as entries keep it: read-only (setting or removing
     * a field throws {@link UnsupportedOperationException}), so that an entry given it keeps it instead of
     * copying it, and entries made from one blob share it. For adapters that read a signature or another
     * single vendor field off every message of every request.
     *
     * <pre>{@code
     * ObjectNode payload = Payloads.of("signature", signature);
     * Thought thought = new Thought(id, thinking, payload, ReplayTags.ANTHROPIC_THINKING, step, wire);
     * }</pre>
     *
     * @param name the field name
     * @param value the text value
     * @return the payload
     * @throws NullPointerException when {@code name} or {@code value} is {@code null}
     */
    public static ObjectNode of(String name, String value) {
        Require.nonNull(name, "name");
        Require.nonNull(value, "value");
        return TextPayloadNode.of(name, value);
    }

    /**
     * Computes the fingerprint of a text as a JSON string value: the same as {@link #fingerprint} of a
     * {@code TextNode} holding it, without making the node.
     *
     * @param text the text
     * @return the fingerprint
     * @throws NullPointerException when {@code text} is {@code null}
     */
    public static long fingerprintOfText(String text) {
        Require.nonNull(text, "text");
        return mix(string(text) ^ 0x1L);
    }

    /**
     * Fingerprints an entry's payload or one of its fields; a payload copied by {@link #copyPayload}
     * computes each fingerprint once.
     *
     * @param payload the payload, or {@code null}
     * @param dotPath the field, or {@code null} for the whole payload
     * @return the fingerprint
     */
    static long payloadFingerprint(ObjectNode payload, String dotPath) {
        if (payload instanceof PayloadNode p) {
            return p.fingerprint(dotPath);
        }
        return fingerprint(dotPath == null ? payload : read(payload, dotPath));
    }

    private static JsonNode normalise(JsonNode node) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (node.isObject()) {
            ObjectNode o = f.objectNode();
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                o.set(field.getKey(), normalise(field.getValue()));
            }
            return o;
        }
        if (node.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode a = f.arrayNode(node.size());
            for (JsonNode item : node) {
                a.add(normalise(item));
            }
            return a;
        }
        if (node.isIntegralNumber()) {
            if (node.canConvertToInt()) {
                return node.isInt() ? node : f.numberNode(node.intValue());
            }
            if (node.canConvertToLong()) {
                return node.isLong() ? node : f.numberNode(node.longValue());
            }
            return node.isBigInteger() ? node : f.numberNode(node.bigIntegerValue());
        }
        if (node.isFloat()) {
            return f.numberNode(Double.parseDouble(Float.toString(node.floatValue())));
        }
        return node.isValueNode() ? node : node.deepCopy();
    }

    /**
     * Computes a canonical 64-bit fingerprint of a JSON value: object key order does not matter,
     * array order does, and numbers compare by value ({@code 1} and {@code 1.0} are equal). A string of
     * more than 128 characters (a signature, encrypted reasoning) is fingerprinted from its length, its
     * first and last 8 characters and {@link String#hashCode()}, which the JVM caches per string, so that
     * fingerprinting the same value on every dispatch does not re-read it.
     *
     * @param node the value, may be {@code null} ({@link #ABSENT})
     * @return the fingerprint
     */
    public static long fingerprint(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return ABSENT;
        }
        return mix(hash(node));
    }

    private static long hash(JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT: {
                // sum of per-field hashes: independent of key order, and no sorting allocation
                long sum = 0x51AFD7ED558CCD1DL;
                Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
                while (fields.hasNext()) {
                    Map.Entry<String, JsonNode> field = fields.next();
                    sum += mix(string(field.getKey()) * 31 + hash(field.getValue()));
                }
                return sum;
            }
            case ARRAY: {
                long h = 0x2545F4914F6CDD1DL;
                for (int i = 0; i < node.size(); i++) {
                    h = mix(h * 31 + hash(node.get(i)));
                }
                return h;
            }
            case STRING:
                return string(node.textValue()) ^ 0x1L;
            case NUMBER:
                return node.isIntegralNumber() && node.canConvertToLong()
                        ? mix(node.longValue()) ^ 0x2L
                        : numberHash(node);
            case BOOLEAN:
                return node.booleanValue() ? 0x3L : 0x4L;
            case NULL:
                return 0x5L;
            case BINARY:
            case POJO:
            default:
                return string(node.toString()) ^ 0x6L;
        }
    }

    private static long numberHash(JsonNode node) {
        java.math.BigDecimal value = node.decimalValue().stripTrailingZeros();
        if (value.scale() <= 0) {
            try {
                return mix(value.longValueExact()) ^ 0x2L;
            } catch (ArithmeticException tooLarge) {
                return string(value.toPlainString()) ^ 0x7L;
            }
        }
        return string(value.toPlainString()) ^ 0x7L;
    }

    private static long string(String s) {
        int n = s.length();
        if (n <= FULLY_HASHED) {
            return mix(fnv(s, 0, n));
        }
        // Long values (signatures, encrypted reasoning) are fingerprinted by several rules and by the stash
        // snapshot on every dispatch: String.hashCode covers every character and the JVM computes it once per
        // String instance, so re-fingerprinting the same value costs O(1) instead of O(length). Both ends and the
        // length are mixed in as well: a single changed character or a change of length is always caught; another
        // change is missed only if both ends are kept and the 32-bit String.hashCode collides.
        long h = ((long) s.hashCode() << 32) ^ n;
        h = h * GOLDEN + word(s, 0);
        h = h * GOLDEN + word(s, 4);
        h = h * GOLDEN + word(s, n - 8);
        h = h * GOLDEN + word(s, n - 4);
        return mix(h);
    }

    /** Four characters packed in a long. */
    private static long word(String s, int at) {
        return s.charAt(at) | (long) s.charAt(at + 1) << 16 | (long) s.charAt(at + 2) << 32
                | (long) s.charAt(at + 3) << 48;
    }

    private static long fnv(String s, int from, int to) {
        long h = 0xCBF29CE484222325L;
        for (int i = from; i < to; i++) {
            h ^= s.charAt(i);
            h *= 0x100000001B3L;
        }
        return h;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

package io.orderingguard.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.BoundedCache;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Turns a dispatch document into its shape: what the rules look at, without what the conversation
 * said. Used by one writer thread only ({@link Mac} is not thread-safe).
 *
 * <ul>
 *   <li>Texts (message, thought and result content, argument and context values) become
 *       {@code "[redacted: N chars]"}; a blank text stays blank, so emptiness rules re-check alike.
 *   <li>Ids ({@code conversationId}, entry ids, {@code step}, {@code wireMessage}) become keyed
 *       pseudonyms of the same length whose letters stay letters of the same case and digits stay
 *       digits (other ASCII characters are kept, others become {@code ø}). The mapping is a keyed
 *       permutation (a Feistel network with cycle walking over the id's letters and digits), so two
 *       different ids never share a pseudonym and identifierFormat rules judge the pseudonym as they
 *       would the id.
 *   <li>Metadata ({@code payload}) keeps its keys and its one-word values of up to 40 characters (role
 *       tags, channels, published sentinels, which rules compare with values of their own); longer strings
 *       (signatures) become {@code "h:"} and 16 hex digits of a keyed SHA-256 (equal values stay equal,
 *       so preservation rules re-check alike).
 *   <li>Tool names, roles, kinds, replay tags, provider, model and options are kept; tool schemas keep
 *       only {@code type}, {@code required}, {@code properties} and {@code items}.
 * </ul>
 */
final class Redactor {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Entry fields copied as they are: they name structure, never content. */
    private static final Set<String> KEPT = Set.of("kind", "role", "tool", "requested", "providerExecuted",
            "replayCompatibility", "isError");
    private static final Set<String> ID_FIELDS = Set.of("id", "step", "wireMessage");
    private static final List<String> SCHEMA_KEYS = List.of("type", "required", "properties", "items");
    private static final int FEISTEL_ROUNDS = 4;
    /**
     * Metadata values kept as they are: empty, or one word of up to 40 letters, digits and {@code ._:-}
     * (role tags such as {@code granite-3.x}, Harmony channels, Gemini's
     * {@code skip_thought_signature_validator}). Signatures are longer and are hashed.
     */
    private static final java.util.regex.Pattern TOKEN = java.util.regex.Pattern.compile("[A-Za-z0-9._:-]{0,40}");

    private final Mac mac;
    private final BoundedCache<String, String> pseudonyms = BoundedCache.withCapacity(65_536);

    Redactor(byte[] key) {
        try {
            this.mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            // every Java platform must provide HmacSHA256
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    /**
     * Returns the shape of a dispatch document (a new tree).
     *
     * @param document a document written by {@code DispatchCodec.toTree}
     * @return its shape, readable by {@code DispatchCodec}
     */
    ObjectNode shape(ObjectNode document) {
        ObjectNode out = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = document.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            JsonNode value = field.getValue();
            switch (name) {
                case "provider", "model", "surface", "options" -> out.set(name, value);
                case "conversationId" -> out.put(name, pseudonym(value.asText()));
                case "tools" -> out.set(name, tools(value));
                case "entries" -> {
                    ArrayNode entries = out.putArray(name);
                    for (JsonNode entry : value) {
                        entries.add(entry((ObjectNode) entry));
                    }
                }
                default -> out.set(name, values(value, 1));
            }
        }
        return out;
    }

    /**
     * Replaces the dispatch's ids quoted in a provider's error text by their pseudonyms, so that the
     * text can be kept (providers quote ids, never content) and still matches the log's ids.
     *
     * @param text the error text, or {@code null}
     * @param document the dispatch document the text answers
     * @return the text with ids replaced
     */
    String errorText(String text, ObjectNode document) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode entry : document.path("entries")) {
            String id = entry.path("id").asText("");
            // short ids ("m1") would match inside words
            if (id.length() >= 4 && text.contains(id)) {
                ids.add(id);
            }
        }
        if (ids.isEmpty()) {
            return text;
        }
        ids.sort(Comparator.comparingInt(String::length).reversed());
        String result = text;
        for (String id : ids) {
            result = result.replace(id, pseudonym(id));
        }
        return result;
    }

    private ObjectNode entry(ObjectNode entry) {
        ObjectNode out = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = entry.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (KEPT.contains(name)) {
                out.set(name, value);
            } else if (ID_FIELDS.contains(name) && value.isTextual()) {
                out.put(name, pseudonym(value.asText()));
            } else if ("payload".equals(name)) {
                out.set(name, hashed(value));
            } else if ("result".equals(name) && value.isObject()) {
                out.set(name, entry((ObjectNode) value));
            } else if ("args".equals(name)) {
                out.set(name, values(value, 0));
            } else {
                // content, and any field a later format adds: redacted unless known to be structure
                out.set(name, values(value, 1));
            }
        }
        return out;
    }

    private static ArrayNode tools(JsonNode tools) {
        ArrayNode out = NODES.arrayNode();
        for (JsonNode tool : tools) {
            ObjectNode t = out.addObject();
            t.set("name", tool.path("name"));
            if (tool.has("inputSchema")) {
                t.set("inputSchema", schema(tool.get("inputSchema")));
            }
        }
        return out;
    }

    /** The parts of a JSON schema that schemaIntegrity reads; descriptions, enums and examples go. */
    private static JsonNode schema(JsonNode schema) {
        if (!schema.isObject()) {
            return NODES.objectNode();
        }
        ObjectNode out = NODES.objectNode();
        for (String key : SCHEMA_KEYS) {
            JsonNode value = schema.get(key);
            if (value == null) {
                continue;
            }
            if ("properties".equals(key) && value.isObject()) {
                ObjectNode props = out.putObject(key);
                value.fields().forEachRemaining(p -> props.set(p.getKey(), schema(p.getValue())));
            } else if ("items".equals(key)) {
                out.set(key, schema(value));
            } else if (value.isTextual() || value.isArray()) {
                out.set(key, value);
            }
        }
        return out;
    }

    /**
     * Redacts values: strings become their length, numbers 0; object keys are kept at depth 0
     * (argument names come from the tool's schema) and numbered below it (they may be data).
     */
    private static JsonNode values(JsonNode node, int depth) {
        if (node.isTextual()) {
            return NODES.textNode(text(node.asText()));
        }
        if (node.isNumber()) {
            return NODES.numberNode(0);
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode();
            node.forEach(v -> out.add(values(v, depth + 1)));
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = NODES.objectNode();
            int i = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); i++) {
                Map.Entry<String, JsonNode> field = it.next();
                out.set(depth == 0 ? field.getKey() : "k" + i, values(field.getValue(), depth + 1));
            }
            return out;
        }
        return node;
    }

    /**
     * A text's shape: empty stays empty, blank stays one space, anything else becomes its length.
     *
     * @param text the text
     * @return its redaction
     */
    static String text(String text) {
        if (text.isEmpty()) {
            return "";
        }
        if (text.isBlank()) {
            return " ";
        }
        return "[redacted: " + text.length() + " chars]";
    }

    private JsonNode hashed(JsonNode node) {
        if (node.isTextual()) {
            String text = node.asText();
            if (TOKEN.matcher(text).matches()) {
                // a role tag, a channel, a published sentinel: rules compare them with a value of their own
                return node;
            }
            return NODES.textNode("h:" + hex(digest('P', text.getBytes(StandardCharsets.UTF_8)), 8));
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode();
            node.forEach(v -> out.add(hashed(v)));
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = NODES.objectNode();
            node.fields().forEachRemaining(f -> out.set(f.getKey(), hashed(f.getValue())));
            return out;
        }
        return node;
    }

    /**
     * Returns an id's pseudonym: same length, letters and digits permuted within their class.
     *
     * @param id the id
     * @return the pseudonym
     */
    String pseudonym(String id) {
        return pseudonyms.get(id, this::permute);
    }

    private String permute(String id) {
        char[] out = id.toCharArray();
        int[] radix = new int[out.length];
        BigInteger value = BigInteger.ZERO;
        BigInteger domain = BigInteger.ONE;
        for (int i = 0; i < out.length; i++) {
            char c = out[i];
            int digit;
            if (c >= 'a' && c <= 'z') {
                radix[i] = 26;
                digit = c - 'a';
            } else if (c >= 'A' && c <= 'Z') {
                radix[i] = 26;
                digit = c - 'A';
            } else if (c >= '0' && c <= '9') {
                radix[i] = 10;
                digit = c - '0';
            } else {
                if (c > 127) {
                    out[i] = 'ø';
                }
                continue;
            }
            BigInteger r = BigInteger.valueOf(radix[i]);
            value = value.multiply(r).add(BigInteger.valueOf(digit));
            domain = domain.multiply(r);
        }
        if (domain.equals(BigInteger.ONE)) {
            return new String(out);
        }
        BigInteger permuted = cycleWalk(value, domain);
        for (int i = out.length - 1; i >= 0; i--) {
            if (radix[i] == 0) {
                continue;
            }
            BigInteger[] qr = permuted.divideAndRemainder(BigInteger.valueOf(radix[i]));
            permuted = qr[0];
            int d = qr[1].intValue();
            char c = id.charAt(i);
            out[i] = (char) (radix[i] == 10 ? '0' + d : (Character.isUpperCase(c) ? 'A' : 'a') + d);
        }
        return new String(out);
    }

    /** A permutation of [0, domain): the Feistel permutation of the enclosing power of four, walked until inside. */
    private BigInteger cycleWalk(BigInteger value, BigInteger domain) {
        int bits = Math.max(2, domain.subtract(BigInteger.ONE).bitLength());
        int half = (bits + 1) / 2;
        BigInteger x = value;
        do {
            x = feistel(x, half);
        } while (x.compareTo(domain) >= 0);
        return x;
    }

    private BigInteger feistel(BigInteger x, int half) {
        BigInteger mask = BigInteger.ONE.shiftLeft(half).subtract(BigInteger.ONE);
        BigInteger left = x.shiftRight(half);
        BigInteger right = x.and(mask);
        for (int round = 0; round < FEISTEL_ROUNDS; round++) {
            byte[] r = right.toByteArray();
            byte[] input = new byte[r.length + 5];
            input[0] = (byte) round;
            input[1] = (byte) (half >>> 24);
            input[2] = (byte) (half >>> 16);
            input[3] = (byte) (half >>> 8);
            input[4] = (byte) half;
            System.arraycopy(r, 0, input, 5, r.length);
            BigInteger f = new BigInteger(1, stretch(input, (half + 7) / 8)).and(mask);
            BigInteger next = left.xor(f);
            left = right;
            right = next;
        }
        return left.shiftLeft(half).or(right);
    }

    /** At least {@code bytes} pseudo-random bytes of an input (HMAC blocks with a counter). */
    private byte[] stretch(byte[] input, int bytes) {
        byte[] first = digest('F', input);
        if (bytes <= first.length) {
            return first;
        }
        byte[] out = new byte[((bytes + 31) / 32) * 32];
        System.arraycopy(first, 0, out, 0, 32);
        for (int block = 1; block * 32 < bytes; block++) {
            byte[] counted = new byte[input.length + 1];
            System.arraycopy(input, 0, counted, 0, input.length);
            counted[input.length] = (byte) block;
            System.arraycopy(digest('G', counted), 0, out, block * 32, 32);
        }
        return out;
    }

    private byte[] digest(char domain, byte[] input) {
        mac.update((byte) domain);
        return mac.doFinal(input);
    }

    private static String hex(byte[] bytes, int count) {
        StringBuilder sb = new StringBuilder(count * 2);
        for (int i = 0; i < count; i++) {
            sb.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
        }
        return sb.toString();
    }
}

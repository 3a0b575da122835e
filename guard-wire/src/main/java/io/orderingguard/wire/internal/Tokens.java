package io.orderingguard.wire.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The parser's tokens of one request body, as the streaming reads of the codecs consume them: a check
 * reads a body straight from its tokens into entries, without building a tree. A streaming read takes
 * only the shapes it knows; for anything else (malformed JSON, a field of the wrong type, a repeated
 * field, a value the tree read refuses) it answers {@code null} and the caller reads the body as a tree,
 * which names the problem exactly as before. So the streaming read never decides what is wrong with a
 * body; it only gives, for a body the tree read accepts, the dispatch the tree read gives.
 *
 * <p>Values a read keeps for later are the string itself, {@link Boolean}, an {@link Integer} for an
 * integer that fits, or one of the markers {@link #NULL}, {@link #OBJECT}, {@link #ARRAY} and
 * {@link #OTHER}; {@code null} means absent. Not thread-safe; one per read.
 */
final class Tokens {

    /** A JSON {@code null}. */
    static final Object NULL = new Marker("null");
    /** An object that was skipped. */
    static final Object OBJECT = new Marker("an object");
    /** An array that was skipped. */
    static final Object ARRAY = new Marker("an array");
    /** Any other value: a number that is not an {@code int}. */
    static final Object OTHER = new Marker("another value");

    /** The values every body repeats (roles, block and part types), kept as one string each. */
    private static final String[] SYMBOLS = {"user", "assistant", "model", "tool", "system", "developer", "text",
        "thinking", "tool_use", "tool_result", "function", "message", "reasoning", "function_call",
        "function_call_output", "input_text", "output_text", "summary_text", "success", "error", "auto"};
    private static final int LONGEST_SYMBOL = 20;
    private static final String[][] SYMBOLS_BY_LENGTH = byLength();

    /** The parser factory: what {@code WireGuard} parses with (request bodies carry large base64 strings). */
    private static final JsonFactory FACTORY = factory();

    /** The tree the positions of a streamed body are read from, when a finding first asks for them. */
    private static final ObjectMapper TREE = JsonMapper.builder(factory())
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    /** Reads one value of a body as a tree (a declared tool's schema), as the tree read would have it. */
    private static final ObjectMapper VALUE = JsonMapper.builder(factory())
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /** Reads a body's tokens into a dispatch, or answers {@code null} for the tree read to take it. */
    @FunctionalInterface
    interface Reader {
        Dispatch read(Tokens tokens, WireContext ctx) throws IOException;
    }

    private final JsonParser parser;
    private final byte[] body;

    private Tokens(JsonParser parser, byte[] body) {
        this.parser = parser;
        this.body = body;
    }

    /**
     * Reads a body with a streaming reader; its positions come from the tree read of the layout when
     * first asked for.
     *
     * @return the parsed body, or empty when the tree read must take the body
     */
    static Optional<ParsedBody> read(Rendering.Layout layout, Reader reader, byte[] body, WireContext ctx) {
        // UTF-8 only (a body in UTF-16 or with a byte order mark starts otherwise): offsets are byte offsets
        if (body.length == 0 || !(body[0] == '{' || body[0] == ' ' || body[0] == '\n' || body[0] == '\r'
                || body[0] == '\t')) {
            return Optional.empty();
        }
        Dispatch dispatch;
        try (JsonParser parser = FACTORY.createParser(body)) {
            Tokens tokens = new Tokens(parser, body);
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            dispatch = reader.read(tokens, ctx);
            // the tree read refuses trailing tokens
            if (dispatch == null || parser.nextToken() != null) {
                return Optional.empty();
            }
        } catch (IOException e) {
            // malformed JSON or a limit exceeded: the tree read reports it
            return Optional.empty();
        }
        return Optional.of(ParsedBody.deferred(dispatch, () -> layout.reader()
                .read(tree(body), ctx, WireParse.forRender()).toParsedBody()));
    }

    private static String[][] byLength() {
        String[][] table = new String[LONGEST_SYMBOL + 1][];
        for (int length = 0; length <= LONGEST_SYMBOL; length++) {
            int n = length;
            table[length] = java.util.Arrays.stream(SYMBOLS).filter(symbol -> symbol.length() == n)
                    .toArray(String[]::new);
        }
        return table;
    }

    private static JsonFactory factory() {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(256 * 1024 * 1024).build())
                .build();
    }

    private static JsonNode tree(byte[] body) {
        try {
            return TREE.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("a body that was read once no longer parses", e);
        }
    }

    /**
     * Moves to the next field of the current object.
     *
     * @return the field name, with the parser on its value; {@code null} at the end of the object
     */
    String field() throws IOException {
        String name = parser.nextFieldName();
        if (name != null) {
            parser.nextToken();
        }
        return name;
    }

    /** Returns the current token. */
    JsonToken token() {
        return parser.currentToken();
    }

    /**
     * Moves to the next element of the current array.
     *
     * @return {@code true} with the parser on the element; {@code false} at the end of the array
     */
    boolean element() throws IOException {
        return parser.nextToken() != JsonToken.END_ARRAY;
    }

    /** Skips the current value (with its children). */
    void skip() throws IOException {
        parser.skipChildren();
    }

    /** Returns whether the current token opens an object. */
    boolean isObject() {
        return parser.currentToken() == JsonToken.START_OBJECT;
    }

    /** Returns whether the current token opens an array. */
    boolean isArray() {
        return parser.currentToken() == JsonToken.START_ARRAY;
    }

    /** Returns the current value as a string, or {@code null} when it is not a string. */
    String string() throws IOException {
        return parser.currentToken() == JsonToken.VALUE_STRING ? text() : null;
    }

    /**
     * Returns the current string: one of the {@link #SYMBOLS} when it spells one (roles and block types,
     * which every block repeats), else a new string.
     */
    private String text() throws IOException {
        int length = parser.getTextLength();
        if (length > LONGEST_SYMBOL) {
            return parser.getText();
        }
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        for (String symbol : SYMBOLS_BY_LENGTH[length]) {
            if (symbol.charAt(0) == chars[offset] && matches(symbol, chars, offset)) {
                return symbol;
            }
        }
        return new String(chars, offset, length);
    }

    private static boolean matches(String symbol, char[] chars, int offset) {
        for (int i = 1; i < symbol.length(); i++) {
            if (symbol.charAt(i) != chars[offset + i]) {
                return false;
            }
        }
        return true;
    }

    /** Reads the current value as a kept value (see the class comment), skipping a structure. */
    Object value() throws IOException {
        switch (parser.currentToken()) {
            case VALUE_STRING:
                return text();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return NULL;
            case VALUE_NUMBER_INT:
                return parser.getNumberType() == JsonParser.NumberType.INT ? (Object) parser.getIntValue() : OTHER;
            case START_OBJECT:
                parser.skipChildren();
                return OBJECT;
            case START_ARRAY:
                parser.skipChildren();
                return ARRAY;
            default:
                return OTHER;
        }
    }

    /**
     * Reads the object the parser is on as a tool call's arguments, and moves past it: its JSON text, to
     * be parsed when a rule reads the arguments ({@link io.orderingguard.timeline.ToolCall#withArgumentText}),
     * or its tree when the text would not read back as the tree read's copy: a float is an exact decimal
     * in the tree read and a double when parsed from text, and a text as long as a default parser's
     * string limit is not parsed from text.
     *
     * @return the text ({@link String}) or the tree ({@link ObjectNode})
     */
    Object arguments() throws IOException {
        long start = parser.currentTokenLocation().getByteOffset();
        boolean floats = false;
        int depth = 1;
        while (depth > 0) {
            JsonToken token = parser.nextToken();
            if (token == null) {
                throw new IOException("the body ends inside an object");
            }
            switch (token) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case VALUE_NUMBER_FLOAT -> floats = true;
                default -> { }
            }
        }
        long end = parser.currentTokenLocation().getByteOffset() + 1;
        if (start < 0) {
            throw new IOException("the parser gives no byte offsets");
        }
        if (floats || end - start >= StreamReadConstraints.DEFAULT_MAX_STRING_LEN) {
            return VALUE.readTree(body, (int) start, (int) (end - start));
        }
        return new String(body, (int) start, (int) (end - start), StandardCharsets.UTF_8);
    }

    /**
     * Reads the fields of the object the parser is on into kept values, in the order of {@code names}
     * (other fields are skipped), and moves past it (also when it answers {@code null}).
     *
     * @return the values ({@code null} for an absent field), or {@code null} when a named field repeats
     */
    Object[] fields(String... names) throws IOException {
        Object[] values = new Object[names.length];
        boolean repeated = false;
        for (String name = field(); name != null; name = field()) {
            int k = indexOf(names, name);
            if (k < 0) {
                skip();
            } else {
                repeated |= values[k] != null;
                values[k] = value();
            }
        }
        return repeated ? null : values;
    }

    /** Returns where a field name is among names (field names are interned, as constants are), or -1. */
    static int indexOf(String[] names, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i] == name) {
                return i;
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Reads the value the parser is on as a tree, as the tree read would have it (exact decimals; a
     * repeated field keeps its last value in its first place), and moves past it. Built here rather than
     * by a mapper, whose set-up per value costs more than the small values read this way.
     */
    JsonNode tree() throws IOException {
        switch (parser.currentToken()) {
            case START_OBJECT: {
                ObjectNode object = NODES.objectNode();
                for (String name = field(); name != null; name = field()) {
                    object.set(name, tree());
                }
                return object;
            }
            case START_ARRAY: {
                ArrayNode array = NODES.arrayNode();
                while (element()) {
                    array.add(tree());
                }
                return array;
            }
            case VALUE_STRING:
                return NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT:
                switch (parser.getNumberType()) {
                    case INT:
                        return NODES.numberNode(parser.getIntValue());
                    case LONG:
                        return NODES.numberNode(parser.getLongValue());
                    default:
                        return NODES.numberNode(parser.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(parser.getDecimalValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new IOException("unexpected token " + parser.currentToken());
        }
    }

    /**
     * Starts collecting the top-level fields a streaming read does not read token by token, as a tree
     * the codec's tree read takes (a repeated field keeps its last value, as in the tree read).
     */
    Rest rest() {
        return new Rest();
    }

    /** The top-level fields read as a tree. */
    final class Rest {
        private final ObjectNode node = NODES.objectNode();

        /** Reads the value the parser is on as the field {@code name}. */
        void put(String name) throws IOException {
            node.set(name, Tokens.this.tree());
        }

        /** Returns the fields read. */
        ObjectNode tree() {
            return node;
        }
    }

    /** Returns whether a kept value is a string. */
    static boolean isString(Object value) {
        return value instanceof String;
    }

    /**
     * The optional string a tree read accepts: absent ({@code null}) or a string; {@code false} for any
     * other value, which the tree read refuses.
     */
    static boolean isOptString(Object value) {
        return value == null || value instanceof String;
    }

    /** Returns whether a kept value is a non-blank string (what a required non-blank field must be). */
    static boolean isNonBlank(Object value) {
        return value instanceof String s && !s.isBlank();
    }

    /** The optional non-blank string a tree read accepts: absent or non-blank. */
    static boolean isOptNonBlank(Object value) {
        return value == null || isNonBlank(value);
    }

    /** The optional boolean a tree read accepts: absent or a boolean. */
    static boolean isOptBoolean(Object value) {
        return value == null || value instanceof Boolean;
    }

    /** The optional integer {@code >= 1} a tree read accepts: absent or such an integer. */
    static boolean isOptPositive(Object value) {
        return value == null || value instanceof Integer i && i >= 1;
    }

    /** A marker value; its name is for debugging only. */
    private record Marker(String name) {}
}

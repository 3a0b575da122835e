package io.orderingguard.wire.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
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
import io.orderingguard.json.InputNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

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

    /** The parsers' limits: request bodies carry large base64 strings. */
    private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxStringLength(256 * 1024 * 1024).build();

    /** The parser factory: what {@code WireGuard} parses with (request bodies carry large base64 strings). */
    private static final JsonFactory FACTORY = new BodyParser.Factory(
            (JsonFactoryBuilder) new JsonFactoryBuilder().streamReadConstraints(CONSTRAINTS));

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

    /** Reads one element of a list (its index given); {@code false} when the tree read must take the body. */
    @FunctionalInterface
    interface Element {
        boolean read(Tokens tokens, int index) throws IOException;
    }

    /**
     * Reads the value the parser is on (the holders an array's objects are read into, reused from array
     * to array, are such readers); {@code false} when the tree read must take the body.
     */
    @FunctionalInterface
    interface Value {
        boolean read(Tokens tokens) throws IOException;
    }

    /** Reads the value a parser of its own is on; {@code null} when the tree read must take the body. */
    @FunctionalInterface
    interface Sub<T> {
        T read(Tokens tokens) throws IOException;
    }

    /** The text of a content part from its type and its fields; {@code null} when the part is not readable. */
    @FunctionalInterface
    interface PartText {
        String text(String type, Object[] fields);
    }

    /** Reads the value of the field at {@code index} of a list of names; {@code null} when the tree read must take the body. */
    @FunctionalInterface
    interface Field {
        Object read(Tokens tokens, int index) throws IOException;
    }

    /** Reads a field as a kept value ({@link #value()}). */
    private static final Field KEPT = (tokens, index) -> tokens.value();

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
        if (!BodyParser.startsAsUtf8Json(body, 0, body.length)) {
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

    private static JsonFactory factory() {
        return JsonFactory.builder().streamReadConstraints(CONSTRAINTS).build();
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

    /** Returns the current string (see {@link StringValues#read}). */
    private String text() throws IOException {
        return StringValues.read(parser, body);
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
        return fields(names, KEPT);
    }

    /**
     * Reads the fields of the object the parser is on that are among {@code names}, each by {@code field}
     * (other fields are skipped), and moves past the object (also when it answers {@code null}).
     *
     * @return the values in the order of {@code names} ({@code null} for an absent field), or {@code null}
     *     when a named field repeats or {@code field} answers {@code null} for one
     */
    Object[] fields(String[] names, Field field) throws IOException {
        Object[] values = new Object[names.length];
        boolean refused = false;
        for (String name = field(); name != null; name = field()) {
            int k = indexOf(names, name);
            if (k < 0) {
                skip();
            } else {
                refused |= values[k] != null;
                values[k] = field.read(this, k);
                refused |= values[k] == null;
            }
        }
        return refused ? null : values;
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
     * Reads the array the parser is on, element by element.
     *
     * @return {@code false} when the value is not an array or an element answers {@code false}
     */
    boolean list(Element element) throws IOException {
        if (!isArray()) {
            return false;
        }
        for (int i = 0; element(); i++) {
            if (!element.read(this, i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads the top-level fields of a body that is read field by field: each field among {@code names} by
     * {@code field}, others skipped.
     *
     * @return the values ({@code null} for an absent field), or {@code null} when a named field repeats,
     *     {@code field} answers {@code null}, the message list (at {@code list}) is absent or the model (at
     *     {@code model}) is present but not a non-blank string
     */
    Object[] root(String[] names, Field field, int list, int model) throws IOException {
        Object[] root = new Object[names.length];
        return named(names, root, field) && root[list] != null && StreamParts.isOptNonBlank(root[model]) ? root : null;
    }

    /**
     * Reads the array of content parts the parser is on into their texts: each part an object whose fields
     * among {@code names} (the first is its type, which must be a string) give its text. Reads on past a
     * part that is not readable (not an object, a named field repeated, a type that is not a string, or
     * {@code text} answers {@code null}), adding {@code null} for it.
     *
     * @return whether every part was readable
     */
    boolean partTexts(String[] names, PartText text, List<String> texts) throws IOException {
        boolean readable = true;
        while (element()) {
            String piece = null;
            if (!isObject()) {
                skip();
            } else {
                Object[] part = fields(names);
                piece = part == null || !StreamParts.isString(part[0]) ? null : text.text((String) part[0], part);
            }
            readable &= piece != null;
            texts.add(piece);
        }
        return readable;
    }

    /**
     * Reads the objects of the array the parser is on into holders, reused from array to array (one is
     * added when the array is longer than any before).
     *
     * @return how many objects were read, or -1 when the value is not an array, an element is not an
     *     object, or a holder answers {@code false}
     */
    <H extends Value> int objects(List<H> holders, Supplier<H> create) throws IOException {
        if (!isArray()) {
            return -1;
        }
        int j = 0;
        while (element()) {
            if (!isObject()) {
                return -1;
            }
            if (j == holders.size()) {
                holders.add(create.get());
            }
            if (!holders.get(j).read(this)) {
                return -1;
            }
            j++;
        }
        return j;
    }

    /**
     * Reads the fields of the object the parser is on that are among {@code names}, each into
     * {@code values} at its index by {@code field}, and skips the others. Stops at the first field that
     * repeats or that {@code field} answers {@code null} for (the parser then stays inside the object).
     *
     * @param values cleared first; afterwards {@code null} for an absent field
     * @return {@code false} when a named field repeats or {@code field} answers {@code null}
     */
    boolean named(String[] names, Object[] values, Field field) throws IOException {
        Arrays.fill(values, null);
        for (String name = field(); name != null; name = field()) {
            int k = indexOf(names, name);
            if (k < 0) {
                skip();
                continue;
            }
            if (values[k] != null) {
                return false;
            }
            values[k] = field.read(this, k);
            if (values[k] == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads the body's top-level object: the field {@code name} (the message list) by {@code read}, token
     * by token, and every other field into a small tree that the codec's tree read takes as it takes a
     * whole body (a repeated field keeps its last value, as in the tree read). The field
     * {@code toolsField}, when it is an array or an object, is read through {@code cache}: its tree and
     * the tools {@code tools} (the codec's tree code) reads from it are those of a recent body with the same
     * bytes there, or read from its bytes and kept.
     *
     * @param required whether a body without the field goes to the tree read
     * @return the other fields, or {@code null} when the field is repeated, or absent and required, or
     *     {@code read} answers {@code false}, or {@code tools} refuses the tools field
     */
    StreamParts.Rest aroundField(String name, boolean required, Value read, String toolsField,
            FieldCache<StreamParts.Declared> cache,
            Function<InputNode, List<DeclaredTool>> tools) throws IOException {
        ObjectNode rest = NODES.objectNode();
        List<DeclaredTool> declared = null;
        boolean seen = false;
        for (String field = field(); field != null; field = field()) {
            if (field.equals(toolsField) && (isArray() || isObject())) {
                StreamParts.Declared value = cached(cache, tokens -> {
                    JsonNode tree = tokens.tree();
                    List<DeclaredTool> list = StreamParts.fromRest(NODES.objectNode().set(toolsField, tree), tools);
                    return list == null ? null : new StreamParts.Declared(tree, List.copyOf(list));
                });
                if (value == null) {
                    return null;
                }
                rest.set(field, value.tree());
                declared = value.tools();
            } else if (!field.equals(name)) {
                rest.set(field, tree());
            } else if (seen || !read.read(this)) {
                return null;
            } else {
                seen = true;
            }
        }
        return seen || !required ? new StreamParts.Rest(rest, declared) : null;
    }

    /**
     * Reads the array or object the parser is on through a cache keyed by its exact bytes: what was read
     * from the same bytes before, else what {@code read} reads from a parser of its own over those bytes
     * (kept when not {@code null}). Moves past the value.
     *
     * @return what was read, or {@code null} when {@code read} answers {@code null}
     */
    <T> T cached(FieldCache<T> cache, Sub<T> read) throws IOException {
        int start = offset();
        skip();
        int end = offset() + 1;
        T value = cache.get(body, start, end);
        if (value == null) {
            try (JsonParser sub = FACTORY.createParser(body, start, end - start)) {
                sub.nextToken();
                value = read.read(new Tokens(sub, body));
            }
            if (value != null) {
                cache.put(body, start, end, value);
            }
        }
        return value;
    }

    /** Where the current token starts in the body. */
    private int offset() throws IOException {
        long offset = parser.currentTokenLocation().getByteOffset();
        if (offset < 0 || offset >= body.length) {
            throw new IOException("the parser gives no byte offsets");
        }
        return (int) offset;
    }

    /** A marker value; its name is for debugging only. */
    private record Marker(String name) {}
}

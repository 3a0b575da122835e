package io.orderingguard.wire.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The one read of a request body: one pass of the parser over its bytes, from which a codec builds the
 * dispatch with its own code. The top-level fields other than the surface's list (Anthropic's and
 * Bedrock's {@code messages}, Chat's {@code messages}, Responses' {@code input}, Gemini's
 * {@code contents}) are read into a small tree; each element of the list is read into a small tree of
 * its own, handed to the codec's element reader and dropped, and its byte range in the body is kept.
 * So a body is never held as a whole tree: a check holds one element at a time, and a repair parses
 * again only the elements it changes ({@link Splicer}).
 *
 * <p>The codec's element reader is the code its tree read runs on each element, so the entries, the
 * unknown shapes and the refusals are the same by construction. The first refusal of an element is
 * kept, and the codec raises it where its tree read reads the list, after the fields it reads before
 * the list (a body with a bad {@code model} and a bad message is refused for its model, as before).
 *
 * <p>A body this pass does not take — not UTF-8 JSON that starts as an object, malformed JSON, tokens
 * after the object, the list field twice — gives {@code null}; the caller parses a tree, which names
 * the problem (or reads the repeated field as Jackson does: the last one).
 *
 * <p>Stateless; each {@link #read} is one pass.
 */
final class OneRead {

    /** The parsers' limits: request bodies carry large base64 strings. */
    private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxStringLength(256 * 1024 * 1024).build();

    /** The parser factory: {@link BodyParser}s, which hand plain strings over as ranges of the body. */
    private static final JsonFactory FACTORY = new BodyParser.Factory(
            (JsonFactoryBuilder) new JsonFactoryBuilder().streamReadConstraints(CONSTRAINTS));

    private OneRead() {}

    /** Reads one element of the list, at its position ({@code $.messages[3]}). */
    @FunctionalInterface
    interface Element {
        void read(InputNode element, int index);
    }

    /** A codec's read of a whole body through {@link #read}: {@code null} when the pass does not take it. */
    @FunctionalInterface
    interface BodyReader {
        WireParse read(byte[] body, WireContext ctx, WireParse into);
    }

    /**
     * Reads a body for a check with a codec's one-pass read; the positions are read by a second pass
     * when a finding first asks for them.
     *
     * @return the parsed body, or empty when the pass does not take the body
     */
    static Optional<ParsedBody> parsed(BodyReader reader, byte[] body, WireContext ctx) {
        WireParse checked = reader.read(body, ctx, WireParse.forCheck());
        if (checked == null) {
            return Optional.empty();
        }
        return Optional.of(ParsedBody.deferred(checked.dispatch, checked.unknown,
                () -> reader.read(body, ctx, WireParse.forRender()).toParsedBody()));
    }

    /**
     * What one pass read: the top-level fields other than the list, and the list's elements read into a
     * parse of their own with their byte ranges.
     */
    static final class Pass {
        /** The top-level fields other than the list (the list too when it is not an array). */
        final ObjectNode rest = CompactNodeFactory.INSTANCE.objectNode();
        /** The list's elements as the element reader read them (in wire order); dropped once appended. */
        private WireParse list;
        /** Where the list's value starts and ends in the body (-1 when it was not read element by element). */
        int listStart = -1;
        int listEnd = -1;
        /** Element {@code i} spans {@code spans[2i]} to {@code spans[2i + 1]} (exclusive). */
        int[] spans = new int[16];
        int count;
        /** The first refusal of an element, raised where the codec reads the list. */
        GuardInputException refused;
        /** The top-level fields in body order, and where each one's value starts and ends. */
        final List<String> names = new ArrayList<>();
        int[] members = new int[32];

        private Pass(WireParse list) {
            this.list = list;
        }

        /** Whether the list was an array and read element by element. */
        boolean listed() {
            return listStart >= 0;
        }

        /**
         * Adds the list's entries to a parse that holds what the codec read before the list, or raises the
         * first element's refusal; when the list was not an array (or absent), {@code orElse} reads it from
         * {@link #rest} as the tree read does.
         */
        void appendTo(WireParse p, Runnable orElse) {
            if (!listed()) {
                orElse.run();
                return;
            }
            if (refused != null) {
                throw refused;
            }
            p.append(list);
            // the parse holds it all now: a second set of maps would stay alive as long as the pass does
            list = null;
        }

        int start(int i) {
            return spans[2 * i];
        }

        int end(int i) {
            return spans[2 * i + 1];
        }

        int memberStart(int i) {
            return members[2 * i];
        }

        int memberEnd(int i) {
            return members[2 * i + 1];
        }

        private void member(String name, int start, int end) {
            if (2 * names.size() + 2 > members.length) {
                members = Arrays.copyOf(members, members.length * 2);
            }
            members[2 * names.size()] = start;
            members[2 * names.size() + 1] = end;
            names.add(name);
        }

        private void span(int start, int end) {
            if (2 * count + 2 > spans.length) {
                spans = Arrays.copyOf(spans, spans.length * 2);
            }
            spans[2 * count] = start;
            spans[2 * count + 1] = end;
            count++;
        }
    }

    /**
     * Reads a body in one pass.
     *
     * @param body the body's bytes (not modified)
     * @param listField the name of the surface's list
     * @param list the parse the elements are read into (for a check or for rendering)
     * @param ctx the source and line of error messages
     * @param element reads one element into {@code list}
     * @return what was read, or {@code null} when the pass does not take the body
     */
    static Pass read(byte[] body, String listField, WireParse list, WireContext ctx, Element element) {
        return read(body, listField, null, list, ctx, element);
    }

    /**
     * Reads a body in one pass; in a read for a check, an object under the field {@code args} (a tool
     * call's arguments) is kept as text until read ({@link LazyArgs}).
     *
     * @param args the field that holds a call's arguments, or {@code null}
     */
    static Pass read(byte[] body, String listField, String args, WireParse list, WireContext ctx, Element element) {
        // a read that keeps no JSON of the list's elements (a check, a splice's) leaves the arguments as text
        String lazy = list.keepsJson() ? null : args;
        if (!BodyParser.startsAsUtf8Json(body, 0, body.length)) {
            return null;
        }
        Pass pass = new Pass(list);
        InputNode listPosition = InputNode.root(pass.rest, ctx.source(), ctx.line()).child(listField);
        try (JsonParser parser = FACTORY.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                JsonToken token = parser.nextToken();
                if (pass.names.contains(name)) {
                    // a repeated field: Jackson's tree keeps the last value in the first place
                    return null;
                }
                int start = offset(parser, body);
                if (!name.equals(listField) || token != JsonToken.START_ARRAY) {
                    pass.rest.set(name, tree(parser, body));
                    pass.member(name, start, (int) parser.currentLocation().getByteOffset());
                    continue;
                }
                pass.listStart = start;
                for (int i = 0; parser.nextToken() != JsonToken.END_ARRAY; i++) {
                    int from = offset(parser, body);
                    if (pass.refused == null) {
                        JsonNode value = tree(parser, body, lazy);
                        try {
                            element.read(listPosition.element(value, i), i);
                        } catch (GuardInputException e) {
                            pass.refused = e;
                        }
                    } else {
                        parser.skipChildren();
                        finish(parser);
                    }
                    pass.span(from, (int) parser.currentLocation().getByteOffset());
                }
                pass.listEnd = (int) parser.currentLocation().getByteOffset();
                pass.member(name, start, pass.listEnd);
            }
            if (parser.nextToken() != null) {
                return null;
            }
        } catch (IOException e) {
            // malformed JSON or a limit exceeded: the tree read names it
            return null;
        }
        return pass;
    }

    /** A codec's read of the top-level fields, given how to read its list where the tree read reads it. */
    @FunctionalInterface
    interface Root {
        WireParse read(InputNode root, WireContext ctx, WireParse p, Runnable list);
    }

    /**
     * A codec's one read of a body: the list element by element as the pass meets them (into a parse of
     * their own), then the other fields with the codec's {@code root}, which appends the list where it
     * reads it; a list that is not an array is read from the fields by {@code tree}, as the tree read does.
     *
     * @param elementsInto the element reader that reads into a given parse (a new one per read: it may
     *     keep state across elements, as Gemini's pairing by name does)
     * @return the parse, or {@code null} when the pass does not take the body
     */
    static WireParse readBody(byte[] body, String listField, String args, WireContext ctx, WireParse p,
            Function<WireParse, Element> elementsInto, BiConsumer<WireParse, InputNode> tree, Root root) {
        WireParse list = p.sibling();
        Pass pass = read(body, listField, args, list, ctx, elementsInto.apply(list));
        if (pass == null) {
            return null;
        }
        InputNode fields = InputNode.root(pass.rest, ctx.source(), ctx.line());
        p.pass = pass;
        return root.read(fields, ctx, p, () -> pass.appendTo(p, () -> tree.accept(p, fields)));
    }

    /** Reads the value at a byte range of a body (one element of its list) as a tree. */
    static JsonNode tree(byte[] body, int start, int end) {
        try (JsonParser parser = FACTORY.createParser(body, start, end - start)) {
            parser.nextToken();
            return tree(parser, body);
        } catch (IOException e) {
            throw new UncheckedIOException("a body that was read once no longer parses", e);
        }
    }

    /**
     * Reads the object the parser is on as {@link LazyArgs}, moving past it without making its strings;
     * an object whose text would not read as its tree (see {@link LazyArgs}) is read as a tree from its bytes.
     */
    private static JsonNode args(JsonParser parser, byte[] body) throws IOException {
        int start = offset(parser, body);
        boolean exact = true;
        for (int depth = 1; depth > 0; ) {
            switch (parser.nextToken()) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case VALUE_NUMBER_FLOAT -> exact = false;
                default -> { }
            }
        }
        int end = (int) parser.currentLocation().getByteOffset();
        if (exact && end - start < StreamReadConstraints.DEFAULT_MAX_STRING_LEN) {
            String text = new String(body, start, end - start, StandardCharsets.UTF_8);
            if (text.indexOf('\uFFFD') < 0) {
                return LazyArgs.of(body, start, end, text);
            }
        }
        try (JsonParser again = FACTORY.createParser(body, start, end - start)) {
            again.nextToken();
            return tree(again, body);
        }
    }

    /** Finishes a scalar token, so the location is past its end (a string's bytes are read lazily). */
    private static void finish(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            parser.finishToken();
        }
    }

    private static int offset(JsonParser parser, byte[] body) throws IOException {
        long offset = parser.currentTokenLocation().getByteOffset();
        if (offset < 0 || offset >= body.length) {
            throw new IOException("the parser gives no byte offsets");
        }
        return (int) offset;
    }

    /**
     * Reads the value the parser is on as a tree, as {@code WireGuard}'s tree read would have it (exact
     * decimals; a repeated field keeps its last value in its first place), and moves past it.
     */
    static JsonNode tree(JsonParser parser, byte[] body) throws IOException {
        return tree(parser, body, null);
    }

    /**
     * Reads a value as {@link #tree(JsonParser, byte[])}, an object under the field {@code lazy} as
     * {@link LazyArgs} (found by identity: the parser interns field names, as Java does constants).
     */
    private static JsonNode tree(JsonParser parser, byte[] body, String lazy) throws IOException {
        CompactNodeFactory nodes = CompactNodeFactory.INSTANCE;
        switch (parser.currentToken()) {
            case START_OBJECT: {
                ObjectNode object = nodes.objectNode();
                for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                    JsonToken token = parser.nextToken();
                    object.set(name, token == JsonToken.START_OBJECT && name == lazy ? args(parser, body)
                            : tree(parser, body, lazy));
                }
                return object;
            }
            case START_ARRAY: {
                ArrayNode array = nodes.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(tree(parser, body, lazy));
                }
                return array;
            }
            case VALUE_STRING:
                return nodes.textNode(StringValues.read(parser, body));
            case VALUE_NUMBER_INT:
                switch (parser.getNumberType()) {
                    case INT:
                        return nodes.numberNode(parser.getIntValue());
                    case LONG:
                        return nodes.numberNode(parser.getLongValue());
                    default:
                        return nodes.numberNode(parser.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                return nodes.numberNode(parser.getDecimalValue());
            case VALUE_TRUE:
                return nodes.booleanNode(true);
            case VALUE_FALSE:
                return nodes.booleanNode(false);
            case VALUE_NULL:
                return nodes.nullNode();
            default:
                throw new IOException("unexpected token " + parser.currentToken());
        }
    }
}

package io.orderingguard.wire.internal.splice;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a repaired body by splicing it into the bytes of the original: every value the repair left
 * equal is copied from the original bytes as they were (layout, key order, number spelling, escapes,
 * unknown fields), and only the containers that changed are written anew — compactly, with each of
 * their unchanged members still copied byte for byte. A body a repair did not touch comes back as the
 * very bytes it was.
 *
 * <p>A container whose members (same names, same order) or elements (same count, each equal or a
 * changed container of the same kind) line up with the original keeps the original's layout between
 * them. Otherwise it is written compactly and its elements are matched in order: an element equal to
 * the next unmatched original element (or one a little further on, when the repair dropped some) is
 * copied; a changed object in the place of an original object is spliced member by member; anything
 * else is written.
 *
 * <p>Stateless and thread-safe.
 */
public final class Splice {

    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(256 * 1024 * 1024).build())
            .build();

    private Splice() {}

    /**
     * Writes the repaired body, reusing the original's bytes wherever the two are equal.
     *
     * @param original the body as the client wrote it (UTF-8 JSON; not modified)
     * @param originalTree the tree read from {@code original}
     * @param repaired the repaired body
     * @param writer writes the values that changed (the wire guard's mapper: decimals as spelled)
     * @return the bytes to send
     */
    public static byte[] render(byte[] original, JsonNode originalTree, JsonNode repaired, ObjectMapper writer) {
        if (!isUtf8Json(original)) {
            // offsets are byte offsets of UTF-8 input only: another encoding is written anew
            try {
                return writer.writeValueAsBytes(repaired);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Span root;
        try (JsonParser parser = JSON.createParser(original)) {
            parser.nextToken();
            root = Span.read(parser);
        } catch (IOException e) {
            throw new UncheckedIOException("a body that was read once no longer parses", e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(original.length + 256);
        // what precedes and follows the root value (a byte order mark is refused earlier; whitespace is kept)
        out.write(original, 0, (int) root.start);
        new Splice.Writer(original, writer, out).value(root, originalTree, repaired);
        out.write(original, (int) root.end, original.length - (int) root.end);
        return out.toByteArray();
    }

    /**
     * Writes a repaired value in the place of one value of the original bytes (a message of a body whose
     * other parts are copied around it), reusing the original's bytes wherever the two are equal.
     *
     * @param original the body as the client wrote it (UTF-8 JSON; not modified)
     * @param from where the value starts in {@code original}
     * @param to where it ends (exclusive)
     * @param originalTree the tree read from that value
     * @param repaired the repaired value
     * @param writer writes the values that changed
     * @param out where the bytes go
     */
    public static void write(byte[] original, int from, int to, JsonNode originalTree, JsonNode repaired,
            ObjectMapper writer, ByteArrayOutputStream out) {
        Span root;
        try (JsonParser parser = JSON.createParser(original, from, to - from)) {
            parser.nextToken();
            // offsets from a parser over part of an array count from the part's start
            long base = parser.currentTokenLocation().getByteOffset() == 0 ? from : 0;
            root = Span.read(parser);
            root.shift(base);
        } catch (IOException e) {
            throw new UncheckedIOException("a body that was read once no longer parses", e);
        }
        new Splice.Writer(original, writer, out).value(root, originalTree, repaired);
    }

    /**
     * Whether a body starts as UTF-8 JSON: its first byte after ASCII whitespace opens an object or an
     * array and is not followed by a zero byte (UTF-16 and UTF-32 interleave zeros; a byte order mark is
     * not an opening).
     */
    private static boolean isUtf8Json(byte[] body) {
        int i = 0;
        while (i < body.length && (body[i] == ' ' || body[i] == '\n' || body[i] == '\r' || body[i] == '\t')) {
            i++;
        }
        return i + 1 < body.length && (body[i] == '{' || body[i] == '[') && body[i + 1] != 0;
    }

    /** Where a value sits in the original bytes, with the spans of its members or elements. */
    private static final class Span {
        long start;
        long end;
        final Map<String, Span> members;
        final List<Span> elements;

        private Span(long start, Map<String, Span> members, List<Span> elements) {
            this.start = start;
            this.members = members;
            this.elements = elements;
        }

        /** Moves this span and those inside it by {@code base} bytes. */
        void shift(long base) {
            if (base == 0) {
                return;
            }
            start += base;
            end += base;
            if (members != null) {
                members.values().forEach(member -> member.shift(base));
            } else if (elements != null) {
                elements.forEach(element -> element.shift(base));
            }
        }

        /** Reads the value the parser is on, leaving the parser on its last token. */
        static Span read(JsonParser parser) throws IOException {
            long start = parser.currentTokenLocation().getByteOffset();
            JsonToken token = parser.currentToken();
            Span span;
            if (token == JsonToken.START_OBJECT) {
                span = new Span(start, new LinkedHashMap<>(), null);
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    span.members.put(name, read(parser));
                }
            } else if (token == JsonToken.START_ARRAY) {
                span = new Span(start, null, new ArrayList<>());
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    span.elements.add(read(parser));
                }
            } else {
                // a string's bytes are read lazily: finish it so the location is past its closing quote
                parser.finishToken();
                span = new Span(start, null, null);
            }
            span.end = parser.currentLocation().getByteOffset();
            return span;
        }
    }

    /** One rendering. Not thread-safe. */
    private static final class Writer {
        private final byte[] original;
        private final ObjectMapper mapper;
        private final ByteArrayOutputStream out;

        Writer(byte[] original, ObjectMapper mapper, ByteArrayOutputStream out) {
            this.original = original;
            this.mapper = mapper;
            this.out = out;
        }

        void value(Span span, JsonNode before, JsonNode after) {
            if (before.equals(after)) {
                out.write(original, (int) span.start, (int) (span.end - span.start));
            } else if (after.isObject() && before.isObject() && span.members != null) {
                object(span, before, after);
            } else if (after.isArray() && before.isArray() && span.elements != null) {
                array(span, before, after);
            } else {
                write(after);
            }
        }

        private void object(Span span, JsonNode before, JsonNode after) {
            if (sameNames(span, after)) {
                // the same members in the same order: the original's layout between them is kept
                long at = span.start;
                for (Map.Entry<String, Span> member : span.members.entrySet()) {
                    Span value = member.getValue();
                    copy(at, value.start);
                    value(value, before.get(member.getKey()), after.get(member.getKey()));
                    at = value.end;
                }
                copy(at, span.end);
                return;
            }
            out.write('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = after.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (!first) {
                    out.write(',');
                }
                first = false;
                write(TextNode.valueOf(field.getKey()));
                out.write(':');
                Span member = span.members.get(field.getKey());
                JsonNode was = before.get(field.getKey());
                if (member != null && was != null) {
                    value(member, was, field.getValue());
                } else {
                    write(field.getValue());
                }
            }
            out.write('}');
        }

        private void array(Span span, JsonNode before, JsonNode after) {
            if (before.size() == after.size() && sameKinds(before, after)) {
                // element k stays element k: the original's layout between elements is kept
                long at = span.start;
                for (int k = 0; k < after.size(); k++) {
                    Span element = span.elements.get(k);
                    copy(at, element.start);
                    value(element, before.get(k), after.get(k));
                    at = element.end;
                }
                copy(at, span.end);
                return;
            }
            out.write('[');
            int next = 0;
            for (int k = 0; k < after.size(); k++) {
                if (k > 0) {
                    out.write(',');
                }
                JsonNode element = after.get(k);
                int match = find(before, element, next);
                if (match >= 0) {
                    value(span.elements.get(match), before.get(match), element);
                    next = match + 1;
                } else if (next < before.size() && before.get(next).isObject() && element.isObject()) {
                    // the element in this place, changed: keep what of it is unchanged
                    value(span.elements.get(next), before.get(next), element);
                    next++;
                } else {
                    write(element);
                }
            }
            out.write(']');
        }

        private static boolean sameNames(Span span, JsonNode after) {
            if (span.members.size() != after.size()) {
                return false;
            }
            Iterator<String> names = after.fieldNames();
            for (String name : span.members.keySet()) {
                if (!names.hasNext() || !name.equals(names.next())) {
                    return false;
                }
            }
            return true;
        }

        /** Whether every element is equal to, or a changed container of the same kind as, the original one. */
        private static boolean sameKinds(JsonNode before, JsonNode after) {
            for (int k = 0; k < after.size(); k++) {
                JsonNode was = before.get(k);
                JsonNode now = after.get(k);
                if (!was.equals(now) && !(was.isObject() && now.isObject() || was.isArray() && now.isArray())) {
                    return false;
                }
            }
            return true;
        }

        private void copy(long from, long to) {
            out.write(original, (int) from, (int) (to - from));
        }

        /** The first original element at or after {@code from} equal to {@code element}, within a short look-ahead. */
        private static int find(JsonNode before, JsonNode element, int from) {
            int limit = Math.min(before.size(), from + 8);
            for (int j = from; j < limit; j++) {
                if (before.get(j).equals(element)) {
                    return j;
                }
            }
            return -1;
        }

        private void write(JsonNode node) {
            try {
                out.write(mapper.writeValueAsBytes(node));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}

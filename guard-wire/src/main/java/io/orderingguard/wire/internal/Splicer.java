package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.internal.splice.Splice;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Renders a repaired dispatch into the bytes of the original body without holding the body as a tree:
 * the body is read once more in one pass ({@link OneRead}) keeping entries and byte ranges but no JSON of
 * its messages; the codec's layout then lays the repaired entries out, and a message whose entries the
 * repair left as they were is not rendered at all but marked ({@link #UNCHANGED}) and copied from the
 * original bytes. Only the messages a rendering asks about (those that changed, and those whose entries
 * moved into one that changed) are read into a tree again. The bytes are written once, at their exact
 * size: the original's bytes around and between the messages, the unchanged messages as they were, and
 * each changed message spliced into its original ({@link Splice}: its unchanged parts still copied).
 *
 * <p>Stateless.
 */
final class Splicer {

    /** Writes the values that changed: exact decimals, as the wire guard's mapper does. */
    private static final ObjectMapper WRITER = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true)).build();

    private Splicer() {}

    /** Reads element {@code k} of the list into a parse: the codec's element read. */
    @FunctionalInterface
    interface ElementRead {
        void read(WireParse into, InputNode element, int index);
    }

    /** Reads the original JSON of element {@code k} of a body's list into a parse of its own. */
    @FunctionalInterface
    interface Loader {
        WireParse load(byte[] bytes, OneRead.Pass pass, InputNode list, int k);
    }

    /** Reads an element on its own: for reads whose ids and keys come from the element alone. */
    static Loader isolated(ElementRead read) {
        return (bytes, pass, list, k) -> {
            WireParse into = WireParse.forRender();
            read.read(into, list.element(OneRead.tree(bytes, pass.start(k), pass.end(k)), k), k);
            return into;
        };
    }

    /**
     * Reads the elements up to {@code k} again, keeping the JSON of {@code k} only: for reads whose keys
     * depend on the elements before (a Gemini response without an id takes its call's).
     */
    static Loader replayed(Supplier<ElementRead> reads) {
        return (bytes, pass, list, k) -> {
            WireParse into = WireParse.forRender();
            ElementRead read = reads.get();
            for (int i = 0; i <= k; i++) {
                into.keepJson(i == k);
                read.read(into, list.element(OneRead.tree(bytes, pass.start(i), pass.end(i)), i), i);
            }
            return into;
        };
    }

    /**
     * Marks a message of a rendered list that the rendering left as it was: copied from the original bytes
     * of the wire message the rendering names for it ({@link WireParse#renderedKeys}). One node for all,
     * so a list of thousands of unchanged messages costs no node each.
     */
    static final JsonNode UNCHANGED = new POJONode(new Object() {
        @Override
        public String toString() {
            return "unchanged";
        }
    });

    /**
     * Renders a repaired dispatch into the original bytes.
     *
     * @param reader the codec's one-pass read
     * @param loader reads the original JSON of one element of the list
     * @param layout lays entries out (given a {@link WireParse#forSplice()} parse)
     * @param listField the name of the body's list
     * @return the bytes, or {@code null} when the one pass does not take the body (the caller renders
     *     through a tree)
     */
    static byte[] render(OneRead.BodyReader reader, Loader loader, Rendering.Rebuilder layout, String listField,
            Dispatch repaired, byte[] bytes) {
        Laid laid = layOut(reader, loader, layout, listField, repaired, bytes);
        if (laid == null) {
            return null;
        }
        if (laid == Laid.SAME) {
            return bytes.clone();
        }
        return new Out(bytes, laid.pass, laid.keys).body(laid.body, listField);
    }

    /**
     * The new body laid out: the rebuilt fields, the pass's byte ranges and the wire message each rendered
     * message came from. The parse it was laid out from is not kept: the pieces are written without it.
     */
    private record Laid(ObjectNode body, OneRead.Pass pass, List<String> keys) {
        /** The repair left the entries the body reads as. */
        static final Laid SAME = new Laid(null, null, List.of());
    }

    private static Laid layOut(OneRead.BodyReader reader, Loader loader, Rendering.Rebuilder layout, String listField,
            Dispatch repaired, byte[] bytes) {
        WireParse p = read(reader, repaired, bytes);
        if (p == null || p.pass == null || !p.pass.listed()) {
            return null;
        }
        if (repaired.timeline().entries().equals(p.entries)) {
            return Laid.SAME;
        }
        OneRead.Pass pass = p.pass;
        InputNode list = InputNode.root(pass.rest, null, 0).child(listField);
        p.loadWith(k -> k < pass.count ? loader.load(bytes, pass, list, k) : null);
        ObjectNode body = layout.rebuild(repaired.timeline().entries(), p, pass.rest.deepCopy());
        return new Laid(body, pass, p.renderedKeys);
    }

    /** Reads the body again for splicing, keeping each entry the repair left equal as the repaired instance. */
    private static WireParse read(OneRead.BodyReader reader, Dispatch repaired, byte[] bytes) {
        WireParse splice = WireParse.forSplice();
        splice.shareWith(repaired.timeline().entries());
        WireParse p = reader.read(bytes, WireContext.empty(), splice);
        if (p != null) {
            p.stopSharing();
        }
        return p;
    }

    /**
     * One writing: the pieces of the new body, joined at their exact size at the end. A piece is a range of
     * the original (adjacent ones merged), a character, or an array written apart, so a body of thousands
     * of unchanged messages is a few ranges. Not thread-safe.
     */
    private static final class Out {
        /** The source of a piece: the original's bytes; a character (held in the piece's start). */
        private static final int ORIGINAL = -1;
        private static final int CHAR = -2;

        private final byte[] original;
        private final OneRead.Pass pass;
        private final List<String> keys;
        private final List<byte[]> arrays = new ArrayList<>();
        /**
         * Piece {@code i} is {@code pieces[3i..3i+2]}: its source ({@link #ORIGINAL}, {@link #CHAR} or an
         * index of {@link #arrays}), start and length.
         */
        private int[] pieces = new int[3 * 64];
        private int count;
        private int size;

        Out(byte[] original, OneRead.Pass pass, List<String> keys) {
            this.original = original;
            this.pass = pass;
            this.keys = keys;
        }

        byte[] body(ObjectNode body, String listField) {
            Set<String> names = new HashSet<>(pass.names);
            Set<String> now = new HashSet<>();
            body.fieldNames().forEachRemaining(now::add);
            int root = rootStart();
            int rootEnd = rootEnd();
            copy(0, root);
            if (names.equals(now)) {
                // the same fields: the original's layout around and between them is kept
                int at = root;
                for (int i = 0; i < pass.names.size(); i++) {
                    String name = pass.names.get(i);
                    copy(at, pass.memberStart(i));
                    member(i, name, body.get(name), listField);
                    at = pass.memberEnd(i);
                }
                copy(at, rootEnd);
            } else {
                write('{');
                boolean firstField = true;
                for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
                    String name = it.next();
                    if (!firstField) {
                        write(',');
                    }
                    firstField = false;
                    write(TextNode.valueOf(name));
                    write(':');
                    int i = pass.names.indexOf(name);
                    if (i < 0) {
                        write(body.get(name));
                    } else {
                        member(i, name, body.get(name), listField);
                    }
                }
                write('}');
            }
            copy(rootEnd, original.length);
            return join();
        }

        private int rootStart() {
            int i = 0;
            while (original[i] != '{') {
                i++;
            }
            return i;
        }

        private int rootEnd() {
            int i = original.length - 1;
            while (original[i] != '}') {
                i--;
            }
            return i + 1;
        }

        private void member(int i, String name, JsonNode now, String listField) {
            int start = pass.memberStart(i);
            int end = pass.memberEnd(i);
            if (name.equals(listField)) {
                list((ArrayNode) now);
                return;
            }
            JsonNode was = pass.rest.get(name);
            if (was.equals(now)) {
                copy(start, end);
            } else {
                splice(start, end, was, now);
            }
        }

        private void list(ArrayNode now) {
            boolean aligned = now.size() == pass.count && keys.size() == now.size();
            for (int j = 0; aligned && j < now.size(); j++) {
                aligned = Assembler.index(keys.get(j)) == j;
            }
            if (aligned) {
                // message j stays message j: the original's layout between messages is kept
                int at = pass.listStart;
                for (int j = 0; j < now.size(); j++) {
                    copy(at, pass.start(j));
                    element(now.get(j), j);
                    at = pass.end(j);
                }
                copy(at, pass.listEnd);
                return;
            }
            write('[');
            for (int j = 0; j < now.size(); j++) {
                if (j > 0) {
                    write(',');
                }
                int k = j < keys.size() ? Assembler.index(keys.get(j)) : -1;
                element(now.get(j), k < pass.count ? k : -1);
            }
            write(']');
        }

        /**
         * Writes a message of the list that came from original message {@code origin} (-1 for none): copied
         * when unchanged, spliced into its original, or written.
         */
        private void element(JsonNode node, int origin) {
            if (node == UNCHANGED) {
                copy(pass.start(origin), pass.end(origin));
            } else if (origin >= 0) {
                JsonNode was = OneRead.tree(original, pass.start(origin), pass.end(origin));
                splice(pass.start(origin), pass.end(origin), was, node);
            } else {
                write(node);
            }
        }

        private void splice(int start, int end, JsonNode was, JsonNode now) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, end - start + 64));
            Splice.write(original, start, end, was, now, WRITER, out);
            add(out.toByteArray());
        }

        private void copy(int from, int to) {
            if (to <= from) {
                return;
            }
            if (count > 1 && pieces[3 * count - 3] == CHAR && endsOriginal(count - 2, from - 1)
                    && original[from - 1] == pieces[3 * count - 2]) {
                // a character written between two ranges that the original has there too: one range
                count--;
                pieces[3 * count - 1]++;
            }
            if (count > 0 && endsOriginal(count - 1, from)) {
                pieces[3 * count - 1] += to - from;
                size += to - from;
                return;
            }
            piece(ORIGINAL, from, to - from);
        }

        /** Whether piece {@code i} is a range of the original that ends at {@code at}. */
        private boolean endsOriginal(int i, int at) {
            return pieces[3 * i] == ORIGINAL && pieces[3 * i + 1] + pieces[3 * i + 2] == at;
        }

        private void write(char c) {
            piece(CHAR, c, 1);
        }

        private void write(JsonNode node) {
            try {
                add(WRITER.writeValueAsBytes(node));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void add(byte[] bytes) {
            arrays.add(bytes);
            piece(arrays.size() - 1, 0, bytes.length);
        }

        private void piece(int source, int start, int length) {
            if (3 * count + 3 > pieces.length) {
                pieces = Arrays.copyOf(pieces, pieces.length * 2);
            }
            pieces[3 * count] = source;
            pieces[3 * count + 1] = start;
            pieces[3 * count + 2] = length;
            count++;
            size += length;
        }

        private byte[] join() {
            byte[] out = new byte[size];
            int at = 0;
            for (int i = 0; i < count; i++) {
                int source = pieces[3 * i];
                int start = pieces[3 * i + 1];
                int length = pieces[3 * i + 2];
                if (source == CHAR) {
                    out[at] = (byte) start;
                } else {
                    System.arraycopy(source == ORIGINAL ? original : arrays.get(source), start, out, at, length);
                }
                at += length;
            }
            return out;
        }
    }
}

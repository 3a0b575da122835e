package io.orderingguard.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Timeline;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads and writes the canonical dispatch document (docs/dispatch-format.md) and JSONL files holding one
 * document per line.
 *
 * <pre>{@code
 * DispatchCodec codec = DispatchCodec.defaults();
 * Dispatch dispatch = codec.read(Path.of("conv.json"));
 * String line = codec.write(dispatch);           // compact, one line: a JSONL line
 * codec.forEachJsonl(reader, "conv.jsonl", guard::check);
 * }</pre>
 *
 * <p>Reading is strict. Every field has one type; JSON {@code null} is a wrong type, not an absent
 * field. Unknown fields are errors at every level, per kind ({@code role} on a thought is unknown).
 * Every problem is one {@link GuardInputException} naming the source, the line (of the JSONL line,
 * or of the path in a multi-line document), the JSON path and what was expected, e.g.
 * {@code conv.jsonl:3: $.entries[1].role: expected one of user, assistant, system, but was "bot"}.
 *
 * <p>A JSON document is read from the parser's tokens straight into entries, without a tree of the
 * whole document; a document that read does not take (any problem at all, or a shape it does not know)
 * is read through a tree, which names the problem as above. Both give the same dispatch for every
 * document the tree read accepts.
 *
 * <p>Writing puts fields in document order ({@code conversationId, provider, model, surface, options,
 * tools, context, entries}; per entry {@code kind, id, role|tool, content|args, result, requested,
 * providerExecuted, payload, replayCompatibility, step, wireMessage}) and leaves out what reading
 * would default: {@code surface} when {@code dispatch}, {@code options} when nothing is known (and
 * each unknown option), an empty {@code tools} list, {@code requested} when true,
 * {@code providerExecuted} and {@code isError} when false, the empty tool name of an orphan
 * result, and the empty {@code args} of an orphan result. {@code read(write(d))} equals {@code d} for every dispatch whose JSON values are the node
 * types Jackson's parser produces (integers that fit in an {@code int} as {@code IntNode}, other
 * integers as {@code LongNode}/{@code BigIntegerNode}, fractions as finite {@code DoubleNode});
 * {@code write(read(write(d)))} equals {@code write(d)} for every dispatch.
 *
 * <p>Thread-safe: immutable; share one instance.
 */
public final class DispatchCodec {

    private static final DispatchCodec DEFAULTS = new DispatchCodec(JsonInput.defaults());

    private static final Set<String> TOP_FIELDS =
            Set.of("conversationId", "provider", "model", "surface", "options", "tools", "context", "entries");

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final ObjectWriter COMPACT = MAPPER.writer();
    private static final ObjectWriter PRETTY = MAPPER.writer(prettyPrinter());

    private final JsonInput input;

    private DispatchCodec(JsonInput input) {
        this.input = input;
    }

    /**
     * Returns the shared codec with {@link InputLimits#defaults()}.
     *
     * @return the codec
     */
    public static DispatchCodec defaults() {
        return DEFAULTS;
    }

    /**
     * Creates a codec that reads under other limits.
     *
     * @param limits the limits; {@code maxEntries} caps the entries of one document and
     *     {@code maxDocumentLength} the length of one JSONL line
     * @return the codec
     */
    public static DispatchCodec withLimits(InputLimits limits) {
        return new DispatchCodec(JsonInput.withLimits(Require.nonNull(limits, "limits")));
    }

    /**
     * Returns the limits this codec reads under.
     *
     * @return the limits
     */
    public InputLimits limits() {
        return input.limits();
    }

    // ------------------------------------------------------------------------------------------
    // reading

    /**
     * Reads one dispatch document.
     *
     * @param json the document text
     * @param source the name used in error messages (usually the file name), or {@code null}
     * @return the dispatch
     * @throws GuardInputException when the text is not a valid dispatch document
     */
    public Dispatch read(String json, String source) {
        Dispatch streamed = DispatchStream.read(input, Require.nonNull(json, "json"), source, 0);
        return streamed != null ? streamed : readTree(json, source);
    }

    /**
     * Reads one dispatch document through a whole tree: what {@link #read(String, String)} does for every
     * document its streaming read does not take, and the reference its tests compare that read with.
     */
    Dispatch readTree(String json, String source) {
        return input.readJson(Require.nonNull(json, "json"), source, this::dispatch);
    }

    /**
     * Reads a file holding one dispatch document (JSON; YAML when the name ends in {@code .yaml} or
     * {@code .yml}).
     *
     * @param file the file
     * @return the dispatch
     * @throws GuardInputException when the file is missing, unreadable, not UTF-8 or not a valid
     *     dispatch document
     */
    public Dispatch read(Path file) {
        Require.nonNull(file, "file");
        if (JsonInput.isYaml(file)) {
            return input.readFile(file, this::dispatch);
        }
        String text = input.readText(file);
        Dispatch streamed = DispatchStream.read(input, text, file.toString(), 0);
        return streamed != null ? streamed : input.readJson(text, file.toString(), this::dispatch);
    }

    /**
     * Reads a dispatch from a tree the caller already parsed. The tree is copied, never kept.
     *
     * @param tree the document
     * @param source the name used in error messages, or {@code null}
     * @param line the line used in error messages (the JSONL line), or 0
     * @return the dispatch
     * @throws GuardInputException when the tree is not a valid dispatch document
     */
    public Dispatch fromTree(JsonNode tree, String source, int line) {
        return dispatch(InputNode.root(Require.nonNull(tree, "tree"), source, line));
    }

    /**
     * Reads JSONL text: one dispatch document per line; blank lines are skipped.
     *
     * @param text the text
     * @param source the name used in error messages, or {@code null}
     * @return the dispatches in line order
     * @throws GuardInputException naming the first bad line
     */
    public List<Dispatch> readJsonl(String text, String source) {
        List<Dispatch> dispatches = new ArrayList<>();
        forEachJsonl(new StringReader(Require.nonNull(text, "text")), source, dispatches::add);
        return dispatches;
    }

    /**
     * Reads a JSONL file: one dispatch document per line; blank lines are skipped. The file is
     * decoded line by line, so an invalid UTF-8 sequence is reported at its line.
     *
     * @param file the file
     * @return the dispatches in line order
     * @throws GuardInputException when the file is missing or unreadable, or naming the first bad
     *     line
     */
    public List<Dispatch> readJsonl(Path file) {
        List<Dispatch> dispatches = new ArrayList<>();
        forEachJsonl(file, dispatches::add);
        return dispatches;
    }

    /**
     * Streams a JSONL file to a consumer, one dispatch at a time, in constant memory (one line at a
     * time, each at most {@link InputLimits#maxDocumentLength()} characters).
     *
     * @param file the file
     * @param sink receives each dispatch in line order; what it throws propagates unchanged
     * @throws GuardInputException when the file is missing or unreadable, or naming the first bad
     *     line (the dispatches of earlier lines have been delivered)
     */
    public void forEachJsonl(Path file, Consumer<Dispatch> sink) {
        Require.nonNull(file, "file");
        Require.nonNull(sink, "sink");
        String source = file.toString();
        forEachJsonlLines(file, (text, number) -> sink.accept(readLine(text, source, number)));
    }

    /** Feeds the non-blank lines of a JSONL file (byte order mark removed) to a handler. */
    private void forEachJsonlLines(Path file, TextLine handler) {
        Require.nonNull(file, "file");
        String source = file.toString();
        try (InputStream in = Files.newInputStream(file)) {
            new ByteLines(in, source).forEach(handler);
        } catch (NoSuchFileException e) {
            throw new GuardInputException(source, 0, null, "file not found");
        } catch (IOException e) {
            throw cannotRead(source, 0, e);
        }
    }

    /** Receives one non-blank line of text. */
    @FunctionalInterface
    private interface TextLine {
        void accept(String text, int lineNumber);
    }

    /**
     * Streams a JSONL file line by line and goes on after a bad line: each valid line reaches
     * {@code sink} with its line number, each line that is not a valid dispatch document reaches
     * {@code onBadLine} (its message names the file, the line and the JSON path), and reading
     * continues with the next line. What cannot be read line by line (a missing file, an I/O error,
     * a line over the length limit or not UTF-8) still ends the file with a
     * {@link GuardInputException}, after the earlier lines were delivered.
     *
     * @param file the file
     * @param sink receives each valid dispatch with its 1-based line number
     * @param onBadLine receives the error of each invalid line
     * @throws GuardInputException when the file cannot be read on
     */
    public void forEachJsonl(Path file, LineSink sink, Consumer<GuardInputException> onBadLine) {
        Require.nonNull(sink, "sink");
        Require.nonNull(onBadLine, "onBadLine");
        forEachJsonlLines(file, (text, number) -> {
            Dispatch dispatch;
            try {
                dispatch = readLine(text, file.toString(), number);
            } catch (GuardInputException e) {
                onBadLine.accept(e);
                return;
            }
            sink.accept(number, dispatch);
        });
    }

    /** Receives a dispatch read from a JSONL line. */
    @FunctionalInterface
    public interface LineSink {
        /**
         * Receives one dispatch.
         *
         * @param line the 1-based line number in the file
         * @param dispatch the dispatch
         */
        void accept(int line, Dispatch dispatch);
    }

    /**
     * Streams JSONL text to a consumer, one dispatch at a time, in constant memory (one line at a
     * time, each at most {@link InputLimits#maxDocumentLength()} characters). Lines end with
     * {@code \n} or {@code \r\n}; blank lines are skipped. The reader is not closed. A decoding
     * error of the reader is reported with the line reached so far as a lower bound, since readers
     * decode ahead; {@link #forEachJsonl(Path, Consumer)} names the exact line.
     *
     * @param reader the text
     * @param source the name used in error messages, or {@code null}
     * @param sink receives each dispatch in line order; what it throws propagates unchanged
     * @throws GuardInputException naming the first bad line (the dispatches of earlier lines have
     *     been delivered)
     */
    public void forEachJsonl(Reader reader, String source, Consumer<Dispatch> sink) {
        Require.nonNull(reader, "reader");
        Require.nonNull(sink, "sink");
        int max = input.limits().maxDocumentLength();
        StringBuilder line = new StringBuilder();
        char[] buffer = new char[8192];
        int lineNumber = 1;
        try {
            int n;
            while ((n = reader.read(buffer)) >= 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        line.append(buffer, start, i - start);
                        checkLength(line.length(), max, source, lineNumber);
                        acceptLine(line, source, lineNumber++, sink);
                        line.setLength(0);
                        start = i + 1;
                    }
                }
                line.append(buffer, start, n - start);
                checkLength(line.length(), max, source, lineNumber);
            }
        } catch (CharacterCodingException e) {
            // a decoding reader reads ahead, so the line it fails on is only a lower bound
            throw new GuardInputException(source, 0, null,
                    "input is not validly encoded text (at or after line " + lineNumber + ")");
        } catch (IOException e) {
            throw cannotRead(source, lineNumber, e);
        }
        acceptLine(line, source, lineNumber, sink);
    }

    /**
     * Reads a file of any dispatch format: JSONL when the name ends in {@code .jsonl} or
     * {@code .ndjson}, otherwise one document ({@link #read(Path)}).
     *
     * @param file the file
     * @return the dispatches (one for a document file; possibly none for an empty JSONL file)
     * @throws GuardInputException as the format's reader does
     */
    public List<Dispatch> readAny(Path file) {
        Require.nonNull(file, "file");
        Path fileName = file.getFileName();
        String name = (fileName == null ? file.toString() : fileName.toString()).toLowerCase(Locale.ROOT);
        return name.endsWith(".jsonl") || name.endsWith(".ndjson") ? readJsonl(file) : List.of(read(file));
    }

    private void acceptLine(CharSequence raw, String source, int lineNumber, Consumer<Dispatch> sink) {
        String text = lineText(raw, lineNumber);
        if (text != null) {
            sink.accept(readLine(text, source, lineNumber));
        }
    }

    /** Reads one JSONL line: from its tokens, or through a tree when the streaming read does not take it. */
    private Dispatch readLine(String text, String source, int lineNumber) {
        Dispatch streamed = DispatchStream.read(input, text, source, lineNumber);
        return streamed != null ? streamed : fromTree(input.parseJsonLine(text, source, lineNumber), source, lineNumber);
    }

    /** The text of a line without a leading byte order mark, or {@code null} when blank. */
    private static String lineText(CharSequence raw, int lineNumber) {
        String text = raw.toString();
        if (lineNumber == 1 && !text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        return text.isBlank() ? null : text;
    }

    private static void checkLength(int length, int max, String source, int lineNumber) {
        if (length > max) {
            throw new GuardInputException(source, lineNumber, null,
                    "line is longer than the limit of " + max + " characters (maxDocumentLength)");
        }
    }

    private static GuardInputException cannotRead(String source, int line, IOException e) {
        return new GuardInputException(source, line, null, "cannot read (" + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
    }

    /** Splits a byte stream into UTF-8 lines, decoding each line on its own. Not thread-safe. */
    private final class ByteLines {
        private final InputStream in;
        private final String source;
        private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        private final int maxBytes;
        private byte[] line = new byte[8192];
        private int length;

        ByteLines(InputStream in, String source) {
            this.in = in;
            this.source = source;
            // a UTF-8 character is at most 4 bytes; the character limit is checked after decoding
            this.maxBytes = (int) Math.min(Integer.MAX_VALUE - 16, input.limits().maxDocumentLength() * 4L);
        }

        void forEach(TextLine sink) throws IOException {
            byte[] buffer = new byte[65536];
            int lineNumber = 1;
            int n;
            while ((n = in.read(buffer)) >= 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        append(buffer, start, i - start, lineNumber);
                        emit(lineNumber++, sink);
                        start = i + 1;
                    }
                }
                append(buffer, start, n - start, lineNumber);
            }
            emit(lineNumber, sink);
        }

        private void append(byte[] bytes, int offset, int count, int lineNumber) {
            if (length + (long) count > maxBytes) {
                throw new GuardInputException(source, lineNumber, null, "line is longer than the limit of "
                        + input.limits().maxDocumentLength() + " characters (maxDocumentLength)");
            }
            if (length + count > line.length) {
                line = java.util.Arrays.copyOf(line, (int) Math.min(maxBytes, Math.max(line.length * 2L, length + count)));
            }
            System.arraycopy(bytes, offset, line, length, count);
            length += count;
        }

        private void emit(int lineNumber, TextLine sink) {
            CharBuffer chars;
            try {
                chars = decoder.reset().decode(ByteBuffer.wrap(line, 0, length));
            } catch (CharacterCodingException e) {
                throw new GuardInputException(source, lineNumber, null, "file is not valid UTF-8 text");
            }
            length = 0;
            checkLength(chars.length(), input.limits().maxDocumentLength(), source, lineNumber);
            String text = lineText(chars, lineNumber);
            if (text != null) {
                sink.accept(text, lineNumber);
            }
        }
    }

    private Dispatch dispatch(InputNode root) {
        root.allowOnly(TOP_FIELDS);
        String conversationId = root.optNonBlankText("conversationId");
        String provider = root.optNonBlankText("provider");
        String model = root.optNonBlankText("model");
        String surface = root.optEnum("surface", "dispatch", "turn");
        RequestOptions options = root.has("options") ? OptionsCodec.read(root.child("options")) : RequestOptions.unknown();
        List<DeclaredTool> tools = EntryReader.tools(root);
        ObjectNode context = EntryReader.object(root, "context");
        InputNode entriesNode = root.required("entries");
        int max = input.limits().maxEntries();
        if (entriesNode.raw().isArray() && entriesNode.raw().size() > max) {
            throw entriesNode.error("expected at most " + max + " entries (maxEntries), but there were "
                    + entriesNode.raw().size());
        }
        List<InputNode> items = entriesNode.asArray();
        List<Entry> entries = new ArrayList<>(items.size());
        for (InputNode item : items) {
            entries.add(EntryReader.entry(item));
        }
        try {
            return new Dispatch(conversationId, provider, model,
                    surface == null ? Surface.DISPATCH : Surface.fromWire(surface),
                    Timeline.of(entries, tools), context, options);
        } catch (IllegalArgumentException e) {
            throw root.error(e.getMessage()); // unreachable: every field was checked
        }
    }

    /**
     * Reads an {@code options} object (docs/dispatch-format.md) on its own, e.g. one a caller parsed from a
     * request. The tree is read, never kept.
     *
     * @param tree the options object
     * @param source the name used in error messages, or {@code null}
     * @return the options
     * @throws GuardInputException naming the JSON path ({@code $.reasoning.mode}, …) of the first
     *     problem
     */
    public RequestOptions optionsFromTree(JsonNode tree, String source) {
        return OptionsCodec.read(InputNode.root(Require.nonNull(tree, "tree"), source, 0));
    }

    // ------------------------------------------------------------------------------------------
    // writing

    /**
     * Renders a dispatch as a document tree. The tree is new: changing it changes nothing else.
     *
     * @param dispatch the dispatch
     * @return the document
     */
    public ObjectNode toTree(Dispatch dispatch) {
        return DispatchWriter.dispatch(Require.nonNull(dispatch, "dispatch"));
    }

    /**
     * Writes request options as they appear in a document's {@code options} object; fields that are
     * unknown are left out.
     *
     * @param options the options
     * @return the options object (empty for {@link RequestOptions#unknown()})
     */
    public ObjectNode optionsToTree(RequestOptions options) {
        return OptionsCodec.write(Require.nonNull(options, "options"));
    }

    /**
     * Writes one entry as it appears in a document's {@code entries} array.
     *
     * @param entry the entry
     * @return the entry object
     */
    public ObjectNode entryToTree(Entry entry) {
        return DispatchWriter.entry(Require.nonNull(entry, "entry"));
    }

    /**
     * Writes a dispatch as compact JSON on one line (usable as a JSONL line; no line break).
     *
     * @param dispatch the dispatch
     * @return the document
     */
    public String write(Dispatch dispatch) {
        return render(COMPACT, dispatch);
    }

    /**
     * Writes a dispatch as indented JSON (two spaces, {@code \n} line ends, no final line break).
     *
     * @param dispatch the dispatch
     * @return the document
     */
    public String writePretty(Dispatch dispatch) {
        return render(PRETTY, dispatch);
    }

    /**
     * Writes dispatches as JSONL: one compact document per line, each ending with {@code \n}.
     *
     * @param dispatches the dispatches
     * @return the text (empty for no dispatches)
     */
    public String writeJsonl(List<Dispatch> dispatches) {
        Require.nonNull(dispatches, "dispatches");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < dispatches.size(); i++) {
            sb.append(write(Require.nonNull(dispatches.get(i), "dispatches[" + i + "]"))).append('\n');
        }
        return sb.toString();
    }

    private String render(ObjectWriter writer, Dispatch dispatch) {
        try {
            return writer.writeValueAsString(toTree(dispatch));
        } catch (JsonProcessingException e) {
            // a tree of plain JSON nodes always serialises; only a caller's POJO node could fail
            throw new UncheckedIOException("cannot write dispatch: " + e.getOriginalMessage(), e);
        }
    }

    private static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""));
        printer.indentObjectsWith(indenter);
        printer.indentArraysWith(indenter);
        return printer;
    }
}

package io.orderingguard.json.tree;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.support.Require;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.function.Function;

/**
 * Parses JSON and YAML text into Jackson trees under {@link InputLimits}, turning every parser
 * failure into a {@link GuardInputException} that names the source and line. YAML is read as plain
 * data: no tags instantiate types, duplicate keys are errors and aliases are capped.
 *
 * <p>The {@code read…} methods parse and hand the root to a reader function; when the reader fails
 * with a {@link GuardInputException} that names a JSON path but no line, and the document spans
 * several lines, the error is given the line where that path (or its nearest present ancestor)
 * starts, so {@code conv.json:14: $.entries[2].role: …} points into the file. A leading UTF-8 byte
 * order mark is ignored.
 *
 * <p>Thread-safe: immutable after creation; share one instance.
 */
public final class JsonInput {

    private static final JsonInput DEFAULTS = new JsonInput(InputLimits.defaults());

    /** What a YAML read says when the optional YAML modules are not on the class path. */
    public static final String YAML_MISSING = "reading YAML needs com.fasterxml.jackson.dataformat:jackson-dataformat-yaml "
            + "(and org.yaml:snakeyaml) on the class path; add them, or give the document as JSON";

    private final InputLimits limits;
    private final StreamReadConstraints constraints;
    private final ObjectMapper json;
    // created on first YAML read: the YAML modules are optional dependencies of guard-core
    private volatile ObjectMapper yaml;

    private JsonInput(InputLimits limits) {
        this.limits = limits;
        this.constraints = StreamReadConstraints.builder()
                .maxNestingDepth(limits.maxDepth())
                .maxStringLength(limits.maxStringLength())
                .maxDocumentLength(limits.maxDocumentLength())
                .maxNumberLength(1000)
                .build();
        JsonFactory jsonFactory = JsonFactory.builder()
                .streamReadConstraints(constraints)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        // trailing content is checked by parse() itself, with a readable message
        this.json = JsonMapper.builder(jsonFactory).build();
    }

    /** The YAML mapper, created on first use; a missing YAML module is a clear input error. */
    private ObjectMapper yaml(String source) {
        ObjectMapper m = yaml;
        if (m == null) {
            try {
                m = YamlAliases.mapper(limits, constraints);
            } catch (LinkageError missing) {
                throw new GuardInputException(source, 0, null, YAML_MISSING);
            }
            yaml = m;
        }
        return m;
    }

    /**
     * Returns the shared instance with {@link InputLimits#defaults()}.
     *
     * @return the instance
     */
    public static JsonInput defaults() {
        return DEFAULTS;
    }

    /**
     * Creates an instance with limits.
     *
     * @param limits the limits
     * @return the instance
     */
    public static JsonInput withLimits(InputLimits limits) {
        return new JsonInput(Require.nonNull(limits, "limits"));
    }

    /**
     * Returns the limits.
     *
     * @return the limits
     */
    public InputLimits limits() {
        return limits;
    }

    /**
     * Returns the JSON mapper, for the codecs' streaming reads: its parsers apply the limits and refuse
     * duplicate fields.
     *
     * @return the mapper; never reconfigure it
     */
    public ObjectMapper jsonMapper() {
        return json;
    }

    /**
     * Parses JSON text.
     *
     * @param text the document
     * @param source the source name for messages, or {@code null}
     * @return the tree
     * @throws GuardInputException when the text is not one well-formed JSON value within the limits
     */
    public JsonNode parseJson(String text, String source) {
        return parse(json, text, source, "JSON", 0);
    }

    /**
     * Parses one line of a JSONL file.
     *
     * @param text the line
     * @param source the file name
     * @param line the 1-based line number
     * @return the tree
     * @throws GuardInputException naming the file and line
     */
    public JsonNode parseJsonLine(String text, String source, int line) {
        return parse(json, text, source, "JSON", line);
    }

    /**
     * Parses YAML text (which includes JSON).
     *
     * @param text the document
     * @param source the source name for messages, or {@code null}
     * @return the tree
     * @throws GuardInputException when the text is not well-formed YAML within the limits
     */
    public JsonNode parseYaml(String text, String source) {
        return parse(yaml(source), text, source, "YAML", 0);
    }

    /**
     * Parses JSON text and reads the tree, locating reader errors in the text.
     *
     * <pre>{@code
     * Profile p = JsonInput.defaults().readJson(text, "p.json", root -> Profile.read(root));
     * }</pre>
     *
     * @param text the document
     * @param source the source name for messages, or {@code null}
     * @param reader reads the root position ({@code $}); may throw {@link GuardInputException}
     * @param <T> what the reader returns
     * @return what the reader returned
     * @throws GuardInputException when the text is malformed or the reader rejects it
     */
    public <T> T readJson(String text, String source, Function<InputNode, T> reader) {
        return read(json, text, source, "JSON", reader);
    }

    /**
     * Parses YAML text and reads the tree, locating reader errors in the text.
     *
     * @param text the document
     * @param source the source name for messages, or {@code null}
     * @param reader reads the root position ({@code $}); may throw {@link GuardInputException}
     * @param <T> what the reader returns
     * @return what the reader returned
     * @throws GuardInputException when the text is malformed or the reader rejects it
     */
    public <T> T readYaml(String text, String source, Function<InputNode, T> reader) {
        return read(yaml(source), text, source, "YAML", reader);
    }

    /**
     * Reads a file (YAML for {@code .yaml}/{@code .yml}, JSON otherwise), locating reader errors in
     * the file.
     *
     * @param file the file
     * @param reader reads the root position ({@code $}); may throw {@link GuardInputException}
     * @param <T> what the reader returns
     * @return what the reader returned
     * @throws GuardInputException when the file cannot be read or parsed, or the reader rejects it
     */
    public <T> T readFile(Path file, Function<InputNode, T> reader) {
        String text = readText(file);
        return isYaml(file)
                ? readYaml(text, file.toString(), reader)
                : readJson(text, file.toString(), reader);
    }

    /**
     * Reads and parses a file: YAML for {@code .yaml}/{@code .yml}, JSON otherwise.
     *
     * @param file the file
     * @return the tree
     * @throws GuardInputException when the file cannot be read or parsed
     */
    public JsonNode parseFile(Path file) {
        String text = readText(file);
        return isYaml(file) ? parseYaml(text, file.toString()) : parseJson(text, file.toString());
    }

    /**
     * Returns whether a file is read as YAML: its name ends in {@code .yaml} or {@code .yml}.
     *
     * @param file the file
     * @return {@code true} for a YAML file
     */
    public static boolean isYaml(Path file) {
        Path fileName = file.getFileName();
        String name = (fileName == null ? file.toString() : fileName.toString()).toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }

    /**
     * Reads a UTF-8 text file within the document length limit.
     *
     * @param file the file
     * @return the text
     * @throws GuardInputException when it is missing, unreadable, not UTF-8 or too long
     */
    public String readText(Path file) {
        Require.nonNull(file, "file");
        String source = file.toString();
        try {
            long size = Files.size(file);
            if (size > limits.maxDocumentLength() * 4L) {
                throw new GuardInputException(source, 0, null,
                        "file is " + size + " bytes, over the limit of " + limits.maxDocumentLength() + " characters");
            }
            byte[] bytes = Files.readAllBytes(file);
            String text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
            if (text.length() > limits.maxDocumentLength()) {
                throw new GuardInputException(source, 0, null, "document is " + text.length()
                        + " characters, over the limit of " + limits.maxDocumentLength());
            }
            return text;
        } catch (NoSuchFileException e) {
            throw new GuardInputException(source, 0, null, "file not found");
        } catch (CharacterCodingException e) {
            throw new GuardInputException(source, 0, null, "file is not valid UTF-8 text");
        } catch (IOException e) {
            throw new GuardInputException(source, 0, null, "cannot read file (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    private <T> T read(ObjectMapper mapper, String text, String source, String format, Function<InputNode, T> reader) {
        Require.nonNull(reader, "reader");
        JsonNode tree = parse(mapper, text, source, format, 0);
        try {
            return reader.apply(InputNode.root(tree, source, 0));
        } catch (GuardInputException e) {
            throw locate(mapper, e, text, source);
        }
    }

    private JsonNode parse(ObjectMapper mapper, String text, String source, String format, int line) {
        Require.nonNull(text, "text");
        if (text.length() > limits.maxDocumentLength()) {
            throw new GuardInputException(source, line, null, "document is " + text.length()
                    + " characters, over the limit of " + limits.maxDocumentLength());
        }
        String body = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
        if (mapper != json && YamlAliases.hasAliases(body, limits)) {
            return YamlAliases.load(body, source, line, limits);
        }
        JsonParser parser = null;
        try {
            parser = mapper.createParser(body);
            JsonNode node = mapper.readTree(parser);
            if (node == null || node.isMissingNode()) {
                throw new GuardInputException(source, line, null, "expected a " + format + " document, but the input is empty");
            }
            if (parser.nextToken() != null) {
                throw new GuardInputException(source, lineOf(parser, line), null,
                        "malformed " + format + ": unexpected content after the end of the document");
            }
            return node;
        } catch (GuardInputException e) {
            throw e;
        } catch (StreamConstraintsException e) {
            throw new GuardInputException(source, lineOf(parser, line), null,
                    "input exceeds a limit: " + describeLimit(mapper, body, e));
        } catch (JsonProcessingException e) {
            throw new GuardInputException(source, lineOf(e, parser, line), null,
                    "malformed " + format + ": " + firstLine(withStartMarker(e.getOriginalMessage(), parser, line)));
        } catch (IOException | RuntimeException e) {
            // snakeyaml reports alias bombs and depth as its own runtime exceptions; depth is bounded by
            // InputLimits.MAX_DEPTH, so no parser here recurses far enough to exhaust the stack
            throw new GuardInputException(source, line, null, "malformed " + format + ": " + firstLine(rootMessage(e)));
        } finally {
            closeQuietly(parser);
        }
    }

    /**
     * Names the limit a document broke. Jackson's exception carries no field saying which limit it
     * was, so the document is scanned again (only on this error path) with the limits lifted, and the
     * first token beyond one of them names it. The scan is a streaming read: it keeps no tree and
     * recurses nowhere, and the document's length was checked before parsing.
     */
    private static String describeLimit(ObjectMapper mapper, String body, StreamConstraintsException e) {
        StreamReadConstraints c = mapper.getFactory().streamReadConstraints();
        JsonFactory lifted = mapper.getFactory().rebuild().streamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(Integer.MAX_VALUE)
                .maxStringLength(Integer.MAX_VALUE)
                .maxNumberLength(Integer.MAX_VALUE)
                .maxNameLength(Integer.MAX_VALUE)
                .maxDocumentLength(-1)
                .build()).build();
        try (JsonParser p = lifted.createParser(body)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t.isStructStart() && p.getParsingContext().getNestingDepth() > c.getMaxNestingDepth()) {
                    return "arrays and objects nest deeper than the limit of " + c.getMaxNestingDepth()
                            + " levels (maxDepth)";
                }
                if (t == JsonToken.VALUE_STRING && p.getTextLength() > c.getMaxStringLength()) {
                    return "a string is longer than the limit of " + c.getMaxStringLength()
                            + " characters (maxStringLength)";
                }
                if (t.isNumeric() && p.getTextLength() > c.getMaxNumberLength()) {
                    return "a number is longer than the limit of " + c.getMaxNumberLength() + " digits";
                }
                if (t == JsonToken.FIELD_NAME && p.currentName().length() > c.getMaxNameLength()) {
                    return "a field name is longer than the limit of " + c.getMaxNameLength() + " characters";
                }
            }
        } catch (IOException | RuntimeException malformed) {
            // the document is also malformed after the limit: the limit is still what stopped it
        }
        return firstLine(e.getOriginalMessage());
    }

    private static void closeQuietly(JsonParser parser) {
        if (parser != null) {
            try {
                parser.close();
            } catch (IOException ignored) {
                // reading from a string: nothing to release
            }
        }
    }

    private static int lineOf(JsonParser parser, int line) {
        if (line > 0 || parser == null) {
            return line;
        }
        JsonLocation location = parser.currentLocation();
        return location == null || location.getLineNr() < 1 ? 0 : location.getLineNr();
    }

    private static int lineOf(JsonProcessingException e, JsonParser parser, int line) {
        int fromException = lineOf(e, line);
        return fromException > 0 ? fromException : lineOf(parser, line);
    }

    /**
     * Gives a reader error the line of its JSON path in the text. Errors that already have a line,
     * have no path, come from another source, or are in a one-line document are returned as they
     * are (a one-line document gains nothing from {@code :1}).
     */
    private static GuardInputException locate(ObjectMapper mapper, GuardInputException error, String text, String source) {
        if (error.line() > 0 || error.path() == null || text.strip().indexOf('\n') < 0
                || !java.util.Objects.equals(error.source(), source)) {
            return error;
        }
        int line = lineOfPath(mapper, text, error.path());
        return line > 0 ? error.at(source, line) : error;
    }

    /**
     * Finds the line where the value (or field name) at {@code target} starts, or, when the path
     * does not exist in the document (a missing field), where its nearest present ancestor starts.
     * Runs only when reporting an error.
     */
    private static int lineOfPath(ObjectMapper mapper, String text, String target) {
        String body = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
        Deque<Frame> stack = new ArrayDeque<>();
        int best = 0;
        int bestLength = -1;
        try (JsonParser p = mapper.createParser(body)) {
            JsonToken token;
            while ((token = p.nextToken()) != null) {
                String path;
                Frame top = stack.peek();
                if (token == JsonToken.FIELD_NAME) {
                    top.field = top.path + InputNode.segment(p.currentName());
                    path = top.field;
                } else if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                    stack.pop();
                    continue;
                } else if (top == null) {
                    path = "$";
                } else if (top.array) {
                    path = top.path + "[" + top.index++ + "]";
                } else {
                    path = null; // a field's value: its field name was already compared
                }
                if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                    stack.push(new Frame(path == null ? top.field : path, token == JsonToken.START_ARRAY));
                }
                if (path == null) {
                    continue;
                }
                int tokenLine = p.currentTokenLocation().getLineNr();
                if (path.equals(target)) {
                    return tokenLine;
                }
                if (path.length() > bestLength && isAncestor(path, target)) {
                    best = tokenLine;
                    bestLength = path.length();
                }
            }
        } catch (IOException | RuntimeException e) {
            return best; // best effort: the error is reported either way
        }
        return best;
    }

    private static boolean isAncestor(String path, String target) {
        if (!target.startsWith(path) || target.length() == path.length()) {
            return false;
        }
        char next = target.charAt(path.length());
        return next == '.' || next == '[';
    }

    private static final class Frame {
        final String path;
        final boolean array;
        int index;
        String field;

        Frame(String path, boolean array) {
            this.path = path;
            this.array = array;
        }
    }

    private static int lineOf(JsonProcessingException e, int line) {
        if (line > 0) {
            return line;
        }
        JsonLocation location = e.getLocation();
        return location == null || location.getLineNr() < 1 ? 0 : location.getLineNr();
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }

    /**
     * Jackson names where an unclosed array or object started by embedding that location, rendered with
     * a redacted source, in its message. The parser still holds the location: its rendering is replaced
     * by "line L, column C" ("column C" inside a JSONL line, which is parsed alone, so its inner line is
     * always 1 and would contradict the file line).
     */
    private static String withStartMarker(String message, JsonParser parser, int line) {
        if (message == null || parser == null) {
            return message;
        }
        JsonStreamContext context = parser.getParsingContext();
        JsonLocation here = parser.currentLocation();
        if (context == null || context.inRoot() || here == null) {
            return message;
        }
        JsonLocation start = context.startLocation(here.contentReference());
        if (start == null || start.getLineNr() < 1) {
            return message;
        }
        String where = line > 0 ? "column " + start.getColumnNr()
                : "line " + start.getLineNr() + ", column " + start.getColumnNr();
        return message.replace(start.toString(), where);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int nl = message.indexOf('\n');
        String line = nl < 0 ? message : message.substring(0, nl);
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}

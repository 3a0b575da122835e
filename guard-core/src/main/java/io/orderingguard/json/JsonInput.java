package io.orderingguard.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.orderingguard.GuardInputException;
import io.orderingguard.internal.Require;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Parses JSON and YAML text into Jackson trees under {@link InputLimits}, turning every parser
 * failure into a {@link GuardInputException} that names the source and line. YAML is read as plain
 * data: no tags instantiate types, duplicate keys are errors and aliases are capped.
 *
 * <p>Thread-safe: immutable after creation; share one instance.
 */
public final class JsonInput {

    private static final JsonInput DEFAULTS = new JsonInput(InputLimits.defaults());

    private final InputLimits limits;
    private final ObjectMapper json;
    private final ObjectMapper yaml;

    private JsonInput(InputLimits limits) {
        this.limits = limits;
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(limits.maxDepth())
                .maxStringLength(limits.maxStringLength())
                .maxDocumentLength(limits.maxDocumentLength())
                .maxNumberLength(1000)
                .build();
        JsonFactory jsonFactory = JsonFactory.builder()
                .streamReadConstraints(constraints)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        this.json = JsonMapper.builder(jsonFactory)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
        LoaderOptions loader = new LoaderOptions();
        loader.setAllowDuplicateKeys(false);
        loader.setMaxAliasesForCollections(limits.maxAliases());
        loader.setAllowRecursiveKeys(false);
        loader.setNestingDepthLimit(limits.maxDepth());
        loader.setCodePointLimit(Math.max(limits.maxDocumentLength(), 1));
        YAMLFactory yamlFactory = YAMLFactory.builder()
                .loaderOptions(loader)
                .streamReadConstraints(constraints)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        this.yaml = YAMLMapper.builder(yamlFactory).build();
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
        return parse(yaml, text, source, "YAML", 0);
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
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml")
                ? parseYaml(text, file.toString())
                : parseJson(text, file.toString());
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

    private JsonNode parse(ObjectMapper mapper, String text, String source, String format, int line) {
        Require.nonNull(text, "text");
        if (text.length() > limits.maxDocumentLength()) {
            throw new GuardInputException(source, line, null, "document is " + text.length()
                    + " characters, over the limit of " + limits.maxDocumentLength());
        }
        try {
            JsonNode node = mapper.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new GuardInputException(source, line, null, "expected a " + format + " document, but the input is empty");
            }
            return node;
        } catch (GuardInputException e) {
            throw e;
        } catch (StreamConstraintsException e) {
            throw new GuardInputException(source, lineOf(e, line), null, "input exceeds a limit: " + firstLine(e.getOriginalMessage()));
        } catch (JsonParseException e) {
            throw new GuardInputException(source, lineOf(e, line), null,
                    "malformed " + format + ": " + firstLine(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw new GuardInputException(source, lineOf(e, line), null,
                    "malformed " + format + ": " + firstLine(e.getOriginalMessage()));
        } catch (IOException | RuntimeException e) {
            // snakeyaml reports alias bombs and depth as its own runtime exceptions
            throw new GuardInputException(source, line, null, "malformed " + format + ": " + firstLine(rootMessage(e)));
        } catch (StackOverflowError e) {
            throw new GuardInputException(source, line, null, "input nests too deeply (limit " + limits.maxDepth() + ")");
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

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int nl = message.indexOf('\n');
        String line = nl < 0 ? message : message.substring(0, nl);
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}

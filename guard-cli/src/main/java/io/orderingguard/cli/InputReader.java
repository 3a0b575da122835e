package io.orderingguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.UnknownShape;
import io.orderingguard.wire.WireCodec;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Reads the files given to {@code guard check} into {@link CheckInput}s: dispatch documents (the
 * default) or provider request bodies ({@code --wire}). A {@code .jsonl} or {@code .ndjson} file
 * holds one document or body per line; any other file holds one. Every problem is one
 * {@link GuardInputException} naming the file, the line (of the JSONL line, or of the JSON path in a
 * multi-line file) and the JSON path; a bad line never stops the rest of its file.
 *
 * <p>A body's or a document's model comes from it; the {@code --model} value fills in for one that
 * has none (Gemini and Bedrock Converse carry the model in the URL path; a recorded timeline may name
 * no model). The {@code --provider} value
 * replaces the surface's provider (a gateway or a host serving another provider's surface).
 *
 * <p>Immutable; not shared between threads.
 */
final class InputReader {

    private final DispatchCodec documents;
    private final boolean wire;
    private final WireFormat fixedFormat;
    private final String model;
    private final String provider;
    private final boolean strict;

    private InputReader(DispatchCodec documents, boolean wire, WireFormat fixedFormat, String model, String provider,
            boolean strict) {
        this.documents = documents;
        this.wire = wire;
        this.fixedFormat = fixedFormat;
        this.model = model;
        this.provider = provider;
        this.strict = strict;
    }

    /**
     * Returns a reader of dispatch documents.
     *
     * @param codec the document codec
     * @param model the model for documents without one, or {@code null}
     * @return the reader
     */
    static InputReader documents(DispatchCodec codec, String model) {
        return new InputReader(codec, false, null, model, null, false);
    }

    /**
     * Returns a reader of provider request bodies.
     *
     * @param format the surface, or {@code null} to detect it from each body
     * @param model the model for bodies without one, or {@code null}
     * @param provider the provider that replaces the surface's, or {@code null}
     * @return the reader
     */
    static InputReader wire(WireFormat format, String model, String provider) {
        return new InputReader(DispatchCodec.defaults(), true, format, model, provider, false);
    }

    /**
     * Returns this reader, refusing provider bodies that hold a shape their surface's vocabulary does
     * not describe ({@code --strict}) instead of reading them with an advisory finding.
     *
     * @param value whether to refuse unknown shapes
     * @return the reader
     */
    InputReader strict(boolean value) {
        return new InputReader(documents, wire, fixedFormat, model, provider, value);
    }

    /**
     * Returns the surfaces this build has a codec for.
     *
     * @return their {@code --wire} names
     */
    static List<String> readableSurfaces() {
        List<String> names = new ArrayList<>();
        for (WireFormat f : WireFormat.values()) {
            if (f.codec().isPresent()) {
                names.add(f.wireName());
            }
        }
        return names;
    }

    /**
     * Reads one file.
     *
     * @param file the file
     * @param sink receives each request read, in file order
     * @param bad receives each problem (of the file, or of one line)
     */
    void read(Path file, Consumer<CheckInput> sink, Consumer<GuardInputException> bad) {
        if (wire) {
            readBodies(file, sink, bad);
            return;
        }
        try {
            if (isJsonl(file)) {
                documents.forEachJsonl(file, (line, d) -> sink.accept(new CheckInput(file, line, withModel(d), null)),
                        bad);
            } else {
                sink.accept(new CheckInput(file, 0, withModel(documents.read(file)), null));
            }
        } catch (GuardInputException e) {
            bad.accept(e);
        }
    }

    private io.orderingguard.timeline.Dispatch withModel(io.orderingguard.timeline.Dispatch d) {
        return d.model() == null && model != null ? d.withModel(model) : d;
    }

    private void readBodies(Path file, Consumer<CheckInput> sink, Consumer<GuardInputException> bad) {
        if (isJsonl(file)) {
            JsonLines.forEach(JsonInput.defaults(), file, (line, body) -> {
                CheckInput input;
                try {
                    input = body(file, line, body);
                } catch (GuardInputException e) {
                    bad.accept(e);
                    return;
                }
                sink.accept(input);
            }, bad::accept);
            return;
        }
        CheckInput input;
        try {
            input = JsonInput.defaults().readFile(file, root -> body(file, 0, root.raw()));
        } catch (GuardInputException e) {
            bad.accept(e);
            return;
        }
        sink.accept(input);
    }

    private CheckInput body(Path file, int line, JsonNode body) {
        return body(file, line, body, null, provider);
    }

    /**
     * Reads one recorded request body as {@code guard check --wire} does, with what its URL says: the
     * surface its path names (else the body's shape), the model of a Gemini or Bedrock path, and the
     * provider of its host.
     *
     * @param file the file the request was recorded in
     * @param line the 1-based line, or 0
     * @param body the request body
     * @param urlPath the request's URL path, or {@code null}
     * @param hostProvider the provider the host names, or {@code null} for the surface's default
     * @return the request
     * @throws GuardInputException when the body cannot be read
     */
    CheckInput request(Path file, int line, JsonNode body, String urlPath, String hostProvider) {
        return body(file, line, body, urlPath, provider != null ? provider : hostProvider);
    }

    private CheckInput body(Path file, int line, JsonNode body, String urlPath, String provider) {
        String source = file.toString();
        try {
            WireFormat format = fixedFormat != null ? fixedFormat : WireFormat.detect(body, urlPath);
            WireCodec codec = format.codec().orElseThrow(() -> new GuardInputException(source, line, null,
                    "the body is " + format.wireName() + (fixedFormat == null ? " (detected)" : "")
                            + ", which this build cannot read yet; it reads " + String.join(", ", readableSurfaces())));
            WireContext ctx = WireContext.of(source, line).withProvider(provider).withUrlPath(urlPath);
            ParsedBody parsed = read(codec, body, ctx);
            if (parsed.dispatch().model() == null && model != null) {
                parsed = read(codec, body, ctx.withModel(model));
            }
            if (strict && !parsed.unknownShapes().isEmpty()) {
                UnknownShape first = parsed.unknownShapes().get(0);
                throw new GuardInputException(source, line, first.path(), first.detail() + " (--strict refuses what the "
                        + format.wireName() + " vocabulary does not describe; "
                        + parsed.unknownShapes().size() + " such part(s) in this body)");
            }
            return new CheckInput(file, line, parsed.dispatch(), new CheckInput.Wire(codec, (ObjectNode) body, parsed));
        } catch (GuardInputException e) {
            throw e.source() == null ? e.at(source, line) : e;
        }
    }

    /** Reads a body; when the surface was given and the body fails, says which surface it looks like. */
    private ParsedBody read(WireCodec codec, JsonNode body, WireContext ctx) {
        ParsedBody parsed;
        try {
            parsed = codec.read(body, ctx);
        } catch (GuardInputException e) {
            if (fixedFormat == null) {
                throw e;
            }
            WireFormat looksLike;
            try {
                looksLike = WireFormat.detect(body, null);
            } catch (GuardInputException notABody) {
                throw e;
            }
            if (looksLike == fixedFormat) {
                throw e;
            }
            throw new GuardInputException(e.source(), e.line(), e.path(), e.problem() + " (the body looks like "
                    + looksLike.wireName() + ", not " + fixedFormat.wireName() + ": try --wire auto)");
        }
        if (fixedFormat != null && !parsed.unknownShapes().isEmpty()) {
            // read only by setting parts aside: when the body has the shape of another surface, say so
            UnknownShape first = parsed.unknownShapes().get(0);
            WireFormat looksLike = detected(body);
            if (looksLike != null && looksLike != fixedFormat) {
                throw new GuardInputException(ctx.source(), ctx.line(), first.path(), first.detail() + " (the body "
                        + "looks like " + looksLike.wireName() + ", not " + fixedFormat.wireName() + ": try --wire auto)");
            }
        }
        return parsed;
    }

    private static WireFormat detected(JsonNode body) {
        try {
            return WireFormat.detect(body, null);
        } catch (GuardInputException notABody) {
            return null;
        }
    }

    /**
     * Returns whether a file holds one document or body per line.
     *
     * @param file the file
     * @return {@code true} for {@code .jsonl} and {@code .ndjson}
     */
    static boolean isJsonl(Path file) {
        Path name = file.getFileName();
        String n = (name == null ? file.toString() : name.toString()).toLowerCase(Locale.ROOT);
        return n.endsWith(".jsonl") || n.endsWith(".ndjson");
    }
}

package io.orderingguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.surface.ProviderIds;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.WireFormat;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reads the recorded traffic {@code guard report} judges: HAR 1.2 files of provider calls and the
 * exchange logs the guard writes ({@code io.orderingguard.exchange.ExchangeLog}), each exchange as the
 * request {@code guard check} would read and the provider's answer.
 *
 * <p>A {@code .jsonl} or {@code .ndjson} file is an exchange log: one object per line with
 * {@code dispatch} (a dispatch document, the request's shape) and {@code verdict.status} (and
 * {@code verdict.rejectionText} for an error). Any other file is a HAR file:
 * {@code log.entries[].request} ({@code method}, {@code url}, {@code postData.text}) and
 * {@code response} ({@code status}, {@code content.text}, base64 when {@code content.encoding} says
 * so). A HAR entry that is not a POST to a chat endpoint is skipped — HAR files hold every call a client
 * made: on a provider's own host, a path that names no chat endpoint; on another host (a gateway), a
 * path that names none and a body that is no chat body. Every problem names the file, the
 * line or entry, the JSON path and what was expected; a bad line or entry never stops the rest.
 *
 * <p>Not thread-safe; one reader per run.
 */
final class RecordedTraffic {

    /** Hosts of the providers' own APIs, by suffix after a dot or dash (Vertex: REGION-aiplatform…). */
    private static final Map<String, String> HOSTS = Map.ofEntries(
            Map.entry("api.anthropic.com", ProviderIds.ANTHROPIC),
            Map.entry("api.openai.com", ProviderIds.OPENAI),
            Map.entry("openai.azure.com", ProviderIds.OPENAI),
            Map.entry("generativelanguage.googleapis.com", ProviderIds.GEMINI),
            Map.entry("aiplatform.googleapis.com", ProviderIds.VERTEX),
            Map.entry("amazonaws.com", ProviderIds.BEDROCK),
            Map.entry("api.mistral.ai", ProviderIds.MISTRAL),
            Map.entry("api.deepseek.com", ProviderIds.DEEPSEEK),
            Map.entry("api.cohere.com", ProviderIds.COHERE),
            Map.entry("api.cohere.ai", ProviderIds.COHERE),
            Map.entry("aliyuncs.com", ProviderIds.DASHSCOPE),
            Map.entry("api.x.ai", ProviderIds.XAI));

    /**
     * One recorded exchange.
     *
     * @param input the request as {@code guard check} reads it
     * @param answer what the provider answered
     */
    record Exchange(CheckInput input, ProviderAnswer answer) {}

    /** Receives what one file holds. */
    interface Sink {
        /**
         * Receives one exchange.
         *
         * @param exchange the exchange
         */
        void exchange(Exchange exchange);

        /**
         * Receives the problem of one line or entry, or of the whole file.
         *
         * @param problem names the file, the line or entry and what was expected
         */
        void bad(GuardInputException problem);

        /** Counts one HAR entry that is no provider chat call. */
        void skipped();
    }

    private final InputReader bodies;
    private final String model;

    /**
     * Creates a reader.
     *
     * @param bodies reads HAR request bodies as {@code guard check --wire auto} does
     * @param model the model of requests that name none, or {@code null}
     */
    RecordedTraffic(InputReader bodies, String model) {
        this.bodies = bodies;
        this.model = model;
    }

    /**
     * Reads one file.
     *
     * @param file a HAR file or an exchange log
     * @param sink receives its exchanges and problems, in file order
     */
    void read(Path file, Sink sink) {
        if (InputReader.isJsonl(file)) {
            JsonLines.forEach(JsonInput.defaults(), file, (line, value) -> {
                Exchange exchange;
                try {
                    exchange = logLine(file, line, value);
                } catch (GuardInputException e) {
                    sink.bad(e);
                    return;
                }
                sink.exchange(exchange);
            }, sink::bad);
            return;
        }
        List<InputNode> entries;
        try {
            entries = JsonInput.defaults().readFile(file, RecordedTraffic::harEntries);
        } catch (GuardInputException e) {
            sink.bad(e);
            return;
        }
        for (int i = 0; i < entries.size(); i++) {
            Optional<Exchange> exchange;
            try {
                exchange = harEntry(file, entries.get(i), i);
            } catch (GuardInputException e) {
                sink.bad(e);
                continue;
            }
            if (exchange.isPresent()) {
                sink.exchange(exchange.get());
            } else {
                sink.skipped();
            }
        }
    }

    private static List<InputNode> harEntries(InputNode root) {
        root.requireObject();
        if (!root.has("log")) {
            throw root.error("expected a HAR file ({\"log\": {\"entries\": [...]}}) or an exchange log (a .jsonl "
                    + "file, one object per line), but the object has no log");
        }
        return root.required("log").requireObject().array("entries");
    }

    private Optional<Exchange> harEntry(Path file, InputNode entry, int index) {
        entry.requireObject();
        InputNode request = entry.required("request").requireObject();
        if (!"POST".equalsIgnoreCase(request.text("method"))) {
            return Optional.empty();
        }
        InputNode urlNode = request.required("url");
        URI url;
        try {
            url = new URI(urlNode.asText());
        } catch (URISyntaxException e) {
            throw urlNode.error("expected an absolute URL, but was \"" + urlNode.asText() + "\"");
        }
        if (url.getHost() == null || url.getRawPath() == null) {
            throw urlNode.error("expected an absolute URL, but was \"" + urlNode.asText() + "\"");
        }
        String path = url.getRawPath();
        boolean chatPath = WireFormat.forPath(path).isPresent();
        InputNode postData = request.has("postData") ? request.child("postData").requireObject() : null;
        if (postData == null || !postData.has("text")) {
            if (!chatPath) {
                return Optional.empty();
            }
            throw (postData == null ? request : postData).error("expected the request body of this " + path
                    + " call in postData.text, but found none (export the HAR with content)");
        }
        InputNode bodyNode = postData.required("text");
        JsonNode body;
        try {
            body = JsonInput.defaults().parseJson(bodyNode.asText(), file.toString());
        } catch (GuardInputException e) {
            if (!chatPath) {
                return Optional.empty();
            }
            throw bodyNode.error("expected a JSON request body, but found " + e.problem());
        }
        String hostProvider = provider(url.getHost(), path);
        // a provider's own API serves chat on known paths only: its embeddings and files calls are no chat
        if (!chatPath && (hostProvider != null || !looksLikeChat(body))) {
            return Optional.empty();
        }
        InputNode response = entry.required("response").requireObject();
        InputNode statusNode = response.required("status");
        int status = statusNode.asInt();
        if (status > 599) {
            throw statusNode.error("expected an HTTP status up to 599 (0 or -1: no response), but was " + status);
        }
        String responseText = response.has("content") ? content(response.child("content").requireObject()) : null;
        ProviderAnswer answer = ProviderAnswer.of(Math.max(0, status), responseText);
        CheckInput input;
        try {
            input = bodies.request(file, 0, body, path, hostProvider);
        } catch (GuardInputException e) {
            throw bodyNode.error("the " + path + " request body cannot be read: "
                    + (e.path() == null ? "" : e.path() + ": ") + e.problem());
        }
        return Optional.of(new Exchange(input, answer));
    }

    private static String content(InputNode content) {
        String text = content.optText("text");
        if (text != null && "base64".equalsIgnoreCase(content.optText("encoding"))) {
            try {
                return new String(Base64.getMimeDecoder().decode(text), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw content.child("text").error("expected base64 text (content.encoding is base64)");
            }
        }
        return text;
    }

    private static boolean looksLikeChat(JsonNode body) {
        try {
            WireFormat.detect(body, null);
            return true;
        } catch (GuardInputException notAChatBody) {
            return false;
        }
    }

    /** The provider a host names; OpenAI's own host serves two surfaces with their own provider ids. */
    private static String provider(String host, String path) {
        String h = host.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> e : HOSTS.entrySet()) {
            if (h.equals(e.getKey()) || h.endsWith("." + e.getKey()) || h.endsWith("-" + e.getKey())) {
                if (e.getValue().equals(ProviderIds.BEDROCK) && !h.startsWith("bedrock-runtime")) {
                    return null;
                }
                if (e.getValue().equals(ProviderIds.OPENAI) && WireFormat.forPath(path)
                        .filter(f -> f == WireFormat.of(ProviderSurface.OPENAI_RESPONSES)).isPresent()) {
                    return ProviderIds.OPENAI_RESPONSES;
                }
                return e.getValue();
            }
        }
        return null;
    }

    private Exchange logLine(Path file, int line, JsonNode value) {
        InputNode root = InputNode.root(value, file.toString(), line).requireObject();
        if (!root.has("dispatch") || !root.has("verdict")) {
            throw root.error("expected an exchange log line with dispatch and verdict (written by ExchangeLog), but "
                    + "found " + (root.has("dispatch") ? "no verdict" : "no dispatch"));
        }
        InputNode verdict = root.required("verdict").requireObject();
        InputNode statusNode = verdict.required("status");
        int status = statusNode.asInt();
        if (status < 0 || status > 599) {
            throw statusNode.error("expected an HTTP status from 0 (no answer) to 599, but was " + status);
        }
        String text = verdict.optText("rejectionText");
        InputNode document = root.required("dispatch").requireObject();
        Dispatch dispatch;
        try {
            dispatch = DispatchCodec.defaults().fromTree(document.raw(), file.toString(), line);
        } catch (GuardInputException e) {
            String inner = e.path() == null ? "$" : e.path();
            throw new GuardInputException(file.toString(), line, "$.dispatch" + inner.substring(1), e.problem());
        }
        if (dispatch.model() == null && model != null) {
            dispatch = dispatch.withModel(model);
        }
        return new Exchange(new CheckInput(file, line, dispatch, null),
                new ProviderAnswer(status, status >= 400 ? text : null));
    }
}

package io.orderingguard.testing.emulator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.orderingguard.support.Require;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small local HTTP server that speaks OpenAI Chat Completions, OpenAI Responses, Anthropic
 * Messages, Gemini {@code generateContent} and Bedrock Converse, rejects a
 * request that breaks a provider rule with the provider's own 400 error, and otherwise answers with
 * a canned text or a scripted tool call — so a test can show that a guarded client never gets a
 * 400, and drive a tool loop without a network or an API key.
 *
 * <pre>{@code
 * try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
 *     emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")), Answer.text("Revenue grew."));
 *     ChatModel model = OpenAiChatModel.builder()
 *             .baseUrl(emulator.openAiBaseUrl()).apiKey("test").modelName("gpt-4o-mini").build();
 *     // … run the guarded agent …
 *     assertThat(emulator.rejections()).isEmpty();
 * }
 * }</pre>
 *
 * <p>Paths: {@code POST /v1/chat/completions} and {@code /chat/completions} (OpenAI),
 * {@code POST /v1/messages} and {@code /messages} (Anthropic),
 * {@code POST /v1beta/models/<model>:generateContent} and {@code :streamGenerateContent} (Gemini),
 * {@code POST /v1/responses} and {@code /responses} (OpenAI Responses),
 * {@code POST /model/<modelId>/converse} and {@code /converse-stream} (Bedrock Converse);
 * the clients append these to their base URL, so pass {@link #openAiBaseUrl()},
 * {@link #anthropicBaseUrl()}, {@link #geminiBaseUrl()} or {@link #bedrockEndpoint()}. Headers such as
 * the API key or the AWS signature are recorded, not checked. With {@code "stream": true} (Gemini:
 * {@code streamGenerateContent}) the answer is sent as server-sent events in the provider's event
 * format; a rejection is always a JSON error, as the providers send it. Gemini answers carry thought
 * signatures the emulator mints (on the first function call, or on the last part of a text answer);
 * answers scripted {@link Answer#withReasoning(String) with reasoning} carry a Responses reasoning item
 * or a Converse reasoning block. Bedrock's {@code converse-stream} answers in the AWS event-stream
 * binary framing ({@code application/vnd.amazon.eventstream}) that the AWS SDK's
 * {@code BedrockRuntimeAsyncClient.converseStream} decodes; the recorded response body of such an
 * answer is a transcript, one line per event: its type and JSON payload.
 *
 * <p>Rules: see {@link EmulatorRule}, the table of what is enforced, each with the provider's error
 * text. The first broken rule is reported: structural problems first, then field formats, then the
 * rule at the earliest message.
 *
 * <p>Thread-safe: requests are served on a small pool and may arrive concurrently; scripted
 * answers are handed out in order.
 */
public final class ProviderEmulator implements AutoCloseable {

    private static final int MAX_BODY = 32 * 1024 * 1024;

    private final Object lock = new Object();
    private final int requestedPort;
    private final Set<EmulatorRule> rules;
    private final Answer defaultAnswer;
    private final Queue<Answer> script = new ConcurrentLinkedQueue<>();
    private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
    private final AtomicLong sequence = new AtomicLong();
    private final IdSource ids = new IdSource();
    private final Map<String, String> reasoningOf = new ConcurrentHashMap<>();
    private HttpServer server;
    private ExecutorService executor;

    private ProviderEmulator(Builder b) {
        this.requestedPort = b.port;
        this.rules = Collections.unmodifiableSet(EnumSet.copyOf(b.rules));
        this.defaultAnswer = b.defaultAnswer;
    }

    /**
     * Creates an emulator with the default rules on an ephemeral port of 127.0.0.1, not yet started.
     *
     * @return the emulator; call {@link #start()}
     */
    public static ProviderEmulator create() {
        return builder().build();
    }

    /**
     * Starts configuring an emulator.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts serving; does nothing when already running.
     *
     * @return this emulator
     * @throws UncheckedIOException when the port cannot be bound
     */
    public ProviderEmulator start() {
        synchronized (lock) {
            if (server != null) {
                return this;
            }
            try {
                HttpServer created = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), requestedPort), 0);
                AtomicInteger threads = new AtomicInteger();
                ExecutorService pool = Executors.newFixedThreadPool(4, r -> {
                    Thread t = new Thread(r, "provider-emulator-" + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
                created.createContext("/", this::handle);
                created.setExecutor(pool);
                created.start();
                server = created;
                executor = pool;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the provider emulator on 127.0.0.1:" + requestedPort
                        + ": " + e.getMessage(), e);
            }
            return this;
        }
    }

    /** Stops serving; does nothing when stopped. Recorded requests are kept. */
    public void stop() {
        synchronized (lock) {
            if (server == null) {
                return;
            }
            server.stop(0);
            executor.shutdown();
            try {
                executor.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            server = null;
            executor = null;
        }
    }

    /** Stops the server. */
    @Override
    public void close() {
        stop();
    }

    /**
     * Returns whether the server is running.
     *
     * @return {@code true} between start and stop
     */
    public boolean isRunning() {
        synchronized (lock) {
            return server != null;
        }
    }

    /**
     * Returns the bound port.
     *
     * @return the port
     * @throws IllegalStateException when not running
     */
    public int port() {
        synchronized (lock) {
            if (server == null) {
                throw new IllegalStateException("the provider emulator is not running");
            }
            return server.getAddress().getPort();
        }
    }

    /**
     * Returns the root URL, e.g. {@code http://127.0.0.1:53211}.
     *
     * @return the URL without a trailing slash
     */
    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    /**
     * Returns the base URL for an OpenAI client ({@code …/v1}; the client appends
     * {@code /chat/completions}).
     *
     * @return the URL
     */
    public String openAiBaseUrl() {
        return baseUrl() + "/v1";
    }

    /**
     * Returns the base URL for an Anthropic client ({@code …/v1}; the client appends
     * {@code /messages}).
     *
     * @return the URL
     */
    public String anthropicBaseUrl() {
        return baseUrl() + "/v1";
    }

    /**
     * Returns the base URL for a Gemini API client ({@code …/v1beta}; LangChain4j's Google AI Gemini
     * client appends {@code /models/<model>:generateContent}).
     *
     * @return the URL
     */
    public String geminiBaseUrl() {
        return baseUrl() + "/v1beta";
    }

    /**
     * Returns the endpoint for an AWS SDK Bedrock Runtime client
     * ({@code endpointOverride(URI.create(emulator.bedrockEndpoint()))}; the client appends
     * {@code /model/<modelId>/converse}).
     *
     * @return the root URL
     */
    public String bedrockEndpoint() {
        return baseUrl();
    }

    /**
     * Returns the rules being enforced.
     *
     * @return an unmodifiable set
     */
    public Set<EmulatorRule> rules() {
        return rules;
    }

    /**
     * Queues answers for the next accepted requests, in order; when the queue is empty the default
     * answer is used.
     *
     * @param answers the answers
     * @return this emulator
     */
    public ProviderEmulator enqueue(Answer... answers) {
        for (int i = 0; i < answers.length; i++) {
            script.add(Require.nonNull(answers[i], "answers[" + i + "]"));
        }
        return this;
    }

    /**
     * Returns every request received since start or the last {@link #reset()}, in arrival order.
     *
     * @return the requests
     */
    public List<RecordedRequest> requests() {
        return List.copyOf(requests);
    }

    /**
     * Returns the number of requests received.
     *
     * @return the count
     */
    public int requestCount() {
        return requests.size();
    }

    /**
     * Returns the requests answered with an error status.
     *
     * @return the rejected requests, in arrival order
     */
    public List<RecordedRequest> rejections() {
        return requests.stream().filter(RecordedRequest::rejected).toList();
    }

    /**
     * Returns the last request.
     *
     * @return the request
     * @throws IllegalStateException when none was received
     */
    public RecordedRequest lastRequest() {
        List<RecordedRequest> all = requests();
        if (all.isEmpty()) {
            throw new IllegalStateException("the provider emulator has received no request");
        }
        return all.get(all.size() - 1);
    }

    /** Forgets recorded requests and queued answers, and restarts generated ids. */
    public void reset() {
        requests.clear();
        script.clear();
        ids.reset();
        reasoningOf.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            byte[] raw = readBody(exchange.getRequestBody());
            String body = raw == null ? "" : new String(raw, StandardCharsets.UTF_8);
            Wire wire = Wire.forPath(path);
            Reply reply;
            JsonNode json = null;
            EmulatorRule broken = null;
            if (wire == null) {
                reply = Reply.json(404, OpenAiChatWire.errorBody("Unknown request URL: " + method + " " + path
                        + ". The provider emulator serves POST /v1/chat/completions, /chat/completions, /v1/messages, "
                        + "/messages, /v1/responses, /responses, /v1beta/models/<model>:generateContent, "
                        + "/model/<modelId>/converse and /model/<modelId>/converse-stream.", "invalid_request_error", null,
                        "unknown_url"));
            } else if (!method.equals("POST")) {
                reply = error(wire, 405, "invalid_request_error", "Method " + method + " is not allowed on " + path
                        + "; use POST.", null, null);
            } else if (raw == null) {
                reply = error(wire, 413, "request_too_large", "Request body exceeds " + MAX_BODY + " bytes.", null, null);
            } else {
                try {
                    json = Bodies.MAPPER.readTree(body);
                } catch (JsonProcessingException e) {
                    json = null;
                }
                Optional<Violation> violation;
                if (json == null || json.isMissingNode()) {
                    json = null;
                    EmulatorRule rule = switch (wire) {
                        case OPENAI_CHAT_COMPLETIONS -> EmulatorRule.OPENAI_INVALID_JSON;
                        case ANTHROPIC_MESSAGES -> EmulatorRule.ANTHROPIC_INVALID_JSON;
                        case GEMINI_GENERATE_CONTENT -> EmulatorRule.GEMINI_INVALID_JSON;
                        case OPENAI_RESPONSES -> EmulatorRule.OPENAI_RESPONSES_INVALID_JSON;
                        case BEDROCK_CONVERSE -> EmulatorRule.BEDROCK_INVALID_JSON;
                    };
                    violation = Optional.of(Violation.malformed(rule, "the body is empty or malformed", null, null));
                } else {
                    violation = switch (wire) {
                        case OPENAI_CHAT_COMPLETIONS -> OpenAiChatWire.validate(json, rules);
                        case ANTHROPIC_MESSAGES -> AnthropicMessagesWire.validate(json, rules);
                        case GEMINI_GENERATE_CONTENT -> GeminiWire.validate(json, GeminiWire.model(path), rules);
                        case OPENAI_RESPONSES -> OpenAiResponsesWire.validate(json, rules, reasoningOf);
                        case BEDROCK_CONVERSE -> BedrockConverseWire.validate(json, rules);
                    };
                }
                if (violation.isPresent()) {
                    Violation v = violation.get();
                    broken = v.rule();
                    reply = error(wire, v.rule().status(), "invalid_request_error", v.message(), v.param(), v.code());
                } else {
                    reply = answer(wire, path, json);
                }
            }
            requests.add(new RecordedRequest(wire, method, path, exchange.getRequestHeaders(), body, json,
                    reply.status, reply.body, broken));
            send(exchange, wire, reply);
        } catch (RuntimeException e) {
            // an emulator defect: answer 500 rather than leave the client hanging
            byte[] text = ("provider emulator failure: " + e).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(500, text.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(text);
            }
        }
    }

    private Reply answer(Wire wire, String path, JsonNode json) {
        Answer next = script.poll();
        Answer answer = next != null ? next : defaultAnswer;
        if (answer.status() != 200) {
            return error(wire, answer.status(), answer.errorType(), answer.text(), null, null);
        }
        long n = sequence.incrementAndGet();
        if (wire == Wire.GEMINI_GENERATE_CONTENT) {
            String model = GeminiWire.model(path);
            return GeminiWire.streaming(path) ? Reply.events(GeminiWire.stream(answer, json, model, n, ids))
                    : Reply.json(200, GeminiWire.response(answer, json, model, n, ids));
        }
        if (wire == Wire.BEDROCK_CONVERSE) {
            return BedrockConverseWire.streaming(path)
                    ? Reply.eventStream(BedrockConverseWire.stream(answer, json, ids))
                    : Reply.json(200, BedrockConverseWire.response(answer, json, ids));
        }
        boolean stream = json.path("stream").asBoolean(false);
        if (wire == Wire.OPENAI_RESPONSES) {
            long created = System.currentTimeMillis() / 1000;
            return stream ? Reply.events(OpenAiResponsesWire.stream(answer, json, n, created, ids, reasoningOf))
                    : Reply.json(200, OpenAiResponsesWire.response(answer, json, n, created, ids, reasoningOf));
        }
        if (wire == Wire.OPENAI_CHAT_COMPLETIONS) {
            long created = System.currentTimeMillis() / 1000;
            return stream ? Reply.events(OpenAiChatWire.stream(answer, json, n, created, ids))
                    : Reply.json(200, OpenAiChatWire.completion(answer, json, n, created, ids));
        }
        return stream ? Reply.events(AnthropicMessagesWire.stream(answer, json, n, ids))
                : Reply.json(200, AnthropicMessagesWire.message(answer, json, n, ids));
    }

    private Reply error(Wire wire, int status, String type, String message, String param, String code) {
        if (wire == Wire.GEMINI_GENERATE_CONTENT) {
            return Reply.json(status, GeminiWire.errorBody(status, message));
        }
        if (wire == Wire.ANTHROPIC_MESSAGES) {
            return Reply.json(status, AnthropicMessagesWire.errorBody(type, message,
                    "req_emu" + sequence.incrementAndGet()));
        }
        if (wire == Wire.BEDROCK_CONVERSE) {
            String awsType = type.endsWith("Exception") ? type : BedrockConverseWire.errorType(status);
            return new Reply(status, "application/json", BedrockConverseWire.errorBody(message), awsType, null);
        }
        return Reply.json(status, OpenAiChatWire.errorBody(message, type, param, code));
    }

    private void send(HttpExchange exchange, Wire wire, Reply reply) throws IOException {
        byte[] bytes = reply.bytes != null ? reply.bytes : reply.body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", reply.contentType);
        exchange.getResponseHeaders().set(wire == Wire.ANTHROPIC_MESSAGES ? "request-id"
                : wire == Wire.BEDROCK_CONVERSE ? "x-amzn-RequestId" : "x-request-id", "req_emu" + requests.size());
        if (reply.errorType != null) {
            exchange.getResponseHeaders().set("x-amzn-ErrorType", reply.errorType);
        }
        exchange.sendResponseHeaders(reply.status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Reads the body, or returns {@code null} when it is larger than the limit. */
    private static byte[] readBody(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(MAX_BODY + 1);
        return bytes.length > MAX_BODY ? null : bytes;
    }

    /**
     * An HTTP answer; {@code errorType} is the AWS exception name of a Bedrock error, else {@code null};
     * {@code bytes} the body of a binary answer (then {@code body} is its readable transcript), else
     * {@code null}.
     */
    private record Reply(int status, String contentType, String body, String errorType, byte[] bytes) {
        static Reply json(int status, String body) {
            return new Reply(status, "application/json", body, null, null);
        }

        static Reply events(String body) {
            return new Reply(200, "text/event-stream", body, null, null);
        }

        /** AWS event-stream frames; the recorded body lists each frame's type and payload, one per line. */
        static Reply eventStream(List<EventStreamFrame> frames) {
            StringBuilder transcript = new StringBuilder();
            for (EventStreamFrame frame : frames) {
                transcript.append(frame.headers().getOrDefault(":event-type", frame.headers().get(":exception-type")))
                        .append(' ').append(frame.payloadText()).append('\n');
            }
            return new Reply(200, BedrockConverseWire.EVENT_STREAM, transcript.toString(), null,
                    EventStreamFrame.encodeAll(frames));
        }
    }

    @Override
    public String toString() {
        return "ProviderEmulator[" + (isRunning() ? baseUrl() : "stopped") + ", " + requests.size() + " requests]";
    }

    /** Configures a {@link ProviderEmulator}. Not thread-safe. */
    public static final class Builder {

        private int port;
        private final Set<EmulatorRule> rules = EnumSet.noneOf(EmulatorRule.class);
        private Answer defaultAnswer = Answer.text("OK");

        private Builder() {
            for (EmulatorRule rule : EmulatorRule.values()) {
                if (rule.enabledByDefault()) {
                    rules.add(rule);
                }
            }
        }

        /**
         * Sets the port (default 0: an ephemeral port).
         *
         * @param value the port, 0–65535
         * @return this builder
         */
        public Builder port(int value) {
            Require.argument(value >= 0 && value <= 65535, "port must be within 0..65535, but was " + value);
            this.port = value;
            return this;
        }

        /**
         * Enforces rules that are off by default (such as Anthropic's first-message-user rule).
         *
         * @param enable the rules
         * @return this builder
         */
        public Builder enable(EmulatorRule... enable) {
            rules.addAll(Arrays.asList(enable));
            return this;
        }

        /**
         * Stops enforcing rules.
         *
         * @param disable the rules
         * @return this builder
         * @throws IllegalArgumentException for a structural rule
         */
        public Builder disable(EmulatorRule... disable) {
            List<EmulatorRule> list = new ArrayList<>(Arrays.asList(disable));
            for (EmulatorRule rule : list) {
                Require.argument(!rule.structural(), rule.id() + " is structural and cannot be disabled");
            }
            rules.removeAll(list);
            return this;
        }

        /**
         * Sets the answer used when no scripted answer is queued (default: the text {@code OK}).
         *
         * @param answer the answer
         * @return this builder
         */
        public Builder defaultAnswer(Answer answer) {
            this.defaultAnswer = Require.nonNull(answer, "defaultAnswer");
            return this;
        }

        /**
         * Builds the emulator without starting it.
         *
         * @return the emulator; call {@link ProviderEmulator#start()}
         */
        public ProviderEmulator build() {
            return new ProviderEmulator(this);
        }

        /**
         * Builds and starts the emulator.
         *
         * @return the running emulator
         */
        public ProviderEmulator start() {
            return build().start();
        }
    }
}

package io.orderingguard.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.cli.GuardCli;
import io.orderingguard.exchange.ExchangeLog;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code guard report} over recorded traffic, the whole command as a user runs it (reading the file,
 * checking every request, joining every answer, printing the JSON report): a HAR file of
 * {@link #exchanges} provider calls, or the exchange log a shadow guard wrote for the same calls.
 *
 * <p>The traffic cycles through the five wire surfaces ({@link WireBodies}, each with its provider's
 * host and endpoint path, so the report selects each family from the URL as it would for a real HAR
 * file); each conversation has {@link #entries} entries and is a different one. One call in ten has a
 * tool call whose result was removed and is answered 400 with Anthropic's pairing error; the others are
 * answered 200. The target is at most 10 s for 2,000 exchanges.
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar ReportBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
public class ReportBenchmark {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REJECTION = "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
            + "\"message\":\"messages.3: `tool_use` ids were found without `tool_result` blocks immediately after: "
            + "toolu_01\"}}";
    private static final String ACCEPTED = "{\"id\":\"msg_01\",\"type\":\"message\",\"role\":\"assistant\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"Done.\"}]}";

    /** What is reported: {@code har} or {@code exchange-log}. */
    @Param({"har", "exchange-log"})
    public String source;

    /** The number of recorded provider calls. */
    @Param({"2000"})
    public int exchanges;

    /** The entries of each conversation. */
    @Param({"20"})
    public int entries;

    private Path dir;
    private String[] args;
    private final PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);

    /**
     * Writes the HAR file, or runs a shadow guard with an exchange log over the same calls.
     *
     * @throws Exception when a file cannot be written
     */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("guard-report-bench");
        Path file = source.equals("har") ? har(dir.resolve("traffic.har")) : exchangeLog(dir.resolve("exchanges.jsonl"));
        args = new String[] {"report", "--format", "json", file.toString()};
        int code = GuardCli.run(args, discard, System.err);
        if (code != GuardCli.OK) {
            throw new IllegalStateException("guard report exited " + code + " on the generated " + source);
        }
    }

    /** Deletes the generated files. */
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /**
     * Runs {@code guard report --format json FILE}.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar ReportBenchmark.report}
     *
     * @return the exit code
     */
    @Benchmark
    public int report() {
        return GuardCli.run(args, discard, discard);
    }

    /** One recorded call. */
    private record Call(String url, byte[] body, int status, String response) {}

    private Call call(int i) {
        String surface = WireBodies.SURFACES.get(i % WireBodies.SURFACES.size());
        boolean failing = i % 10 == 9;
        List<Entry> conversation = Conversations.generate(entries, Conversations.Style.ANTHROPIC, i);
        if (failing) {
            conversation = unanswered(conversation);
        }
        String host;
        switch (surface) {
            case "anthropic-messages" -> host = "https://api.anthropic.com";
            case "gemini" -> host = "https://generativelanguage.googleapis.com";
            case "bedrock-converse" -> host = "https://bedrock-runtime.us-east-1.amazonaws.com";
            default -> host = "https://api.openai.com";
        }
        return new Call(host + WireBodies.urlPath(surface), WireBodies.body(surface, conversation),
                failing ? 400 : 200, failing ? REJECTION : ACCEPTED);
    }

    /** The conversation with the result of its first answered tool call removed: every family blocks it. */
    private static List<Entry> unanswered(List<Entry> conversation) {
        List<Entry> out = new java.util.ArrayList<>(conversation);
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i) instanceof ToolCall call && call.result() != null) {
                out.set(i, call.withResult((ToolResult) null));
                return out;
            }
        }
        throw new IllegalStateException("the generated conversation has no answered tool call");
    }

    private Path har(Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode log = root.putObject("log");
        log.put("version", "1.2");
        log.putObject("creator").put("name", "ReportBenchmark").put("version", "1");
        ArrayNode list = log.putArray("entries");
        for (int i = 0; i < exchanges; i++) {
            Call c = call(i);
            ObjectNode entry = list.addObject();
            entry.put("startedDateTime", "2026-01-01T00:00:00Z");
            ObjectNode request = entry.putObject("request");
            request.put("method", "POST").put("url", c.url()).put("httpVersion", "HTTP/1.1");
            request.putObject("postData").put("mimeType", "application/json")
                    .put("text", new String(c.body(), StandardCharsets.UTF_8));
            ObjectNode response = entry.putObject("response");
            response.put("status", c.status());
            response.putObject("content").put("mimeType", "application/json").put("text", c.response());
        }
        JSON.writeValue(file.toFile(), root);
        return file;
    }

    private Path exchangeLog(Path file) throws Exception {
        try (ExchangeLog log = ExchangeLog.builder(file).queueCapacity(exchanges).maxFileBytes(Long.MAX_VALUE).build()) {
            OrderingGuard guard = OrderingGuard.builder().mode(io.orderingguard.Mode.SHADOW)
                    .selectProfiles(Profiles.selector()).listener(log).build();
            for (int i = 0; i < exchanges; i++) {
                Call c = call(i);
                JsonNode body = JSON.readTree(c.body());
                String path = c.url().substring(c.url().indexOf('/', "https://".length()));
                WireFormat format = WireFormat.detect(body, path);
                GuardResult result = guard.check(format.codec().orElseThrow()
                        .read(body, WireContext.of("bench", i + 1).withUrlPath(path)).dispatch());
                guard.answered(result, ProviderAnswer.of(c.status(), c.response()));
            }
            log.flush();
            if (log.written() != exchanges) {
                throw new IllegalStateException("the exchange log wrote " + log.written() + " of " + exchanges
                        + " lines (" + log.dropped() + " dropped)");
            }
        }
        return file;
    }
}

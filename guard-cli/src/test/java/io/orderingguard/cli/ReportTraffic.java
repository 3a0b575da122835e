package io.orderingguard.cli;

import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

/**
 * The recorded traffic of the report tests: Anthropic Messages requests sent with the JDK's HTTP
 * client to the provider emulator. Two emulators: one as the provider behaves (it rejects ordering
 * violations with Anthropic's texts, and answers scripted errors), one that accepts an orphan
 * tool_result (what the guard's rule flags), so the guard is contradicted.
 *
 * <p>Outcomes: 1 agreed, 1 confirmed, 2 contradicted, 1 missed (a shape text no rule classifies),
 * 2 unjudged (a token limit, a rate limit), plus one GET that is no chat call.
 */
final class ReportTraffic {

    /** Every text the conversations below send: none may be in a shape-level exchange log. */
    static final List<String> TEXTS = List.of("Plan the alpha trip to Lisbon", "Find beta flights",
            "beta flights query", "Any news about beta?", "Gamma result arrived", "Tell me about gamma",
            "Gamma orphan body text", "Delta question please", "Epsilon question please", "Zeta question please",
            "Eta answer from the assistant", "Theta result body");

    static final String MODEL = "claude-sonnet-4-5";

    static final String AGREED = body("""
            [{"role": "user", "content": "Plan the alpha trip to Lisbon"},
             {"role": "assistant", "content": "Eta answer from the assistant"},
             {"role": "user", "content": "Delta question please"}]""");
    static final String CONFIRMED = body("""
            [{"role": "user", "content": "Find beta flights"},
             {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01BetaSearch", "name": "search",
               "input": {"q": "beta flights query"}}]},
             {"role": "user", "content": "Any news about beta?"}]""");
    static final String CONTRADICTED_1 = body("""
            [{"role": "user", "content": "Tell me about gamma"},
             {"role": "assistant", "content": "Eta answer from the assistant"},
             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01GammaOrphan",
               "content": "Gamma orphan body text"}, {"type": "text", "text": "Gamma result arrived"}]}]""");
    static final String CONTRADICTED_2 = body("""
            [{"role": "user", "content": "Tell me about gamma"},
             {"role": "assistant", "content": "Eta answer from the assistant"},
             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_02ThetaOrphan",
               "content": "Theta result body"}, {"type": "text", "text": "Gamma result arrived"}]}]""");
    static final String MISSED = body("""
            [{"role": "user", "content": "Epsilon question please"}]""");
    static final String UNJUDGED_TOKENS = body("""
            [{"role": "user", "content": "Zeta question please"}]""");
    static final String UNJUDGED_RATE = body("""
            [{"role": "user", "content": "Delta question please"}]""");

    /** The rejection text of the missed exchange: about the shape, but no rule's. */
    static final String UNCLASSIFIED = "messages.0: this turn's tool_use layout is not supported by this model";

    /** The bodies in the order they are sent, with the answer each gets. */
    static final List<String> BODIES = List.of(AGREED, CONFIRMED, CONTRADICTED_1, CONTRADICTED_2, MISSED,
            UNJUDGED_TOKENS, UNJUDGED_RATE);

    private ReportTraffic() {}

    private static String body(String messages) {
        return "{\"model\": \"" + MODEL + "\", \"max_tokens\": 1024, \"messages\": " + messages + "}";
    }

    /** Something that sends one body and receives the provider's answer. */
    interface Sender {
        HttpResponse<String> send(String url, String body) throws IOException, InterruptedException;
    }

    /**
     * Sends the traffic and writes the HAR file.
     *
     * @param file the HAR file
     * @param also also sends each body this way (the exchange-log test), or {@code null}
     * @return the file
     */
    static Path record(Path file, Sender also) throws Exception {
        HarRecorder recorder = new HarRecorder();
        send(recorder::post, recorder);
        recorder.write(file);
        if (also != null) {
            send(also, null);
        }
        return file;
    }

    private static void send(Sender sender, HarRecorder recorder) throws Exception {
        try (ProviderEmulator provider = ProviderEmulator.create().start();
                ProviderEmulator lenient = ProviderEmulator.builder()
                        .disable(EmulatorRule.ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE).start()) {
            String messages = provider.anthropicBaseUrl() + "/messages";
            String lenientMessages = lenient.anthropicBaseUrl() + "/messages";
            sender.send(messages, AGREED);
            sender.send(messages, CONFIRMED);
            sender.send(lenientMessages, CONTRADICTED_1);
            sender.send(lenientMessages, CONTRADICTED_2);
            provider.enqueue(Answer.httpError(400, "invalid_request_error", UNCLASSIFIED));
            sender.send(messages, MISSED);
            provider.enqueue(Answer.httpError(400, "invalid_request_error",
                    "max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens"));
            sender.send(messages, UNJUDGED_TOKENS);
            provider.enqueue(Answer.httpError(429, "rate_limit_error", "Number of request tokens has exceeded your "
                    + "per-minute rate limit"));
            sender.send(messages, UNJUDGED_RATE);
            if (recorder != null) {
                recorder.get(provider.baseUrl() + "/v1/models");
            }
        }
    }
}

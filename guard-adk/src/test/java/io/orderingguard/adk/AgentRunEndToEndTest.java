package io.orderingguard.adk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.adk.agents.LlmAgent;
import com.google.adk.events.Event;
import com.google.adk.models.Gemini;
import com.google.adk.plugins.Plugin;
import com.google.adk.runner.InMemoryRunner;
import com.google.adk.sessions.Session;
import com.google.adk.tools.FunctionTool;
import com.google.genai.Client;
import com.google.genai.types.Content;
import com.google.genai.types.HttpOptions;
import com.google.genai.types.Part;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import io.reactivex.rxjava3.core.Maybe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Real ADK agent runs (LlmAgent, InMemoryRunner, ADK's Gemini model on the google-genai client)
 * against the provider emulator on loopback, with the plugin guarding every model request.
 */
class AgentRunEndToEndTest {

    static final String MODEL = "gemini-3-pro-preview";
    static final String APP = "weather_app";

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        // every signature the emulator receives must be one it minted (or a documented dummy)
        emulator = ProviderEmulator.builder().enable(EmulatorRule.GEMINI_CORRUPTED_THOUGHT_SIGNATURE).start();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    Gemini model() {
        Client client = Client.builder().apiKey("test-key")
                .httpOptions(HttpOptions.builder().baseUrl(emulator.baseUrl()).build()).build();
        return new Gemini(MODEL, client);
    }

    LlmAgent.Builder agent() {
        return LlmAgent.builder().name("weather_agent").model(model()).instruction("Answer with the weather.")
                .tools(FunctionTool.create(WeatherTools.class, "weather"));
    }

    static OrderingGuard guard(Mode mode) {
        return OrderingGuard.builder().profile(Profiles.forModel(MODEL)).mode(mode).build();
    }

    /** Runs one user message; returns the events, or throws what the run failed with. */
    static List<Event> run(InMemoryRunner runner, Session session, String text) {
        return runner.runAsync("user-1", session.id(), Content.fromParts(Part.fromText(text))).toList().blockingGet();
    }

    static Session session(InMemoryRunner runner) {
        return runner.sessionService().createSession(APP, "user-1").blockingGet();
    }

    static String lastText(List<Event> events) {
        return events.get(events.size() - 1).content().orElseThrow().text();
    }

    /** The id ADK gave the model's function call, read from the session's stored events. */
    static String callIdInSession(InMemoryRunner runner, Session session) {
        Session stored = runner.sessionService().getSession(APP, "user-1", session.id(), java.util.Optional.empty())
                .blockingGet();
        for (Event event : stored.events()) {
            for (Part part : event.content().flatMap(Content::parts).orElse(List.of())) {
                if (part.functionCall().isPresent()) {
                    return part.functionCall().get().id().orElseThrow();
                }
            }
        }
        throw new AssertionError("no function call in session " + session.id());
    }

    /** The functionCall parts of every model content of a recorded request. */
    static List<JsonNode> calls(RecordedRequest request) {
        List<JsonNode> calls = new ArrayList<>();
        for (JsonNode content : request.json().path("contents")) {
            for (JsonNode part : content.path("parts")) {
                if (part.has("functionCall")) {
                    calls.add(part);
                }
            }
        }
        return calls;
    }

    /**
     * An application callback that rebuilds the model's content part by part, as framework adapters do,
     * and loses the thought signatures on the way (langchain4j#4097, quarkus-langchain4j#2046).
     */
    static Maybe<com.google.adk.models.LlmResponse> dropSignatures(com.google.adk.models.LlmResponse response) {
        Content content = response.content().orElse(null);
        if (content == null) {
            return Maybe.empty();
        }
        List<Part> parts = new ArrayList<>();
        for (Part part : content.parts().orElse(List.of())) {
            parts.add(part.toBuilder().clearThoughtSignature().build());
        }
        return Maybe.just(response.toBuilder().content(content.toBuilder().parts(parts).build()).build());
    }

    @Test
    void should_pass_a_valid_tool_loop_and_keep_every_signature_in_enforce_mode() {
        // GIVEN an agent whose model answers with a signed call, then with text
        emulator.enqueue(Answer.toolCall("weather", Map.of("city", "Oslo")), Answer.text("It is 18C in Oslo."));
        InMemoryRunner runner = new InMemoryRunner(agent().build(), APP,
                List.<Plugin>of(OrderingGuardPlugin.of(guard(Mode.ENFORCE))));

        // WHEN the user asks
        List<Event> events = run(runner, session(runner), "Weather in Oslo?");

        // THEN both requests were accepted, the second one replaying the minted signature
        assertThat(lastText(events)).isEqualTo("It is 18C in Oslo.");
        assertThat(emulator.requests()).hasSize(2).noneMatch(RecordedRequest::rejected);
        assertThat(calls(emulator.requests().get(1))).singleElement()
                .satisfies(call -> assertThat(call.path("thoughtSignature").asText()).isNotEmpty());
    }

    @Test
    void should_let_the_provider_reject_a_lost_signature_without_the_guard() {
        // GIVEN the lossy callback and no guard
        emulator.enqueue(Answer.toolCall("weather", Map.of("city", "Oslo")), Answer.text("It is 18C in Oslo."));
        InMemoryRunner runner = new InMemoryRunner(agent().afterModelCallback((ctx, r) -> dropSignatures(r)).build(),
                APP, List.of());

        // WHEN the user asks
        Throwable failure = catchThrowable(() -> run(runner, session(runner), "Weather in Oslo?"));

        // THEN Gemini 3 answers 400 to the second request of the tool loop
        assertThat(failure).hasStackTraceContaining("Function call is missing a thought_signature");
        assertThat(emulator.requests()).hasSize(2);
        assertThat(emulator.requests().get(1).rejected()).isTrue();
    }

    @Test
    void should_fail_the_model_call_with_the_diagnosis_and_send_nothing_in_enforce_mode() {
        // GIVEN the lossy callback and an enforcing guard
        emulator.enqueue(Answer.toolCall("weather", Map.of("city", "Oslo")), Answer.text("It is 18C in Oslo."));
        InMemoryRunner runner = new InMemoryRunner(agent().afterModelCallback((ctx, r) -> dropSignatures(r)).build(),
                APP, List.<Plugin>of(OrderingGuardPlugin.of(guard(Mode.ENFORCE))));
        Session session = session(runner);

        // WHEN the user asks
        Throwable failure = catchThrowable(() -> run(runner, session, "Weather in Oslo?"));

        // THEN the run fails with the guard's exception, and the broken request never left
        assertThat(failure).isInstanceOf(OrderingViolationException.class);
        OrderingViolationException violation = (OrderingViolationException) failure;
        String callId = callIdInSession(runner, session);
        assertThat(violation.getMessage()).isEqualTo("rejected dispatch of conversation " + session.id()
                + " (profile gemini-3-api): 1 blocking violation(s)\n"
                + "  - gemini-3-function-call-signature: toolCall '" + callId + "' (first in its step) lacks payload "
                + "field 'thoughtSignature' [prevents: Function call is missing a thought_signature in functionCall "
                + "parts. This is required for tools to work correctly … function call `default_api:<name>` , "
                + "position N.]");
        assertThat(violation.result().dispatch().conversationId()).isEqualTo(session.id());
        assertThat(emulator.requests()).hasSize(1);
    }

    @Test
    void should_send_the_repaired_history_in_mutate_mode() {
        // GIVEN the lossy callback and a repairing guard
        emulator.enqueue(Answer.toolCall("weather", Map.of("city", "Oslo")), Answer.text("It is 18C in Oslo."));
        InMemoryRunner runner = new InMemoryRunner(agent().afterModelCallback((ctx, r) -> dropSignatures(r)).build(),
                APP, List.<Plugin>of(OrderingGuardPlugin.of(guard(Mode.MUTATE))));

        // WHEN the user asks
        List<Event> events = run(runner, session(runner), "Weather in Oslo?");

        // THEN the model client only received valid histories: the call carries Gemini's documented dummy
        assertThat(lastText(events)).isEqualTo("It is 18C in Oslo.");
        assertThat(emulator.requests()).hasSize(2).noneMatch(RecordedRequest::rejected);
        assertThat(calls(emulator.requests().get(1))).singleElement()
                .satisfies(call -> assertThat(call.path("thoughtSignature").asText())
                        // google-genai writes the bytes of skip_thought_signature_validator in the standard alphabet
                        .isEqualTo("skip/thought/signature/validator"));
    }

    @Test
    void should_report_each_model_call_answer_in_shadow_mode() {
        // GIVEN the lossy callback and a guard that only watches
        emulator.enqueue(Answer.toolCall("weather", Map.of("city", "Oslo")), Answer.text("It is 18C in Oslo."));
        List<io.orderingguard.Verdict> verdicts = new java.util.concurrent.CopyOnWriteArrayList<>();
        OrderingGuard guard = OrderingGuard.builder().profile(Profiles.forModel(MODEL)).shadow(true)
                .listener(new io.orderingguard.GuardListener() {
                    @Override
                    public void onVerdict(io.orderingguard.Verdict verdict, io.orderingguard.GuardResult result) {
                        verdicts.add(verdict);
                    }
                }).build();
        InMemoryRunner runner = new InMemoryRunner(agent().afterModelCallback((ctx, r) -> dropSignatures(r)).build(),
                APP, List.<Plugin>of(OrderingGuardPlugin.of(guard)));

        // WHEN the user asks: the first request is answered, the second rejected for the lost signature
        Throwable failure = catchThrowable(() -> run(runner, session(runner), "Weather in Oslo?"));

        // THEN the first call agreed and the second one confirmed the guard
        assertThat(failure).hasStackTraceContaining("Function call is missing a thought_signature");
        assertThat(verdicts).extracting(io.orderingguard.Verdict::outcome).containsExactly(
                io.orderingguard.VerdictOutcome.AGREED, io.orderingguard.VerdictOutcome.CONFIRMED);
        assertThat(verdicts.get(1).status()).isEqualTo(400);
        assertThat(verdicts.get(1).wouldBlock()).containsExactly("gemini-3-function-call-signature");
        assertThat(verdicts.get(1).rejectionText()).startsWith("Function call is missing a thought_signature");
    }
}

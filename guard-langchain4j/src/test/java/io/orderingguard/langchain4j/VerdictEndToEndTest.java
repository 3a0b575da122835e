package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Verdict;
import io.orderingguard.VerdictOutcome;
import io.orderingguard.micrometer.GuardMicrometer;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Trust from traffic with LangChain4j's own OpenAI and Anthropic clients: a guard in shadow mode
 * around {@link GuardedChatModel} and {@link GuardedStreamingChatModel}, the provider emulator
 * answering, and the verdicts and the {@value GuardMicrometer#VERDICTS} counter read back.
 */
class VerdictEndToEndTest {

    static final String OPENAI_UNANSWERED = "An assistant message with 'tool_calls' must be followed by tool messages "
            + "responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_1";
    static final String MISSED_TEXT = "Invalid 'messages[0]': this turn cannot be continued.";

    final MeterRegistry meters = new SimpleMeterRegistry();
    final List<Verdict> verdicts = new CopyOnWriteArrayList<>();
    final OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).shadow(true)
            .listener(GuardMicrometer.verdicts(meters))
            .listener(new GuardListener() {
                @Override
                public void onVerdict(Verdict verdict, GuardResult result) {
                    verdicts.add(verdict);
                }
            })
            .build();
    final List<ProviderEmulator> emulators = new ArrayList<>();

    @AfterEach
    void stop() {
        emulators.forEach(ProviderEmulator::close);
    }

    ProviderEmulator started(ProviderEmulator emulator) {
        emulators.add(emulator.start());
        return emulator;
    }

    ChatModel openAi(ProviderEmulator emulator) {
        return GuardedChatModel.wrap(OpenAiChatModel.builder().baseUrl(started(emulator).openAiBaseUrl())
                .apiKey("test-key").modelName("gpt-4o").maxRetries(0).build(), guard);
    }

    static ChatRequest cancelledRun(String callId) {
        List<ChatMessage> history = List.of(UserMessage.from("Book it"),
                AiMessage.from(ToolExecutionRequest.builder().id(callId).name("book").arguments("{}").build()),
                UserMessage.from("Actually, never mind."));
        return ChatRequest.builder().messages(history).build();
    }

    static ChatRequest hello() {
        return ChatRequest.builder().messages(UserMessage.from("Hello")).build();
    }

    @Test
    void should_count_confirmed_contradicted_missed_and_agreed_requests_of_the_blocking_model() {
        // GIVEN an emulator that rejects what OpenAI rejects, one that accepts unanswered tool calls,
        // and one scripted to reject a valid request with a text no rule predicts
        ChatModel strict = openAi(ProviderEmulator.create());
        ChatModel lenient = openAi(ProviderEmulator.builder().disable(EmulatorRule.OPENAI_UNANSWERED_TOOL_CALLS).build());
        ProviderEmulator scripted = ProviderEmulator.create();
        ChatModel custom = openAi(scripted);
        scripted.enqueue(Answer.httpError(400, "invalid_request_error", MISSED_TEXT));

        // WHEN
        Throwable rejected = catchThrowable(() -> strict.chat(cancelledRun("call_1")));
        lenient.chat(cancelledRun("call_1"));
        Throwable missed = catchThrowable(() -> custom.chat(hello()));
        custom.chat(hello());

        // THEN
        assertThat(rejected).isInstanceOf(InvalidRequestException.class);
        assertThat(missed).isInstanceOf(InvalidRequestException.class);
        assertThat(verdicts).extracting(Verdict::outcome).containsExactly(VerdictOutcome.CONFIRMED,
                VerdictOutcome.CONTRADICTED, VerdictOutcome.MISSED, VerdictOutcome.AGREED);
        assertThat(verdicts.get(0).status()).isEqualTo(400);
        assertThat(verdicts.get(0).rejectionRuleId()).isEqualTo("openai-tool-calls-answered");
        assertThat(verdicts.get(0).rejectionText()).isEqualTo(OPENAI_UNANSWERED);
        assertThat(verdicts.get(1).wouldBlock()).containsExactly("openai-tool-calls-answered");
        assertThat(verdicts.get(2).rejectionRuleId()).isNull();
        assertThat(verdicts.get(2).rejectionText()).isEqualTo(MISSED_TEXT);
        assertThat(counters(meters)).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "agreed none openai-chat openai", 1.0,
                "confirmed openai-tool-calls-answered openai-chat openai", 1.0,
                "contradicted openai-tool-calls-answered openai-chat openai", 1.0,
                "missed none openai-chat openai", 1.0)));
    }

    @Test
    void should_count_a_stream_once_its_answer_is_known() throws Exception {
        ProviderEmulator emulator = started(ProviderEmulator.create());
        StreamingChatModel model = GuardedStreamingChatModel.wrap(AnthropicStreamingChatModel.builder()
                .baseUrl(emulator.anthropicBaseUrl()).apiKey("test-key").modelName("claude-sonnet-4-5").maxTokens(256)
                .build(), guard);

        // one stream after the other: the verdict is recorded before the handler hears the answer, so
        // waiting for the first stream's answer orders the verdicts
        StreamingEndToEndTest.Outcome rejected = new StreamingEndToEndTest.Outcome();
        model.chat(cancelledRun("toolu_1"), rejected);
        assertThat(rejected.await()).isInstanceOf(InvalidRequestException.class);
        StreamingEndToEndTest.Outcome answered = new StreamingEndToEndTest.Outcome();
        model.chat(hello(), answered);
        assertThat(answered.await()).isInstanceOf(ChatResponse.class);

        assertThat(verdicts).extracting(Verdict::outcome)
                .containsExactly(VerdictOutcome.CONFIRMED, VerdictOutcome.AGREED);
        assertThat(verdicts.get(0).rejectionText()).isEqualTo(StreamingEndToEndTest.UNANSWERED);
        assertThat(counters(meters)).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "agreed none anthropic-messages-no-thinking anthropic", 1.0,
                "confirmed anthropic-tool-use-has-result anthropic-messages-no-thinking anthropic", 1.0)));
    }

    /** Every verdict counter as {@code outcome rule profile provider} to its count. */
    static TreeMap<String, Double> counters(MeterRegistry meters) {
        TreeMap<String, Double> counts = new TreeMap<>();
        for (Counter c : meters.find(GuardMicrometer.VERDICTS).counters()) {
            counts.put(c.getId().getTag("outcome") + " " + c.getId().getTag("rule") + " "
                    + c.getId().getTag("profile") + " " + c.getId().getTag("provider"), c.count());
        }
        return counts;
    }
}

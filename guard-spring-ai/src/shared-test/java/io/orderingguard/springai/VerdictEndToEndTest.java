package io.orderingguard.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

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
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * Trust from traffic with Spring AI's real OpenAI and Anthropic models (the official SDKs on 2.0, Spring
 * AI's own REST clients on 1.1): a guard in shadow mode in {@link GuardedChatModel} and
 * {@link OrderingGuardAdvisor}, the provider emulator answering, and the verdicts and the
 * {@value GuardMicrometer#VERDICTS} counter read back.
 */
class VerdictEndToEndTest {

    static final String OPENAI_ORPHAN = "Invalid parameter: messages with role 'tool' must be a response to a "
            + "preceeding message with 'tool_calls'.";
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

    ChatModel model(Models.Provider provider, ProviderEmulator emulator) {
        emulators.add(emulator.start());
        return Models.of(provider, emulator);
    }

    static Prompt hello() {
        return new Prompt(List.of(new UserMessage("Hello")));
    }

    @Test
    void should_count_confirmed_contradicted_missed_and_agreed_prompts_of_the_decorator() {
        // GIVEN an emulator that rejects what OpenAI rejects, one that accepts orphan tool results, and
        // one scripted to reject a valid prompt with a text no rule predicts
        ChatModel strict = GuardedChatModel.wrap(model(Models.Provider.OPENAI, ProviderEmulator.create()), guard);
        ChatModel lenient = GuardedChatModel.wrap(model(Models.Provider.OPENAI, ProviderEmulator.builder()
                .disable(EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL).build()), guard);
        ProviderEmulator scripted = ProviderEmulator.create();
        ChatModel custom = GuardedChatModel.wrap(model(Models.Provider.OPENAI, scripted), guard);
        scripted.enqueue(Answer.httpError(400, "invalid_request_error", MISSED_TEXT));

        // WHEN
        Throwable rejected = catchThrowable(() -> strict.call(GuardedChatModelTest.orphan()));
        lenient.call(GuardedChatModelTest.orphan());
        Throwable missed = catchThrowable(() -> custom.call(hello()));
        custom.call(hello());
        assertThat(strict.stream(hello()).collectList().block()).isNotEmpty();

        // THEN
        assertThat(rejected.getClass().getSimpleName()).isEqualTo(Models.BAD_REQUEST);
        assertThat(missed.getClass().getSimpleName()).isEqualTo(Models.BAD_REQUEST);
        assertThat(verdicts).extracting(Verdict::outcome).containsExactly(VerdictOutcome.CONFIRMED,
                VerdictOutcome.CONTRADICTED, VerdictOutcome.MISSED, VerdictOutcome.AGREED, VerdictOutcome.AGREED);
        assertThat(verdicts.get(0).status()).isEqualTo(400);
        assertThat(verdicts.get(0).rejectionRuleId()).isEqualTo("openai-tool-message-follows-tool-calls");
        assertThat(verdicts.get(0).rejectionText()).isEqualTo(OPENAI_ORPHAN);
        assertThat(verdicts.get(1).wouldBlock()).containsExactly("openai-tool-message-follows-tool-calls");
        assertThat(verdicts.get(2).rejectionRuleId()).isNull();
        assertThat(verdicts.get(2).rejectionText()).isEqualTo(MISSED_TEXT);
        assertThat(counters(meters)).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "agreed none openai-chat openai", 2.0,
                "confirmed openai-tool-message-follows-tool-calls openai-chat openai", 1.0,
                "contradicted openai-tool-message-follows-tool-calls openai-chat openai", 1.0,
                "missed none openai-chat openai", 1.0)));
    }

    @Test
    void should_count_the_prompts_the_advisor_let_through() {
        ChatClient strict = ChatClient.builder(model(Models.Provider.OPENAI, ProviderEmulator.create()))
                .defaultAdvisors(OrderingGuardAdvisor.of(guard)).build();
        ChatClient lenient = ChatClient.builder(model(Models.Provider.OPENAI, ProviderEmulator.builder()
                .disable(EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL).build()))
                .defaultAdvisors(OrderingGuardAdvisor.of(guard)).build();

        Throwable rejected = catchThrowable(() -> strict.prompt(GuardedChatModelTest.orphan()).call().content());
        lenient.prompt(GuardedChatModelTest.orphan()).call().content();
        strict.prompt(hello()).call().content();
        assertThat(strict.prompt(hello()).stream().content().collectList().block()).isNotEmpty();

        assertThat(rejected.getClass().getSimpleName()).isEqualTo(Models.BAD_REQUEST);
        assertThat(verdicts).extracting(Verdict::outcome).containsExactly(VerdictOutcome.CONFIRMED,
                VerdictOutcome.CONTRADICTED, VerdictOutcome.AGREED, VerdictOutcome.AGREED);
        assertThat(verdicts.get(0).rejectionText()).isEqualTo(OPENAI_ORPHAN);
        assertThat(counters(meters)).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "agreed none openai-chat openai", 2.0,
                "confirmed openai-tool-message-follows-tool-calls openai-chat openai", 1.0,
                "contradicted openai-tool-message-follows-tool-calls openai-chat openai", 1.0)));
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

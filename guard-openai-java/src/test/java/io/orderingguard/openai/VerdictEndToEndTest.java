package io.orderingguard.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.openai.client.OpenAIClient;
import com.openai.client.OpenAIClientImpl;
import com.openai.client.okhttp.OkHttpClient;
import com.openai.core.ClientOptions;
import com.openai.core.http.StreamResponse;
import com.openai.errors.BadRequestException;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
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
 * Trust from traffic with the official openai-java client: a guard in shadow mode behind
 * {@link GuardedHttpClient}, the provider emulator answering, and the verdicts and the
 * {@value GuardMicrometer#VERDICTS} counter read back.
 */
class VerdictEndToEndTest {

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
    final List<AutoCloseable> closing = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : closing) {
            c.close();
        }
    }

    OpenAIClient client(ProviderEmulator emulator) {
        closing.add(emulator.start());
        OpenAIClient client = new OpenAIClientImpl(ClientOptions.builder()
                .httpClient(GuardedHttpClient.wrap(OkHttpClient.builder().build(), guard))
                .baseUrl(emulator.openAiBaseUrl()).apiKey("test-key").maxRetries(0).build());
        closing.add(client::close);
        return client;
    }

    static ChatCompletionCreateParams hello() {
        return ChatCompletionCreateParams.builder().model("gpt-4o").addUserMessage("Hello").build();
    }

    @Test
    void should_count_confirmed_contradicted_missed_and_agreed_requests_in_shadow_mode() {
        // GIVEN an emulator that rejects what OpenAI rejects, and one that accepts unanswered tool calls
        OpenAIClient strict = client(ProviderEmulator.create());
        OpenAIClient lenient = client(ProviderEmulator.builder()
                .disable(EmulatorRule.OPENAI_UNANSWERED_TOOL_CALLS).build());
        ProviderEmulator scripted = ProviderEmulator.create();
        OpenAIClient custom = client(scripted);
        scripted.enqueue(Answer.httpError(400, "invalid_request_error", MISSED_TEXT));

        // WHEN the cancelled run goes to both, and a valid request meets a rejection no rule predicts
        Throwable rejected = catchThrowable(() -> strict.chat().completions().create(ChatEndToEndTest.cancelledRun()));
        lenient.chat().completions().create(ChatEndToEndTest.cancelledRun());
        Throwable missed = catchThrowable(() -> custom.chat().completions().create(hello()));
        custom.chat().completions().create(hello());
        try (StreamResponse<ChatCompletionChunk> stream = strict.chat().completions().createStreaming(hello())) {
            // counted when the head arrived, before an event is read
            assertThat(verdicts).hasSize(5);
            assertThat(stream.stream().count()).isPositive();
        }

        // THEN
        assertThat(rejected).isInstanceOf(BadRequestException.class)
                .hasMessageContaining(ChatEndToEndTest.PROVIDER_ERROR);
        assertThat(missed).isInstanceOf(BadRequestException.class).hasMessageContaining(MISSED_TEXT);
        assertThat(verdicts).extracting(Verdict::outcome).containsExactly(VerdictOutcome.CONFIRMED,
                VerdictOutcome.CONTRADICTED, VerdictOutcome.MISSED, VerdictOutcome.AGREED, VerdictOutcome.AGREED);
        Verdict confirmed = verdicts.get(0);
        assertThat(confirmed.status()).isEqualTo(400);
        assertThat(confirmed.wouldBlock()).containsExactly("openai-tool-calls-answered");
        assertThat(confirmed.rejectionRuleId()).isEqualTo("openai-tool-calls-answered");
        assertThat(confirmed.rejectionText()).isEqualTo(ChatEndToEndTest.PROVIDER_ERROR);
        assertThat(verdicts.get(1).wouldBlock()).containsExactly("openai-tool-calls-answered");
        assertThat(verdicts.get(1).status()).isEqualTo(200);
        assertThat(verdicts.get(2).rejectionRuleId()).isNull();
        assertThat(verdicts.get(2).rejectionText()).isEqualTo(MISSED_TEXT);
        assertThat(counters(meters)).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "agreed none openai-chat openai", 2.0,
                "confirmed openai-tool-calls-answered openai-chat openai", 1.0,
                "contradicted openai-tool-calls-answered openai-chat openai", 1.0,
                "missed none openai-chat openai", 1.0)));
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

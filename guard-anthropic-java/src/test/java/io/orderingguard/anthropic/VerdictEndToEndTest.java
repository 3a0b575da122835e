package io.orderingguard.anthropic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.errors.BadRequestException;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
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
 * Trust from traffic with the official anthropic-java client: a guard in shadow mode registered as
 * {@link AnthropicGuardInterceptor}, the provider emulator answering, and the verdicts and the
 * {@value GuardMicrometer#VERDICTS} counter read back.
 */
class VerdictEndToEndTest {

    static final String MISSED_TEXT = "messages.1: this turn cannot follow the previous one.";

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

    AnthropicClient client(ProviderEmulator emulator) {
        closing.add(emulator.start());
        AnthropicClient client = AnthropicOkHttpClient.builder().baseUrl(emulator.baseUrl()).apiKey("test-key")
                .maxRetries(0).addInterceptor(AnthropicGuardInterceptor.of(guard)).build();
        closing.add(client::close);
        return client;
    }

    static MessageCreateParams hello() {
        return MessageCreateParams.builder().model("claude-sonnet-4-5").maxTokens(256).addUserMessage("Hello")
                .build();
    }

    @Test
    void should_count_confirmed_contradicted_missed_and_agreed_requests_in_shadow_mode() {
        // GIVEN an emulator that rejects what Anthropic rejects, and one that accepts orphan tool results
        AnthropicClient strict = client(ProviderEmulator.builder()
                .enable(EmulatorRule.ANTHROPIC_THINKING_SIGNATURE_REQUIRED).build());
        AnthropicClient lenient = client(ProviderEmulator.builder()
                .disable(EmulatorRule.ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE).build());
        ProviderEmulator scripted = ProviderEmulator.create();
        AnthropicClient custom = client(scripted);
        scripted.enqueue(Answer.httpError(400, "invalid_request_error", MISSED_TEXT));

        // WHEN the late tool result goes to both, and a valid request meets a rejection no rule predicts
        Throwable rejected = catchThrowable(() -> strict.messages().create(AnthropicEndToEndTest.lateResult()));
        lenient.messages().create(AnthropicEndToEndTest.lateResult());
        Throwable missed = catchThrowable(() -> custom.messages().create(hello()));
        custom.messages().create(hello());
        try (StreamResponse<RawMessageStreamEvent> stream = strict.messages().createStreaming(hello())) {
            // counted when the head arrived, before an event is read
            assertThat(verdicts).hasSize(5);
            assertThat(stream.stream().count()).isPositive();
        }

        // THEN
        assertThat(rejected).isInstanceOf(BadRequestException.class)
                .hasMessageContaining(AnthropicEndToEndTest.PROVIDER_ERROR);
        assertThat(missed).isInstanceOf(BadRequestException.class).hasMessageContaining(MISSED_TEXT);
        assertThat(verdicts).extracting(Verdict::outcome).containsExactly(VerdictOutcome.CONFIRMED,
                VerdictOutcome.CONTRADICTED, VerdictOutcome.MISSED, VerdictOutcome.AGREED, VerdictOutcome.AGREED);
        Verdict confirmed = verdicts.get(0);
        assertThat(confirmed.status()).isEqualTo(400);
        assertThat(confirmed.rejectionRuleId()).isEqualTo("anthropic-tool-result-has-tool-use");
        assertThat(confirmed.rejectionText()).isEqualTo(AnthropicEndToEndTest.PROVIDER_ERROR);
        assertThat(verdicts.get(1).status()).isEqualTo(200);
        assertThat(verdicts.get(1).wouldBlock()).containsExactly("anthropic-tool-result-has-tool-use");
        assertThat(verdicts.get(2).rejectionRuleId()).isNull();
        assertThat(verdicts.get(2).rejectionText()).isEqualTo(MISSED_TEXT);
        assertThat(counters(meters)).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "agreed none anthropic-messages anthropic", 2.0,
                "confirmed anthropic-tool-result-has-tool-use anthropic-messages-manual-thinking anthropic", 1.0,
                "contradicted anthropic-tool-result-has-tool-use anthropic-messages-manual-thinking anthropic", 1.0,
                "missed none anthropic-messages anthropic", 1.0)));
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

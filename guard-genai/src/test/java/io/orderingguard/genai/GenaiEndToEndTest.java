package io.orderingguard.genai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.genai.Client;
import com.google.genai.ResponseStream;
import com.google.genai.errors.ClientException;
import com.google.genai.types.Content;
import com.google.genai.types.FunctionCall;
import com.google.genai.types.FunctionResponse;
import com.google.genai.types.GenerateContentResponse;
import com.google.genai.types.HttpOptions;
import com.google.genai.types.Part;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.Verdict;
import io.orderingguard.VerdictOutcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The google-genai SDK (its own HTTP client) against the provider emulator on loopback, the calls
 * going through {@link GuardedModels} guarded by the shipped profile the model selects (Gemini 3).
 * The history is a signed tool round followed by two user contents in a row (a memory that stored
 * the user's follow-up as its own turn): Gemini wants user and model to alternate.
 */
class GenaiEndToEndTest {

    static final String MODEL = "gemini-3-pro-preview";
    static final String SIGNATURE = "emulator-thought-signature-900";

    ProviderEmulator emulator;
    Client client;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.builder().enable(EmulatorRule.GEMINI_CORRUPTED_THOUGHT_SIGNATURE,
                EmulatorRule.GEMINI_ROLES_NOT_ALTERNATING).start();
        client = Client.builder().apiKey("test-key")
                .httpOptions(HttpOptions.builder().baseUrl(emulator.baseUrl()).build()).build();
    }

    @AfterEach
    void stop() {
        client.close();
        emulator.close();
    }

    static OrderingGuard guard(Mode mode) {
        return OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build();
    }

    static Content user(String text) {
        return Content.builder().role("user").parts(Part.builder().text(text).build()).build();
    }

    static List<Content> twoUserTurns() {
        return List.of(
                user("What is the weather in Paris?"),
                Content.builder().role("model").parts(Part.builder()
                        .functionCall(FunctionCall.builder().name("weather").args(Map.of("city", "Paris")).build())
                        .thoughtSignature(SIGNATURE.getBytes(StandardCharsets.UTF_8)).build()).build(),
                Content.builder().role("user").parts(Part.builder().functionResponse(FunctionResponse.builder()
                        .name("weather").response(Map.of("output", "18C")).build()).build()).build(),
                Content.builder().role("model").parts(Part.builder().text("It is 18C in Paris.").build()).build(),
                user("Thanks."),
                user("And in Rome?"));
    }

    @Test
    void should_let_the_provider_400_reach_the_application_when_unguarded() {
        Throwable thrown = catchThrowable(() -> client.models.generateContent(MODEL, twoUserTurns(), null));

        assertThat(thrown).isInstanceOf(ClientException.class)
                .hasMessage("400 INVALID_ARGUMENT. Please ensure that multiturn requests alternate between user and model.");
        assertThat(emulator.lastRequest().status()).isEqualTo(400);
    }

    @Test
    void should_throw_the_guard_exception_and_send_nothing_in_enforce_mode() {
        GuardedModels models = GuardedModels.wrap(client.models, guard(Mode.ENFORCE));

        Throwable thrown = catchThrowable(() -> models.generateContent(MODEL, twoUserTurns(), null));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(
                "rejected dispatch (profile gemini-3-api): 1 blocking violation(s)\n"
                        + "  - gemini-role-alternation: roles must alternate, but 'm4.c0' and 'm5.c0' both have role user "
                        + "[prevents: Please ensure that multiturn requests alternate between user and model]");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_send_the_repaired_contents_with_the_signature_intact_in_mutate_mode() {
        GuardedModels models = GuardedModels.wrap(client.models, guard(Mode.MUTATE));

        GenerateContentResponse answer = models.generateContent(MODEL, twoUserTurns(), null);

        assertThat(answer.text()).isNotBlank();
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.status()).isEqualTo(200);
        JsonNode contents = received.json().path("contents");
        assertThat(contents.toString()).isEqualTo("[{\"parts\":[{\"text\":\"What is the weather in Paris?\"}],"
                + "\"role\":\"user\"},{\"parts\":[{\"functionCall\":{\"args\":{\"city\":\"Paris\"},\"name\":\"weather\"},"
                + "\"thoughtSignature\":\"ZW11bGF0b3ItdGhvdWdodC1zaWduYXR1cmUtOTAw\"}],\"role\":\"model\"},"
                + "{\"parts\":[{\"functionResponse\":{\"name\":\"weather\",\"response\":{\"output\":\"18C\"}}}],"
                + "\"role\":\"user\"},{\"parts\":[{\"text\":\"It is 18C in Paris.\"}],\"role\":\"model\"},"
                + "{\"parts\":[{\"text\":\"Thanks.\"}],\"role\":\"user\"},{\"parts\":[{\"text\":\"Understood.\"}],"
                + "\"role\":\"model\"},{\"parts\":[{\"text\":\"And in Rome?\"}],\"role\":\"user\"}]");
        assertThat(contents.get(1).path("parts").get(0).path("thoughtSignature").asText())
                .isEqualTo(Base64.getEncoder().encodeToString(SIGNATURE.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void should_hand_the_sdk_the_very_same_contents_when_they_pass() {
        GuardedModels models = GuardedModels.wrap(client.models, guard(Mode.ENFORCE));
        List<Content> valid = List.of(twoUserTurns().get(0));

        assertThat(models.admit(MODEL, valid, null, false, null)).isSameAs(valid);
        models.generateContent(MODEL, valid, null);
        assertThat(emulator.rejections()).isEmpty();
    }

    @Test
    void should_stream_the_answer_to_the_repaired_contents_in_mutate_mode() {
        GuardedModels models = GuardedModels.wrap(client.models, guard(Mode.MUTATE));
        StringBuilder text = new StringBuilder();

        try (ResponseStream<GenerateContentResponse> stream = models.generateContentStream(MODEL, twoUserTurns(), null)) {
            for (GenerateContentResponse chunk : stream) {
                text.append(chunk.text() == null ? "" : chunk.text());
            }
        }

        assertThat(text.toString()).isEqualTo("OK");
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.path()).isEqualTo("/v1/models/" + MODEL + ":streamGenerateContent");
        assertThat(received.status()).isEqualTo(200);
        assertThat(received.json().at("/contents/5/parts/0/text").asText()).isEqualTo("Understood.");
        assertThat(received.json().at("/contents/1/parts/0/thoughtSignature").asText())
                .isEqualTo(Base64.getEncoder().encodeToString(SIGNATURE.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void should_refuse_a_streaming_request_before_sending_in_enforce_mode() {
        GuardedModels models = GuardedModels.wrap(client.models, guard(Mode.ENFORCE));

        Throwable thrown = catchThrowable(() -> models.generateContentStream(MODEL, twoUserTurns(), null));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessageStartingWith("rejected dispatch (profile gemini-3-api): 1 blocking violation(s)\n"
                        + "  - gemini-role-alternation: roles must alternate");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_report_the_provider_answer_to_each_call_in_shadow_mode() {
        List<Verdict> verdicts = new CopyOnWriteArrayList<>();
        GuardedModels models = GuardedModels.wrap(client.models, OrderingGuard.builder()
                .selectProfiles(Profiles.selector()).shadow(true).listener(new GuardListener() {
                    @Override
                    public void onVerdict(Verdict verdict, GuardResult result) {
                        verdicts.add(verdict);
                    }
                }).build());

        Throwable thrown = catchThrowable(() -> models.generateContent(MODEL, twoUserTurns(), null));
        models.generateContent(MODEL, List.of(user("Hello")), null);

        assertThat(thrown).isInstanceOf(ClientException.class);
        assertThat(verdicts).extracting(Verdict::outcome).containsExactly(VerdictOutcome.CONFIRMED, VerdictOutcome.AGREED);
        assertThat(verdicts.get(0).status()).isEqualTo(400);
        assertThat(verdicts.get(0).rejectionRuleId()).isEqualTo("gemini-role-alternation");
        assertThat(verdicts.get(0).rejectionText())
                .isEqualTo("Please ensure that multiturn requests alternate between user and model.");
    }
}

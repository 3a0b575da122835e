package io.orderingguard.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.ProviderEmulator;
import org.junit.jupiter.api.Test;

/** The example of the module README, compiled and run against the provider emulator. */
class ReadmeExampleTest {

    @Test
    void should_run_the_readme_example() {
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            String baseUrl = emulator.openAiBaseUrl();
            String apiKey = "test-key";

            // README example: begin
            OrderingGuard guard = OrderingGuard.builder()
                    .selectProfiles(Profiles.selector())   // the shipped profile of each request's model
                    .mode(Mode.MUTATE)
                    .build();
            OpenAIClient client = OpenAIOkHttpClient.builder()
                    .baseUrl(baseUrl)
                    .apiKey(apiKey)
                    .addInterceptor(OkHttpGuardInterceptor.of(guard))
                    .build();
            // README example: end

            client.chat().completions().create(ChatCompletionCreateParams.builder().model("gpt-4o")
                    .addUserMessage("Hello").build());
            client.close();
            assertThat(emulator.requestCount()).isEqualTo(1);
            assertThat(emulator.rejections()).isEmpty();
        }
    }
}

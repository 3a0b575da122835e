package io.orderingguard.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.models.messages.MessageCreateParams;
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
            String baseUrl = emulator.baseUrl();
            String apiKey = "test-key";

            // README example: begin
            OrderingGuard guard = OrderingGuard.builder()
                    .selectProfiles(Profiles.selector())   // the shipped profile of each request's model
                    .mode(Mode.ENFORCE)
                    .build();
            AnthropicClient client = AnthropicOkHttpClient.builder()
                    .baseUrl(baseUrl)
                    .apiKey(apiKey)
                    .addInterceptor(AnthropicGuardInterceptor.of(guard))
                    .build();
            // README example: end

            client.messages().create(MessageCreateParams.builder().model("claude-sonnet-4-5").maxTokens(256)
                    .addUserMessage("Hello").build());
            client.close();
            assertThat(emulator.requestCount()).isEqualTo(1);
            assertThat(emulator.rejections()).isEmpty();
        }
    }
}

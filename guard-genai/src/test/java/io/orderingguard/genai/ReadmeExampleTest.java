package io.orderingguard.genai;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.genai.Client;
import com.google.genai.types.AutomaticFunctionCallingConfig;
import com.google.genai.types.Content;
import com.google.genai.types.GenerateContentConfig;
import com.google.genai.types.GenerateContentResponse;
import com.google.genai.types.HttpOptions;
import com.google.genai.types.Part;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The example of the module README, compiled and run against the provider emulator. */
class ReadmeExampleTest {

    @Test
    void should_run_the_readme_example() {
        try (ProviderEmulator emulator = ProviderEmulator.create().start();
                Client client = Client.builder().apiKey("test-key")
                        .httpOptions(HttpOptions.builder().baseUrl(emulator.baseUrl()).build()).build()) {
            List<Content> history = List.of(Content.builder().role("user")
                    .parts(Part.builder().text("Hello").build()).build());

            // README example: begin
            OrderingGuard guard = OrderingGuard.builder()
                    .selectProfiles(Profiles.selector())   // the shipped profile of each request's model
                    .mode(Mode.MUTATE)
                    .build();
            GuardedModels models = GuardedModels.wrap(client.models, guard);
            GenerateContentConfig config = GenerateContentConfig.builder()
                    // the SDK's own tool loop would hide every round but the first from the guard
                    .automaticFunctionCalling(AutomaticFunctionCallingConfig.builder().disable(true).build())
                    .build();
            GenerateContentResponse answer = models.generateContent("gemini-3-pro-preview", history, config);
            // README example: end

            assertThat(answer.text()).isEqualTo("OK");
            assertThat(emulator.rejections()).isEmpty();
        }
    }
}

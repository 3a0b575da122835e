package io.orderingguard.bedrock;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.net.URI;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.Message;

/** The example of the module README, compiled and run against the provider emulator. */
class ReadmeExampleTest {

    @Test
    void should_run_the_readme_example() {
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            // README example: begin
            OrderingGuard guard = OrderingGuard.builder()
                    .selectProfiles(Profiles.selector())   // the shipped profile of each request's model
                    .mode(Mode.MUTATE)
                    .build();
            BedrockRuntimeClient client = BedrockRuntimeClient.builder()
                    .overrideConfiguration(c -> c.addExecutionInterceptor(BedrockGuardInterceptor.of(guard)))
                    // the emulator instead of AWS, for this test
                    .endpointOverride(URI.create(emulator.bedrockEndpoint()))
                    .region(Region.US_EAST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "s")))
                    .build();
            // README example: end

            client.converse(b -> b.modelId("anthropic.claude-sonnet-4-5-20250929-v1:0").messages(Message.builder()
                    .role(ConversationRole.USER).content(ContentBlock.fromText("Hello")).build()));
            client.close();
            assertThat(emulator.requestCount()).isEqualTo(1);
            assertThat(emulator.rejections()).isEmpty();
        }
    }
}

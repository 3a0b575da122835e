package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingProfile;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The provider a {@link WireGuard} checks a body as: the Responses surface is checked as
 * {@code openai-responses} (so model selection picks the Responses profiles, not Chat Completions'),
 * unless the builder names another provider; the other surfaces keep their codec's provider.
 */
class WireGuardProviderTest {

    static final byte[] RESPONSES = "{\"model\":\"o4-mini\",\"store\":false,\"input\":\"Hi\"}"
            .getBytes(StandardCharsets.UTF_8);
    static final byte[] CHAT = "{\"model\":\"o4-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}"
            .getBytes(StandardCharsets.UTF_8);

    static OrderingGuard permissive() {
        return OrderingGuard.builder().profile(OrderingProfile.of("permissive")).mode(Mode.ENFORCE).build();
    }

    static String provider(WireVerdict verdict) {
        return ((WireVerdict.Passed) verdict).parsed().dispatch().provider();
    }

    @Test
    void should_check_a_responses_body_as_provider_openai_responses() {
        assertThat(provider(WireGuard.of(permissive()).inspect(RESPONSES, "/v1/responses", null)))
                .isEqualTo("openai-responses");
        assertThat(provider(WireGuard.of(permissive()).inspect(RESPONSES, null, null))).isEqualTo("openai-responses");
    }

    @Test
    void should_check_a_responses_body_as_the_configured_provider() {
        WireGuard azure = WireGuard.builder(permissive()).provider("azure-openai-responses").build();

        assertThat(provider(azure.inspect(RESPONSES, "/openai/v1/responses", null))).isEqualTo("azure-openai-responses");
    }

    @Test
    void should_keep_the_codecs_provider_for_chat_completions() {
        assertThat(provider(WireGuard.of(permissive()).inspect(CHAT, "/v1/chat/completions", null))).isEqualTo("openai");
    }
}

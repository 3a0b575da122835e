package io.orderingguard.wire.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.wire.Bodies;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The layout path of rendering (taken whenever a repair changed something) lays an unchanged
 * timeline out into the very body it came from: every entry, result and message finds its original
 * JSON again, in the original order.
 */
class LayoutRoundTripTest {

    static LongStream seeds() {
        return LongStream.range(0, 1_200);
    }

    @ParameterizedTest(name = "anthropic-messages layout seed {0}")
    @MethodSource("seeds")
    void should_lay_an_unchanged_anthropic_timeline_out_into_the_original_body(long seed) {
        ObjectNode body = Bodies.anthropic(seed);

        assertThat(AnthropicMessagesCodec.rebuildAll(body).toString()).isEqualTo(body.toString());
    }

    @ParameterizedTest(name = "openai-chat layout seed {0}")
    @MethodSource("seeds")
    void should_lay_an_unchanged_openai_chat_timeline_out_into_the_original_body(long seed) {
        ObjectNode body = Bodies.openAiChat(seed);

        assertThat(OpenAiChatCodec.rebuildAll(body).toString()).isEqualTo(body.toString());
    }

    @ParameterizedTest(name = "openai-responses layout seed {0}")
    @MethodSource("seeds")
    void should_lay_an_unchanged_openai_responses_timeline_out_into_the_original_body(long seed) {
        ObjectNode body = Bodies.openAiResponses(seed);

        assertThat(OpenAiResponsesCodec.rebuildAll(body).toString()).isEqualTo(body.toString());
    }
}

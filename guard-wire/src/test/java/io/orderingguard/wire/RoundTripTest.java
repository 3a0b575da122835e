package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Dispatch;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Parse → render of an unchanged body gives the body back, equal as JSON, for seeded generated bodies. */
class RoundTripTest {

    static LongStream seeds() {
        return LongStream.range(0, 1_200);
    }

    @ParameterizedTest(name = "anthropic-messages seed {0}")
    @MethodSource("seeds")
    void should_render_an_unchanged_anthropic_body_back_equal(long seed) {
        assertRoundTrip(WireFormat.ANTHROPIC_MESSAGES, Bodies.anthropic(seed));
    }

    @ParameterizedTest(name = "openai-chat seed {0}")
    @MethodSource("seeds")
    void should_render_an_unchanged_openai_chat_body_back_equal(long seed) {
        assertRoundTrip(WireFormat.OPENAI_CHAT, Bodies.openAiChat(seed));
    }

    @ParameterizedTest(name = "openai-responses seed {0}")
    @MethodSource("seeds")
    void should_render_an_unchanged_openai_responses_body_back_equal(long seed) {
        assertRoundTrip(WireFormat.OPENAI_RESPONSES, Bodies.openAiResponses(seed));
    }

    static void assertRoundTrip(WireFormat format, ObjectNode body) {
        ObjectNode before = body.deepCopy();
        WireCodec codec = format.codec().orElseThrow();
        Dispatch dispatch = codec.parse(body, WireContext.empty());

        ObjectNode rendered = codec.render(dispatch, body);

        assertThat(rendered).isEqualTo(before);
        assertThat(rendered.toString()).isEqualTo(before.toString());
        assertThat(body).isEqualTo(before);
        assertThat(WireFormat.detect(body, null)).isEqualTo(format);
    }
}

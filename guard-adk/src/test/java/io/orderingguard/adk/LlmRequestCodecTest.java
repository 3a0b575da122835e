package io.orderingguard.adk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.adk.models.LlmRequest;
import com.google.genai.types.Blob;
import com.google.genai.types.Content;
import com.google.genai.types.FunctionCall;
import com.google.genai.types.FunctionResponse;
import com.google.genai.types.GenerateContentConfig;
import com.google.genai.types.Part;
import com.google.genai.types.ThinkingConfig;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ADK request codec: the same entries as guard-wire's Gemini codec, and contents rendered back losslessly. */
class LlmRequestCodecTest {

    static final byte[] SIGNATURE = "sig-1".getBytes(StandardCharsets.UTF_8);
    static final String SIGNATURE_BASE64 = "c2lnLTE=";

    static Content user(String text) {
        return Content.builder().role("user").parts(List.of(Part.fromText(text))).build();
    }

    static Part call(String id, boolean signed) {
        Part.Builder part = Part.builder().functionCall(FunctionCall.builder().id(id).name("weather")
                .args(Map.of("city", "Oslo")).build());
        if (signed) {
            part.thoughtSignature(SIGNATURE);
        }
        return part.build();
    }

    static Content response(String id) {
        return Content.builder().role("user").parts(List.of(Part.builder().functionResponse(FunctionResponse.builder()
                .id(id).name("weather").response(Map.of("output", "18C")).build()).build())).build();
    }

    static LlmRequest request(Content... contents) {
        return LlmRequest.builder().model("gemini-3-pro-preview").contents(List.of(contents))
                .config(GenerateContentConfig.builder().systemInstruction(user("Be brief"))
                        .thinkingConfig(ThinkingConfig.builder().thinkingBudget(1024).build()).build())
                .build();
    }

    @Test
    void should_read_contents_parts_signatures_and_pairing_as_the_gemini_wire_codec_does() {
        // GIVEN a tool round with a signed call, a thought and an image
        Content model = Content.builder().role("model").parts(List.of(
                Part.builder().text("planning").thought(true).build(), call("adk-1", true))).build();
        Content image = Content.builder().role("user").parts(List.of(Part.fromText("and this?"),
                Part.builder().inlineData(Blob.builder().mimeType("image/png").data(new byte[] {1, 2}).build()).build()))
                .build();

        // WHEN it is read
        Dispatch dispatch = LlmRequestCodec.create().encode(request(user("Weather?"), model, response("adk-1"), image),
                "session-1").dispatch();

        // THEN the identity, the options and each entry follow the Gemini body
        assertThat(dispatch.conversationId()).isEqualTo("session-1");
        assertThat(dispatch.provider()).isEqualTo("gemini");
        assertThat(dispatch.model()).isEqualTo("gemini-3-pro-preview");
        assertThat(dispatch.options().reasoning().budgetTokens()).isEqualTo(1024);
        List<Entry> entries = dispatch.timeline().entries();
        assertThat(entries).extracting(Entry::id)
                .containsExactly("system.c0", "m0.c0", "m1.c0", "adk-1", "m3.c0", "m3.c1");
        assertThat(entries.get(2)).isInstanceOf(Thought.class).extracting(Entry::step).isEqualTo("m1");
        ToolCall toolCall = (ToolCall) entries.get(3);
        assertThat(toolCall.payloadAt("thoughtSignature").asText()).isEqualTo(SIGNATURE_BASE64);
        assertThat(toolCall.replayCompatibility()).isEqualTo("gemini-thought-signature-v1");
        assertThat(toolCall.result().content()).isEqualTo("18C");
        assertThat(((Message) entries.get(5)).content()).isEqualTo("[inlineData]");
    }

    @Test
    void should_give_back_the_same_contents_when_the_dispatch_is_unchanged() {
        Content model = Content.builder().role("model").parts(List.of(call("adk-1", true))).build();
        LlmRequest request = request(user("Weather?"), model, response("adk-1"));

        EncodedLlmRequest encoded = LlmRequestCodec.create().encode(request, null);
        List<Content> rendered = encoded.contents(encoded.dispatch());

        assertThat(rendered).extracting(Content::toJson)
                .containsExactlyElementsOf(request.contents().stream().map(Content::toJson).toList());
        assertThat(rendered.get(1).parts().orElseThrow().get(0).thoughtSignature().orElseThrow()).isEqualTo(SIGNATURE);
    }

    @Test
    void should_render_a_repair_and_keep_the_parts_it_did_not_touch() {
        // GIVEN an orphan response (its call was trimmed away) after a signed round
        Content model = Content.builder().role("model").parts(List.of(call("adk-1", true))).build();
        LlmRequest request = request(user("Weather?"), model, response("adk-1"), user("And Bergen?"),
                response("adk-lost"));
        OrderingGuard guard = OrderingGuard.builder().profile(Profiles.forModel("gemini-3-pro-preview"))
                .mode(Mode.MUTATE).build();

        // WHEN mutate repairs it and the repair is rendered
        EncodedLlmRequest encoded = LlmRequestCodec.create().encode(request, null);
        GuardResult result = guard.check(encoded.dispatch());
        List<Content> contents = encoded.contents(result.dispatch());

        // THEN the orphan is gone, the signed round is byte for byte what it was
        assertThat(result.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(contents).hasSize(4);
        assertThat(contents.subList(0, 4)).extracting(Content::toJson)
                .containsExactlyElementsOf(request.contents().subList(0, 4).stream().map(Content::toJson).toList());
        assertThat(guard.check(LlmRequestCodec.create().encode(request(contents.toArray(Content[]::new)), null)
                .dispatch()).outcome()).isEqualTo(Outcome.PASSED);
    }

    @Test
    void should_carry_a_part_that_holds_nothing_gemini_reads_as_a_placeholder() {
        LlmRequest request = request(user("Weather?"),
                Content.builder().role("model").parts(List.of(Part.builder().build())).build());

        Dispatch dispatch = LlmRequestCodec.create().encode(request, null).dispatch();

        // read tolerantly, as the Gemini wire reads a part of fields it does not know: not refused
        List<Entry> entries = dispatch.timeline().entries();
        Entry part = entries.get(entries.size() - 1);
        assertThat(part).isInstanceOf(Message.class);
        assertThat(((Message) part).content()).isEqualTo("[part]");
        assertThat(part.wireMessage()).isEqualTo("m1");
    }

    @Test
    void should_fail_when_the_provider_is_blank() {
        assertThatThrownBy(() -> LlmRequestCodec.forProvider(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("provider must not be blank, but was ' '");
    }
}

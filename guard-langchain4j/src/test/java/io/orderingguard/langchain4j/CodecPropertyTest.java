package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Seeded random histories: the codec loses nothing, and renders every repair faithfully. */
class CodecPropertyTest {

    static final OrderingGuard MUTATE = TestProfiles.guard(Mode.MUTATE, TestProfiles.strict());
    static final OrderingGuard ENFORCE = TestProfiles.guard(Mode.ENFORCE, TestProfiles.strict());

    static Stream<Arguments> seeds() {
        return LongStream.range(0, 300).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_give_back_the_same_request_for_an_unchanged_dispatch(long seed) {
        ChatRequest request = new RandomHistories(seed).next();
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);
        Dispatch copy = encoded.dispatch().withTimeline(
                Timeline.of(new ArrayList<>(encoded.dispatch().timeline().entries()), encoded.dispatch().tools()));

        assertThat(encoded.toChatRequest(copy)).isSameAs(request);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_render_a_repair_that_passes_when_encoded_again(long seed) {
        // GIVEN a broken history
        ChatRequest request = new RandomHistories(seed).next();
        List<ChatMessage> before = List.copyOf(request.messages());
        EncodedChatRequest encoded = ChatRequestCodec.create().encode(request);

        // WHEN mutate repairs it and the repair is rendered as a ChatRequest
        GuardResult result = MUTATE.check(encoded.dispatch());
        ChatRequest repaired = encoded.toChatRequest(result.dispatch());

        // THEN the rendered request passes the same rules, and the caller's request is untouched
        assertThat(result.outcome()).isNotEqualTo(Outcome.REJECTED);
        GuardResult again = ENFORCE.check(ChatRequestCodec.create().encode(repaired).dispatch());
        assertThat(again.blocking()).as("findings after rendering %s", Describe.messages(repaired.messages())).isEmpty();
        assertThat(request.messages()).containsExactlyElementsOf(before);
        if (result.outcome() == Outcome.PASSED) {
            assertThat(repaired).isSameAs(request);
        }
    }

    @org.junit.jupiter.api.Test
    void should_exercise_every_repair_the_codec_renders() {
        java.util.Map<String, Integer> strategies = new java.util.TreeMap<>();
        int repaired = 0;
        for (long seed = 0; seed < 300; seed++) {
            GuardResult result = MUTATE.check(ChatRequestCodec.create().encode(new RandomHistories(seed).next()).dispatch());
            if (result.outcome() == Outcome.REPAIRED) {
                repaired++;
            }
            result.repairs().forEach(r -> strategies.merge(r.strategy().wireName(), 1, Integer::sum));
        }
        assertThat(repaired).isGreaterThan(150);
        assertThat(strategies).containsOnlyKeys("drop-empty-turn", "drop-orphan-result", "insert-alternation-filler",
                "move-late-tool-result", "renumber-colliding-ids", "renumber-invalid-ids", "split-tool-call-group",
                "synthesize-missing-tool-result");
    }
}

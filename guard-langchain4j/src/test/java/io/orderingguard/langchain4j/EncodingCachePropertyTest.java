package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.timeline.Dispatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random conversations sent round after round through a codec with an {@link EncodingCache}:
 * whatever a round did to the conversation (grew it, trimmed its front, swapped a message for an equal
 * new instance or for another message, dropped tool results, sent it under another id, changed the
 * codec's layout or provider), the dispatch equals the one a fresh encode makes.
 */
class EncodingCachePropertyTest {

    static final int SEEDS = 300;
    static final int ROUNDS = 40;

    /** Providers of each result-wire kind: grouped (Anthropic), separate (OpenAI), unknown. */
    static final String[] PROVIDERS = {"anthropic", "openai", "test"};

    static Stream<Arguments> seeds() {
        return LongStream.range(0, SEEDS).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    /** Counts what the rounds of one run did, so that the test can say the cache was exercised. */
    static final class Tally {
        int rounds;
        int hits;
        int reusedMessages;
        int fullReuses;
    }

    /** One run: a few conversations under a few ids, changed at random round after round. */
    static Tally run(long seed, EncodingCache cache) {
        Random random = new Random(seed);
        MetadataLayout layout = MetadataLayout.values()[random.nextInt(MetadataLayout.values().length)];
        ChatRequestCodec codec = ChatRequestCodec.of(PROVIDERS[random.nextInt(PROVIDERS.length)], null, layout);
        int conversationCount = 1 + random.nextInt(3);
        List<List<ChatMessage>> conversations = new ArrayList<>();
        for (int c = 0; c < conversationCount; c++) {
            conversations.add(new ArrayList<>(chunk(random, layout)));
        }
        Tally tally = new Tally();
        for (int round = 0; round < ROUNDS; round++) {
            int c = random.nextInt(conversationCount);
            List<ChatMessage> messages = conversations.get(c);
            change(random, messages, layout);
            if (messages.isEmpty()) {
                messages.addAll(chunk(random, layout));
            }
            // mostly its own id; sometimes another conversation's (a switched id), sometimes none
            int pick = random.nextInt(12);
            String id = pick == 0 ? null : "c-" + (pick == 1 ? random.nextInt(conversationCount) : c);
            if (random.nextInt(15) == 0) {
                // another target for the same conversations: layout or provider changes what entries say
                MetadataLayout other = MetadataLayout.values()[random.nextInt(MetadataLayout.values().length)];
                codec = ChatRequestCodec.of(PROVIDERS[random.nextInt(PROVIDERS.length)], null, other);
            }
            ChatRequest request = ChatRequest.builder().messages(messages).build();
            EncodingCache.Snapshot previous = id == null ? null : cache.get(id);
            int reused = previous == null || !previous.encodedLike(codec.layout(), codec.resultWires()) ? 0
                    : EncodingCache.reusable(previous, request.messages());

            Dispatch remembered = codec.encode(request, id, cache).dispatch();
            Dispatch fresh = codec.encode(request, id).dispatch();

            assertThat(remembered).as("round %d of seed %d (%d message(s) reused): %s", round, seed, reused,
                    Describe.messages(request.messages())).isEqualTo(fresh);
            assertThat(remembered.timeline().entries()).isEqualTo(fresh.timeline().entries());
            tally.rounds++;
            if (reused > 0) {
                tally.hits++;
                tally.reusedMessages += reused;
                if (previous != null && reused == previous.messages.size()) {
                    tally.fullReuses++;
                }
                // the reused entries are the very objects the previous dispatch carried
                int shared = previous.starts[reused];
                for (int k = 0; k < shared; k++) {
                    assertThat(remembered.timeline().entries().get(k)).isSameAs(previous.entries.get(k));
                }
            }
        }
        return tally;
    }

    /**
     * A random run of messages: a slice of a random history (tool rounds with signatures or reasoning as
     * the layout's module keeps them, parallel and repeated call ids, missing, shuffled and displaced
     * results, orphan results, user messages with images, empty answers). Call ids repeat across slices,
     * so a later slice's results may answer an earlier slice's calls.
     */
    static List<ChatMessage> chunk(Random random, MetadataLayout layout) {
        List<ChatMessage> history = new RandomHistories(random.nextInt(1_000), layout).next().messages();
        int from = random.nextInt(history.size());
        int to = from + 1 + random.nextInt(history.size() - from);
        return history.subList(from, to);
    }

    /** One round's change to a conversation. */
    static void change(Random random, List<ChatMessage> messages, MetadataLayout layout) {
        int op = random.nextInt(20);
        if (op < 9) {
            messages.addAll(chunk(random, layout)); // the tool loop's next round, or the next turn
        } else if (op < 11) {
            return; // sent again as it was
        } else if (op == 11 && !messages.isEmpty()) {
            messages.subList(0, 1 + random.nextInt(messages.size())).clear(); // a window evicted the front
        } else if (op == 12 && !messages.isEmpty()) {
            int i = random.nextInt(messages.size());
            messages.set(i, equalCopy(messages.get(i))); // equal, but another instance
        } else if (op == 13 && !messages.isEmpty()) {
            int i = random.nextInt(messages.size());
            List<ChatMessage> other = chunk(random, layout);
            messages.set(i, other.get(random.nextInt(other.size()))); // another message
        } else if (op == 14) {
            messages.removeIf(m -> m instanceof ToolExecutionResultMessage && random.nextInt(3) == 0);
        } else if (op == 15 && !messages.isEmpty()) {
            messages.subList(random.nextInt(messages.size()), messages.size()).clear(); // the last ones undone
        } else if (op == 16 && !messages.isEmpty()) {
            // a result added to the run that ends the conversation (or displaced into it)
            messages.add(random.nextBoolean() ? ToolExecutionResultMessage.from("call_" + (1 + random.nextInt(6)),
                    "search", "late") : equalCopy(messages.get(random.nextInt(messages.size()))));
        } else if (op == 17 && messages.size() > 1) {
            int i = random.nextInt(messages.size() - 1);
            messages.add(i, messages.remove(i + 1)); // two neighbours swapped
        } else {
            messages.addAll(chunk(random, layout));
        }
    }

    static ChatMessage equalCopy(ChatMessage m) {
        if (m instanceof AiMessage a) {
            return a.toBuilder().build();
        }
        if (m instanceof UserMessage u) {
            return u.toBuilder().build();
        }
        if (m instanceof ToolExecutionResultMessage r) {
            return r.toBuilder().build();
        }
        if (m instanceof SystemMessage s) {
            return SystemMessage.from(s.text());
        }
        return m;
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_encode_what_a_fresh_encode_does_round_after_round(long seed) {
        // a small cache: conversations are forgotten and come back
        EncodingCache cache = EncodingCache.remembering(1 + (int) (seed % 3));

        Tally tally = run(seed, cache);

        assertThat(tally.rounds).isEqualTo(ROUNDS);
        assertThat(cache.size()).isBetween(1, 3);
    }

    @Test
    void should_reuse_most_rounds_across_the_seeds() {
        Tally all = new Tally();
        for (long seed = 0; seed < SEEDS; seed++) {
            Tally t = run(seed, EncodingCache.remembering(EncodingCache.DEFAULT_CONVERSATIONS));
            all.rounds += t.rounds;
            all.hits += t.hits;
            all.reusedMessages += t.reusedMessages;
            all.fullReuses += t.fullReuses;
        }
        // most rounds only grow or resend their conversation, under its own id
        assertThat(all.hits).as("rounds that reused entries, of %d", all.rounds).isGreaterThan(all.rounds / 3);
        assertThat(all.fullReuses).as("rounds that reused every message of the previous request")
                .isGreaterThan(all.rounds / 5);
        assertThat(all.reusedMessages).isGreaterThan(all.hits);
    }

    @Test
    void should_encode_what_a_fresh_encode_does_when_threads_share_the_cache() throws Exception {
        // GIVEN one cache, and threads that each send rounds of their own and of shared conversations
        EncodingCache cache = EncodingCache.remembering(8);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Callable<Integer>> tasks = new ArrayList<>();
        Map<String, List<ChatMessage>> shared = new HashMap<>();
        for (int c = 0; c < 3; c++) {
            shared.put("shared-" + c, chunk(new Random(c), MetadataLayout.ANTHROPIC));
        }
        for (int t = 0; t < 4; t++) {
            long seed = 1_000 + t;
            tasks.add(() -> {
                Random random = new Random(seed);
                ChatRequestCodec codec = ChatRequestCodec.of("anthropic", null);
                List<List<ChatMessage>> own = new ArrayList<>();
                for (int c = 0; c < 3; c++) {
                    own.add(new ArrayList<>(chunk(random, MetadataLayout.ANTHROPIC)));
                }
                int checked = 0;
                for (int round = 0; round < 300; round++) {
                    List<ChatMessage> messages;
                    String id;
                    if (random.nextInt(3) == 0) {
                        // a conversation every thread sends: the same prefix, each with its own next round
                        id = "shared-" + random.nextInt(3);
                        messages = new ArrayList<>(shared.get(id));
                        messages.addAll(chunk(random, MetadataLayout.ANTHROPIC));
                    } else {
                        int c = random.nextInt(3);
                        id = "thread-" + seed + "-" + c;
                        messages = own.get(c);
                        change(random, messages, MetadataLayout.ANTHROPIC);
                        if (messages.isEmpty()) {
                            messages.addAll(chunk(random, MetadataLayout.ANTHROPIC));
                        }
                    }
                    ChatRequest request = ChatRequest.builder().messages(messages).build();

                    // WHEN it is encoded with the shared cache
                    Dispatch remembered = codec.encode(request, id, cache).dispatch();

                    // THEN it is what a fresh encode makes
                    assertThat(remembered).isEqualTo(codec.encode(request, id).dispatch());
                    checked++;
                }
                return checked;
            });
        }
        try {
            int total = 0;
            for (Future<Integer> f : pool.invokeAll(tasks)) {
                total += f.get();
            }
            assertThat(total).isEqualTo(1_200);
            assertThat(cache.size()).isEqualTo(8);
        } finally {
            pool.shutdownNow();
        }
    }
}

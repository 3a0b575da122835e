package io.orderingguard.examples;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.redis.RedisStash;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.surface.ReplayTags;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * Two stateless app servers share each conversation's preservation baseline through Redis. Server A
 * sends the first request of a tool loop with a signed thinking block; the next request of the same
 * conversation lands on server B, and a memory window there has dropped that block. Anthropic would
 * answer 400 (a thinking block of the current turn was modified); server B's guard rejects the
 * request before it is sent, because it compares it with the baseline server A stored in Redis.
 * Restoring the block makes the request pass.
 *
 * <p>Run it against a local Redis: {@code redis-server --port 6379}, then this class's {@code main}
 * (the first argument overrides {@code redis://localhost:6379}).
 */
public final class RedisStashExample {

    private static final String CONVERSATION = "weather-7";

    private RedisStashExample() {}

    /**
     * Runs the example against {@code args[0]}, or {@code redis://localhost:6379}.
     *
     * @param args an optional Redis URI
     */
    public static void main(String[] args) {
        run(System.out, args.length > 0 ? args[0] : "redis://localhost:6379");
    }

    /**
     * Runs the example, printing to {@code out}.
     *
     * @param out where to print
     * @param redisUri the Redis both servers share, e.g. {@code redis://localhost:6379}
     * @return the three results: server A's first request, server B's broken one, server B's fixed one
     */
    public static List<GuardResult> run(PrintStream out, String redisUri) {
        OrderingProfile profile = OrderingProfile.of("signed-thinking",
                OrderingRule.payloadFieldStable("thinking-signature-stable", Kind.THOUGHT, "signature")
                        .withSeverity(Severity.BLOCKING)
                        .withProvenance(Provenance.of("Anthropic extended thinking: preserving thinking blocks",
                                "`thinking` or `redacted_thinking` blocks in the latest assistant message cannot be"
                                        + " modified", null)));

        // one stash per app server, as two JVMs would have; a generous deadline for a cold start
        try (RedisStash stashA = RedisStash.builder().uri(redisUri).namespace("example")
                        .timeout(Duration.ofSeconds(2)).build();
                RedisStash stashB = RedisStash.builder().uri(redisUri).namespace("example")
                        .timeout(Duration.ofSeconds(2)).build()) {
            OrderingGuard serverA = OrderingGuard.builder().profile(profile).stash(stashA).build();
            OrderingGuard serverB = OrderingGuard.builder().profile(profile).stash(stashB).build();
            stashA.remove(CONVERSATION); // start the demo conversation afresh on every run

            Entry question = Entry.user("m1", "Do I need an umbrella in Paris today?");
            Entry thinking = signedThinking("thinking_1", "EqQBCkgIARABGAIiQL7x");
            Entry lookup = Entry.toolCall("toolu_01", "get_weather",
                    JsonNodeFactory.instance.objectNode().put("city", "Paris")).withResult("18 C, rain from 15:00");
            Entry answer = Entry.assistant("m2", "Yes: rain from 15:00.");
            Entry followUp = Entry.user("m3", "And tomorrow?");

            GuardResult first = serverA.check(dispatch(question, thinking, lookup));
            out.println("server A: " + first.outcome().wireName() + "; Redis holds version "
                    + stashB.get(CONVERSATION).map(Snapshot::version).orElse(0L) + " of " + CONVERSATION);

            GuardResult broken = serverB.check(dispatch(question, lookup, answer, followUp));
            out.println("server B, thinking block dropped: " + broken.outcome().wireName());
            for (Finding finding : broken.blocking()) {
                out.println("  " + finding.ruleId() + ": " + finding.detail());
                out.println("  prevents: " + finding.providerError());
            }

            GuardResult fixed = serverB.check(dispatch(question, thinking, lookup, answer, followUp));
            out.println("server B, thinking block kept: " + fixed.outcome().wireName() + "; Redis holds version "
                    + stashA.get(CONVERSATION).map(Snapshot::version).orElse(0L));
            return List.of(first, broken, fixed);
        }
    }

    private static Dispatch dispatch(Entry... entries) {
        return Dispatch.of(CONVERSATION, "anthropic", "claude-sonnet-4-5", Timeline.of(entries));
    }

    private static Thought signedThinking(String id, String signature) {
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put("signature", signature);
        return new Thought(id, "", payload, ReplayTags.ANTHROPIC_THINKING, null, null);
    }
}

package io.orderingguard.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardResult;
import io.orderingguard.Outcome;
import io.orderingguard.redis.RedisServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link RedisStashExample} against a real {@code redis-server} started by guard-redis's test
 * harness: skipped without the binary, failed without it when {@code CI=true}.
 */
class RedisStashExampleTest {

    @Test
    void a_shared_redis_stash_catches_a_signed_thinking_block_lost_between_two_app_servers() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (RedisServer redis = RedisServer.start()) {
            List<GuardResult> results = RedisStashExample.run(out, redis.uri());
            // a second run starts the conversation afresh instead of comparing with the first
            List<GuardResult> again = RedisStashExample.run(out, redis.uri());

            assertThat(results).extracting(GuardResult::outcome)
                    .containsExactly(Outcome.PASSED, Outcome.REJECTED, Outcome.PASSED);
            assertThat(again).extracting(GuardResult::outcome)
                    .containsExactly(Outcome.PASSED, Outcome.REJECTED, Outcome.PASSED);
            String once = "server A: passed; Redis holds version 1 of weather-7\n"
                    + "server B, thinking block dropped: rejected\n"
                    + "  thinking-signature-stable: preservation invariant payload-field-stable violated for thought"
                    + " (payload field 'signature' removed or changed): 'thinking_1'\n"
                    + "  prevents: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be"
                    + " modified\n"
                    + "server B, thinking block kept: passed; Redis holds version 2\n";
            assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(once + once);
        }
    }
}

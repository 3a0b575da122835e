package io.orderingguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every check is a JFR event; these tests record checks and read the events back. */
class CheckEventTest {

    private static final OrderingProfile PROFILE = OrderingProfile.of("test",
            OrderingRule.toolResultPairing("tool-result-pairing").withSeverity(Severity.BLOCKING));

    private static Dispatch unanswered() {
        return Dispatch.of("c-1", "anthropic", "claude-sonnet-4-5", Timeline.of(Entry.user("u1", "find"),
                Entry.toolCall("call_1", "search", null), Entry.user("u2", "again")));
    }

    private static List<RecordedEvent> record(Path dir, Runnable checks) throws IOException {
        Path file = dir.resolve("checks.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("io.orderingguard.Check").withoutThreshold();
            recording.start();
            checks.run();
            recording.stop();
            recording.dump(file);
        }
        return RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("io.orderingguard.Check"))
                .toList();
    }

    @Test
    void should_record_one_event_per_check_with_its_duration_target_and_verdict(@TempDir Path dir) throws IOException {
        OrderingGuard enforce = OrderingGuard.of(PROFILE);
        OrderingGuard mutate = OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).shadow(true).build();

        List<RecordedEvent> events = record(dir, () -> {
            enforce.check(unanswered());
            mutate.check(unanswered());
        });

        assertThat(events).hasSize(2);
        RecordedEvent rejected = events.get(0);
        assertThat(rejected.getEventType().getLabel()).isEqualTo("Ordering Guard Check");
        assertThat(rejected.getEventType().getCategoryNames()).containsExactly("Ordering Guard");
        assertThat(rejected.getDuration()).isGreaterThan(Duration.ZERO);
        assertThat(rejected.getString("mode")).isEqualTo("enforce");
        assertThat(rejected.getBoolean("shadow")).isFalse();
        assertThat(rejected.getString("outcome")).isEqualTo("rejected");
        assertThat(rejected.getString("profile")).isEqualTo("test");
        assertThat(rejected.getString("provider")).isEqualTo("anthropic");
        assertThat(rejected.getString("model")).isEqualTo("claude-sonnet-4-5");
        assertThat(rejected.getString("conversationId")).isEqualTo("c-1");
        assertThat(rejected.getInt("entries")).isEqualTo(3);
        assertThat(rejected.getInt("blocking")).isEqualTo(1);
        assertThat(rejected.getInt("advisories")).isZero();
        assertThat(rejected.getInt("repairs")).isZero();
        assertThat(rejected.getStackTrace()).isNull();

        RecordedEvent repaired = events.get(1);
        assertThat(repaired.getString("mode")).isEqualTo("mutate");
        assertThat(repaired.getBoolean("shadow")).isTrue();
        assertThat(repaired.getString("outcome")).isEqualTo("repaired");
        assertThat(repaired.getInt("repairs")).isEqualTo(1);
    }

    @Test
    void should_record_nothing_while_the_event_is_disabled(@TempDir Path dir) throws IOException {
        OrderingGuard guard = OrderingGuard.of(PROFILE);
        Path file = dir.resolve("none.jfr");
        try (Recording recording = new Recording()) {
            recording.disable("io.orderingguard.Check");
            recording.start();
            assertThat(guard.check(unanswered()).rejected()).isTrue();
            recording.stop();
            recording.dump(file);
        }
        assertThat(Files.exists(file) ? RecordingFile.readAllEvents(file) : List.<RecordedEvent>of())
                .noneMatch(e -> e.getEventType().getName().equals("io.orderingguard.Check"));
    }
}

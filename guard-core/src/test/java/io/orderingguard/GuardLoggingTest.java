package io.orderingguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The guard's log lines, captured by a logback {@link ListAppender} on the guard's logger: what each
 * line says at which level, and that the conversation id is in the MDC while the guard logs.
 */
class GuardLoggingTest {

    private static final String KEY = OrderingGuard.MDC_CONVERSATION_ID;
    private static final OrderingProfile PROFILE = OrderingProfile.of("test",
            OrderingRule.toolResultPairing("tool-result-pairing").withSeverity(Severity.BLOCKING),
            OrderingRule.alternation("alt", Role.USER, Role.ASSISTANT).withSeverity(Severity.BLOCKING));

    private final Logger logger = (Logger) LoggerFactory.getLogger(OrderingGuard.class);
    /** Keeps each event with the MDC as it was when the line was logged (logback reads it lazily). */
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent event) {
            event.prepareForDeferredProcessing();
            super.append(event);
        }
    };

    @BeforeEach
    void capture() {
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(Level.DEBUG);
    }

    @AfterEach
    void release() {
        logger.detachAppender(appender);
        logger.setLevel(null);
        MDC.clear();
    }

    /** Two user messages in a row, then two unanswered calls. */
    private static Dispatch broken(String conversationId) {
        return Dispatch.of(conversationId, "anthropic", "claude-sonnet-4-5", Timeline.of(Entry.user("u1", "find"),
                Entry.user("u2", "again"), Entry.toolCall("call_1", "search", null),
                Entry.toolCall("call_2", "fetch", null)));
    }

    private List<Object> lines() {
        List<Object> lines = new ArrayList<>();
        for (ILoggingEvent e : appender.list) {
            lines.add(tuple(e.getLevel(), e.getFormattedMessage(), e.getMDCPropertyMap().get(KEY)));
        }
        return lines;
    }

    @Test
    void should_name_every_repair_at_info_and_detail_each_at_debug_with_the_conversation_in_the_mdc() {
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).build();

        GuardResult result = guard.check(broken("c-7"));

        assertThat(result.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(result.repairs()).hasSize(3);
        assertThat(lines()).containsExactly(
                tuple(Level.INFO, "repaired dispatch of conversation c-7 (profile test) with 3 repairs: "
                        + "synthesize-missing-tool-result (tool-result-pairing: call_1); "
                        + "synthesize-missing-tool-result (tool-result-pairing: call_2); "
                        + "insert-alternation-filler (alt: u1, u2)", "c-7"),
                tuple(Level.DEBUG, "repair synthesize-missing-tool-result for rule tool-result-pairing on [call_1]: "
                        + result.repairs().get(0).detail(), "c-7"),
                tuple(Level.DEBUG, "repair synthesize-missing-tool-result for rule tool-result-pairing on [call_2]: "
                        + result.repairs().get(1).detail(), "c-7"),
                tuple(Level.DEBUG, "repair insert-alternation-filler for rule alt on [u1, u2]: "
                        + result.repairs().get(2).detail(), "c-7"));
        assertThat(MDC.get(KEY)).isNull();
    }

    @Test
    @SuppressWarnings("deprecation")
    void should_say_what_shadow_mode_would_have_done() {
        OrderingGuard mutate = OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).shadow(true).build();
        OrderingGuard enforce = OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW).build();

        mutate.check(broken("c-8"));
        appender.list.clear();
        logger.setLevel(Level.INFO);
        mutate.check(broken("c-8"));
        enforce.check(broken(null));

        assertThat(lines()).containsExactly(
                tuple(Level.INFO, "shadow mode: would have repaired dispatch of conversation c-8 (profile test) with 3 repairs: "
                        + "synthesize-missing-tool-result (tool-result-pairing: call_1); "
                        + "synthesize-missing-tool-result (tool-result-pairing: call_2); "
                        + "insert-alternation-filler (alt: u1, u2)", "c-8"),
                tuple(Level.WARN, "shadow mode: would reject dispatch: "
                        + OrderingViolationException.message(enforce.check(broken(null))), null));
    }

    @Test
    void should_log_a_rejection_at_warn_and_a_pass_at_debug() {
        OrderingGuard guard = OrderingGuard.of(PROFILE);
        Dispatch ok = Dispatch.of("c-9", null, null, Timeline.of(Entry.user("u1", "hi"), Entry.assistant("a1", "hello")));

        GuardResult rejected = guard.check(broken("c-9"));
        guard.check(ok);

        assertThat(lines()).containsExactly(
                tuple(Level.WARN, OrderingViolationException.message(rejected), "c-9"),
                tuple(Level.DEBUG, "dispatch of conversation c-9 passed (profile test, 0 advisories)", "c-9"));
    }

    @Test
    void should_restore_the_callers_mdc_value_after_the_check() {
        MDC.put(KEY, "outer");
        List<String> seen = new ArrayList<>();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).stash(InMemoryStash.create())
                .listener(new GuardListener() {
                    @Override
                    public void onResult(GuardResult result) {
                        seen.add("listener " + MDC.get(KEY));
                    }
                })
                .observer(dispatch -> {
                    seen.add("start " + MDC.get(KEY));
                    return report -> seen.add("end " + MDC.get(KEY));
                })
                .build();

        guard.check(broken("c-10"));

        assertThat(seen).containsExactly("start c-10", "listener c-10", "end c-10");
        assertThat(MDC.get(KEY)).isEqualTo("outer");
    }

    @Test
    void should_leave_the_mdc_alone_when_the_guard_has_nothing_to_log_or_call() {
        logger.setLevel(Level.INFO);
        MDC.put("other", "kept");
        Dispatch ok = Dispatch.of("c-11", null, null, Timeline.of(Entry.user("u1", "hi"), Entry.assistant("a1", "hello")));

        assertThat(OrderingGuard.of(PROFILE).check(ok).outcome()).isEqualTo(Outcome.PASSED);

        assertThat(appender.list).isEmpty();
        assertThat(MDC.getCopyOfContextMap()).containsExactly(java.util.Map.entry("other", "kept"));
    }
}

package io.orderingguard;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Tells the world about each check: observers (metrics, traces) around it, then the log line,
 * listeners, and the conversation id in the slf4j MDC while any of them runs. A failing observer or
 * listener is logged and ignored; the check's verdict never depends on them.
 *
 * <p>Thread-safe when the observers and listeners are.
 */
final class CheckReporting {

    private static final Logger LOG = LoggerFactory.getLogger(OrderingGuard.class);

    /** MDC tokens: the MDC was not touched, or held no conversation id before. */
    private static final Object MDC_UNTOUCHED = new Object();
    private static final Object MDC_ABSENT = new Object();

    private final List<GuardListener> listeners;
    private final CheckObserver[] observers;
    private final boolean shadow;

    CheckReporting(List<GuardListener> listeners, CheckObserver[] observers, boolean shadow) {
        this.listeners = listeners;
        this.observers = observers;
        this.shadow = shadow;
    }

    /** A check with observers or the MDC scope around it. */
    GuardResult observed(Dispatch dispatch, boolean scoped, BiFunction<Dispatch, Boolean, GuardResult> evaluate) {
        Object mdc = scoped ? enterMdc(dispatch.conversationId()) : MDC_UNTOUCHED;
        try {
            long start = observers.length > 0 ? System.nanoTime() : 0L;
            CheckObservation[] started = new CheckObservation[observers.length];
            for (int i = 0; i < observers.length; i++) {
                try {
                    started[i] = Require.nonNull(observers[i].start(dispatch), "observation");
                } catch (RuntimeException e) {
                    LOG.warn("ordering guard observer {} failed to start; ignored", observers[i], e);
                }
            }
            GuardResult result;
            try {
                result = evaluate.apply(dispatch, scoped);
            } catch (RuntimeException e) {
                for (CheckObservation observation : started) {
                    if (observation != null) {
                        try {
                            observation.fail(dispatch, e);
                        } catch (RuntimeException ignored) {
                            LOG.warn("ordering guard observation {} failed; ignored", observation, ignored);
                        }
                    }
                }
                throw e;
            }
            if (started.length > 0) {
                CheckReport report = new CheckReport(dispatch, result, Duration.ofNanos(System.nanoTime() - start));
                for (CheckObservation observation : started) {
                    if (observation != null) {
                        try {
                            observation.end(report);
                        } catch (RuntimeException e) {
                            LOG.warn("ordering guard observation {} failed; ignored", observation, e);
                        }
                    }
                }
            }
            return result;
        } finally {
            exitMdc(mdc);
        }
    }

    static Object enterMdc(String conversationId) {
        if (conversationId == null) {
            return MDC_UNTOUCHED;
        }
        String previous = MDC.get(OrderingGuard.MDC_CONVERSATION_ID);
        MDC.put(OrderingGuard.MDC_CONVERSATION_ID, conversationId);
        return previous == null ? MDC_ABSENT : previous;
    }

    static void exitMdc(Object token) {
        if (token == MDC_ABSENT) {
            MDC.remove(OrderingGuard.MDC_CONVERSATION_ID);
        } else if (token != MDC_UNTOUCHED) {
            MDC.put(OrderingGuard.MDC_CONVERSATION_ID, (String) token);
        }
    }

    void publish(Dispatch dispatch, GuardResult result, boolean scoped) {
        boolean logs = result.rejected() ? LOG.isWarnEnabled()
                : result.repairs().isEmpty() ? LOG.isDebugEnabled() : LOG.isInfoEnabled();
        Object mdc = !scoped && (logs || !listeners.isEmpty()) ? enterMdc(dispatch.conversationId()) : MDC_UNTOUCHED;
        try {
            if (logs) {
                log(dispatch, result);
            }
            for (GuardListener listener : listeners) {
                try {
                    for (Finding f : result.blocking()) {
                        listener.onFinding(f, dispatch);
                    }
                    for (Finding f : result.advisories()) {
                        listener.onFinding(f, dispatch);
                    }
                    for (Repair r : result.repairs()) {
                        listener.onRepair(r, dispatch);
                    }
                    if (result.rejected()) {
                        listener.onRejection(result);
                    }
                    listener.onResult(result);
                } catch (RuntimeException e) {
                    LOG.warn("ordering guard listener {} failed; ignored", listener, e);
                }
            }
        } finally {
            exitMdc(mdc);
        }
    }

    void publishVerdict(Verdict verdict, GuardResult result) {
        if (listeners.isEmpty()) {
            return;
        }
        Object mdc = enterMdc(result.dispatch().conversationId());
        try {
            for (GuardListener listener : listeners) {
                try {
                    listener.onVerdict(verdict, result);
                } catch (RuntimeException e) {
                    LOG.warn("ordering guard listener {} failed; ignored", listener, e);
                }
            }
        } finally {
            exitMdc(mdc);
        }
    }

    /**
     * Logs the verdict. A repaired dispatch is one INFO line naming every repair: a repair changes what
     * the provider receives, so operators see it at the default level, yet a long conversation that is
     * repaired at every turn adds one line per dispatch, not one per repair. Each repair's detail
     * sentence (which may quote entry ids and roles at length) follows at DEBUG.
     */
    private void log(Dispatch dispatch, GuardResult result) {
        String conversation = dispatch.conversationId() == null ? "" : " of conversation " + dispatch.conversationId();
        if (result.rejected()) {
            if (shadow) {
                LOG.warn("shadow mode: would reject dispatch{}: {}", conversation, OrderingViolationException.message(result));
            } else {
                LOG.warn("{}", OrderingViolationException.message(result));
            }
        } else if (!result.repairs().isEmpty()) {
            LOG.info("{} dispatch{} (profile {}) with {} repair{}: {}", shadow ? "shadow mode: would have repaired" : "repaired",
                    conversation, result.profile(), result.repairs().size(), result.repairs().size() == 1 ? "" : "s",
                    describe(result.repairs()));
        } else {
            LOG.debug("dispatch{} passed (profile {}, {} advisories)", conversation, result.profile(),
                    result.advisories().size());
        }
        if (LOG.isDebugEnabled()) {
            for (Repair r : result.repairs()) {
                LOG.debug("repair {} for rule {} on {}: {}", r.strategy().wireName(), r.ruleId(), r.primitiveIds(),
                        r.detail());
            }
        }
    }

    /**
     * Names repairs for a log line: {@code strategy (rule id: entry ids)}, separated by {@code "; "}.
     *
     * @param repairs the repairs
     * @return the text
     */
    static String describe(List<Repair> repairs) {
        StringBuilder text = new StringBuilder();
        for (Repair r : repairs) {
            if (text.length() > 0) {
                text.append("; ");
            }
            text.append(r.strategy().wireName()).append(" (").append(r.ruleId());
            if (!r.primitiveIds().isEmpty()) {
                text.append(": ").append(String.join(", ", r.primitiveIds()));
            }
            text.append(')');
        }
        return text.toString();
    }
}

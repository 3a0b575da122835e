package io.orderingguard.opentelemetry;

import static io.orderingguard.opentelemetry.GuardrailAttributes.COMPONENT_NAME;
import static io.orderingguard.opentelemetry.GuardrailAttributes.CONVERSATION_ID;
import static io.orderingguard.opentelemetry.GuardrailAttributes.ENTRY_IDS;
import static io.orderingguard.opentelemetry.GuardrailAttributes.HTTP_STATUS;
import static io.orderingguard.opentelemetry.GuardrailAttributes.MODE;
import static io.orderingguard.opentelemetry.GuardrailAttributes.POLICY_ID;
import static io.orderingguard.opentelemetry.GuardrailAttributes.POLICY_RULE_ID;
import static io.orderingguard.opentelemetry.GuardrailAttributes.POLICY_VERSION;
import static io.orderingguard.opentelemetry.GuardrailAttributes.PROVIDER_NAME;
import static io.orderingguard.opentelemetry.GuardrailAttributes.REJECTION_RULE_ID;
import static io.orderingguard.opentelemetry.GuardrailAttributes.REQUEST_MODEL;
import static io.orderingguard.opentelemetry.GuardrailAttributes.RESULT_REASON;
import static io.orderingguard.opentelemetry.GuardrailAttributes.RESULT_TYPE;
import static io.orderingguard.opentelemetry.GuardrailAttributes.RESULT_VALUE;
import static io.orderingguard.opentelemetry.GuardrailAttributes.SHADOW;
import static io.orderingguard.opentelemetry.GuardrailAttributes.SOURCE;
import static io.orderingguard.opentelemetry.GuardrailAttributes.VERDICT_OUTCOME;
import static io.orderingguard.opentelemetry.GuardrailAttributes.WOULD_BLOCK_RULE_IDS;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.orderingguard.CheckObservation;
import io.orderingguard.CheckObserver;
import io.orderingguard.CheckReport;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Verdict;
import io.orderingguard.Outcome;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.util.ArrayList;
import java.util.List;

/**
 * Adds GenAI guardrail span events ({@value #EVENT_NAME}) to the current span for every guard check:
 * typically the application's or the LLM client's span around the request the guard checks.
 *
 * <p>Each check adds, in this order (each event carries {@code gen_ai.guardrail.component.name} =
 * {@value #COMPONENT}, {@code gen_ai.guardrail.policy.id} = the profile evaluated,
 * {@code gen_ai.guardrail.policy.version} when given, {@code gen_ai.guardrail.source} =
 * {@code input}, and {@code gen_ai.provider.name}, {@code gen_ai.conversation.id},
 * {@code gen_ai.request.model} when the dispatch names them):
 *
 * <table>
 * <caption>Events per check</caption>
 * <tr><th>{@code result.type}</th><th>{@code result.value}</th><th>{@code result.reason}</th><th>also</th></tr>
 * <tr><td>{@code verdict} (one)</td><td>{@code passed}, {@code repaired} or {@code rejected}</td>
 *     <td>a summary sentence</td><td>{@code ordering_guard.mode}, {@code ordering_guard.shadow}</td></tr>
 * <tr><td>{@code finding} (one per finding)</td><td>{@code blocking} or {@code advisory}</td>
 *     <td>the finding's detail</td><td>{@code policy.rule.id}, {@code ordering_guard.entry.ids}</td></tr>
 * <tr><td>{@code repair} (one per repair)</td><td>the strategy, e.g. {@code reorder}</td>
 *     <td>the repair's detail</td><td>{@code policy.rule.id}, {@code ordering_guard.entry.ids}</td></tr>
 * </table>
 *
 * <p>{@link #verdicts()} adds one more event, {@value #VERDICT_EVENT_NAME}, when the provider's answer
 * to a guarded request is known (see there).
 *
 * <p>Nothing is added when there is no current span or it is not recording (the check then costs one
 * context lookup). No message text is written: details name entry ids, roles and rules.
 *
 * <p>Thread-safe: the observers it returns are stateless.
 */
public final class GuardSpanEvents {

    /** The span event name of the GenAI guardrail convention. */
    public static final String EVENT_NAME = "gen_ai.guardrail.result";

    /** The value of {@code gen_ai.guardrail.component.name}. */
    public static final String COMPONENT = "ordering-guard";

    /** The span event a {@link #verdicts()} listener adds when the provider's answer is known. */
    public static final String VERDICT_EVENT_NAME = "ordering_guard.verdict";

    private GuardSpanEvents() {}

    /**
     * Returns a listener that adds a {@value #VERDICT_EVENT_NAME} event to the current span for every
     * verdict ({@link OrderingGuard#answered}): the span is the one current where the adapter learns
     * the answer, usually the client's span around the call. Attributes: {@code ordering_guard.verdict.outcome},
     * {@code ordering_guard.verdict.would_block.rule.ids}, {@code ordering_guard.verdict.rejection.rule.id}
     * (when the rejection text is classified), {@code http.response.status_code},
     * {@code gen_ai.guardrail.policy.id} (the profile), {@code gen_ai.provider.name} and
     * {@code gen_ai.request.model} when known. Never the provider's error text, never message content.
     *
     * <pre>{@code
     * OrderingGuard guard = OrderingGuard.builder()
     *         .profile("anthropic-messages")
     *         .observer(GuardSpanEvents.observer())
     *         .listener(GuardSpanEvents.verdicts())
     *         .build();
     * }</pre>
     *
     * @return the listener to attach to a guard
     */
    public static GuardListener verdicts() {
        return VerdictEvents.INSTANCE;
    }

    /**
     * Returns an observer that adds guardrail events to the current span.
     *
     * @return the observer to attach to a guard
     */
    public static CheckObserver observer() {
        return new Observer(null);
    }

    /**
     * Returns an observer that adds guardrail events to the current span, naming the policy version.
     *
     * @param policyVersion the value of {@code gen_ai.guardrail.policy.version}, e.g. the profile
     *     catalogue's version
     * @return the observer to attach to a guard
     * @throws IllegalArgumentException when blank
     */
    public static CheckObserver observer(String policyVersion) {
        return new Observer(Require.nonBlank(policyVersion, "policyVersion"));
    }

    /** Writes a verdict event when an answer is known. */
    private enum VerdictEvents implements GuardListener {
        INSTANCE;

        @Override
        public void onVerdict(Verdict verdict, GuardResult result) {
            Span span = Span.current();
            if (!span.isRecording()) {
                return;
            }
            AttributesBuilder b = Attributes.builder()
                    .put(COMPONENT_NAME, COMPONENT)
                    .put(POLICY_ID, verdict.profile())
                    .put(VERDICT_OUTCOME, verdict.outcome().wireName())
                    .put(WOULD_BLOCK_RULE_IDS, verdict.wouldBlock())
                    .put(HTTP_STATUS, (long) verdict.status());
            if (verdict.rejectionRuleId() != null) {
                b.put(REJECTION_RULE_ID, verdict.rejectionRuleId());
            }
            if (verdict.provider() != null) {
                b.put(PROVIDER_NAME, verdict.provider());
            }
            if (verdict.model() != null) {
                b.put(REQUEST_MODEL, verdict.model());
            }
            span.addEvent(VERDICT_EVENT_NAME, b.build());
        }

        @Override
        public String toString() {
            return "GuardSpanEvents.verdicts()";
        }
    }

    /** Writes the events when a check ends. */
    private static final class Observer implements CheckObserver, CheckObservation {
        private final String policyVersion;

        Observer(String policyVersion) {
            this.policyVersion = policyVersion;
        }

        @Override
        public CheckObservation start(Dispatch dispatch) {
            return this;
        }

        @Override
        public void end(CheckReport report) {
            Span span = Span.current();
            if (!span.isRecording()) {
                return;
            }
            span.addEvent(EVENT_NAME, common(report)
                    .put(RESULT_TYPE, "verdict")
                    .put(RESULT_VALUE, report.outcome().wireName())
                    .put(RESULT_REASON, summary(report))
                    .put(MODE, report.mode().wireName())
                    .put(SHADOW, report.shadow())
                    .build());
            for (Finding f : report.findings()) {
                span.addEvent(EVENT_NAME, common(report)
                        .put(RESULT_TYPE, "finding")
                        .put(POLICY_RULE_ID, f.ruleId())
                        .put(RESULT_VALUE, f.severity().wireName())
                        .put(RESULT_REASON, f.detail())
                        .put(ENTRY_IDS, f.primitiveIds())
                        .build());
            }
            for (Repair r : report.repairs()) {
                span.addEvent(EVENT_NAME, common(report)
                        .put(RESULT_TYPE, "repair")
                        .put(POLICY_RULE_ID, r.ruleId())
                        .put(RESULT_VALUE, r.strategy().wireName())
                        .put(RESULT_REASON, r.detail())
                        .put(ENTRY_IDS, r.primitiveIds())
                        .build());
            }
        }

        private AttributesBuilder common(CheckReport report) {
            AttributesBuilder b = Attributes.builder()
                    .put(COMPONENT_NAME, COMPONENT)
                    .put(POLICY_ID, report.profile())
                    .put(SOURCE, "input");
            if (policyVersion != null) {
                b.put(POLICY_VERSION, policyVersion);
            }
            if (report.provider() != null) {
                b.put(PROVIDER_NAME, report.provider());
            }
            if (report.conversationId() != null) {
                b.put(CONVERSATION_ID, report.conversationId());
            }
            if (report.model() != null) {
                b.put(REQUEST_MODEL, report.model());
            }
            return b;
        }

        @Override
        public String toString() {
            return "GuardSpanEvents.observer(" + (policyVersion == null ? "" : policyVersion) + ")";
        }
    }

    /**
     * One sentence summing up a verdict, e.g. {@code 1 blocking finding repaired by 1 repair} or
     * {@code rejected: 2 blocking findings remain (anthropic-tool-use-has-result, anthropic-role-alternation)}.
     *
     * @param report the report
     * @return the sentence
     */
    static String summary(CheckReport report) {
        int blocking = report.result().blocking().size();
        int advisories = report.result().advisories().size();
        String text;
        if (report.outcome() == Outcome.PASSED) {
            text = "no blocking finding";
        } else if (report.outcome() == Outcome.REPAIRED) {
            text = plural(blocking, "blocking finding") + " repaired by " + plural(report.repairs().size(), "repair");
        } else {
            List<String> rules = new ArrayList<>();
            for (Finding f : report.result().unrepaired()) {
                if (!rules.contains(f.ruleId())) {
                    rules.add(f.ruleId());
                }
            }
            text = plural(report.result().unrepaired().size(), "blocking finding")
                    + (report.result().unrepaired().size() == 1 ? " remains" : " remain")
                    + " (" + String.join(", ", rules) + ")";
        }
        if (advisories > 0) {
            text += ", " + advisories + (advisories == 1 ? " advisory" : " advisories");
        }
        return report.shadow() ? "shadow mode, sent unchanged: " + text : text;
    }

    private static String plural(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}

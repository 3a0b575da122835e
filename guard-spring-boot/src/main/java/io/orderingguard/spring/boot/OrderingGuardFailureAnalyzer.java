package io.orderingguard.spring.boot;

import io.orderingguard.GuardConfigException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns invalid {@code ordering-guard.*} properties (an unknown profile name, a mistyped disabled rule
 * id, an unreadable profile file) into one startup failure report: what is wrong, property by property,
 * and what to do. Registered in {@code META-INF/spring.factories}.
 */
public final class OrderingGuardFailureAnalyzer extends AbstractFailureAnalyzer<GuardConfigException> {

    /** The action printed under the description. */
    static final String ACTION = "Correct the ordering-guard properties named above in your application's "
            + "configuration (`guard profiles` lists the shipped profile names and their rule ids), or set "
            + "ordering-guard.enabled=false to start without the guard.";

    /** Creates the analyzer (Spring Boot calls it). */
    public OrderingGuardFailureAnalyzer() {}

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, GuardConfigException cause) {
        return new FailureAnalysis("Ordering Guard could not be configured: " + cause.getMessage(), ACTION, cause);
    }
}

package io.orderingguard.policy;

import java.util.List;
import java.util.regex.Matcher;

/**
 * What each argument-constrained selector answered for each call of a trace, shared by the trace and its
 * prefixes: a rule asked again about the same call (explain evaluates each violated rule on several
 * prefixes of one trace) does not run the regular expressions again, and each pattern's {@link Matcher} is
 * made once per trace and reset for every argument. Selectors without {@code args_match} never come here
 * (a name comparison costs less than the lookup). Not public API.
 *
 * <p>Thread-safe: every access holds the instance's lock (a trace is normally read by one thread).
 */
final class ArgumentMatches {

    private static final byte UNKNOWN = 0;
    private static final byte NO = 1;
    private static final byte YES = 2;

    private final Object lock = new Object();
    private final int size;
    private CallSelector[] selectors = new CallSelector[0];
    private byte[][] answers = new byte[0][];
    private Matcher[][] matchers = new Matcher[0][];

    /**
     * Creates the memory of a trace.
     *
     * @param size the number of calls of the whole trace (prefixes read the first ones)
     */
    ArgumentMatches(int size) {
        this.size = size;
    }

    /**
     * Returns whether a call matches a selector with argument constraints, running the selector only the
     * first time.
     *
     * @param index the call's position
     * @param selector the selector (with {@code args_match})
     * @param calls the calls of the whole trace
     * @param aliases the alias table
     * @return whether the call matches
     */
    boolean matches(int index, CallSelector selector, List<ToolInvocation> calls, Aliases aliases) {
        synchronized (lock) {
            int s = slot(selector);
            byte known = answers[s][index];
            if (known != UNKNOWN) {
                return known == YES;
            }
            boolean yes = selector.matches(calls.get(index), aliases, matchers[s]);
            answers[s][index] = yes ? YES : NO;
            return yes;
        }
    }

    private int slot(CallSelector selector) {
        int n = selectors.length;
        for (int s = 0; s < n; s++) {
            if (selectors[s] == selector) {
                return s;
            }
        }
        selectors = java.util.Arrays.copyOf(selectors, n + 1);
        answers = java.util.Arrays.copyOf(answers, n + 1);
        matchers = java.util.Arrays.copyOf(matchers, n + 1);
        selectors[n] = selector;
        answers[n] = new byte[size];
        matchers[n] = new Matcher[selector.constraintCount()];
        return n;
    }
}

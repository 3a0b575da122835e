package io.orderingguard.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.timeline.Payloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A {@code when:} condition: a conjunction of clauses over values of the context object (the
 * dispatch document's {@code context}, or the context an eval test or trace supplies). A rule whose
 * condition does not hold is {@link Outcome#NOT_EXERCISED}.
 *
 * <p>Each clause names a dot path that starts with {@code context.} and tests the value there:
 * <ul>
 *   <li>{@code context.user_role: standard} — equal (numbers compare by value, {@code 2 == 2.0});</li>
 *   <li>{@code context.user_role: [standard, trial]} — equal to one of the list;</li>
 *   <li>{@code context.user_role: {not: admin}}, {@code {in: [...]}}, {@code {not_in: [...]}},
 *       {@code {exists: true|false}}, {@code {matches: regex}}, {@code {equals: value}}.</li>
 * </ul>
 * An absent value (no context, or no value at the path) fails {@code equals}, {@code in},
 * {@code exists: true} and {@code matches}, and satisfies {@code not}, {@code not_in} and
 * {@code exists: false}.
 *
 * <pre>{@code
 * Condition standardUsers = Condition.of(Condition.Clause.equalTo("context.user_role", TextNode.valueOf("standard")));
 * }</pre>
 *
 * @param clauses the clauses, all of which must hold; empty for a rule without {@code when:}
 */
public record Condition(List<Clause> clauses) {

    private static final Condition ALWAYS = new Condition(List.of());

    /** The prefix every clause path starts with. */
    public static final String CONTEXT_PREFIX = "context.";

    /** Validates and copies the clauses. */
    public Condition {
        Objects.requireNonNull(clauses, "clauses must not be null");
        for (int i = 0; i < clauses.size(); i++) {
            Objects.requireNonNull(clauses.get(i), "clauses[" + i + "] must not be null");
        }
        clauses = List.copyOf(clauses);
    }

    /**
     * Returns the condition that always holds.
     *
     * @return the empty conjunction
     */
    public static Condition always() {
        return ALWAYS;
    }

    /**
     * Creates a conjunction.
     *
     * @param clauses the clauses
     * @return the condition
     */
    public static Condition of(Clause... clauses) {
        return clauses.length == 0 ? ALWAYS : new Condition(List.of(clauses));
    }

    /**
     * Returns whether this condition has no clauses.
     *
     * @return {@code true} for a rule without {@code when:}
     */
    public boolean isAlways() {
        return clauses.isEmpty();
    }

    /**
     * Tests the condition.
     *
     * @param context the context object, or {@code null} when none was given
     * @return empty when it holds, else why not (naming the first clause that fails)
     */
    public Optional<String> unmetReason(JsonNode context) {
        for (Clause clause : clauses) {
            JsonNode value = Payloads.read(context, clause.contextPath());
            if (!clause.test(value)) {
                String actual = value == null
                        ? clause.path() + " is absent" + (context == null ? " (no context was given)" : "")
                        : clause.path() + " is " + value;
                return Optional.of("when condition not met: " + actual + ", expected " + clause.expectation());
            }
        }
        return Optional.empty();
    }

    /**
     * Renders the condition as written in a file.
     *
     * @return e.g. {@code context.user_role == "standard" and context.tier in [1,2]}, or an empty string
     */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (Clause clause : clauses) {
            parts.add(clause.describe());
        }
        return String.join(" and ", parts);
    }

    /** How a clause tests its value. */
    public enum Operator {
        /** The value equals the operand. */
        EQUALS("equals"),
        /** The value is absent or differs from the operand. */
        NOT_EQUALS("not"),
        /** The value equals one of the operands. */
        IN("in"),
        /** The value is absent or equals none of the operands. */
        NOT_IN("not_in"),
        /** The value is present (possibly JSON {@code null}). */
        EXISTS("exists"),
        /** The value is absent. */
        ABSENT("exists: false"),
        /** The value's text contains a match of the regular expression operand. */
        MATCHES("matches");

        private final String keyword;

        Operator(String keyword) {
            this.keyword = keyword;
        }

        /**
         * Returns the keyword used in files.
         *
         * @return e.g. {@code not_in}
         */
        public String keyword() {
            return keyword;
        }
    }

    /**
     * One test of a context value.
     *
     * @param path the path as written, starting with {@code context.}
     * @param operator the test
     * @param operands the values tested against: one for {@code EQUALS}, {@code NOT_EQUALS} and
     *     {@code MATCHES} (a string), any number for {@code IN} and {@code NOT_IN}, none for
     *     {@code EXISTS} and {@code ABSENT}
     */
    public record Clause(String path, Operator operator, List<JsonNode> operands) {

        /** Validates the clause. */
        public Clause {
            Objects.requireNonNull(path, "path must not be null");
            Objects.requireNonNull(operator, "operator must not be null");
            Objects.requireNonNull(operands, "operands must not be null");
            if (!path.startsWith(CONTEXT_PREFIX) || path.length() == CONTEXT_PREFIX.length()) {
                throw new IllegalArgumentException("a when: path must start with 'context.' and name a value, "
                        + "e.g. context.user_role, but was '" + path + "'");
            }
            for (String segment : path.substring(CONTEXT_PREFIX.length()).split("\\.", -1)) {
                if (segment.isEmpty()) {
                    throw new IllegalArgumentException("a when: path must not have empty segments, but was '" + path + "'");
                }
            }
            List<JsonNode> copy = new ArrayList<>();
            for (JsonNode operand : operands) {
                copy.add(Objects.requireNonNull(operand, "operands must not contain null").deepCopy());
            }
            operands = List.copyOf(copy);
            int expected = switchArity(operator);
            if (expected >= 0 && operands.size() != expected) {
                throw new IllegalArgumentException(operator.keyword() + " takes " + expected + " operand(s), but got "
                        + operands.size());
            }
            if ((operator == Operator.IN || operator == Operator.NOT_IN) && operands.isEmpty()) {
                throw new IllegalArgumentException(operator.keyword() + " needs at least one value, but the list is empty");
            }
            if (operator == Operator.MATCHES) {
                if (!operands.get(0).isTextual()) {
                    throw new IllegalArgumentException("matches takes a regular expression string, but was "
                            + operands.get(0));
                }
                compile(operands.get(0).textValue());
            }
        }

        /**
         * Returns copies of the operands.
         *
         * @return deep copies, in order
         */
        @Override
        public List<JsonNode> operands() {
            List<JsonNode> copies = new ArrayList<>(operands.size());
            operands.forEach(o -> copies.add(o.deepCopy()));
            return copies;
        }

        /**
         * Creates an equality clause.
         *
         * @param path the path, starting with {@code context.}
         * @param value the value
         * @return the clause
         */
        public static Clause equalTo(String path, JsonNode value) {
            return new Clause(path, Operator.EQUALS, List.of(value));
        }

        /**
         * Creates a clause with another operator.
         *
         * @param path the path, starting with {@code context.}
         * @param operator the operator
         * @param operands the operands
         * @return the clause
         */
        public static Clause of(String path, Operator operator, List<JsonNode> operands) {
            return new Clause(path, operator, operands);
        }

        /**
         * Returns the path inside the context object.
         *
         * @return the path without the {@code context.} prefix
         */
        public String contextPath() {
            return path.substring(CONTEXT_PREFIX.length());
        }

        /**
         * Tests a value.
         *
         * @param value the value at the path, or {@code null} when absent
         * @return {@code true} when the clause holds
         */
        public boolean test(JsonNode value) {
            switch (operator) {
                case EQUALS:
                    return value != null && same(value, operands.get(0));
                case NOT_EQUALS:
                    return value == null || !same(value, operands.get(0));
                case IN:
                    return value != null && anySame(value);
                case NOT_IN:
                    return value == null || !anySame(value);
                case EXISTS:
                    return value != null;
                case ABSENT:
                    return value == null;
                case MATCHES:
                    return value != null && compile(operands.get(0).textValue())
                            .matcher(value.isTextual() ? value.textValue() : value.toString()).find();
                default:
                    throw new AssertionError(operator);
            }
        }

        /**
         * Renders the clause.
         *
         * @return e.g. {@code context.user_role == "standard"}
         */
        public String describe() {
            switch (operator) {
                case EQUALS:
                    return path + " == " + operands.get(0);
                case NOT_EQUALS:
                    return path + " != " + operands.get(0);
                case IN:
                    return path + " in " + operands;
                case NOT_IN:
                    return path + " not in " + operands;
                case EXISTS:
                    return path + " exists";
                case ABSENT:
                    return path + " is absent";
                case MATCHES:
                    return path + " matches /" + operands.get(0).textValue() + "/";
                default:
                    throw new AssertionError(operator);
            }
        }

        String expectation() {
            switch (operator) {
                case EQUALS:
                    return operands.get(0).toString();
                case NOT_EQUALS:
                    return "anything but " + operands.get(0);
                case IN:
                    return "one of " + operands;
                case NOT_IN:
                    return "none of " + operands;
                case EXISTS:
                    return "a value";
                case ABSENT:
                    return "no value";
                case MATCHES:
                    return "a match for /" + operands.get(0).textValue() + "/";
                default:
                    throw new AssertionError(operator);
            }
        }

        private boolean anySame(JsonNode value) {
            for (JsonNode operand : operands) {
                if (same(value, operand)) {
                    return true;
                }
            }
            return false;
        }

        private static boolean same(JsonNode a, JsonNode b) {
            if (a.isNumber() && b.isNumber()) {
                return a.decimalValue().compareTo(b.decimalValue()) == 0;
            }
            return a.equals(b);
        }

        private static int switchArity(Operator operator) {
            switch (operator) {
                case EQUALS:
                case NOT_EQUALS:
                case MATCHES:
                    return 1;
                case EXISTS:
                case ABSENT:
                    return 0;
                default:
                    return -1;
            }
        }

        private static Pattern compile(String regex) {
            try {
                return Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("matches is not a valid regular expression ("
                        + e.getDescription() + " near index " + e.getIndex() + "): " + regex, e);
            }
        }
    }
}

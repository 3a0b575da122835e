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
 * condition does not hold is {@link RuleOutcome#NOT_EXERCISED}.
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
     * One test of a context value. Immutable; a {@code matches} clause compiles its regular expression
     * once, when it is built, so that testing it (on every gate check) compiles nothing.
     */
    public static final class Clause {

        private final String path;
        private final Operator operator;
        private final List<JsonNode> operands;
        private final String contextPath;
        private final Pattern pattern;

        /**
         * Validates and copies a clause.
         *
         * @param path the path as written, starting with {@code context.}
         * @param operator the test
         * @param operands the values tested against: one for {@code EQUALS}, {@code NOT_EQUALS} and
         *     {@code MATCHES} (a string), any number for {@code IN} and {@code NOT_IN}, none for
         *     {@code EXISTS} and {@code ABSENT}
         * @throws IllegalArgumentException naming the bad path, operand count or regular expression
         */
        public Clause(String path, Operator operator, List<JsonNode> operands) {
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
            int expected = arity(operator);
            if (expected >= 0 && copy.size() != expected) {
                throw new IllegalArgumentException(operator.keyword() + " takes " + expected + " operand(s), but got "
                        + copy.size());
            }
            if ((operator == Operator.IN || operator == Operator.NOT_IN) && copy.isEmpty()) {
                throw new IllegalArgumentException(operator.keyword() + " needs at least one value, but the list is empty");
            }
            Pattern compiled = null;
            if (operator == Operator.MATCHES) {
                if (!copy.get(0).isTextual()) {
                    throw new IllegalArgumentException("matches takes a regular expression string, but was "
                            + copy.get(0));
                }
                compiled = compile(copy.get(0).textValue());
            }
            this.path = path;
            this.operator = operator;
            this.operands = List.copyOf(copy);
            this.contextPath = path.substring(CONTEXT_PREFIX.length());
            this.pattern = compiled;
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
         * Returns the path as written.
         *
         * @return the path, starting with {@code context.}
         */
        public String path() {
            return path;
        }

        /**
         * Returns the test.
         *
         * @return the operator
         */
        public Operator operator() {
            return operator;
        }

        /**
         * Returns copies of the operands.
         *
         * @return deep copies, in order
         */
        public List<JsonNode> operands() {
            List<JsonNode> copies = new ArrayList<>(operands.size());
            operands.forEach(o -> copies.add(o.deepCopy()));
            return copies;
        }

        /**
         * Returns the path inside the context object.
         *
         * @return the path without the {@code context.} prefix
         */
        public String contextPath() {
            return contextPath;
        }

        /**
         * Tests a value.
         *
         * @param value the value at the path, or {@code null} when absent
         * @return {@code true} when the clause holds
         */
        public boolean test(JsonNode value) {
            return switch (operator) {
                case EQUALS -> value != null && same(value, operands.get(0));
                case NOT_EQUALS -> value == null || !same(value, operands.get(0));
                case IN -> value != null && anySame(value);
                case NOT_IN -> value == null || !anySame(value);
                case EXISTS -> value != null;
                case ABSENT -> value == null;
                case MATCHES -> value != null
                        && pattern.matcher(value.isTextual() ? value.textValue() : value.toString()).find();
            };
        }

        /**
         * Renders the clause.
         *
         * @return e.g. {@code context.user_role == "standard"}
         */
        public String describe() {
            return switch (operator) {
                case EQUALS -> path + " == " + operands.get(0);
                case NOT_EQUALS -> path + " != " + operands.get(0);
                case IN -> path + " in " + operands;
                case NOT_IN -> path + " not in " + operands;
                case EXISTS -> path + " exists";
                case ABSENT -> path + " is absent";
                case MATCHES -> path + " matches /" + operands.get(0).textValue() + "/";
            };
        }

        String expectation() {
            return switch (operator) {
                case EQUALS -> operands.get(0).toString();
                case NOT_EQUALS -> "anything but " + operands.get(0);
                case IN -> "one of " + operands;
                case NOT_IN -> "none of " + operands;
                case EXISTS -> "a value";
                case ABSENT -> "no value";
                case MATCHES -> "a match for /" + operands.get(0).textValue() + "/";
            };
        }

        @Override
        public boolean equals(Object o) {
            return o == this || (o instanceof Clause c && path.equals(c.path) && operator == c.operator
                    && operands.equals(c.operands));
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, operator, operands);
        }

        @Override
        public String toString() {
            return "Clause[path=" + path + ", operator=" + operator + ", operands=" + operands + "]";
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

        private static int arity(Operator operator) {
            return switch (operator) {
                case EQUALS, NOT_EQUALS, MATCHES -> 1;
                case EXISTS, ABSENT -> 0;
                case IN, NOT_IN -> -1;
            };
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

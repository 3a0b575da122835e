package io.orderingguard.conformance;

import io.orderingguard.rule.ApplyTo;
import io.orderingguard.rule.BoundaryEnd;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;

/** Plausible arguments for the static rule factories, by parameter type and name. */
final class Samples {

    private Samples() {}

    static Object[] arguments(Method m) {
        Parameter[] params = m.getParameters();
        Object[] args = new Object[params.length];
        int kinds = 0;
        for (int i = 0; i < params.length; i++) {
            Class<?> t = params[i].getType();
            if (t == String.class) {
                args[i] = i == 0 ? "sample-" + m.getName() : "field";
            } else if (t == Kind.class) {
                // a second kind (stepContent's required) must differ from the first
                args[i] = kinds++ == 0 ? Kind.TOOL_CALL : Kind.THOUGHT;
            } else if (t == Kind[].class) {
                args[i] = new Kind[] {Kind.MESSAGE};
            } else if (t == Role.class) {
                args[i] = Role.ASSISTANT;
            } else if (t == Role[].class) {
                args[i] = new Role[] {Role.USER, Role.ASSISTANT};
            } else if (t == ApplyTo.class) {
                args[i] = ApplyTo.FIRST_IN_STEP;
            } else if (t == EntrySelector.class) {
                args[i] = EntrySelector.USER;
            } else if (t == EntrySelector[].class) {
                args[i] = new EntrySelector[] {EntrySelector.USER, EntrySelector.TOOL_RESULT};
            } else if (t == BoundaryEnd.class) {
                args[i] = BoundaryEnd.LAST;
            } else if (t == StepPosition.class) {
                args[i] = StepPosition.FIRST;
            } else if (t == StepScope.class) {
                args[i] = StepScope.CURRENT_TURN;
            } else if (t == PreservationInvariant.class) {
                args[i] = PreservationInvariant.COUNT_NON_DECREASING;
            } else if (t == Integer.class || t == int.class) {
                args[i] = 2;
            } else if (t == boolean.class) {
                args[i] = true;
            } else if (t == String[].class) {
                args[i] = new String[] {"anthropic-messages-thinking-v1"};
            } else if (t == com.fasterxml.jackson.databind.JsonNode.class) {
                com.fasterxml.jackson.databind.node.ObjectNode policy =
                        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("name", "sample");
                policy.putArray("sequences").addObject().put("type", "before").put("first", "VerifyIdentity")
                        .put("then", "DeleteCustomer");
                args[i] = policy;
            } else {
                throw new IllegalArgumentException("no sample for " + t + " in " + m);
            }
        }
        return args;
    }
}

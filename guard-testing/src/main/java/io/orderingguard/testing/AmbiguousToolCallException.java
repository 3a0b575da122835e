package io.orderingguard.testing;

/**
 * Thrown when a tool result is logged without a call id while the current turn has more than one
 * pending call of that tool: the result cannot be linked to one of them.
 */
public final class AmbiguousToolCallException extends FlowException {

    private static final long serialVersionUID = 1L;

    AmbiguousToolCallException(String tool) {
        super("Multiple pending calls for '" + tool + "'. Provide callId to disambiguate.");
    }
}

package io.orderingguard.testing;

import java.nio.file.Path;

/** Thrown when a golden baseline to compare with does not exist. */
public final class TraceNotFoundException extends FlowException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;

    TraceNotFoundException(Path file, String name) {
        super("No golden baseline for '" + name + "' at " + file
                + "; record one with FlowSession.builder(name).recordBaseline(true) or -D"
                + FlowSession.UPDATE_BASELINES_PROPERTY + "=true");
        this.file = file;
    }

    /**
     * Returns the file that was looked for.
     *
     * @return the path
     */
    public Path file() {
        return file;
    }
}

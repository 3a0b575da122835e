package io.orderingguard;

/**
 * Bad input: a document, profile file, policy file or trace that cannot be read. The message names
 * the source (file), the line where the format has lines, the JSON path, and what was expected,
 * e.g. {@code conv.jsonl:3: $.entries[2].role: expected one of user, assistant, system, but was "bot"}.
 *
 * <p>This is the only exception the readers throw for bad input; no parser exception, NPE or
 * {@code ClassCastException} escapes them.
 */
public final class GuardInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String path;
    private final String problem;

    /**
     * Creates the exception.
     *
     * @param source the file or stream name, or {@code null}
     * @param line the 1-based line, or 0 when not applicable
     * @param path the JSON path such as {@code $.entries[2].role}, or {@code null}
     * @param problem what was expected and what was found
     */
    public GuardInputException(String source, int line, String path, String problem) {
        super(format(source, line, path, problem));
        this.source = source;
        this.line = line;
        this.path = path;
        this.problem = problem;
    }

    /**
     * Returns the source name.
     *
     * @return the file or stream name, or {@code null}
     */
    public String source() {
        return source;
    }

    /**
     * Returns the line.
     *
     * @return the 1-based line, or 0 when not applicable
     */
    public int line() {
        return line;
    }

    /**
     * Returns the JSON path.
     *
     * @return the path, or {@code null}
     */
    public String path() {
        return path;
    }

    /**
     * Returns the problem without location.
     *
     * @return what was expected and what was found
     */
    public String problem() {
        return problem;
    }

    /**
     * Returns the same problem located at another source and line (used when a document read from
     * a string turns out to be one line of a file).
     *
     * @param newSource the source
     * @param newLine the line, or 0
     * @return the relocated exception
     */
    public GuardInputException at(String newSource, int newLine) {
        return new GuardInputException(newSource, newLine, path, problem);
    }

    private static String format(String source, int line, String path, String problem) {
        StringBuilder sb = new StringBuilder();
        if (source != null) {
            sb.append(source);
            if (line > 0) {
                sb.append(':').append(line);
            }
            sb.append(": ");
        } else if (line > 0) {
            sb.append("line ").append(line).append(": ");
        }
        if (path != null) {
            sb.append(path).append(": ");
        }
        return sb.append(problem).toString();
    }
}

package io.orderingguard.server;

import io.orderingguard.GuardConfigException;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Runs {@code guard serve} on its own: the container image's entry point, and
 * {@code java -cp … io.orderingguard.server.ServerMain --upstream openai=…}. Exit codes: 0 after a
 * graceful stop, 2 for a bad configuration (every problem printed on stderr, no stack trace).
 */
public final class ServerMain {

    private ServerMain() {}

    /**
     * Runs the proxy and exits with its status.
     *
     * @param args the {@code guard serve} options
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * Builds the command line, with the handler that prints a bad configuration as one report.
     *
     * @return the command line
     */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new ServeCommand());
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            PrintWriter err = line.getErr();
            if (ex instanceof GuardConfigException) {
                err.println("guard serve: " + ex.getMessage());
            } else {
                err.println("guard serve: unexpected error: " + ex);
            }
            err.flush();
            return 2;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("guard serve: " + ex.getMessage());
            ex.getCommandLine().getErr().println("Try 'guard serve --help' for usage.");
            return 2;
        });
        return cl;
    }
}

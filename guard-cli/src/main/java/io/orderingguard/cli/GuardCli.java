package io.orderingguard.cli;

import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardInputException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code guard} command. Each verb is a subcommand; exit codes: 0 success,
 * 1 a finding (rejected dispatch, failed policy), 2 bad input or usage.
 *
 * <p>Bad input is one line on stderr naming the file and JSON path, never a stack trace (unless
 * {@code --debug}).
 */
@Command(
        name = "guard",
        mixinStandardHelpOptions = true,
        versionProvider = GuardCli.Version.class,
        description = "Checks LLM conversations against provider ordering rules, and tool-call traces "
                + "against sequence policies.",
        subcommands = {CommandLine.HelpCommand.class, CheckCommand.class, ProfilesCommand.class, EvalCommand.class,
            MigrateCommand.class, ExplainCommand.class, GateCommand.class, ExplainErrorCommand.class, ReportCommand.class,
            io.orderingguard.server.ServeCommand.class},
        footer = {"", "Exit codes: 0 ok, 1 rejected or failed, 2 bad input or usage.",
            "Run 'guard help VERB' for the options and examples of a verb."})
public final class GuardCli implements Runnable {

    /** Exit code for success. */
    public static final int OK = 0;
    /** Exit code for a finding: a rejected dispatch, a failed policy, a blocked call. */
    public static final int FINDING = 1;
    /** Exit code for bad input or usage. */
    public static final int BAD_INPUT = 2;

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Show stack traces for unexpected errors.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Standard input, for verbs that read {@code -}. */
    InputStream in = System.in;

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the command line in-process.
     *
     * @param args the arguments
     * @param out standard output
     * @param err standard error
     * @return the exit code
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, System.in, out, err);
    }

    /**
     * Runs the command line in-process with another standard input.
     *
     * @param args the arguments
     * @param in standard input
     * @param out standard output
     * @param err standard error
     * @return the exit code
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        PrintWriter outWriter = new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        try {
            CommandLine cl = commandLine(outWriter, errWriter);
            ((GuardCli) cl.getCommand()).in = in;
            return cl.execute(args);
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
    }

    /**
     * Builds the configured command line.
     *
     * @param out standard output
     * @param err standard error
     * @return the command line
     */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new GuardCli());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(GuardCli::handleException);
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter e = ex.getCommandLine().getErr();
            e.println("guard: " + ex.getMessage());
            e.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for usage.");
            return BAD_INPUT;
        });
        return cl;
    }

    private static int handleException(Exception ex, CommandLine cl, CommandLine.ParseResult parseResult) {
        PrintWriter err = cl.getErr();
        boolean debug = parseResult != null && parseResult.hasMatchedOption("--debug")
                || rootDebug(cl);
        if (ex instanceof GuardInputException || ex instanceof GuardConfigException) {
            err.println("guard: " + ex.getMessage());
            if (debug) {
                ex.printStackTrace(err);
            }
            return BAD_INPUT;
        }
        err.println("guard: unexpected error: " + ex);
        if (debug) {
            ex.printStackTrace(err);
        } else {
            err.println("Run again with --debug for details.");
        }
        return BAD_INPUT;
    }

    private static boolean rootDebug(CommandLine cl) {
        CommandLine root = cl;
        while (root.getParent() != null) {
            root = root.getParent();
        }
        return root.getCommand() instanceof GuardCli g && g.debug;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The CLI's version (from the jar manifest, falling back to the development version), the profile
     * catalogue's own version and the Java runtime.
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = GuardCli.class.getPackage().getImplementationVersion();
            return new String[] {"guard " + (v == null ? "0.1.0-SNAPSHOT" : v), CatalogueText.summary(),
                "Java " + Runtime.version()};
        }
    }
}

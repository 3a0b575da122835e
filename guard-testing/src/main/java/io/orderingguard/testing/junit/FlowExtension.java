package io.orderingguard.testing.junit;

import io.orderingguard.support.Require;
import io.orderingguard.testing.FlowSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that gives each test a fresh {@link FlowSession}, recording into a temporary
 * directory, and keeps the trace of a failed test.
 *
 * <pre>{@code
 * @ExtendWith(FlowExtension.class)
 * class RefundAgentTest {
 *     @Test
 *     void refunds_after_lookup(FlowSession session) {
 *         agent.run("Refund order 123", session);         // the agent logs into the session
 *         FlowAssert.assertThat(session).calledBefore("lookup_order", "issue_refund");
 *     }
 * }
 * }</pre>
 *
 * <p>The session is named {@code <TestClass>.<method>} (with {@code [n]} for the n-th invocation of
 * a parameterized or repeated test), is injected into test and {@code @BeforeEach} method
 * parameters of type {@code FlowSession}, and is {@linkplain FlowSession#current() bound to the
 * test's thread}. After the test it is closed; the temporary directory is deleted, except that the
 * trace of a failed test is first copied to the failed-trace directory (default
 * {@code target/flow-traces}, or the system property {@value #FAILED_TRACE_DIR_PROPERTY}) and its
 * path published as the report entry {@code flowTrace}.
 *
 * <p>Golden baselines live in {@code src/test/resources/flow-baselines} (or the system property
 * {@value #BASELINE_DIR_PROPERTY}), so that
 * {@link io.orderingguard.testing.FlowAssert#matchesBaseline(String...)} works without arguments;
 * run with {@code -D}{@value FlowSession#UPDATE_BASELINES_PROPERTY}{@code =true} to record them.
 * Use {@link #builder()} with {@code @RegisterExtension} to configure the directories in code.
 *
 * <p>Thread-safe: state lives in the JUnit extension context of each test, so tests may run in
 * parallel.
 */
public final class FlowExtension implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

    /** System property naming the directory that keeps traces of failed tests. */
    public static final String FAILED_TRACE_DIR_PROPERTY = "orderingguard.flow.failedTraceDir";

    /** System property naming the directory of golden baselines. */
    public static final String BASELINE_DIR_PROPERTY = "orderingguard.flow.baselineDir";

    /** The report entry key under which the path of a kept trace is published. */
    public static final String REPORT_KEY = "flowTrace";

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(FlowExtension.class);
    private static final String SESSION = "session";
    private static final String TEMP_DIR = "tempDir";

    private final Path failedTraceDir;
    private final Path baselineDir;
    private final Boolean updateBaselines;

    /** Creates the extension with the default directories (what {@code @ExtendWith} uses). */
    public FlowExtension() {
        this(null, null, null);
    }

    private FlowExtension(Path failedTraceDir, Path baselineDir, Boolean updateBaselines) {
        this.failedTraceDir = failedTraceDir;
        this.baselineDir = baselineDir;
        this.updateBaselines = updateBaselines;
    }

    /**
     * Creates the extension with the default directories.
     *
     * @return the extension
     */
    public static FlowExtension create() {
        return new FlowExtension();
    }

    /**
     * Starts configuring the extension.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the session of the test running on this thread.
     *
     * @return the session
     * @throws IllegalStateException outside a test run by this extension
     */
    public FlowSession session() {
        return FlowSession.current().orElseThrow(() -> new IllegalStateException(
                "no flow session on this thread: FlowExtension gives one to each test, on the test's thread"));
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        Path tempDir = Files.createTempDirectory("flow-");
        FlowSession session = FlowSession.builder(sessionName(context))
                .traceDir(tempDir)
                .baselineDir(resolvedBaselineDir())
                .recordBaseline(updateBaselines != null ? updateBaselines : Boolean.getBoolean(FlowSession.UPDATE_BASELINES_PROPERTY))
                .open();
        ExtensionContext.Store store = context.getStore(NAMESPACE);
        store.put(TEMP_DIR, tempDir);
        store.put(SESSION, session);
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        ExtensionContext.Store store = context.getStore(NAMESPACE);
        FlowSession session = store.remove(SESSION, FlowSession.class);
        Path tempDir = store.remove(TEMP_DIR, Path.class);
        if (session == null) {
            return;
        }
        try {
            session.close();
            Optional<Path> trace = session.traceFile();
            if (context.getExecutionException().isPresent() && trace.isPresent() && trace.get().startsWith(tempDir)) {
                Path kept = resolvedFailedTraceDir().resolve(trace.get().getFileName());
                Files.createDirectories(kept.getParent());
                Files.copy(trace.get(), kept, StandardCopyOption.REPLACE_EXISTING);
                context.publishReportEntry(REPORT_KEY, kept.toAbsolutePath().toString());
            }
        } finally {
            deleteRecursively(tempDir);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == FlowSession.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        FlowSession session = extensionContext.getStore(NAMESPACE).get(SESSION, FlowSession.class);
        if (session == null) {
            throw new ParameterResolutionException(
                    "a FlowSession is given to test and @BeforeEach methods only, not to "
                            + parameterContext.getDeclaringExecutable());
        }
        return session;
    }

    private Path resolvedFailedTraceDir() {
        if (failedTraceDir != null) {
            return failedTraceDir;
        }
        String configured = System.getProperty(FAILED_TRACE_DIR_PROPERTY);
        return configured == null || configured.isBlank() ? Path.of("target", "flow-traces") : Path.of(configured);
    }

    private Path resolvedBaselineDir() {
        if (baselineDir != null) {
            return baselineDir;
        }
        String configured = System.getProperty(BASELINE_DIR_PROPERTY);
        return configured == null || configured.isBlank()
                ? Path.of("src", "test", "resources", "flow-baselines") : Path.of(configured);
    }

    static String sessionName(ExtensionContext context) {
        String className = context.getTestClass().map(Class::getSimpleName).orElse("test");
        String method = context.getTestMethod().map(m -> m.getName()).orElse(context.getDisplayName());
        String uniqueId = context.getUniqueId();
        int invocation = uniqueId.lastIndexOf("-invocation:#");
        String suffix = "";
        if (invocation >= 0) {
            int start = invocation + "-invocation:#".length();
            int end = uniqueId.indexOf(']', start);
            suffix = "[" + uniqueId.substring(start, end < 0 ? uniqueId.length() : end) + "]";
        }
        return className + "." + method + suffix;
    }

    private static void deleteRecursively(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the temporary flow directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Configures a {@link FlowExtension}. Not thread-safe. */
    public static final class Builder {

        private Path failedTraceDir;
        private Path baselineDir;
        private Boolean updateBaselines;

        private Builder() {}

        /**
         * Sets the directory that keeps the traces of failed tests.
         *
         * @param dir the directory
         * @return this builder
         */
        public Builder keepFailedTracesIn(Path dir) {
            this.failedTraceDir = Require.nonNull(dir, "failedTraceDir");
            return this;
        }

        /**
         * Sets the directory of golden baselines.
         *
         * @param dir the directory
         * @return this builder
         */
        public Builder baselineDir(Path dir) {
            this.baselineDir = Require.nonNull(dir, "baselineDir");
            return this;
        }

        /**
         * Makes every session record its golden baseline (instead of reading the system property
         * {@value FlowSession#UPDATE_BASELINES_PROPERTY}).
         *
         * @param update {@code true} to record
         * @return this builder
         */
        public Builder updateBaselines(boolean update) {
            this.updateBaselines = update;
            return this;
        }

        /**
         * Builds the extension.
         *
         * @return the extension
         */
        public FlowExtension build() {
            return new FlowExtension(failedTraceDir, baselineDir, updateBaselines);
        }
    }
}

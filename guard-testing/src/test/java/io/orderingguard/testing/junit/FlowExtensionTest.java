package io.orderingguard.testing.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.orderingguard.testing.FlowAssert;
import io.orderingguard.testing.FlowSession;
import io.orderingguard.testing.LlmResponse;
import io.orderingguard.testing.ToolRequest;
import io.orderingguard.testing.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** Runs small test classes through the JUnit Platform and checks what the extension left behind. */
class FlowExtensionTest {

    @TempDir
    Path tmp;

    /** Directories for the sample classes, set before each launch (the samples register the extension per instance). */
    static Path failedDir;
    static Path baselineDir;
    static boolean update;
    static final List<Path> seenTraceDirs = new ArrayList<>();
    static final List<String> seenNames = new ArrayList<>();

    /** What one launch produced. */
    record Run(int succeeded, int failed, List<String> reportEntries, List<String> failures) {}

    private static Run launch(Class<?> testClass) {
        List<String> entries = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        int[] counts = new int[2];
        TestExecutionListener listener = new TestExecutionListener() {
            @Override
            public void reportingEntryPublished(TestIdentifier id, ReportEntry entry) {
                entry.getKeyValuePairs().forEach((k, v) -> entries.add(k + "=" + v));
            }

            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.isTest()) {
                    if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                        counts[0]++;
                    } else {
                        counts[1]++;
                        result.getThrowable().ifPresent(t -> failures.add(t.getMessage()));
                    }
                }
            }
        };
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass)).build(), listener);
        return new Run(counts[0], counts[1], entries, failures);
    }

    @BeforeEach
    void reset() {
        failedDir = tmp.resolve("failed");
        baselineDir = tmp.resolve("baselines");
        update = false;
        seenTraceDirs.clear();
        seenNames.clear();
    }

    static class PassingSample {
        @RegisterExtension
        final FlowExtension flow = FlowExtension.builder()
                .keepFailedTracesIn(failedDir).baselineDir(baselineDir).build();

        @Test
        void first(FlowSession session) {
            seenTraceDirs.add(session.traceDir());
            seenNames.add(session.name());
            session.logLlmCall(ToolRequest.of("search"));
            assertThat(FlowSession.current()).containsSame(session);
            assertThat(flow.session()).isSameAs(session);
        }

        @Test
        void second(FlowSession session) {
            seenTraceDirs.add(session.traceDir());
            seenNames.add(session.name());
            assertThat(session.trace().turns()).isEmpty();
        }
    }

    @Test
    void should_give_each_test_a_fresh_session_and_clean_up_after_it() {
        Run run = launch(PassingSample.class);

        assertThat(run.failures()).isEmpty();
        assertThat(run.succeeded()).isEqualTo(2);
        assertThat(seenNames).containsExactlyInAnyOrder("PassingSample.first", "PassingSample.second");
        assertThat(seenTraceDirs).hasSize(2).doesNotHaveDuplicates().allSatisfy(dir -> assertThat(dir).doesNotExist());
        assertThat(failedDir).doesNotExist();
        assertThat(run.reportEntries()).isEmpty();
    }

    static class FailingSample {
        @RegisterExtension
        final FlowExtension flow = FlowExtension.builder()
                .keepFailedTracesIn(failedDir).baselineDir(baselineDir).build();

        @Test
        void skips_review(FlowSession session) {
            seenTraceDirs.add(session.traceDir());
            session.logLlmCall(ToolRequest.of("record_decision", Map.of("decision", "APPROVE")));
            session.logToolResult("record_decision", "APPROVE");
            FlowAssert.assertThat(session).called("review_security");
        }
    }

    @Test
    void should_keep_the_trace_of_a_failed_test() throws Exception {
        Run run = launch(FailingSample.class);

        assertThat(run.failed()).isEqualTo(1);
        assertThat(run.failures()).singleElement().asString()
                .startsWith("\"review_security\" was never called (1 turns, 1 tool calls)\n");
        List<Path> kept;
        try (Stream<Path> files = Files.list(failedDir)) {
            kept = files.toList();
        }
        assertThat(kept).singleElement().satisfies(file -> {
            assertThat(file.getFileName().toString()).startsWith("FailingSample.skips_review_").endsWith(".trace.json");
            FlowAssert.assertThat(Trace.read(file)).flow("record_decision").toolSucceeded("record_decision");
        });
        assertThat(run.reportEntries()).containsExactly(FlowExtension.REPORT_KEY + "=" + kept.get(0).toAbsolutePath());
        assertThat(seenTraceDirs).singleElement().satisfies(dir -> assertThat(dir).doesNotExist());
    }

    static class BaselineSample {
        @RegisterExtension
        final FlowExtension flow = FlowExtension.builder()
                .keepFailedTracesIn(failedDir).baselineDir(baselineDir).updateBaselines(update).build();

        @Test
        void approves(FlowSession session) {
            session.logLlmCall(ToolRequest.of("review", Map.of("vendor", "ClearVoice AI")));
            session.logToolResult("review", Map.of("risk", update ? "LOW" : System.getProperty("sample.risk", "LOW")));
            session.logLlmCall(LlmResponse.text("Approved."));
            session.close();
            FlowAssert.assertThat(session).matchesBaseline();
        }
    }

    @Test
    void should_record_baselines_and_compare_with_them() {
        update = true;
        Run recording = launch(BaselineSample.class);
        assertThat(recording.failures()).isEmpty();
        assertThat(baselineDir.resolve("BaselineSample.approves.trace.json")).isRegularFile();

        update = false;
        Run comparing = launch(BaselineSample.class);
        assertThat(comparing.failures()).isEmpty();

        System.setProperty("sample.risk", "HIGH");
        try {
            Run changed = launch(BaselineSample.class);
            assertThat(changed.failures()).singleElement().asString().startsWith("""
                    Trace does not match golden baseline:
                    Trace diff: 2 golden turns vs 2 actual turns
                    Turn 0: result mismatch
                    """);
        } finally {
            System.clearProperty("sample.risk");
        }
    }

    @ExtendWith(FlowExtension.class)
    static class ParameterizedSample {
        @BeforeEach
        void setUp(FlowSession session) {
            session.logLlmCall(LlmResponse.text("setup"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"a", "b"})
        void runs(String tool, FlowSession session) {
            seenNames.add(session.name());
            session.logLlmCall(ToolRequest.of(tool));
            FlowAssert.assertThat(session).maxTurns(2).flow(tool);
        }
    }

    @Test
    void should_name_invocations_and_inject_into_before_each_methods() {
        Run run = launch(ParameterizedSample.class);

        assertThat(run.failures()).isEmpty();
        assertThat(seenNames).containsExactly("ParameterizedSample.runs[1]", "ParameterizedSample.runs[2]");
    }

    @Test
    void should_refuse_a_session_outside_a_test() {
        FlowExtension extension = FlowExtension.create();

        org.assertj.core.api.Assertions.assertThatThrownBy(extension::session)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no flow session on this thread: FlowExtension gives one to each test, on the test's thread");
    }
}

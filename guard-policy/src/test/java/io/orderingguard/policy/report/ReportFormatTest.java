package io.orderingguard.policy.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.policy.eval.EvalRun;
import io.orderingguard.policy.eval.PolicyEval;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ReportFormatTest {

    private static final Path SEED = Path.of("../conformance/policy/seed/error_block");

    @TempDir
    Path dir;

    private static EvalRun seedRun() {
        return PolicyEval.run(SEED.resolve("eval.yaml"), SEED.resolve("traces.jsonl"));
    }

    @ParameterizedTest
    @EnumSource(ReportFormat.class)
    void should_round_trip_the_command_line_name(ReportFormat format) {
        assertThat(ReportFormat.fromWire(format.wireName())).isEqualTo(format);
    }

    @Test
    void should_name_the_formats_for_an_unknown_name() {
        assertThatThrownBy(() -> ReportFormat.fromWire("xml")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown report format 'xml'; expected one of text, json, junit, sarif");
    }

    @Test
    void should_render_each_format_as_its_writer_does() {
        EvalRun run = seedRun();
        assertThat(EvalReports.render(run, ReportFormat.TEXT, "1.0")).isEqualTo(EvalReports.text(run));
        assertThat(EvalReports.render(run, ReportFormat.JSON, "1.0")).isEqualTo(EvalReports.json(run));
        assertThat(EvalReports.render(run, ReportFormat.JUNIT, "1.0")).isEqualTo(EvalReports.junit(run));
        assertThat(EvalReports.render(run, ReportFormat.SARIF, "1.0")).isEqualTo(EvalReports.sarif(run, "1.0"));
    }

    @Test
    void should_write_a_report_creating_its_directories() throws IOException {
        EvalRun run = seedRun();
        Path file = dir.resolve("build/test-results/eval/TEST-eval.xml");

        EvalReports.write(run, ReportFormat.JUNIT, "1.0", file);

        assertThat(Files.readString(file)).isEqualTo(EvalReports.junit(run));
    }

    @Test
    void should_name_the_file_it_cannot_write() throws IOException {
        Path blocker = Files.writeString(dir.resolve("taken"), "a file, not a directory");
        Path file = blocker.resolve("report.txt");
        assertThatThrownBy(() -> EvalReports.write(seedRun(), ReportFormat.TEXT, "1.0", file))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("the text report could not be written to " + file);
    }
}

package io.orderingguard.policy.readme;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.policy.eval.EvalRun;
import io.orderingguard.policy.eval.PolicyEval;
import io.orderingguard.policy.report.EvalReports;
import io.orderingguard.policy.report.ReportFormat;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SupportAgentPolicyTest {

    @Test
    void recorded_runs_follow_the_tool_policy() {
        EvalRun run = PolicyEval.run(Path.of("src/test/resources/support-agent/eval.yaml"),
                Path.of("src/test/resources/support-agent/traces.jsonl"));

        // optional: a JUnit XML report next to the other test results
        EvalReports.write(run, ReportFormat.JUNIT, "dev", Path.of("target/policy-reports/TEST-support-agent.xml"));

        assertThat(run.failures()).as(EvalReports.text(run)).isEmpty();
    }
}

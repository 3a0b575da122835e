package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The example of the module README, compiled and run. */
class ReadmeExampleTest {

    @Test
    void should_run_the_readme_example() throws Exception {
        OrderingGuard guard = OrderingGuard.builder()
                .profile(OrderingProfile.of("pairing", ToolResultPairingRule.builder("pairing")
                        .orphans(true).build().withSeverity(Severity.BLOCKING)))
                .mode(Mode.MUTATE)
                .build();
        String requestJson = "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":512,\"messages\":["
                + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_gone\"},"
                + "{\"type\":\"text\",\"text\":\"Hi\"}]}]}";
        List<String> report = new ArrayList<>();

        // README example: begin
        ObjectNode body = (ObjectNode) new ObjectMapper().readTree(requestJson);
        WireCodec codec = WireFormat.detect(body, "/v1/messages").codec().orElseThrow();
        ParsedBody parsed = codec.read(body, WireContext.of("request.json", 0));
        GuardResult result = guard.check(parsed.dispatch());
        for (Finding finding : result.blocking()) {
            String id = finding.primitiveIds().get(0);
            String at = parsed.position(id) != null ? parsed.position(id) : parsed.resultPosition(id);
            report.add(finding.ruleId() + " at " + at);
        }
        ObjectNode repaired = codec.render(result.dispatch(), body);
        // README example: end

        assertThat(report).containsExactly("pairing at messages[0].content[0]");
        assertThat(repaired.toString()).isEqualTo("{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":512,\"messages\":["
                + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Hi\"}]}]}");
    }
}

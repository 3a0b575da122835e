package io.orderingguard.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.rule.AlternationMode;
import io.orderingguard.rule.AlternationRule;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.StaleContentAdvisoryRule;
import io.orderingguard.rule.StaleContentScope;
import org.junit.jupiter.api.Test;

/** Reading and writing rules from their descriptions: enum fields, defaults and error paths. */
class RuleCodecTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void should_read_and_write_enum_modes_by_their_wire_names() throws Exception {
        // GIVEN
        OrderingRule rule = read("{\"type\": \"alternation\", \"id\": \"a\", \"mode\": \"cap-only\", \"maxPerGroup\": 1}");

        // THEN
        assertThat(((AlternationRule) rule).mode()).isEqualTo(AlternationMode.CAP_ONLY);
        assertThat(RuleCodec.write(rule).get("mode").asText()).isEqualTo("cap-only");
        OrderingRule stale = read("{\"type\": \"staleContentAdvisory\", \"id\": \"s\", \"kind\": \"thought\", "
                + "\"optOutOptionKey\": \"preserveThinking\"}");
        assertThat(((StaleContentAdvisoryRule) stale).scope()).isEqualTo(StaleContentScope.BEFORE_LATEST_USER_TURN);
        assertThat(RuleCodec.write(stale).get("scope").asText()).isEqualTo("before-latest-user-turn");
    }

    @Test
    void should_fail_when_an_enum_field_holds_an_unknown_name() {
        assertThatThrownBy(() -> read("{\"type\": \"alternation\", \"id\": \"a\", \"mode\": \"lenient\"}"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("rule: $.mode: expected one of strict, user-after-result, consecutive-only, cap-only, but was 'lenient'");
    }

    @Test
    void should_fail_when_a_required_field_is_missing_or_an_always_advisory_type_is_made_blocking() {
        assertThatThrownBy(() -> read("{\"type\": \"order\", \"id\": \"o\", \"before\": \"thought\"}"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("rule: $.after: required field is missing");
        assertThatThrownBy(() -> read("{\"type\": \"staleContentAdvisory\", \"id\": \"s\", \"kind\": \"thought\", "
                + "\"optOutOptionKey\": \"k\", \"severity\": \"blocking\"}"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("rule: $.severity: staleContentAdvisory rules are always advisory, but severity was "
                        + "\"blocking\"");
    }

    private static OrderingRule read(String json) throws Exception {
        JsonNode node = MAPPER.readTree(json);
        return RuleCodec.read(InputNode.root(node, "rule", 0));
    }
}

package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.Finding;
import io.orderingguard.timeline.ToolCall;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tool result that comes after other messages, not right after its call's message, is read as the
 * provider reads it: Anthropic, Bedrock and Gemini want the results in the next message, Chat
 * Completions in the tool messages right after the call's message, so there the call is unanswered
 * and the result an orphan where it stands; OpenAI Responses accepts other items between a call and
 * its output, so there the output still answers its call.
 */
class LateResultTest {

    static final String ANTHROPIC = """
            {"model":"claude-sonnet-4-5","max_tokens":100,"messages":[
              {"role":"user","content":"Weather?"},
              {"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"weather","input":{}}]},
              {"role":"user","content":"Hurry up"},
              {"role":"assistant","content":"Still waiting for the tool."},
              {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"22"}]}]}""";

    static final String ANTHROPIC_ON_TIME = """
            {"model":"claude-sonnet-4-5","max_tokens":100,"messages":[
              {"role":"user","content":"Weather?"},
              {"role":"assistant","content":[{"type":"text","text":"Checking."},
                {"type":"tool_use","id":"toolu_1","name":"weather","input":{}},
                {"type":"tool_use","id":"toolu_2","name":"time","input":{}}]},
              {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"22"},
                {"type":"tool_result","tool_use_id":"toolu_2","content":"noon"},{"type":"text","text":"Thanks"}]}]}""";

    static final String CHAT = """
            {"model":"gpt-4o","messages":[
              {"role":"user","content":"Weather?"},
              {"role":"assistant","content":null,"tool_calls":[
                {"id":"call_a","type":"function","function":{"name":"weather","arguments":"{}"}},
                {"id":"call_b","type":"function","function":{"name":"time","arguments":"{}"}}]},
              {"role":"tool","tool_call_id":"call_a","content":"22"},
              {"role":"user","content":"Hurry up"},
              {"role":"tool","tool_call_id":"call_b","content":"noon"}]}""";

    static final String BEDROCK = """
            {"messages":[
              {"role":"user","content":[{"text":"Weather?"}]},
              {"role":"assistant","content":[{"toolUse":{"toolUseId":"tu_1","name":"weather","input":{}}}]},
              {"role":"user","content":[{"text":"Hurry up"}]},
              {"role":"assistant","content":[{"text":"Still waiting."}]},
              {"role":"user","content":[{"toolResult":{"toolUseId":"tu_1","content":[{"text":"22"}]}}]}]}""";

    static final String GEMINI = """
            {"contents":[
              {"role":"user","parts":[{"text":"Weather?"}]},
              {"role":"model","parts":[{"functionCall":{"name":"weather","args":{}}}]},
              {"role":"user","parts":[{"text":"Hurry up"}]},
              {"role":"model","parts":[{"text":"Still waiting."}]},
              {"role":"user","parts":[{"functionResponse":{"name":"weather","response":{"temp":"22"}}}]}]}""";

    static final String RESPONSES = """
            {"model":"gpt-4.1","input":[
              {"role":"user","content":"Weather?"},
              {"type":"function_call","call_id":"call_a","name":"weather","arguments":"{}"},
              {"role":"assistant","content":"Checking."},
              {"type":"function_call_output","call_id":"call_a","output":"22"}]}""";

    static final String ANTHROPIC_PATH = "/v1/messages";
    static final String BEDROCK_PATH = "/model/anthropic.claude-3-5-sonnet-20240620-v1:0/converse";
    static final String GEMINI_PATH = "/v1beta/models/gemini-2.5-flash:generateContent";

    static WireVerdict inspect(String body, String path, Mode mode) {
        return WireGuard.of(OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build())
                .inspect(body.getBytes(StandardCharsets.UTF_8), path, null);
    }

    static GuardResult result(WireVerdict verdict) {
        return verdict.guardResult().orElseThrow();
    }

    /** Each finding as rule id, ids and where the body holds them. */
    static List<String> blocking(WireVerdict verdict) {
        ParsedBody parsed = ((WireVerdict.Rejected) verdict).parsed();
        return result(verdict).blocking().stream().map(f -> f.ruleId() + " " + f.primitiveIds().stream()
                .map(id -> id + "@" + parsed.position(f, id)).toList()).toList();
    }

    /** A fixture with one part written otherwise (the late result as a client may send it). */
    static String replaced(String fixture, String part, String with) {
        assertThat(fixture).as("the fixture holds the part replaced").contains(part);
        return fixture.replace(part, with);
    }

    static List<String> ruleIds(WireVerdict verdict) {
        return result(verdict).findings().stream().map(Finding::ruleId).toList();
    }

    static String sent(WireVerdict verdict) {
        assertThat(verdict).isInstanceOf(WireVerdict.Repaired.class);
        assertThat(result(verdict).repairs()).extracting(r -> r.strategy().wireName()).contains("move-late-tool-result");
        return new String(verdict.bodyToSend(), StandardCharsets.UTF_8);
    }

    @Test
    void anthropic_a_result_after_other_messages_answers_nothing_and_mutate_moves_it_back() {
        WireVerdict enforce = inspect(ANTHROPIC, ANTHROPIC_PATH, Mode.ENFORCE);
        assertThat(blocking(enforce)).containsExactly(
                "anthropic-tool-use-has-result [toolu_1@messages[1].content[0]]",
                "anthropic-tool-result-has-tool-use [toolu_1@messages[4].content[0]]");
        assertThat(ruleIds(enforce)).as("the wire alternates: no role finding").doesNotContain("anthropic-role-alternation");
        assertThat(result(enforce).blocking()).extracting(Finding::detail).containsExactly(
                "tool call 'toolu_1' (weather) has no result",
                "tool result 'toolu_1' comes after other messages, not right after its call");

        assertThat(sent(inspect(ANTHROPIC, ANTHROPIC_PATH, Mode.MUTATE))).isEqualTo("{\"model\":\"claude-sonnet-4-5\","
                + "\"max_tokens\":100,\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"},{\"role\":\"assistant\","
                + "\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"weather\",\"input\":{}}]},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_1\",\"content\":\"22\"},"
                + "{\"type\":\"text\",\"text\":\"Hurry up\"}]},{\"role\":\"assistant\",\"content\":\"Still waiting for the tool.\"}]}");
    }

    @Test
    void anthropic_results_in_the_next_message_answer_their_calls_whatever_else_it_holds() {
        WireVerdict verdict = inspect(ANTHROPIC_ON_TIME, ANTHROPIC_PATH, Mode.ENFORCE);
        assertThat(verdict).isInstanceOf(WireVerdict.Passed.class);
        assertThat(result(verdict).dispatch().timeline().entries()).filteredOn(e -> e instanceof ToolCall)
                .extracting(e -> ((ToolCall) e).result().content()).containsExactly("22", "noon");
    }

    @Test
    void chat_a_tool_message_after_a_user_message_answers_nothing_and_is_no_id_collision() {
        WireVerdict enforce = inspect(CHAT, "/v1/chat/completions", Mode.ENFORCE);
        assertThat(blocking(enforce)).containsExactlyInAnyOrder(
                "openai-tool-message-follows-tool-calls [call_b@messages[4]]",
                "openai-tool-calls-answered [call_b@messages[1].tool_calls[1]]");
        assertThat(ruleIds(enforce)).doesNotContain("tool-call-id-uniqueness");

        String sent = sent(inspect(CHAT, "/v1/chat/completions", Mode.MUTATE));
        assertThat(sent).contains("{\"role\":\"tool\",\"tool_call_id\":\"call_b\",\"content\":\"noon\"},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"call_a\",\"content\":\"22\"},{\"role\":\"user\","
                + "\"content\":\"Hurry up\"}]}");
    }

    @Test
    void bedrock_a_result_after_other_messages_answers_nothing_and_mutate_moves_it_back() {
        WireVerdict enforce = inspect(BEDROCK, BEDROCK_PATH, Mode.ENFORCE);
        assertThat(blocking(enforce)).containsExactly(
                "bedrock-converse-tool-results-present [tu_1@messages[1].content[0]]",
                "bedrock-converse-tool-result-count [tu_1@messages[4].content[0]]");
        assertThat(ruleIds(enforce)).as("the wire alternates").doesNotContain("bedrock-converse-consecutive-roles");

        assertThat(sent(inspect(BEDROCK, BEDROCK_PATH, Mode.MUTATE))).isEqualTo("{\"messages\":[{\"role\":\"user\","
                + "\"content\":[{\"text\":\"Weather?\"}]},{\"role\":\"assistant\",\"content\":[{\"toolUse\":{\"toolUseId\":"
                + "\"tu_1\",\"name\":\"weather\",\"input\":{}}}]},{\"role\":\"user\",\"content\":[{\"toolResult\":"
                + "{\"toolUseId\":\"tu_1\",\"content\":[{\"text\":\"22\"}]}},{\"text\":\"Hurry up\"}]},{\"role\":"
                + "\"assistant\",\"content\":[{\"text\":\"Still waiting.\"}]}]}");
    }

    @Test
    void gemini_a_function_response_after_other_contents_answers_nothing_and_mutate_moves_it_back() {
        WireVerdict enforce = inspect(GEMINI, GEMINI_PATH, Mode.ENFORCE);
        assertThat(blocking(enforce)).containsExactlyInAnyOrder(
                "gemini-function-response-after-call [m1.c0@contents[4].parts[0]]",
                "gemini-function-response-count [m1.c0@contents[1].parts[0]]");
        assertThat(ruleIds(enforce)).as("the conversation ends with the function response")
                .doesNotContain("gemini-ends-with-user-turn");

        assertThat(sent(inspect(GEMINI, GEMINI_PATH, Mode.MUTATE))).as("the moved response keeps its own object")
                .isEqualTo("{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"Weather?\"}]},{\"role\":\"model\","
                        + "\"parts\":[{\"functionCall\":{\"name\":\"weather\",\"args\":{}}}]},{\"role\":\"user\",\"parts\":["
                        + "{\"functionResponse\":{\"name\":\"weather\",\"response\":{\"temp\":\"22\"}}},"
                        + "{\"text\":\"Hurry up\"}]},{\"role\":\"model\",\"parts\":[{\"text\":\"Still waiting.\"}]}]}");
    }

    @Test
    void anthropic_a_moved_result_keeps_its_content_blocks() {
        String body = replaced(ANTHROPIC, "\"content\":\"22\"}]}]}", "\"content\":[{\"type\":\"text\",\"text\":\"22\"},"
                + "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"iVBORw0K\"}}]}]}]}");
        assertThat(sent(inspect(body, ANTHROPIC_PATH, Mode.MUTATE))).contains("{\"role\":\"user\",\"content\":["
                + "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_1\",\"content\":[{\"type\":\"text\",\"text\":\"22\"},"
                + "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"iVBORw0K\"}}]},"
                + "{\"type\":\"text\",\"text\":\"Hurry up\"}]}");
    }

    @Test
    void responses_on_a_provider_that_translates_to_chat_an_output_after_a_message_answers_nothing() {
        WireGuard deepseek = WireGuard.builder(OrderingGuard.builder().selectProfiles(Profiles.selector())
                .mode(Mode.ENFORCE).build()).provider("deepseek").build();
        WireVerdict enforce = deepseek.inspect(RESPONSES.getBytes(StandardCharsets.UTF_8), "/v1/responses", null);
        assertThat(blocking(enforce)).containsExactlyInAnyOrder(
                "openai-responses-function-call-has-output [call_a@input[1]]",
                "openai-responses-output-has-function-call [call_a@input[3]]");

        WireGuard repairing = WireGuard.builder(OrderingGuard.builder().selectProfiles(Profiles.selector())
                .mode(Mode.MUTATE).build()).provider("deepseek").build();
        assertThat(sent(repairing.inspect(RESPONSES.getBytes(StandardCharsets.UTF_8), "/v1/responses", null)))
                .as("the output moved right after its call, before the message").isEqualTo("{\"model\":\"gpt-4.1\","
                        + "\"input\":[{\"role\":\"user\",\"content\":\"Weather?\"},{\"type\":\"function_call\","
                        + "\"call_id\":\"call_a\",\"name\":\"weather\",\"arguments\":\"{}\"},{\"type\":\"function_call_output\","
                        + "\"call_id\":\"call_a\",\"output\":\"22\"},{\"role\":\"assistant\",\"content\":\"Checking.\"}]}");
    }

    @Test
    void responses_an_output_after_other_items_still_answers_its_call() {
        WireVerdict verdict = inspect(RESPONSES, "/v1/responses", Mode.ENFORCE);
        assertThat(verdict).isInstanceOf(WireVerdict.Passed.class);
        assertThat(result(verdict).dispatch().timeline().entries()).filteredOn(e -> e instanceof ToolCall)
                .extracting(e -> ((ToolCall) e).result().content()).containsExactly("22");
    }

    @Test
    void bedrock_a_moved_result_keeps_its_status_and_image() {
        String late = "{\"toolResult\":{\"toolUseId\":\"tu_1\",\"status\":\"success\",\"content\":[{\"text\":\"22\"},"
                + "{\"image\":{\"format\":\"png\",\"source\":{\"bytes\":\"iVBORw0K\"}}}]}}";
        String body = replaced(BEDROCK, "{\"toolResult\":{\"toolUseId\":\"tu_1\",\"content\":[{\"text\":\"22\"}]}}", late);
        assertThat(sent(inspect(body, BEDROCK_PATH, Mode.MUTATE))).contains("{\"role\":\"user\",\"content\":[" + late
                + ",{\"text\":\"Hurry up\"}]}");
    }

    @Test
    void chat_a_moved_tool_message_keeps_its_parts_and_fields() {
        String late = "{\"role\":\"tool\",\"tool_call_id\":\"call_b\",\"name\":\"time\",\"content\":"
                + "[{\"type\":\"text\",\"text\":\"noon\"}]}";
        String body = replaced(CHAT, "{\"role\":\"tool\",\"tool_call_id\":\"call_b\",\"content\":\"noon\"}", late);
        assertThat(sent(inspect(body, "/v1/chat/completions", Mode.MUTATE))).contains(late
                + ",{\"role\":\"tool\",\"tool_call_id\":\"call_a\",\"content\":\"22\"},{\"role\":\"user\"");
    }

    @Test
    void responses_a_moved_output_keeps_its_item_fields() {
        String late = "{\"type\":\"function_call_output\",\"id\":\"fco_1\",\"call_id\":\"call_a\",\"output\":\"22\","
                + "\"status\":\"completed\"}";
        String body = replaced(RESPONSES, "{\"type\":\"function_call_output\",\"call_id\":\"call_a\",\"output\":\"22\"}", late);
        WireGuard repairing = WireGuard.builder(OrderingGuard.builder().selectProfiles(Profiles.selector())
                .mode(Mode.MUTATE).build()).provider("deepseek").build();
        assertThat(sent(repairing.inspect(body.getBytes(StandardCharsets.UTF_8), "/v1/responses", null)))
                .contains("\"arguments\":\"{}\"}," + late + ",{\"role\":\"assistant\",\"content\":\"Checking.\"}]}");
    }
}

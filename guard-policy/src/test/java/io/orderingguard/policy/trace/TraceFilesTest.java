package io.orderingguard.policy.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.GuardInputException;
import io.orderingguard.policy.ToolInvocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceFilesTest {

    @TempDir
    Path dir;

    private Path write(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
    }

    private static List<String> names(TraceRecord record) {
        return record.calls().stream().map(ToolInvocation::tool).collect(Collectors.toList());
    }

    @Test
    void should_read_the_assay_v2_minimal_example() throws IOException {
        Path file = write("trace.jsonl",
                "{\"type\":\"episode_start\",\"episode_id\":\"ep1\",\"timestamp\":0,\"input\":{\"prompt\":\"test\"},\"meta\":{}}",
                "{\"type\":\"tool_call\",\"episode_id\":\"ep1\",\"step_id\":\"s1\",\"timestamp\":100,\"tool_name\":\"init\",\"args\":{},\"call_index\":0}",
                "{\"type\":\"tool_call\",\"episode_id\":\"ep1\",\"step_id\":\"s2\",\"timestamp\":200,\"tool_name\":\"work\",\"args\":{},\"call_index\":1}",
                "{\"type\":\"tool_call\",\"episode_id\":\"ep1\",\"step_id\":\"s3\",\"timestamp\":300,\"tool_name\":\"shutdown\",\"args\":{},\"call_index\":2}",
                "{\"type\":\"episode_end\",\"episode_id\":\"ep1\",\"timestamp\":400,\"outcome\":\"pass\"}");
        List<TraceRecord> records = TraceFiles.read(file);
        assertThat(records).hasSize(1);
        TraceRecord ep = records.get(0);
        assertThat(ep.id()).isEqualTo("ep1");
        assertThat(ep.prompt()).isEqualTo("test");
        assertThat(ep.line()).isEqualTo(1);
        assertThat(names(ep)).containsExactly("init", "work", "shutdown");
    }

    @Test
    void should_read_a_flow_trace_written_by_guard_testing() throws IOException {
        Path file = Path.of("..", "guard-testing", "src", "test", "resources", "fixtures",
                "refund_flow_20260413_101500.trace.json");
        TraceRecord run = TraceFiles.readSingle(file);
        assertThat(run.id()).isEqualTo("refund_flow");
        assertThat(run.prompt()).isEqualTo("Refund order 123, it arrived broken.");
        assertThat(run.line()).isZero();
        assertThat(names(run)).containsExactly("lookup_order", "check_policy", "issue_refund");
        assertThat(run.calls().get(0).args()).isEqualTo(JsonNodeFactory.instance.objectNode().put("order_id", "123"));
    }

    @Test
    void should_keep_a_flow_trace_with_an_unreadable_call_as_a_problem() throws IOException {
        Path file = write("broken.trace.json", "{\"trace_id\": \"t-1\", \"format_version\": \"1\", \"turns\": ["
                + "{\"index\": 0, \"llm_call\": {\"messages\": null, \"tool_calls\": [{\"name\": \"a\"}]}},"
                + "{\"index\": 1, \"llm_call\": {\"messages\": [], \"tool_calls\": [{\"call_id\": \"c2\"}]}}]}");
        TraceRecord run = TraceFiles.readSingle(file);
        assertThat(run.id()).isEqualTo("t-1");
        assertThat(run.prompt()).isNull();
        assertThat(run.calls()).isEmpty();
        assertThat(run.problem()).isEqualTo("could not read the tool calls: " + file + ": $.turns[1].llm_call.tool_calls[0]: "
                + "a tool call needs its tool name in tool_name, tool, name or function.name, but has none");
    }

    @Test
    void should_keep_interleaved_episodes_apart_in_file_order_and_skip_other_events() throws IOException {
        Path file = write("trace.jsonl",
                "{\"type\":\"episode_start\",\"episode_id\":\"a\",\"input\":{\"prompt\":\"first\"}}",
                "{\"type\":\"step\",\"episode_id\":\"b\",\"step_id\":\"s\",\"kind\":\"llm_completion\",\"meta\":{\"gen_ai.prompt\":\"second\"}}",
                "{\"type\":\"tool_call\",\"episode_id\":\"b\",\"step_id\":\"s\",\"tool_name\":\"y\"}",
                "",
                "{\"type\":\"tool_call\",\"episode_id\":\"a\",\"step_id\":\"s\",\"tool_name\":\"x\",\"args\":{\"q\":1}}",
                "{\"type\":\"annotation\",\"episode_id\":\"a\",\"note\":\"skipped\"}",
                "{\"type\":\"step\",\"episode_id\":\"c\",\"step_id\":\"s\",\"content\":\"{\\\"prompt\\\":\\\"third\\\",\\\"completion\\\":\\\"ok\\\"}\"}",
                "{\"type\":\"tool_call\",\"episode_id\":\"a\",\"step_id\":\"t\",\"tool_name\":\"z\"}");
        List<TraceRecord> records = TraceFiles.read(file);
        assertThat(records).extracting(TraceRecord::id).containsExactly("a", "b", "c");
        assertThat(records).extracting(TraceRecord::prompt).containsExactly("first", "second", "third");
        assertThat(names(records.get(0))).containsExactly("x", "z");
        assertThat(records.get(0).calls().get(0).argText("q")).isEqualTo("1");
        assertThat(names(records.get(1))).containsExactly("y");
        assertThat(records.get(2).calls()).isEmpty();
    }

    @Test
    void should_fail_on_a_tool_call_line_that_belongs_to_no_episode() throws IOException {
        Path file = write("trace.jsonl",
                "{\"type\":\"tool_call\",\"id\":\"c1\",\"tool\":\"delete\",\"arguments\":{},\"timestamp\":1}");
        assertThatThrownBy(() -> TraceFiles.read(file)).isInstanceOf(GuardInputException.class)
                .hasMessage(file + ":1: $.episode_id: required field is missing");
    }

    @Test
    void should_keep_the_identity_of_a_run_whose_calls_cannot_be_read() throws IOException {
        Path file = write("trace.jsonl",
                "{\"type\":\"episode_start\",\"episode_id\":\"ep\",\"input\":{\"prompt\":\"p\"}}",
                "{\"type\":\"tool_call\",\"episode_id\":\"ep\",\"step_id\":\"s\",\"tool_name\":\"a\"}",
                "{\"type\":\"tool_call\",\"episode_id\":\"ep\",\"step_id\":\"s\",\"name\":\"b\"}",
                "{\"prompt\":\"legacy\",\"response\":\"r\",\"tool_calls\":{\"tool_name\":\"x\"}}");
        List<TraceRecord> records = TraceFiles.read(file);
        assertThat(records.get(0).readable()).isFalse();
        assertThat(records.get(0).calls()).isEmpty();
        assertThat(records.get(0).problem()).isEqualTo("could not read the tool calls: " + file + ":3: $.tool_name: "
                + "required field is missing");
        assertThat(records.get(1).prompt()).isEqualTo("legacy");
        assertThat(records.get(1).problem()).isEqualTo("could not read the tool calls: " + file + ":4: $.tool_calls: "
                + "expected an array, but was an object");
    }

    @Test
    void should_read_legacy_records_in_every_call_shape() throws IOException {
        Path file = write("legacy.jsonl",
                "{\"prompt\":\"one\",\"response\":\"r\",\"request_id\":\"r1\",\"meta\":{\"tool_calls\":["
                        + "{\"id\":\"b\",\"tool_name\":\"second\",\"args\":{},\"index\":1,\"ts_ms\":2},"
                        + "{\"id\":\"a\",\"tool_name\":\"first\",\"args\":{\"k\":\"v\"},\"index\":0,\"ts_ms\":1}]}}",
                "{\"prompt\":\"two\",\"text\":\"t\",\"tool\":\"solo\",\"args\":{\"n\":2}}",
                "{\"schema_version\":1,\"type\":\"assay.trace\",\"request_id\":\"r3\",\"prompt\":\"three\",\"response\":\"r\","
                        + "\"tool_calls\":[{\"function\":{\"name\":\"openai_style\",\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}]}",
                "{\"prompt\":\"four\",\"response\":\"no tools\"}");
        List<TraceRecord> records = TraceFiles.read(file);
        assertThat(records).extracting(TraceRecord::id).containsExactly("r1", null, "r3", null);
        assertThat(names(records.get(0))).containsExactly("first", "second");
        assertThat(records.get(0).calls().get(0).argText("k")).isEqualTo("v");
        assertThat(names(records.get(1))).containsExactly("solo");
        assertThat(records.get(2).calls().get(0).argText("city")).isEqualTo("Paris");
        assertThat(records.get(3).calls()).isEmpty();
    }

    @Test
    void should_read_dispatch_documents_with_context_and_keep_the_last_snapshot_of_a_conversation() throws IOException {
        Path doc = write("dispatch.json",
                "{",
                "  \"conversationId\": \"c-1\", \"model\": \"claude-sonnet-4-5\",",
                "  \"context\": {\"user_role\": \"standard\"},",
                "  \"entries\": [",
                "    {\"kind\": \"message\", \"id\": \"m1\", \"role\": \"user\", \"content\": \"Delete customer 42\"},",
                "    {\"kind\": \"toolCall\", \"id\": \"c1\", \"tool\": \"GetCustomer\", \"args\": {\"id\": 42},",
                "     \"result\": {\"content\": \"ok\", \"isError\": false}},",
                "    {\"kind\": \"toolCall\", \"id\": \"c0\", \"tool\": \"VerifyIdentity\", \"requested\": false,",
                "     \"result\": {\"content\": \"late\"}},",
                "    {\"kind\": \"toolCall\", \"id\": \"c2\", \"tool\": \"DeleteCustomer\"}",
                "  ]",
                "}");
        TraceRecord record = TraceFiles.readSingle(doc);
        assertThat(record.id()).isEqualTo("c-1");
        assertThat(record.prompt()).isEqualTo("Delete customer 42");
        assertThat(names(record)).containsExactly("GetCustomer", "DeleteCustomer");
        assertThat(record.context()).isEqualTo(JsonNodeFactory.instance.objectNode().put("user_role", "standard"));

        Path lines = write("dispatches.jsonl",
                "{\"conversationId\":\"c\",\"entries\":[{\"kind\":\"toolCall\",\"id\":\"1\",\"tool\":\"a\"}]}",
                "{\"conversationId\":\"d\",\"entries\":[]}",
                "{\"conversationId\":\"c\",\"entries\":[{\"kind\":\"toolCall\",\"id\":\"1\",\"tool\":\"a\"},"
                        + "{\"kind\":\"toolCall\",\"id\":\"2\",\"tool\":\"b\"}]}");
        List<TraceRecord> records = TraceFiles.read(lines);
        assertThat(records).extracting(TraceRecord::id).containsExactly("c", "d");
        assertThat(names(records.get(0))).containsExactly("a", "b");
        assertThat(records.get(0).line()).isEqualTo(3);
    }

    @Test
    void should_reject_unknown_fields_in_dispatch_documents() throws IOException {
        Path doc = write("d.json", "{\"entries\": [{\"kind\": \"toolCall\", \"id\": \"1\", \"tool\": \"a\", \"arguments\": {}}]}");
        assertThatThrownBy(() -> TraceFiles.read(doc)).isInstanceOf(GuardInputException.class)
                .hasMessage(doc + ": $.entries[0].arguments: unknown field; expected one of args, content, id, kind, payload, "
                        + "replayCompatibility, requested, result, role, step, tool");
        Path role = write("r.json", "{\"entries\": [{\"kind\": \"message\", \"id\": \"1\", \"role\": \"bot\"}]}");
        assertThatThrownBy(() -> TraceFiles.read(role))
                .hasMessage(role + ": $.entries[0].role: expected one of user, assistant, system, but was \"bot\"");
    }

    @Test
    void should_read_call_lists_as_one_run() throws IOException {
        Path array = write("calls.json", "[\"a\", {\"tool\": \"b\", \"args\": {\"x\": 1}}, {\"name\": \"c\"}]");
        assertThat(names(TraceFiles.readSingle(array))).containsExactly("a", "b", "c");
        Path object = write("calls.yaml", "tool_calls:\n  - {tool_name: a}\n  - b\n");
        assertThat(names(TraceFiles.readSingle(object))).containsExactly("a", "b");
        Path bad = write("bad.json", "[\"a\", 3]");
        assertThatThrownBy(() -> TraceFiles.read(bad)).hasMessage(bad + ": $[1]: expected a tool name or a call object, "
                + "but was a number (3)");
    }

    @Test
    void should_report_bad_lines_with_their_number() throws IOException {
        Path malformed = write("m.jsonl", "{\"prompt\":\"a\"}", "{\"prompt\": ");
        assertThatThrownBy(() -> TraceFiles.read(malformed)).isInstanceOf(GuardInputException.class)
                .hasMessageStartingWith(malformed + ":2: malformed JSON: ");
        Path unknown = write("u.jsonl", "{\"hello\":\"world\"}");
        assertThatThrownBy(() -> TraceFiles.read(unknown)).hasMessage(unknown + ":1: $: unrecognised trace record: "
                + "expected an Assay episode event (type episode_start, step, tool_call, episode_end), a record with a "
                + "prompt, or a dispatch document with entries");
        Path two = write("two.jsonl", "{\"prompt\":\"a\"}", "{\"prompt\":\"b\"}");
        assertThatThrownBy(() -> TraceFiles.readSingle(two)).hasMessage(two + ": expected one recorded run, but the file "
                + "holds 2 (\"a\", \"b\"); pick one with its id");
        assertThat(TraceFiles.readOne(two, "b").prompt()).isEqualTo("b");
    }
}

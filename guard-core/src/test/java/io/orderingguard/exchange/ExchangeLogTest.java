package io.orderingguard.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Role;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exchange log: content-free shapes that re-check alike, pseudonyms, the full level, drops and rotation. */
class ExchangeLogTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final OrderingProfile PROFILE = OrderingProfile.of("test",
            OrderingRule.toolResultPairing("tool-result-pairing").withSeverity(Severity.BLOCKING),
            OrderingRule.alternation("alt", Role.USER, Role.ASSISTANT).withSeverity(Severity.BLOCKING),
            OrderingRule.requiredMetadata("thought-signed", io.orderingguard.timeline.Kind.THOUGHT,
                    io.orderingguard.rule.ApplyTo.EVERY, "signature"));

    /** Every text of the conversation below: none may appear in a shape-level log. */
    private static final List<String> TEXTS = List.of("Please find the secret recipe", "secret-thinking-words",
            "EqQBsignatureSecret/Zm9vYmFyYmF6cXV4cXV1eA==", "lasagna-query", "secret result body", "secret-context-value",
            "Here is the secret answer", "nested-secret");

    private static final String DOCUMENT = """
            {"conversationId": "conv-42", "provider": "anthropic", "model": "claude-sonnet-4-5",
             "tools": [{"name": "search", "inputSchema": {"type": "object", "description": "nested-secret",
                        "required": ["q"], "properties": {"q": {"type": "string", "description": "x"}}}}],
             "context": {"user": "secret-context-value"},
             "entries": [
              {"kind": "message", "id": "m1", "role": "user", "content": "Please find the secret recipe"},
              {"kind": "thought", "id": "t1", "content": "secret-thinking-words", "payload": {"signature": "EqQBsignatureSecret/Zm9vYmFyYmF6cXV4cXV1eA==", "channel": "analysis"},
               "replayCompatibility": "anthropic-messages-thinking-v1", "step": "s1"},
              {"kind": "toolCall", "id": "toolu_01ABCdef", "tool": "search", "args": {"q": "lasagna-query", "n": 3,
               "filter": {"nested-secret": "nested-secret"}}, "step": "s1", "result": {"content": "secret result body"}},
              {"kind": "toolCall", "id": "toolu_02XYZ", "tool": "search", "args": {}, "step": "s1"},
              {"kind": "message", "id": "m2", "role": "assistant", "content": "Here is the secret answer"},
              {"kind": "message", "id": "m3", "role": "user", "content": "   "}
             ]}""";

    @TempDir
    Path dir;

    @Test
    void should_write_a_shape_without_any_text_the_conversation_sent() throws Exception {
        // GIVEN a shadow guard with a shape-level log
        Path file = dir.resolve("exchanges.jsonl");
        Dispatch dispatch = DispatchCodec.defaults().read(DOCUMENT, "doc");
        try (ExchangeLog log = ExchangeLog.builder(file).build()) {
            OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW).listener(log).build();
            GuardResult result = guard.check(dispatch);
            // WHEN the provider rejects it, quoting an id
            guard.answered(result, ProviderAnswer.of(400, "{\"error\":{\"message\":\"messages.1: `tool_use` ids were found"
                    + " without `tool_result` blocks immediately after: toolu_02XYZ\"}}"));
            log.flush();
            assertThat(log.written()).isEqualTo(1);
        }
        // THEN no text is in the file
        String written = Files.readString(file);
        for (String text : TEXTS) {
            assertThat(written).as(text).doesNotContain(text);
        }
        assertThat(written).doesNotContain("toolu_02XYZ").doesNotContain("toolu_01ABCdef").doesNotContain("conv-42");
        JsonNode line = JSON.readTree(written);
        assertThat(line.path("level").asText()).isEqualTo("shape");
        assertThat(line.path("profile").asText()).isEqualTo("test");
        assertThat(line.path("verdict").path("outcome").asText()).isEqualTo("confirmed");
        assertThat(line.path("verdict").path("status").asInt()).isEqualTo(400);
        assertThat(line.path("verdict").path("rejectionText").asText()).endsWith("immediately after: "
                + line.at("/dispatch/entries/3/id").asText());
        JsonNode entries = line.at("/dispatch/entries");
        assertThat(entries.get(0).path("content").asText()).isEqualTo("[redacted: 29 chars]");
        assertThat(entries.get(5).path("content").asText()).isEqualTo(" ");
        assertThat(entries.get(1).at("/payload/signature").asText()).matches("h:[0-9a-f]{16}");
        assertThat(entries.get(1).at("/payload/channel").asText()).isEqualTo("analysis");
        assertThat(entries.get(2).path("id").asText()).matches("[a-z]{5}_[0-9]{2}[A-Z]{3}[a-z]{3}");
        assertThat(entries.get(2).path("tool").asText()).isEqualTo("search");
        assertThat(entries.get(2).path("args").toString()).isEqualTo(
                "{\"q\":\"[redacted: 13 chars]\",\"n\":0,\"filter\":{\"k0\":\"[redacted: 13 chars]\"}}");
        assertThat(line.at("/dispatch/tools/0/inputSchema").toString())
                .isEqualTo("{\"type\":\"object\",\"required\":[\"q\"],\"properties\":{\"q\":{\"type\":\"string\"}}}");
        // AND the shape re-checks with the findings of the original
        Dispatch shape = DispatchCodec.defaults().fromTree(line.get("dispatch"), "log", 1);
        OrderingGuard recheck = OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW).build();
        assertThat(ruleIds(recheck.check(shape).findings())).isEqualTo(ruleIds(recheck.check(dispatch).findings()))
                .contains("tool-result-pairing");
    }

    @Test
    void should_keep_the_request_as_sent_at_the_full_level() throws Exception {
        Path file = dir.resolve("full.jsonl");
        Dispatch dispatch = DispatchCodec.defaults().read(DOCUMENT, "doc");
        try (ExchangeLog log = ExchangeLog.builder(file).level(ExchangeLog.Level.FULL).build()) {
            OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW).listener(log).build();
            guard.answered(guard.check(dispatch), ProviderAnswer.status(200));
        }
        JsonNode line = JSON.readTree(Files.readString(file));
        assertThat(line.path("level").asText()).isEqualTo("full");
        assertThat(line.path("verdict").path("outcome").asText()).isEqualTo("contradicted");
        assertThat(line.get("dispatch")).isEqualTo(DispatchCodec.defaults().toTree(dispatch));
    }

    @Test
    void should_give_distinct_ids_distinct_pseudonyms_of_the_same_format() {
        Redactor a = new Redactor("0123456789abcdef".getBytes(StandardCharsets.UTF_8));
        Redactor b = new Redactor("0123456789abcdef".getBytes(StandardCharsets.UTF_8));
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            String id = "m" + i;
            String p = a.pseudonym(id);
            assertThat(p).hasSameSizeAs(id).matches("[a-z][0-9]+");
            assertThat(b.pseudonym(id)).isEqualTo(p);
            seen.add(p);
        }
        assertThat(seen).hasSize(2_000);
        assertThat(a.pseudonym("call_01-ÄB.x")).matches("[a-z]{4}_[0-9]{2}-ø[A-Z]\\.[a-z]");
        assertThat(a.pseudonym("___")).isEqualTo("___");
        String longId = "x".repeat(300);
        assertThat(a.pseudonym(longId)).hasSize(300).matches("[a-z]+").isEqualTo(b.pseudonym(longId));
    }

    @Test
    void should_drop_and_count_what_the_queue_cannot_take() throws Exception {
        Path file = dir.resolve("drops.jsonl");
        Dispatch dispatch = DispatchCodec.defaults().read(DOCUMENT, "doc");
        ExchangeLog log = ExchangeLog.builder(file).queueCapacity(1).build();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW).listener(log).build();
        GuardResult result = guard.check(dispatch);
        for (int i = 0; i < 500; i++) {
            guard.answered(result, ProviderAnswer.status(200));
        }
        log.close();
        guard.answered(result, ProviderAnswer.status(200));
        assertThat(log.written() + log.dropped()).isEqualTo(501);
        assertThat(Files.readAllLines(file)).hasSize((int) log.written());
    }

    @Test
    void should_rotate_by_size_and_keep_max_files() throws Exception {
        Path file = dir.resolve("logs/exchanges.jsonl");
        Dispatch dispatch = DispatchCodec.defaults().read(DOCUMENT, "doc");
        try (ExchangeLog log = ExchangeLog.builder(file).maxFileBytes(4096).maxFiles(3).build()) {
            OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW).listener(log).build();
            GuardResult result = guard.check(dispatch);
            for (int i = 0; i < 40; i++) {
                guard.answered(result, ProviderAnswer.status(200));
                log.flush();
            }
        }
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(file.getParent())) {
            files.map(p -> p.getFileName().toString()).sorted().forEach(names::add);
        }
        assertThat(names).hasSize(3).last().isEqualTo("exchanges.jsonl");
        assertThat(names.get(0)).matches("exchanges\\.0000\\d\\d\\.jsonl");
        assertThat(names.get(0)).isLessThan(names.get(1));
        for (String name : names) {
            assertThat(Files.size(file.resolveSibling(name))).isLessThanOrEqualTo(4096);
        }
    }

    @Test
    void should_fail_when_the_builder_gets_bad_values() {
        ExchangeLog.Builder builder = ExchangeLog.builder(dir.resolve("x.jsonl"));
        assertThatThrownBy(() -> builder.maxFileBytes(10)).hasMessage("maxFileBytes must be >= 1024, but was 10");
        assertThatThrownBy(() -> builder.maxFiles(0)).hasMessage("maxFiles must be >= 1, but was 0");
        assertThatThrownBy(() -> builder.queueCapacity(0)).hasMessage("queueCapacity must be >= 1, but was 0");
        assertThatThrownBy(() -> builder.hashKey("short")).hasMessage("hashKey must have at least 16 characters, but has 5");
    }

    private static List<String> ruleIds(List<Finding> findings) {
        return findings.stream().map(Finding::ruleId).toList();
    }
}

package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ProviderErrors#classify}: every provider error of the catalogue classifies back to its own
 * rule, and the real error texts of {@code conformance/provider-errors/} (bare, and inside each
 * provider's error envelope) classify to exactly the rules they name.
 */
class ProviderErrorsTest {

    private static final Path FIXTURES = Path.of("..", "conformance", "provider-errors");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern NUMBER_PLACEHOLDER = Pattern.compile("(?<![A-Za-z0-9])[NM](?![A-Za-z0-9])");

    /** Every (rule id, provider error) pair of the shipped behaviours and families, once. */
    static Stream<Arguments> catalogueTexts() {
        Set<String> seen = new LinkedHashSet<>();
        List<Arguments> out = new ArrayList<>();
        for (List<CatalogEntry> list : List.of(Profiles.behaviours(), Profiles.families())) {
            for (CatalogEntry e : list) {
                for (OrderingRule r : e.rules()) {
                    String text = r.provenance().providerError();
                    if (text != null && seen.add(r.id() + '\n' + text)) {
                        out.add(Arguments.of(r.id(), text));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("catalogueTexts")
    void every_catalogue_text_classifies_to_its_own_rule(String ruleId, String text) {
        ErrorClassification c = ProviderErrors.classify(text);

        assertThat(ids(c.top())).contains(ruleId);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("catalogueTexts")
    void every_catalogue_text_with_values_filled_in_classifies_to_its_own_rule_as_a_whole(String ruleId, String text) {
        for (String alternative : text.split(" / ")) {
            String concrete = NUMBER_PLACEHOLDER.matcher(alternative).replaceAll("7")
                    .replace("<ids>", "call_1, call_2").replace("<id>", "x1Y2z3").replace("<name>", "search")
                    .replace("…", " and the rest of the message ");

            ErrorClassification c = ProviderErrors.classify(concrete);

            assertThat(ids(c.top())).as(concrete).contains(ruleId);
            assertThat(c.top().get(0).strength()).as(concrete).isEqualTo(MatchStrength.WHOLE);
        }
    }

    @TestFactory
    Stream<DynamicNode> real_provider_errors_bare_and_in_their_envelopes() throws IOException {
        List<DynamicNode> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(FIXTURES)) {
            for (Path file : list.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                JsonNode doc = JSON.readTree(file.toFile());
                List<DynamicNode> cases = new ArrayList<>();
                for (JsonNode c : doc.get("cases")) {
                    String text = c.get("text").asText();
                    Set<String> expected = new TreeSet<>();
                    c.get("expect").forEach(n -> expected.add(n.asText()));
                    List<DynamicTest> forms = new ArrayList<>();
                    forms.add(DynamicTest.dynamicTest("bare", () -> assertClassifies(text, text, expected)));
                    int i = 0;
                    for (JsonNode envelope : doc.get("envelopes")) {
                        String wrapped = wrap(envelope, text);
                        forms.add(DynamicTest.dynamicTest("envelope " + ++i, () -> assertClassifies(wrapped, text,
                                expected)));
                    }
                    cases.add(DynamicContainer.dynamicContainer(c.get("source").asText(), forms.stream()));
                }
                files.add(DynamicContainer.dynamicContainer(file.getFileName().toString(), file.toUri(), cases.stream()));
            }
        }
        return files.stream();
    }

    /** Counts the real texts, so that the fixtures cannot silently shrink. */
    @Test
    void the_fixtures_hold_the_real_texts_of_every_provider() throws IOException {
        int texts = 0;
        int envelopes = 0;
        try (Stream<Path> list = Files.list(FIXTURES)) {
            for (Path file : list.filter(p -> p.toString().endsWith(".json")).toList()) {
                JsonNode doc = JSON.readTree(file.toFile());
                texts += doc.get("cases").size();
                envelopes += doc.get("cases").size() * doc.get("envelopes").size();
            }
        }

        assertThat(texts).isEqualTo(69);
        assertThat(envelopes).isEqualTo(134);
    }

    private static void assertClassifies(String input, String text, Set<String> expected) {
        ErrorClassification c = ProviderErrors.classify(input);

        if (expected.isEmpty()) {
            assertThat(c.matches()).as(input).isEmpty();
            return;
        }
        assertThat(new TreeSet<>(ids(c.top()))).as(input).isEqualTo(expected);
        String span = c.top().get(0).span().text();
        assertThat(c.text()).as(input).contains(span);
        assertThat(text).as(input).contains(span.substring(Math.max(0, span.length() - 16)));
    }

    /** Puts a text where an envelope says {@code $MESSAGE}: as a JSON string in a JSON envelope, as is in a text one. */
    private static String wrap(JsonNode envelope, String text) throws IOException {
        if (envelope.isTextual()) {
            String e = envelope.asText();
            return e.contains("\"$MESSAGE\"") ? e.replace("\"$MESSAGE\"", JSON.writeValueAsString(text))
                    : e.replace("$MESSAGE", text);
        }
        return JSON.writeValueAsString(replace(envelope.deepCopy(), text));
    }

    private static JsonNode replace(JsonNode node, String text) {
        if (node instanceof ObjectNode o) {
            for (Map.Entry<String, JsonNode> f : o.properties()) {
                if (f.getValue().isTextual() && f.getValue().asText().equals("$MESSAGE")) {
                    o.put(f.getKey(), text);
                } else {
                    replace(f.getValue(), text);
                }
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i).isTextual() && a.get(i).asText().equals("$MESSAGE")) {
                    a.set(i, text);
                } else {
                    replace(a.get(i), text);
                }
            }
        }
        return node;
    }

    @Test
    void reads_the_message_of_an_anthropic_error_body_and_points_at_the_match() {
        String body = "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"messages.3: "
                + "`tool_use` ids were found without `tool_result` blocks immediately after: toolu_01, toolu_02\"}}";

        ErrorClassification c = ProviderErrors.classify(body);

        assertThat(c.text()).isEqualTo("messages.3: `tool_use` ids were found without `tool_result` blocks "
                + "immediately after: toolu_01, toolu_02");
        assertThat(c.matches()).hasSize(1);
        ErrorMatch m = c.matches().get(0);
        assertThat(m.ruleId()).isEqualTo("anthropic-tool-use-has-result");
        assertThat(m.ruleType()).isEqualTo("toolResultPairing");
        assertThat(m.strength()).isEqualTo(MatchStrength.WHOLE);
        assertThat(m.span()).isEqualTo(new ErrorSpan(0, c.text().length(), c.text()));
        assertThat(m.providerError()).isEqualTo("messages.N: `tool_use` ids were found without `tool_result` blocks "
                + "immediately after: <ids>");
        assertThat(m.families()).containsExactly(
                new HoldingFamily("anthropic-messages", Severity.BLOCKING, true),
                new HoldingFamily("anthropic-messages-no-thinking", Severity.BLOCKING, true),
                new HoldingFamily("anthropic-messages-manual-thinking", Severity.BLOCKING, true),
                new HoldingFamily("anthropic-messages-adaptive-thinking", Severity.BLOCKING, true));
        assertThat(m.blockingIn()).containsExactly("anthropic-messages", "anthropic-messages-no-thinking",
                "anthropic-messages-manual-thinking", "anthropic-messages-adaptive-thinking");
        assertThat(m.advice()).isEqualTo(new ErrorAdvice(
                "A tool call has no result in the message right after it (a memory window or trimming dropped the "
                        + "result, or the tool run was cancelled).",
                "Send each tool call's result right after the message that made the call, or remove the call.",
                true, "mutate mode answers an unanswered call with an error result saying it was not executed."));
        assertThat(m.source()).startsWith("Anthropic Messages API A1");
    }

    @Test
    void a_text_with_its_ids_cut_or_its_location_dropped_matches_as_a_whole() {
        ErrorClassification cut = ProviderErrors.classify(
                "messages.1.content.0: unexpected `tool_use_id` found in `tool_result` blocks");
        ErrorClassification bare = ProviderErrors.classify("unexpected `tool_use_id` found in `tool_result` blocks");

        assertThat(ids(cut.top())).containsExactly("anthropic-tool-result-has-tool-use");
        assertThat(cut.top().get(0).strength()).isEqualTo(MatchStrength.WHOLE);
        assertThat(cut.top().get(0).span().text()).isEqualTo(cut.text());
        assertThat(ids(bare.top())).containsExactly("anthropic-tool-result-has-tool-use");
        assertThat(bare.top().get(0).strength()).isEqualTo(MatchStrength.WHOLE);
        assertThat(bare.top().get(0).coverage()).isLessThan(cut.top().get(0).coverage());
    }

    @Test
    void a_text_cut_at_either_end_matches_partially_when_it_holds_most_of_the_template() {
        ErrorMatch start = ProviderErrors.classify("function call turn comes immediately after a user turn or after a "
                + "function response turn").top().get(0);
        ErrorMatch end = ProviderErrors.classify("Missing `reasoning_content` field in the assistant message").top()
                .get(0);

        assertThat(start.ruleId()).isEqualTo("gemini-history-starts-with-user");
        assertThat(start.strength()).isEqualTo(MatchStrength.PARTIAL);
        assertThat(end.ruleId()).isEqualTo("deepseek-v3-2-reasoning-on-tool-turns");
        assertThat(end.strength()).isEqualTo(MatchStrength.PARTIAL);
        assertThat(ProviderErrors.classify("function response turn").isEmpty()).isTrue();
    }

    @Test
    void a_provider_specific_error_class_ranks_its_rule_above_the_same_words_of_other_providers() {
        String text = "<400> InternalError.Algo.InvalidParameter: An assistant message with \"tool_calls\" must be "
                + "followed by tool messages responding to each \"tool_call_id\". The following tool_call_ids did not "
                + "have response messages: message[532].role";

        ErrorClassification c = ProviderErrors.classify(text);

        assertThat(ids(c.matches())).containsExactly("qwen-tool-calls-answered", "openai-tool-calls-answered",
                "deepseek-tool-calls-answered");
        assertThat(c.matches()).extracting(ErrorMatch::strength).containsExactly(MatchStrength.WHOLE,
                MatchStrength.CONTAINED, MatchStrength.CONTAINED);
        assertThat(ids(c.top())).containsExactly("qwen-tool-calls-answered");
        assertThat(c.matches().get(1).span().text()).startsWith("An assistant message with \"tool_calls\"");
    }

    @Test
    void a_cut_template_without_its_error_class_matches_only_partially() {
        String text = "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
                + "'tool_call_id'. The following tool_call_ids did not have response messages: call_1";

        ErrorClassification c = ProviderErrors.classify(text);

        assertThat(ids(c.matches())).containsExactly("openai-tool-calls-answered", "deepseek-tool-calls-answered",
                "qwen-tool-calls-answered");
        ErrorMatch qwen = c.matches().get(2);
        assertThat(qwen.strength()).isEqualTo(MatchStrength.PARTIAL);
        assertThat(qwen.span().text()).isEqualTo("An assistant message with 'tool_calls' must be followed by tool "
                + "messages");
    }

    @Test
    void an_error_wrapped_in_a_longer_message_is_contained_and_its_span_keeps_the_quotes() {
        ErrorClassification c = ProviderErrors.classify("status code: 400; {\"object\":\"error\",\"message\":"
                + "\"Unexpected role 'user' after role 'tool'\",\"type\":\"invalid_request_message_order\"}");

        assertThat(c.text()).isEqualTo("status code: 400;\nUnexpected role 'user' after role 'tool'");
        assertThat(c.matches()).hasSize(1);
        assertThat(c.matches().get(0).ruleId()).isEqualTo("mistral-no-user-after-tool");
        assertThat(c.matches().get(0).span()).isEqualTo(new ErrorSpan(18, 58, "Unexpected role 'user' after role 'tool'"));
    }

    @Test
    void a_reworded_error_matches_partially_on_its_clauses() {
        ErrorClassification c = ProviderErrors.classify(
                "messages: roles must alternate between \"user\" and \"assistant\", but found multiple \"assistant\" "
                        + "roles in a row");

        assertThat(ids(c.matches())).containsExactly("anthropic-role-alternation");
        assertThat(c.matches().get(0).strength()).isEqualTo(MatchStrength.PARTIAL);
        assertThat(c.matches().get(0).span().text()).isEqualTo("roles must alternate between \"user\" and "
                + "\"assistant\",");
    }

    @Test
    void the_error_class_of_a_template_is_optional_and_counts_when_present() {
        String bare = "A conversation must alternate between user and assistant roles. Make sure the conversation "
                + "alternates between user and assistant roles and try again.";

        ErrorMatch without = ProviderErrors.classify(bare).matches().get(0);
        ErrorMatch with = ProviderErrors.classify("ValidationException: " + bare).matches().get(0);

        assertThat(without.ruleId()).isEqualTo("bedrock-converse-role-alternation");
        assertThat(without.strength()).isEqualTo(MatchStrength.WHOLE);
        assertThat(with.strength()).isEqualTo(MatchStrength.WHOLE);
        assertThat(with.coverage()).isEqualTo(without.coverage() + "validationexception:".length());
        assertThat(with.span().text()).isEqualTo("ValidationException: " + bare);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"   ", "{", "{\"error\": 42}", "[1, 2]", "{\"error\":{\"message\":\"Overloaded\"}}",
        "The tool_use ids", "Please ensure that", "N", "…"})
    void an_unknown_or_empty_text_gives_an_empty_classification(String text) {
        ErrorClassification c = ProviderErrors.classify(text);

        assertThat(c.isEmpty()).isTrue();
        assertThat(c.top()).isEmpty();
        assertThat(c.ruleIds()).isEmpty();
    }

    @Test
    void a_json_string_holding_another_error_body_is_read_too() {
        String inner = "{\"message\":\"The number of toolResult blocks at messages.2.content exceeds the number of "
                + "toolUse blocks of previous turn.\"}";
        String outer = "{\"error\":{\"message\":" + JSON.valueToTree(inner) + "}}";

        ErrorClassification c = ProviderErrors.classify(outer);

        assertThat(c.text()).isEqualTo("The number of toolResult blocks at messages.2.content exceeds the number of "
                + "toolUse blocks of previous turn.");
        assertThat(ids(c.top())).containsExactly("bedrock-converse-tool-result-count");
    }

    @Test
    void families_are_listed_blocking_first_and_blocking_in_names_only_those() {
        ErrorMatch m = ProviderErrors.classify("Corrupted thought signature.").matches().get(0);

        assertThat(m.families()).containsExactly(new HoldingFamily("gemini-3-api", Severity.BLOCKING, true),
                new HoldingFamily("gemini-legacy-api", Severity.ADVISORY, true),
                new HoldingFamily("gemini-2-5-api", Severity.ADVISORY, true));
        assertThat(m.blockingIn()).containsExactly("gemini-3-api");
    }

    private static List<String> ids(List<ErrorMatch> matches) {
        List<String> ids = new ArrayList<>();
        matches.forEach(m -> ids.add(m.ruleId()));
        return ids;
    }
}

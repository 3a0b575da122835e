package io.orderingguard.profiles;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Names the rules of the shipped catalogue that a provider's error text corresponds to: for a 400 that
 * reached the provider, which rule would have caught it, in which families, why the provider refused
 * the request and how to fix it.
 *
 * <pre>{@code
 * ErrorClassification c = ProviderErrors.classify(
 *         "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":"
 *         + "\"messages.3: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01\"}}");
 * c.top().get(0).ruleId();      // anthropic-tool-use-has-result
 * c.top().get(0).blockingIn();  // [anthropic-messages, anthropic-messages-no-thinking, …]
 * }</pre>
 *
 * <p>The text may be the provider's message, a whole JSON error body (Anthropic's
 * {@code {"type":"error","error":{…,"message":…}}}, OpenAI's {@code {"error":{"message":…}}}, Gemini's
 * {@code {"error":{"code":400,"message":…,"status":…}}}, Bedrock's {@code {"message":…}}), or a client's
 * exception text with such a body inside: every {@code message}, {@code msg}, {@code detail},
 * {@code description}, {@code reason} or string {@code error} of the first JSON object in the text is
 * read (else every string of it), together with the text around the object. Each rule's
 * {@code providerError} is matched with its values ({@code N}, {@code <id>}, {@code <ids>}, numbers, cuts
 * marked {@code …}) standing for anything, ignoring case, quote characters and the error class in front;
 * the forms real texts take are recognised too: ids removed ({@code …found in `tool_result` blocks} without
 * {@code : toolu_01}), the location prefix dropped ({@code messages.N.content.M:}), words re-spelled with
 * spaces for underscores ({@code tool use id}), and a text cut at either end that still holds most of the
 * error (see {@link MatchStrength} for the ranking). The templates are compiled once, when this class is first
 * used.
 *
 * <p>Thread-safe: stateless; the compiled catalogue is immutable.
 */
public final class ProviderErrors {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> MESSAGE_KEYS = Set.of("message", "msg", "detail", "details", "description",
            "reason", "error", "errormessage");

    private ProviderErrors() {}

    /**
     * Classifies a provider's error text.
     *
     * @param errorText the error text; {@code null} or blank gives an empty classification
     * @return the matching rules, best first; empty (never an exception) when nothing matches
     */
    public static ErrorClassification classify(String errorText) {
        if (errorText == null || errorText.isBlank()) {
            return new ErrorClassification(errorText == null ? "" : errorText, List.of());
        }
        List<String> parts = parts(errorText);
        String text = String.join("\n", parts);
        Map<String, ErrorMatch> byRule = new LinkedHashMap<>();
        int offset = 0;
        for (String part : parts) {
            Normalized normal = Normalized.of(part);
            if (!normal.text().isEmpty()) {
                for (Catalogue.Entry entry : Catalogue.ENTRIES) {
                    ErrorTemplate.Hit hit = entry.template().find(normal);
                    if (hit == null) {
                        continue;
                    }
                    int[] span = Normalized.widen(part, normal.originalStart(hit.start()),
                            normal.originalEnd(hit.end()));
                    int start = offset + span[0];
                    int end = offset + span[1];
                    ErrorMatch match = new ErrorMatch(entry.rule().id(), entry.rule().type(), hit.strength(),
                            hit.coverage(), new ErrorSpan(start, end, text.substring(start, end)),
                            entry.template().text(), entry.rule().provenance().source(), entry.families(),
                            entry.advice());
                    ErrorMatch previous = byRule.get(match.ruleId());
                    if (previous == null || ranksAbove(match, previous)) {
                        byRule.put(match.ruleId(), match);
                    }
                }
            }
            offset += part.length() + 1;
        }
        List<ErrorMatch> matches = new ArrayList<>(byRule.values());
        matches.sort(Comparator.comparing(ErrorMatch::strength).thenComparing(ErrorMatch::coverage,
                Comparator.reverseOrder()));
        return new ErrorClassification(text, matches);
    }

    private static boolean ranksAbove(ErrorMatch a, ErrorMatch b) {
        int byStrength = a.strength().compareTo(b.strength());
        return byStrength < 0 || byStrength == 0 && a.coverage() > b.coverage();
    }

    /** The texts to read: the text around the first JSON object, and the messages inside it. */
    private static List<String> parts(String errorText) {
        int brace = errorText.indexOf('{');
        if (brace < 0) {
            return List.of(errorText);
        }
        JsonNode tree;
        int consumed;
        try (JsonParser parser = JSON.createParser(errorText.substring(brace))) {
            tree = JSON.readTree(parser);
            consumed = (int) parser.currentLocation().getCharOffset();
        } catch (IOException e) {
            return List.of(errorText);
        }
        if (tree == null || !tree.isObject()) {
            return List.of(errorText);
        }
        List<String> parts = new ArrayList<>();
        addIfText(parts, errorText.substring(0, brace));
        List<String> messages = new ArrayList<>();
        collect(tree, null, messages, true);
        if (messages.isEmpty()) {
            collect(tree, null, messages, false);
        }
        parts.addAll(messages);
        addIfText(parts, errorText.substring(Math.min(errorText.length(), brace + consumed)));
        return parts.isEmpty() ? List.of(errorText) : parts;
    }

    private static void addIfText(List<String> parts, String piece) {
        String stripped = piece.strip();
        if (!stripped.isEmpty() && stripped.chars().anyMatch(Character::isLetter)) {
            parts.add(stripped);
        }
    }

    private static void collect(JsonNode node, String key, List<String> out, boolean messagesOnly) {
        if (node.isObject()) {
            node.properties().forEach(e -> collect(e.getValue(), e.getKey(), out, messagesOnly));
        } else if (node.isArray()) {
            node.forEach(n -> collect(n, key, out, messagesOnly));
        } else if (node.isTextual() && !node.asText().isBlank()
                && (!messagesOnly || key != null && MESSAGE_KEYS.contains(key.toLowerCase(Locale.ROOT)))) {
            String value = node.asText();
            if (value.strip().startsWith("{")) {
                out.addAll(parts(value));
            } else {
                out.add(value);
            }
        }
    }

    /** The compiled catalogue: one entry per rule id and provider error, in catalogue order. */
    private static final class Catalogue {

        record Entry(OrderingRule rule, ErrorTemplate template, List<HoldingFamily> families, ErrorAdvice advice) {}

        static final List<Entry> ENTRIES = build();

        private static List<Entry> build() {
            Map<String, OrderingRule> rules = new LinkedHashMap<>();
            Map<String, List<HoldingFamily>> holders = new LinkedHashMap<>();
            for (CatalogEntry e : Profiles.behaviours()) {
                for (OrderingRule r : e.rules()) {
                    if (r.provenance().providerError() != null) {
                        rules.putIfAbsent(key(r), r);
                        holders.putIfAbsent(key(r), new ArrayList<>());
                    }
                }
            }
            for (CatalogEntry e : Profiles.families()) {
                for (OrderingRule r : e.rules()) {
                    if (r.provenance().providerError() != null) {
                        rules.putIfAbsent(key(r), r);
                        holders.computeIfAbsent(key(r), k -> new ArrayList<>()).add(new HoldingFamily(e.key(),
                                r.severity(), e.origin() == CatalogEntry.Origin.PROVIDER));
                    }
                }
            }
            List<Entry> entries = new ArrayList<>();
            for (Map.Entry<String, OrderingRule> e : rules.entrySet()) {
                List<HoldingFamily> families = new ArrayList<>(holders.get(e.getKey()));
                // provider-grounded families first, then blocking before advisory; stable otherwise
                families.sort(Comparator.comparing((HoldingFamily f) -> !f.provider())
                        .thenComparing(f -> f.severity() != Severity.BLOCKING));
                OrderingRule rule = e.getValue();
                entries.add(new Entry(rule, ErrorTemplate.compile(rule.provenance().providerError()),
                        List.copyOf(families), RuleAdvice.of(rule)));
            }
            return List.copyOf(entries);
        }

        private static String key(OrderingRule r) {
            return r.id() + '\u0000' + r.provenance().providerError();
        }
    }
}

package io.orderingguard.profiles;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.support.Suggestions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells a model id the model table knows from a mistyped one, for the targets of model aliases. The
 * table's rows match the start of an id ({@code gpt-4o} matches {@code gpt-4o-2024-08-06} and
 * {@code gpt-4o-typo} alike), so the part after a row's match must be made of the words model ids
 * carry after their line: versions, dates and sizes (any part with a digit), and qualifiers such as
 * {@code mini}, {@code preview}, {@code instruct} or {@code latest}. Not public API.
 *
 * <p>Thread-safe: stateless.
 */
final class ModelIdCheck {

    /** Qualifier words of real model ids after their line's name (parts with a digit pass anyway). */
    private static final Set<String> QUALIFIERS = Set.of("mini", "nano", "micro", "tiny", "small", "medium", "large",
            "xl", "xxl", "max", "plus", "pro", "ultra", "turbo", "flash", "lite", "light", "fast", "instant", "latest",
            "preview", "exp", "experimental", "beta", "alpha", "stable", "instruct", "chat", "base", "vision",
            "audio", "realtime", "search", "thinking", "reasoning", "reasoner", "codex", "coder", "code", "image",
            "omni", "online", "versatile", "specdec", "long", "context", "tools", "tool", "function", "awq", "gptq",
            "gguf", "mlx", "distill", "high", "low", "minimal", "opus", "sonnet", "haiku", "deep", "research",
            "transcribe", "tts", "think", "nothink", "free", "extended", "default", ProviderIds.DEEPSEEK, "qwen",
            "llama", ProviderIds.MISTRAL, "gemma", "magistral", "codestral", "devstral", "ministral", "pixtral", "mixtral",
            "open", "command", "granite", "phi", "glm", "kimi", "minimax", "nemotron", "super", "maverick", "scout",
            "guard", "express", "premier", "lightning", "air", "edge", "standard", "moe", "dense",
            "sparse", "multimodal", "nemo", "saba", "embed", "embedding", "moderation", "ocr", "oss", "vl", "it", "hf",
            "sft", "dpo", "rl");
    private static final Pattern SEPARATORS = Pattern.compile("[-_.:/@ +]+");

    private ModelIdCheck() {}

    /**
     * Checks a model id against the model table.
     *
     * @param modelId the model id, e.g. {@code gpt-4o-typo}
     * @return the problem, naming the parts the table does not know and the closest id it does; {@code null}
     *     when the id is known
     */
    static String problem(String modelId) {
        ModelRule row = ModelTable.find(null, modelId);
        if (row == null) {
            return "no profile is known";
        }
        String id = ModelTable.resolve(null, modelId).id();
        Matcher m = Pattern.compile(row.pattern()).matcher(id);
        if (!m.find()) {
            return null; // matched through the provider hint only: nothing to compare
        }
        String known = id.substring(0, m.end());
        String rest = id.substring(m.end());
        List<String> unknown = new ArrayList<>();
        StringBuilder suggestion = new StringBuilder(known);
        Matcher parts = SEPARATORS.matcher(rest);
        int from = 0;
        String separator = "";
        while (true) {
            boolean more = parts.find();
            String part = rest.substring(from, more ? parts.start() : rest.length());
            if (!part.isEmpty()) {
                String fixed = fix(part);
                if (fixed == null || !fixed.equals(part)) {
                    unknown.add(part);
                }
                if (fixed != null) {
                    suggestion.append(separator).append(fixed);
                }
            }
            if (!more) {
                break;
            }
            separator = parts.group();
            from = parts.end();
        }
        if (unknown.isEmpty()) {
            return null;
        }
        String did = suggestion.toString().replaceAll("[-_.:/@ +]+$", "");
        return "the model table matches '" + known + "' (" + row.family() + ") but knows no model id part '"
                + String.join("', '", unknown) + "'; did you mean " + did + "?";
    }

    /** The part as it is when known, the closest qualifier when it looks mistyped, {@code null} otherwise. */
    private static String fix(String part) {
        if (part.length() <= 2 || part.chars().anyMatch(Character::isDigit) || QUALIFIERS.contains(part)) {
            return part;
        }
        for (String q : Suggestions.closest(part, List.copyOf(QUALIFIERS), 3)) {
            int d = Suggestions.distance(part, q);
            if (d <= 1 || d == 2 && (part.length() >= 5 || sorted(part).equals(sorted(q)))) {
                return q;
            }
        }
        return null;
    }

    /** The letters of a word in order: equal for two words that differ by swapped letters. */
    private static String sorted(String word) {
        char[] chars = word.toCharArray();
        java.util.Arrays.sort(chars);
        return new String(chars);
    }
}

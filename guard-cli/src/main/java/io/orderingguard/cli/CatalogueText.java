package io.orderingguard.cli;

import io.orderingguard.surface.ProviderIds;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Gap;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.Severity;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Renders the shipped catalogue as text for a terminal: every line fits in {@value #WIDTH} columns,
 * long sources and errors wrap under their label.
 */
final class CatalogueText {

    /** The terminal width every line fits in. */
    static final int WIDTH = 100;

    /** Explains the short labels the provider rules' sources start with. */
    static final String LABELS = "Labels such as A1, G7 or B3 in a source name a row of the provider-rule audit in "
            + "guard-profiles/README.md: the provider (A Anthropic, T Anthropic thinking, O OpenAI Chat, "
            + "R OpenAI Responses, G Gemini, B Bedrock Converse, M Mistral, D DeepSeek) and the rejected shape.";

    /** The least room a one-line row leaves for its text before the text moves to its own lines. */
    private static final int MIN_ROOM = 45;

    /** Where continuation lines of a verbose rule's source start: under the text after its label. */
    private static final String HANG = " ".repeat(16);

    private static final Set<String> COMMON = Set.of("id", "type", "severity", "source", "providerError", "verifiedOn");

    /**
     * Which family to name when the model id alone does not choose it for you: the situation, the
     * provider family to pick, and the reference family of a similar name that is not the one.
     */
    static final List<String[]> WHICH_FAMILY = List.of(
            new String[] {"Claude on the Anthropic Messages API", "anthropic-messages", "anthropic-manual-thinking"},
            new String[] {"Claude on AWS Bedrock Converse", "bedrock-converse-claude", "anthropic-messages"},
            new String[] {"another model on Bedrock Converse", "bedrock-converse-api", "bedrock-converse"},
            new String[] {"Gemini 3 (Gemini API, Vertex AI)", "gemini-3-api", "gemini-3"},
            new String[] {"Gemini 2.5 (Gemini API, Vertex AI)", "gemini-2-5-api", "gemini-2-5"},
            new String[] {"Llama 3.1-3.3 (vLLM, Ollama, NIM template)", "llama-3-template", "llama-3"},
            new String[] {"Qwen 3 (DashScope or its template)", "qwen-3-api", "qwen-3"},
            new String[] {"DeepSeek V4 (deepseek-chat, -reasoner)", "deepseek-v4-api", "deepseek-v4"},
            new String[] {"Mistral without reasoning", "mistral-api", ProviderIds.MISTRAL},
            new String[] {"Magistral, Mistral Medium 3.5, Small 4", "mistral-reasoning-api", ProviderIds.MISTRAL},
            new String[] {"GPT-OSS (Harmony template)", "gpt-oss-template", "gpt-oss"},
            new String[] {"IBM Granite 3 (chat template)", "granite-3-template", "granite-3-x"},
            new String[] {"IBM Granite 4 (chat template)", "granite-4-template", "granite-4-x"},
            new String[] {"OpenAI Responses without store", ProviderIds.OPENAI_RESPONSES, "codex-responses"});

    /** The rule of thumb above the table. */
    static final String WHICH_FAMILY_RULE = "Model-based selection picks a provider family from the model id and the "
            + "request options (a thinking variant too). Naming one yourself, pick the provider family: it blocks "
            + "what the provider rejects and quotes its error. A reference family of a similar name is the "
            + "reference catalogue's recipe, kept with its rule ids and severities for those migrating from it.";

    private CatalogueText() {}

    /** The one-line summary of the catalogue, shared by {@code guard --version} and the listing. */
    static String summary() {
        List<CatalogEntry> families = Profiles.families();
        long provider = families.stream().filter(e -> e.origin() == CatalogEntry.Origin.PROVIDER).count();
        return "profile catalogue " + Profiles.catalogueVersion() + " (provider rules checked "
                + Profiles.catalogueCheckedOn() + "): " + Profiles.behaviours().size() + " behaviours, "
                + families.size() + " families (" + provider + " provider, " + (families.size() - provider)
                + " reference)";
    }

    /** The listing: one row per family and behaviour, no provenance. */
    static void table(PrintWriter out) {
        List<CatalogEntry> provider = byOrigin(CatalogEntry.Origin.PROVIDER);
        List<CatalogEntry> reference = byOrigin(CatalogEntry.Origin.REFERENCE);
        wrap(out, "", capitalised(summary()) + ".");
        section(out, "PROVIDER FAMILIES (" + provider.size() + ")",
                "what each provider API rejects, chosen from the model id", "FOR", provider);
        section(out, "REFERENCE FAMILIES (" + reference.size() + ")",
                "the reference catalogue's model recipes", "COMPOSED OF", reference);
        section(out, "BEHAVIOURS (" + Profiles.behaviours().size() + ")",
                "the building blocks of the reference catalogue", "WHAT IT CHECKS", Profiles.behaviours());
        whichFamily(out);
        out.println();
        wrap(out, "", "RULES counts a profile's rules, BLOCKING those that reject a request; a + marks a "
                + "profile with provider rules it cannot model yet. 'guard profiles NAME' shows one profile in "
                + "full, 'guard profiles --verbose' every rule with its source, 'guard profiles --format markdown' "
                + "the rule reference (docs/rule-reference.md).");
    }

    /** The "which family do I pick" table, in 100 columns. */
    static void whichFamily(PrintWriter out) {
        out.println();
        out.println("WHICH FAMILY  when you name one yourself");
        wrap(out, "  ", "  " + WHICH_FAMILY_RULE);
        int situation = "IF YOU CALL".length();
        int pick = "PICK".length();
        for (String[] row : WHICH_FAMILY) {
            situation = Math.max(situation, row[0].length());
            pick = Math.max(pick, row[1].length());
        }
        String format = "  %-" + situation + "s  %-" + pick + "s  %s";
        out.println(String.format(Locale.ROOT, format, "IF YOU CALL", "PICK", "NOT"));
        for (String[] row : WHICH_FAMILY) {
            out.println(String.format(Locale.ROOT, format, row[0], row[1], row[2]).stripTrailing());
        }
    }

    private static void section(PrintWriter out, String title, String what, String last,
            List<CatalogEntry> entries) {
        int keyWidth = 4;
        for (CatalogEntry e : entries) {
            keyWidth = Math.max(keyWidth, e.key().length() + (e.gaps().isEmpty() ? 0 : 1));
        }
        out.println();
        out.println(title + "  " + what);
        String format = "  %-" + keyWidth + "s %5s %8s  %s";
        out.println(String.format(Locale.ROOT, format, "NAME", "RULES", "BLOCKING", last));
        int room = WIDTH - (2 + keyWidth + 1 + 5 + 1 + 8 + 2);
        for (CatalogEntry e : entries) {
            long blocking = e.rules().stream().filter(r -> r.severity() == Severity.BLOCKING).count();
            String text = last.equals("COMPOSED OF") ? String.join(" + ", e.behaviours()) : e.description();
            if (e.permissive()) {
                text = "permissive: the vendor documents no ordering limit";
            }
            String key = e.key() + (e.gaps().isEmpty() ? "" : "+");
            if (room >= MIN_ROOM) {
                out.println(String.format(Locale.ROOT, format, key, e.rules().size(), blocking, cut(text, room)));
            } else {
                // long keys leave too little room: the text goes on its own lines
                out.println(String.format(Locale.ROOT, format, key, e.rules().size(), blocking, "").stripTrailing());
                wrap(out, "      ", "      " + text);
            }
        }
    }

    /** The families of one origin, in catalogue order. */
    static List<CatalogEntry> byOrigin(CatalogEntry.Origin origin) {
        return Profiles.families().stream().filter(e -> e.origin() == origin).toList();
    }

    /** The verbose listing: every rule of every entry, with its source and when it was checked. */
    static void verbose(PrintWriter out) {
        wrap(out, "", capitalised(summary()) + ".");
        List<CatalogEntry> entries = new ArrayList<>(byOrigin(CatalogEntry.Origin.PROVIDER));
        entries.addAll(byOrigin(CatalogEntry.Origin.REFERENCE));
        entries.addAll(Profiles.behaviours());
        for (CatalogEntry e : entries) {
            out.println();
            verboseEntry(out, e);
        }
        out.println();
        wrap(out, "", LABELS);
    }

    private static void verboseEntry(PrintWriter out, CatalogEntry e) {
        out.println(e.key() + "  (" + kind(e) + ")");
        for (OrderingRule r : e.rules()) {
            out.println("  " + r.id() + "  " + r.type() + "  " + r.severity().wireName());
            Provenance p = r.provenance();
            wrap(out, HANG, "      source:   " + orDash(p.source()));
            wrap(out, HANG, "      checked:  " + orDash(p.verifiedOn()));
        }
        for (Gap g : e.gaps()) {
            out.println("  " + g.ruleId() + "  (not modelled yet)");
            wrap(out, HANG, "      rejects:  " + g.label() + ": " + g.rejects());
        }
    }

    /**
     * One entry in full: parameters and provider errors, and with {@code verbose} each rule's source
     * (with its audit label) and when it was checked.
     */
    static void entry(PrintWriter out, CatalogEntry e, boolean verbose) {
        out.println(e.key() + "  (" + kind(e) + (e.name().equals(e.key()) ? "" : ", profile name " + e.name()) + ")");
        wrap(out, "  ", e.description());
        if (e.permissive()) {
            out.println("  permissive: the vendor documents no ordering limitation; no rules");
        }
        if (e.type() == CatalogEntry.Type.FAMILY) {
            wrap(out, "  ", "composed of: " + (e.behaviours().isEmpty() ? "(no reference behaviours)"
                    : String.join(" + ", e.behaviours()))
                    + (e.origin() == CatalogEntry.Origin.PROVIDER ? " + provider rules" : ""));
        }
        if (!e.rules().isEmpty()) {
            out.println();
            out.println("Rules (" + e.rules().size() + "):");
        }
        for (OrderingRule r : e.rules()) {
            out.println("  " + r.id() + "  " + r.type() + "  " + r.severity().wireName());
            String params = parameters(r);
            if (!params.isEmpty()) {
                labelled(out, "parameters:", params);
            }
            Provenance p = r.provenance();
            if (p.providerError() != null) {
                labelled(out, "provider error:", "\"" + p.providerError() + "\"");
            }
            if (verbose) {
                labelled(out, "source:", orDash(p.source()));
                labelled(out, "verified:", orDash(p.verifiedOn()));
            }
        }
        if (!e.gaps().isEmpty()) {
            out.println();
            out.println("Not modelled yet (" + e.gaps().size() + "):");
            for (Gap g : e.gaps()) {
                wrap(out, "      ", "  " + (verbose ? g.label() + "  " : "") + g.ruleId() + ": " + g.rejects());
                labelled(out, "provider error:", "\"" + g.providerError() + "\"");
                labelled(out, "needs:", g.needs());
            }
        }
        if (verbose && e.origin() == CatalogEntry.Origin.PROVIDER && !e.rules().isEmpty()) {
            out.println();
            wrap(out, "", LABELS);
        } else if (!verbose && !e.rules().isEmpty()) {
            out.println();
            wrap(out, "", "'guard profiles " + e.key() + " --verbose' adds each rule's source and when it was "
                    + "checked.");
        }
    }

    /** A rule's own fields (those beyond id, type, severity and provenance), as {@code name=value}. */
    static String parameters(OrderingRule r) {
        ObjectNode json = RuleCodec.write(r);
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, JsonNode> f : json.properties()) {
            if (COMMON.contains(f.getKey())) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(f.getKey()).append('=').append(f.getValue().isTextual() ? f.getValue().asText() : f.getValue());
        }
        return sb.toString();
    }

    static String kind(CatalogEntry e) {
        return e.type() == CatalogEntry.Type.BEHAVIOUR ? "behaviour"
                : e.origin() == CatalogEntry.Origin.PROVIDER ? "provider-grounded family" : "reference family";
    }

    private static void labelled(PrintWriter out, String label, String text) {
        String head = String.format(Locale.ROOT, "    %-16s", label);
        List<String> lines = lines(text, WIDTH - head.length());
        for (int i = 0; i < lines.size(); i++) {
            out.println((i == 0 ? head : " ".repeat(head.length())) + lines.get(i));
        }
    }

    /** Prints text wrapped at {@link #WIDTH}; continuation lines get {@code indent}. */
    private static void wrap(PrintWriter out, String indent, String text) {
        int lead = text.length() - text.stripLeading().length();
        String first = text.substring(0, lead);
        List<String> lines = lines(text.substring(lead), WIDTH - Math.max(first.length(), indent.length()));
        for (int i = 0; i < lines.size(); i++) {
            out.println((i == 0 ? (first.isEmpty() ? indent : first) : indent) + lines.get(i));
        }
    }

    /** Splits text at spaces into lines of at most {@code width} characters (a longer word stands alone). */
    static List<String> lines(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** The text, or as many whole words of it as fit with an ellipsis. */
    private static String cut(String text, int room) {
        String flat = text.replace('\n', ' ');
        if (flat.length() <= room) {
            return flat;
        }
        int end = flat.lastIndexOf(' ', room - 1);
        return (end > room / 2 ? flat.substring(0, end) : flat.substring(0, room - 1)).stripTrailing() + "…";
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String orDash(String s) {
        return s == null ? "-" : s;
    }
}

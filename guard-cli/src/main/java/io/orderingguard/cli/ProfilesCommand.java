package io.orderingguard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Gap;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Provenance;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code guard profiles [NAME] [--format text|json]}: lists the shipped behaviours and families with
 * their rules, severities and provenance, or shows one of them in full. An unknown name is one line
 * on stderr naming the closest known names, exit code 2.
 */
@Command(
        name = "profiles",
        description = {"List the shipped behaviours and families with their rules, severities and provenance, "
                + "or show one of them in full.",
            "",
            "Reference families (gemini-3, anthropic-manual-thinking, ...) are the reference catalogue's recipes. "
                + "Provider families (anthropic-messages, gemini-3-api, bedrock-converse-api, ...) are keyed by API "
                + "surface: the reference behaviours the provider evidence supports, plus provider rules that block "
                + "only what the provider rejects, each quoting the provider's error."},
        footer = {"", "Examples:",
            "  guard profiles                        list everything (a table)",
            "  guard profiles gemini-3-api           one family in full",
            "  guard profiles strict_alternation     a behaviour, by registry key",
            "  guard profiles full_history_preservation:thought",
            "                                        a parameterised behaviour token",
            "  guard profiles --format json          every behaviour and family as JSON",
            "  guard profiles anthropic-messages --format json",
            "",
            "Exit codes: 0 ok, 2 unknown name or bad option."})
final class ProfilesCommand implements Callable<Integer> {

    private static final Set<String> COMMON = Set.of("id", "type", "severity", "source", "providerError", "verifiedOn");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Output formats. */
    enum Format {
        TEXT, JSON
    }

    /** Parses {@code text} and {@code json}, case-insensitively. */
    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            try {
                return Format.valueOf(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("--format must be text or json, but was '" + value + "'");
            }
        }
    }

    @Parameters(arity = "0..1", paramLabel = "NAME",
            description = "A family key, behaviour key or token, or behaviour profile name. Omit to list everything.")
    String name;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text", converter = FormatConverter.class,
            description = "Output format (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (name == null) {
            if (format == Format.JSON) {
                ObjectNode root = JsonNodeFactory.instance.objectNode();
                ArrayNode behaviours = root.putArray("behaviours");
                Profiles.behaviours().forEach(e -> behaviours.add(e.toJson()));
                ArrayNode families = root.putArray("families");
                Profiles.families().forEach(e -> families.add(e.toJson()));
                out.println(pretty(root));
            } else {
                printTable(out);
            }
            out.flush();
            return GuardCli.OK;
        }
        String problem = Profiles.problem(name);
        if (problem != null) {
            spec.commandLine().getErr().println("guard: " + problem);
            return GuardCli.BAD_INPUT;
        }
        CatalogEntry entry = Profiles.describe(name);
        if (format == Format.JSON) {
            out.println(pretty(entry.toJson()));
        } else {
            printEntry(out, entry);
        }
        out.flush();
        return GuardCli.OK;
    }

    private static void printTable(PrintWriter out) {
        List<CatalogEntry> behaviours = Profiles.behaviours();
        List<CatalogEntry> families = Profiles.families();
        out.println("BEHAVIOURS (" + behaviours.size() + ")  atomic behaviours of the reference catalogue; request "
                + "them by key or token");
        int width = idWidth(behaviours, families);
        out.println();
        header(out, width);
        for (CatalogEntry e : behaviours) {
            row(out, e, width);
        }
        out.println();
        long reference = families.stream().filter(e -> e.origin() == CatalogEntry.Origin.REFERENCE).count();
        out.println("FAMILIES (" + families.size() + ": " + reference + " reference, " + (families.size() - reference)
                + " provider-grounded)");
        out.println();
        header(out, width);
        for (CatalogEntry e : families) {
            row(out, e, width);
        }
        out.println();
        out.println("Run 'guard profiles NAME' for a profile's parameters, provider errors and gaps.");
    }

    /** The width of the rule-id column: the longest rule or gap id. */
    private static int idWidth(List<CatalogEntry> behaviours, List<CatalogEntry> families) {
        int width = 20;
        for (List<CatalogEntry> list : List.of(behaviours, families)) {
            for (CatalogEntry e : list) {
                for (OrderingRule r : e.rules()) {
                    width = Math.max(width, r.id().length());
                }
                for (Gap g : e.gaps()) {
                    width = Math.max(width, g.ruleId().length());
                }
            }
        }
        return width;
    }

    private static void header(PrintWriter out, int width) {
        out.println(String.format(Locale.ROOT, "  %-" + (width + 2) + "s %-21s %-9s %s", "NAME / RULE", "TYPE",
                "SEVERITY", "PROVENANCE (source; verified)"));
    }

    private static void row(PrintWriter out, CatalogEntry e, int width) {
        StringBuilder head = new StringBuilder(e.key());
        if (!e.name().equals(e.key())) {
            head.append(" (").append(e.name()).append(')');
        }
        if (e.type() == CatalogEntry.Type.FAMILY) {
            head.append(e.origin() == CatalogEntry.Origin.PROVIDER ? "  [provider]" : "  [reference]");
            if (!e.behaviours().isEmpty()) {
                head.append("  = ").append(String.join(" + ", e.behaviours()));
                if (e.origin() == CatalogEntry.Origin.PROVIDER) {
                    head.append(" + provider rules");
                }
            }
        }
        if (e.permissive()) {
            head.append("  permissive: the vendor documents no ordering limitation");
        }
        out.println("  " + head);
        for (OrderingRule r : e.rules()) {
            Provenance p = r.provenance();
            out.println(String.format(Locale.ROOT, "    %-" + width + "s %-21s %-9s %s; %s", r.id(), r.type(),
                    r.severity().wireName(), p.source() == null ? "-" : p.source(),
                    p.verifiedOn() == null ? "-" : p.verifiedOn()));
        }
        for (Gap g : e.gaps()) {
            out.println(String.format(Locale.ROOT, "    %-" + width + "s %-21s %-9s %s", g.ruleId(), "(not modelled yet)",
                    "-", g.label() + ": " + g.rejects()));
        }
    }

    private static void printEntry(PrintWriter out, CatalogEntry e) {
        String kind = e.type() == CatalogEntry.Type.BEHAVIOUR ? "behaviour"
                : e.origin() == CatalogEntry.Origin.PROVIDER ? "provider-grounded family" : "reference family";
        out.println(e.key() + "  (" + kind + (e.name().equals(e.key()) ? "" : ", profile name " + e.name()) + ")");
        out.println("  " + e.description());
        if (e.permissive()) {
            out.println("  permissive: the vendor documents no ordering limitation; no rules");
        }
        if (e.type() == CatalogEntry.Type.FAMILY) {
            out.println("  composed of: " + (e.behaviours().isEmpty() ? "(no reference behaviours)"
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
                out.println("    parameters:     " + params);
            }
            Provenance p = r.provenance();
            if (p.providerError() != null) {
                out.println("    provider error: \"" + p.providerError() + "\"");
            }
            out.println("    source:         " + (p.source() == null ? "-" : p.source()));
            out.println("    verified:       " + (p.verifiedOn() == null ? "-" : p.verifiedOn()));
        }
        if (!e.gaps().isEmpty()) {
            out.println();
            out.println("Not modelled yet (" + e.gaps().size() + "):");
            for (Gap g : e.gaps()) {
                out.println("  " + g.label() + "  " + g.ruleId() + ": " + g.rejects());
                out.println("    provider error: \"" + g.providerError() + "\"");
                out.println("    needs:          " + g.needs());
            }
        }
    }

    private static String parameters(OrderingRule r) {
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

    private static String pretty(JsonNode node) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.orderingguard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Profiles;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code guard profiles [NAME] [--verbose] [--format text|json|markdown]}: lists the shipped behaviours
 * and families in 100 columns with a "which family do I pick" table, every rule with its provenance
 * ({@code --verbose}), one of them (its provenance with {@code --verbose} only), or the Markdown rule
 * reference. An unknown name is one line on stderr naming the closest known
 * names, exit code 2.
 */
@Command(
        name = "profiles",
        description = {"List the shipped behaviours and families, or show one of them in full.",
            "",
            "Provider families (anthropic-messages, gemini-3-api, bedrock-converse-api, ...) are keyed by API "
                + "surface and block only what the provider rejects, each rule quoting the provider's error; "
                + "they are what model-based selection chooses. Reference families (gemini-3, "
                + "anthropic-manual-thinking, ...) are the reference catalogue's recipes, composed of "
                + "behaviours."},
        footer = {"", "Examples:",
            "  guard profiles                        one line per family and behaviour",
            "  guard profiles --verbose              every rule with its source",
            "  guard profiles gemini-3-api           one family: its rules and the provider errors they prevent",
            "  guard profiles gemini-3-api -v        the same, with each rule's source",
            "  guard profiles strict_alternation     a behaviour, by registry key",
            "  guard profiles full_history_preservation:thought",
            "                                        a parameterised behaviour token",
            "  guard profiles --format json          every behaviour and family as JSON",
            "  guard profiles --format markdown      the rule reference (docs/rule-reference.md)",
            "",
            "Exit codes: 0 ok, 2 unknown name or bad option."})
final class ProfilesCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Output formats. */
    enum Format {
        TEXT, JSON, MARKDOWN
    }

    /** Parses {@code text}, {@code json} and {@code markdown}, case-insensitively. */
    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            try {
                return Format.valueOf(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("--format must be text, json or markdown, but was '"
                        + value + "'");
            }
        }
    }

    @Parameters(arity = "0..1", paramLabel = "NAME",
            description = "A family key, behaviour key or token, or behaviour profile name. Omit to list everything.")
    String name;

    @Option(names = "--format", paramLabel = "text|json|markdown", defaultValue = "text",
            converter = FormatConverter.class, description = "Output format (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = {"-v", "--verbose"}, description = "Show every rule's source (with its audit label, e.g. A1) and "
            + "when it was checked; without it, the listing and a profile show no provenance.")
    boolean verbose;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (name == null) {
            switch (format) {
                case JSON -> out.println(pretty(catalogue()));
                case MARKDOWN -> CatalogueMarkdown.print(out);
                default -> {
                    if (verbose) {
                        CatalogueText.verbose(out);
                    } else {
                        CatalogueText.table(out);
                    }
                }
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
        if (format == Format.TEXT) {
            CatalogueText.entry(out, entry, verbose);
        } else if (format == Format.JSON) {
            out.println(pretty(entry.toJson()));
        } else {
            spec.commandLine().getErr().println("guard: --format markdown renders the whole catalogue; "
                    + "omit NAME, or use --format text or json for one profile");
            return GuardCli.BAD_INPUT;
        }
        out.flush();
        return GuardCli.OK;
    }

    private static ObjectNode catalogue() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode about = root.putObject("catalogue");
        about.put("version", Profiles.catalogueVersion());
        about.put("checkedOn", Profiles.catalogueCheckedOn());
        ArrayNode behaviours = root.putArray("behaviours");
        Profiles.behaviours().forEach(e -> behaviours.add(e.toJson()));
        ArrayNode families = root.putArray("families");
        Profiles.families().forEach(e -> families.add(e.toJson()));
        return root;
    }

    private static String pretty(JsonNode node) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}

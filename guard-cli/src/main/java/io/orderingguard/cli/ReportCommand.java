package io.orderingguard.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Verdict;
import io.orderingguard.json.ProfileCodec;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.stash.InMemoryStash;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code guard report}: measures the guard against recorded traffic. Each recorded request is checked
 * as {@code guard check --mode shadow} would check it and joined with the provider's recorded answer
 * ({@link OrderingGuard#answered}); the counts say how often the guard was right, per rule and per
 * family, and which severities the evidence suggests changing.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {"Measure the guard against recorded traffic: HAR files of provider calls (.har, or any JSON "
                + "file with log.entries) and exchange logs the guard wrote (.jsonl). Each request is checked as "
                + "'guard check --wire auto --mode shadow' would check it (an exchange log's recorded shape is "
                + "re-checked) and joined with the provider's recorded answer: confirmed (would block, rejected), "
                + "contradicted (would block, accepted), missed (passed, rejected for its shape), agreed (passed, "
                + "accepted), unjudged (an answer that says nothing about the shape).",
            "Without -p or --profile-file the profile is chosen from each request's model, provider (from the "
                + "URL's host) and surface (from the URL's path), as guard check does."},
        footer = {"", "Examples:",
            "  guard report traffic.har",
            "  guard report --format json logs/exchanges.*.jsonl logs/exchanges.jsonl",
            "  guard report --suggest-overrides observed.yaml traffic.har",
            "  guard report --profile-file observed.yaml traffic.har",
            "  guard report --fail-on contradicted --fail-on missed recorded/*.har",
            "",
            "--format json prints {\"totals\": {exchanges, accepted, rejected, guardWouldBlock, confirmed, "
                + "contradicted, missed, agreed, unjudged, unreadable, skipped, precision, recall}, \"rules\", "
                + "\"families\", \"unclassifiedRejections\", \"mixedEvidence\", \"suggestedOverrides\", \"overrideFiles\", "
                + "\"unreadableInputs\"}.",
            "--suggest-overrides FILE writes a profile file per family with suggestions (FILE itself for one family, "
                + "FILE-<family> for several): it extends the family and demotes to advisory the rules the evidence "
                + "contradicts and never confirms, and promotes advisories the provider confirmed and never accepted. "
                + "Give it back with --profile-file.",
            "Exit codes: 0 done, 1 a --fail-on outcome occurred, 2 bad input (any file, line or entry; the report is "
                + "still printed)."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-p", "--profile"}, paramLabel = "NAME",
            description = "A shipped behaviour or family name (repeatable).")
    List<String> profileNames = new ArrayList<>();

    @Option(names = "--profile-file", paramLabel = "FILE",
            description = "A profile file, YAML or JSON (repeatable), e.g. the one --suggest-overrides wrote.")
    List<Path> profileFiles = new ArrayList<>();

    @Option(names = "--model-alias", paramLabel = "NAME=MODEL",
            description = "Read a deployment name as a model id when choosing the profile (repeatable).")
    List<String> modelAliases = new ArrayList<>();

    @Option(names = "--model", paramLabel = "MODEL",
            description = "The model of requests that name none; a request's own model wins.")
    String model;

    @Option(names = "--provider", paramLabel = "NAME",
            description = "The provider of every HAR request, instead of the one its URL's host names.")
    String provider;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default), json or markdown.")
    String format;

    @Option(names = "--fail-on", paramLabel = "OUTCOME", split = ",",
            description = "Exit 1 when any exchange has this outcome: contradicted or missed (repeatable).")
    List<String> failOn = new ArrayList<>();

    @Option(names = "--suggest-overrides", paramLabel = "FILE",
            description = "Write the suggested profile override file(s) (.yaml, .yml or .json).")
    Path suggestOverrides;

    @Parameters(paramLabel = "FILE", arity = "1..*",
            description = "HAR files and exchange logs (.jsonl), oldest first.")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!List.of("text", "json", "markdown").contains(format)) {
            throw usage("--format must be text, json or markdown, but was '" + format + "'");
        }
        for (String outcome : failOn) {
            if (!outcome.equals("contradicted") && !outcome.equals("missed")) {
                throw usage("--fail-on must be contradicted or missed, but was '" + outcome + "'");
            }
        }
        if (model != null && model.isBlank() || provider != null && provider.isBlank()) {
            throw usage((model != null && model.isBlank() ? "--model" : "--provider") + " must not be blank");
        }
        List<OrderingProfile> fixed = new ArrayList<>();
        for (Path file : profileFiles) {
            fixed.add(ProfileCodec.defaults().read(file));
        }
        OrderingGuard guard = guard(fixed);
        ReportTally tally = new ReportTally();
        RecordedTraffic traffic = new RecordedTraffic(InputReader.wire(null, model, provider), model);
        for (Path file : files) {
            traffic.read(file, new RecordedTraffic.Sink() {
                @Override
                public void exchange(RecordedTraffic.Exchange exchange) {
                    judge(guard, exchange, tally);
                }

                @Override
                public void bad(GuardInputException problem) {
                    tally.bad(problem);
                    err.println("guard: " + problem.getMessage());
                }

                @Override
                public void skipped() {
                    tally.skipped();
                }
            });
        }
        List<String> written = suggestOverrides == null ? List.of() : writeSuggestions(tally, fixed);
        switch (format) {
            case "json" -> out.println(pretty(tally.json(written)));
            case "markdown" -> out.print(tally.text(true, written));
            default -> out.print(tally.text(false, written));
        }
        out.flush();
        if (tally.unreadable() > 0) {
            return GuardCli.BAD_INPUT;
        }
        boolean failed = failOn.contains("contradicted") && tally.totals().contradicted > 0
                || failOn.contains("missed") && tally.totals().missed > 0;
        return failed ? GuardCli.FINDING : GuardCli.OK;
    }

    private OrderingGuard guard(List<OrderingProfile> fixed) {
        OrderingGuard.Builder builder = OrderingGuard.builder().mode(Mode.SHADOW).stash(InMemoryStash.create());
        profileNames.forEach(builder::profile);
        fixed.forEach(builder::profile);
        if (profileNames.isEmpty() && fixed.isEmpty()) {
            builder.selectProfiles(ModelSelection.selector(modelAliases));
        }
        return builder.build();
    }

    private static void judge(OrderingGuard guard, RecordedTraffic.Exchange exchange, ReportTally tally) {
        CheckInput input = exchange.input();
        GuardResult result;
        try {
            result = guard.check(input.dispatch());
            if (input.wire() != null) {
                result = input.wire().parsed().advise(result, guard);
            }
        } catch (IllegalArgumentException e) {
            tally.bad(new GuardInputException(input.file().toString(), input.line(), null, e.getMessage()));
            return;
        }
        Verdict verdict = guard.answered(result, exchange.answer());
        tally.add(verdict, result, exchange.answer());
    }

    /** Writes one profile file per family with suggestions; returns the files written. */
    private List<String> writeSuggestions(ReportTally tally, List<OrderingProfile> fixed) {
        Map<String, List<ReportTally.Suggestion>> byProfile = new LinkedHashMap<>();
        for (ReportTally.Suggestion s : tally.suggestions()) {
            byProfile.computeIfAbsent(s.profile(), p -> new ArrayList<>()).add(s);
        }
        List<String> written = new ArrayList<>();
        if (byProfile.isEmpty()) {
            spec.commandLine().getErr().println("guard: --suggest-overrides: the evidence suggests no change, so "
                    + suggestOverrides + " was not written");
            return written;
        }
        boolean several = byProfile.size() > 1;
        for (Map.Entry<String, List<ReportTally.Suggestion>> e : byProfile.entrySet()) {
            Path target = several ? perFamily(suggestOverrides, e.getKey()) : suggestOverrides;
            String text = overrideFile(e.getKey(), e.getValue(), fixed, yaml(target), tally);
            if (text == null) {
                spec.commandLine().getErr().println("guard: --suggest-overrides: profile '" + e.getKey()
                        + "' is neither shipped nor read from --profile-file; its suggestions are not written");
                continue;
            }
            try {
                Path parent = target.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(target, text, StandardCharsets.UTF_8);
            } catch (IOException ex) {
                throw new GuardInputException(target.toString(), 0, null, "cannot write the suggested overrides: "
                        + ex.getMessage());
            }
            written.add(target.toString());
        }
        return written;
    }

    private static Path perFamily(Path file, String profile) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String safe = profile.replaceAll("[^A-Za-z0-9._-]", "_");
        String newName = dot > 0 ? name.substring(0, dot) + "-" + safe + name.substring(dot) : name + "-" + safe;
        return file.resolveSibling(newName);
    }

    private static boolean yaml(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }

    /**
     * A shipped family: a file that extends it with severity overrides. A profile read from a file: the
     * profile itself with the severities changed (JSON, which YAML readers take as well).
     */
    private static String overrideFile(String profile, List<ReportTally.Suggestion> suggestions,
            List<OrderingProfile> fixed, boolean yaml, ReportTally tally) {
        int exchanges = tally.profiles().get(profile).exchanges;
        String description = "Severities of " + profile + " that " + exchanges + " recorded exchange"
                + (exchanges == 1 ? "" : "s") + " suggest (guard report)";
        if (Profiles.find(profile).isPresent()) {
            if (yaml) {
                StringBuilder sb = new StringBuilder();
                sb.append("# Suggested by guard report: apply with --profile-file, or in code with ProfileCodec.\n");
                sb.append("name: ").append(profile).append("-observed\n");
                sb.append("description: ").append(description).append('\n');
                sb.append("extends: [").append(profile).append("]\n");
                sb.append("overrides:\n");
                for (ReportTally.Suggestion s : suggestions) {
                    sb.append("  ").append(s.ruleId()).append(": {severity: ").append(s.severity().wireName())
                            .append("}   # ").append(s.reason()).append('\n');
                }
                return sb.toString();
            }
            ObjectNode root = new ObjectMapper().createObjectNode();
            root.put("name", profile + "-observed");
            root.put("description", description);
            root.putArray("extends").add(profile);
            ObjectNode overrides = root.putObject("overrides");
            for (ReportTally.Suggestion s : suggestions) {
                overrides.putObject(s.ruleId()).put("severity", s.severity().wireName());
            }
            return pretty(root) + "\n";
        }
        for (OrderingProfile p : fixed) {
            if (p.name().equals(profile)) {
                Map<String, Severity> changes = new LinkedHashMap<>();
                suggestions.forEach(s -> changes.put(s.ruleId(), s.severity()));
                List<OrderingRule> rules = new ArrayList<>();
                for (OrderingRule rule : p.rules()) {
                    Severity changed = changes.get(rule.id());
                    rules.add(changed == null ? rule : rule.withSeverity(changed));
                }
                return pretty(ProfileCodec.write(OrderingProfile.of(p.name() + "-observed", description, rules)))
                        + "\n";
            }
        }
        return null;
    }

    private picocli.CommandLine.ParameterException usage(String message) {
        return new picocli.CommandLine.ParameterException(spec.commandLine(), message);
    }

    private static String pretty(com.fasterxml.jackson.databind.JsonNode node) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

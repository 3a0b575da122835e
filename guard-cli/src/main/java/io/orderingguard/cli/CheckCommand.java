package io.orderingguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.json.ProfileCodec;
import io.orderingguard.json.ResultCodec;
import io.orderingguard.rule.Composition;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code guard check}: checks (and in mutate mode repairs) dispatch documents and JSONL batches
 * against ordering profiles.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = {"Check dispatch documents (.json) and JSONL batches (.jsonl) against ordering profiles, "
                + "and in mutate mode repair them.",
            "Without -p or --profile-file the profile is chosen from each document's model (and provider).",
            "Successive lines of a JSONL batch of one conversation are successive dispatches: preservation rules "
                + "compare each with the last dispatch of that conversation that was actually sent."},
        footer = {"", "Examples:",
            "  guard check -p anthropic-messages conversation.json",
            "  guard check --profile-file my-profile.yaml --format json batch.jsonl",
            "  guard check --mode mutate -p gemini-3 --allow-metadata-fallback turn.json",
            "  guard check --previous turn-1.json turn-2.json",
            "  guard check --option reasoning=enabled --option reasoning.budgetTokens=2048 claude-turn.json",
            "  guard check --model-alias prod-chat=gpt-4o azure-batch.jsonl",
            "", "A bad or unreadable document is reported and the batch goes on; the exit code is the worst seen.",
            "Exit codes: 0 every dispatch sent, 1 any rejected, 2 bad input (any document)."})
final class CheckCommand implements Callable<Integer> {

    private static final String DEFAULT_CONVERSATION = "\u0000default";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-p", "--profile"}, paramLabel = "NAME",
            description = "A shipped behaviour or family name (repeatable).")
    List<String> profileNames = new ArrayList<>();

    @Option(names = "--profile-file", paramLabel = "FILE",
            description = "A profile file, YAML or JSON (repeatable).")
    List<Path> profileFiles = new ArrayList<>();

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "enforce",
            description = "enforce (default) or mutate.")
    String mode;

    @Option(names = "--composition", paramLabel = "MODE", defaultValue = "union",
            description = "How several profiles combine: union (default), each or first-match.")
    String composition;

    @Option(names = "--disable-advisory", paramLabel = "RULE_ID",
            description = "Drop advisory findings of this rule id (repeatable).")
    List<String> disabledAdvisories = new ArrayList<>();

    @Option(names = "--allow-metadata-fallback",
            description = "In mutate mode, let rules write their fallback metadata values.")
    boolean allowMetadataFallback;

    @Option(names = "--previous", paramLabel = "FILE",
            description = "A dispatch document taken as already sent: the preservation baseline of its conversation.")
    Path previous;

    @Option(names = "--option", paramLabel = "KEY=VALUE",
            description = "Override a request option of every document (repeatable): reasoning=disabled|enabled|adaptive, "
                    + "reasoning.budgetTokens=N, reasoning.effort=E, toolChoice=auto|none|required|tool:NAME, "
                    + "parallelToolCalls=true|false, maxTokens=N, stream=true|false.")
    List<String> optionAssignments = new ArrayList<>();

    @Option(names = "--model-alias", paramLabel = "NAME=MODEL",
            description = "Read a deployment name as a model id when choosing the profile (repeatable), "
                    + "e.g. prod-chat=gpt-4o.")
    List<String> modelAliases = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default) or json.")
    String format;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Dispatch documents (.json) or JSONL batches (.jsonl).")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Mode guardMode = parseMode();
        Composition comp = parseComposition();
        if (!format.equals("text") && !format.equals("json")) {
            throw usage("--format must be text or json, but was '" + format + "'");
        }
        DispatchCodec codec = DispatchCodec.defaults();
        List<OrderingProfile> fixed = new ArrayList<>();
        for (Path file : profileFiles) {
            fixed.add(ProfileCodec.defaults().read(file));
        }
        OptionOverrides overrides;
        try {
            overrides = OptionOverrides.parse(optionAssignments);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        InMemoryStash stash = InMemoryStash.create();
        OrderingGuard guard = configure(guardMode, comp, fixed, stash).build();
        if (previous != null) {
            // a shadow guard sharing the stash records the previous document as sent, whatever it holds
            configure(Mode.ENFORCE, comp, fixed, stash).shadow(true).build().check(withKey(codec.read(previous)));
        }
        ResultCodec results = ResultCodec.of(codec);
        Batch batch = new Batch(out, err, results, guard, overrides);
        for (Path file : files) {
            try {
                if (isJsonl(file)) {
                    codec.forEachJsonl(file, (line, input) -> batch.check(file, line, input),
                            e -> batch.bad(file, e.getMessage()));
                } else {
                    batch.check(file, 0, codec.read(file));
                }
            } catch (io.orderingguard.GuardInputException e) {
                batch.bad(file, e.getMessage());
            }
        }
        return batch.finish(files);
    }

    /** The results of one run: printed as they come (text) or at the end (JSON), with the worst exit code. */
    private final class Batch {
        private final PrintWriter out;
        private final PrintWriter err;
        private final ResultCodec results;
        private final OrderingGuard guard;
        private final OptionOverrides overrides;
        private final ArrayNode json = JsonNodeFactory.instance.arrayNode();
        private final boolean progress = System.console() != null;
        private int total;
        private int rejected;
        private int bad;

        Batch(PrintWriter out, PrintWriter err, ResultCodec results, OrderingGuard guard, OptionOverrides overrides) {
            this.out = out;
            this.err = err;
            this.results = results;
            this.guard = guard;
            this.overrides = overrides;
        }

        void check(Path file, int line, Dispatch document) {
            Dispatch input;
            GuardResult result;
            try {
                input = document.withOptions(overrides.applyTo(document.options()));
                result = guard.check(withKey(input));
            } catch (IllegalArgumentException | io.orderingguard.GuardConfigException e) {
                bad(file, label(file, line) + ": " + e.getMessage());
                return;
            }
            total++;
            if (result.rejected()) {
                rejected++;
            }
            if (format.equals("json")) {
                json.add(results.write(unkey(result, input), input.conversationId()));
            } else {
                TextReport.print(out, label(file, line), input, unkey(result, input));
            }
            if (progress && total % 100 == 0) {
                err.print("\rchecked " + total + " dispatches");
                err.flush();
            }
        }

        void bad(Path file, String message) {
            bad++;
            err.println("guard: " + message);
            err.flush();
            if (format.equals("json")) {
                json.addObject().put("source", file.toString()).put("error", message);
            }
        }

        int finish(List<Path> inputs) {
            if (progress && total >= 100) {
                err.println("\rchecked " + total + " dispatches");
            }
            if (format.equals("json")) {
                JsonNode doc = json.size() == 1 && inputs.size() == 1 && !isJsonl(inputs.get(0)) ? json.get(0) : json;
                out.println(pretty(doc));
            } else {
                out.println(total + " dispatch" + (total == 1 ? "" : "es") + " checked: " + (total - rejected)
                        + " sent, " + rejected + " rejected" + (bad == 0 ? "" : "; " + bad + " bad input"
                        + (bad == 1 ? "" : "s") + " (see stderr)"));
            }
            out.flush();
            return bad > 0 ? GuardCli.BAD_INPUT : rejected > 0 ? GuardCli.FINDING : GuardCli.OK;
        }
    }

    private static boolean isJsonl(Path file) {
        Path name = file.getFileName();
        String n = (name == null ? file.toString() : name.toString()).toLowerCase(java.util.Locale.ROOT);
        return n.endsWith(".jsonl") || n.endsWith(".ndjson");
    }

    private OrderingGuard.Builder configure(Mode guardMode, Composition comp, List<OrderingProfile> fixed,
            InMemoryStash stash) {
        OrderingGuard.Builder builder = OrderingGuard.builder()
                .mode(guardMode)
                .composition(comp)
                .allowMetadataFallbackRepair(allowMetadataFallback)
                .disableAdvisoryRuleIds(disabledAdvisories.toArray(String[]::new))
                .stash(stash);
        profileNames.forEach(builder::profile);
        fixed.forEach(builder::profile);
        if (profileNames.isEmpty() && fixed.isEmpty()) {
            builder.selectProfiles(ModelSelection.selector(modelAliases));
        }
        return builder;
    }

    private static Dispatch withKey(Dispatch d) {
        return d.conversationId() == null ? d.withConversationId(DEFAULT_CONVERSATION) : d;
    }

    private static GuardResult unkey(GuardResult r, Dispatch input) {
        if (input.conversationId() != null) {
            return r;
        }
        return r.withDispatch(r.dispatch().withConversationId(null));
    }

    private static String label(Path file, int line) {
        return line > 0 ? file + ":" + line : file.toString();
    }

    private Mode parseMode() {
        if (mode.equals("enforce")) {
            return Mode.ENFORCE;
        }
        if (mode.equals("mutate")) {
            return Mode.MUTATE;
        }
        throw usage("--mode must be enforce or mutate, but was '" + mode + "'");
    }

    private Composition parseComposition() {
        try {
            return Composition.fromWire(composition);
        } catch (IllegalArgumentException e) {
            throw usage("--composition must be one of union, each, first-match, but was '" + composition + "'");
        }
    }

    private picocli.CommandLine.ParameterException usage(String message) {
        return new picocli.CommandLine.ParameterException(spec.commandLine(), message);
    }

    private static String pretty(JsonNode node) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

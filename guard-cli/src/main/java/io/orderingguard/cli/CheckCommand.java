package io.orderingguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardInputException;
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
import io.orderingguard.wire.WireFormat;
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
 * {@code guard check}: checks (and in mutate mode repairs) dispatch documents, JSONL batches and
 * provider request bodies ({@code --wire}) against ordering profiles.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = {"Check dispatch documents (.json) and JSONL batches (.jsonl) against ordering profiles, "
                + "and in mutate mode repair them. With --wire, check provider request bodies instead: a JSON file "
                + "each, or a JSONL request log with one body per line.",
            "Without -p or --profile-file the profile is chosen from each document's model (and provider).",
            "Successive lines of a JSONL batch of one conversation are successive dispatches: preservation rules "
                + "compare each with the last dispatch of that conversation that was actually sent. A provider body "
                + "names no conversation, so each body is checked on its own."},
        footer = {"", "Examples:",
            "  guard check -p anthropic-messages conversation.json",
            "  guard check --profile-file my-profile.yaml --format json batch.jsonl",
            "  guard check --mode mutate -p gemini-3 --allow-metadata-fallback turn.json",
            "  guard check --mode shadow batch.jsonl",
            "  guard check --previous turn-1.json turn-2.json",
            "  guard check --option reasoning=enabled --option reasoning.budgetTokens=2048 claude-turn.json",
            "  guard check --model-alias prod-chat=gpt-4o azure-batch.jsonl",
            "  guard check --wire auto request-log.jsonl",
            "  guard check --wire openai-chat --provider deepseek --mode mutate --output repaired/ body.json",
            "",
            "Modes: enforce rejects a request that breaks a blocking rule; mutate repairs it and rejects only what "
                + "it cannot repair; shadow judges as enforce does but sends every request unchanged (the API's "
                + "OrderingGuard.builder().mode(Mode.SHADOW), Spring Boot's ordering-guard.mode=shadow), for rolling "
                + "a guard out.",
            "--output DIR (mutate only) writes what would be sent under the input's file name in DIR: a JSON file "
                + "per sent request, a JSONL file with one line per sent request; rejected requests are not written.",
            "--format json prints one object for any number of files: {\"mode\", \"summary\", \"results\"}, each "
                + "result naming its file (and line in a JSONL file); findings of a provider body name their "
                + "wirePositions.",
            "A bad or unreadable document is reported and the batch goes on; the exit code is the worst seen.",
            "Exit codes: 0 every dispatch sent, 1 any rejected, 2 bad input (any document)."})
final class CheckCommand implements Callable<Integer> {

    private static final String DEFAULT_CONVERSATION = "\u0000default";
    /** How the guard's builder starts the problem of an unknown disabled advisory id. */
    private static final String DISABLED_PROBLEM = "disableAdvisoryRuleIds: ";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-p", "--profile"}, paramLabel = "NAME",
            description = "A shipped behaviour or family name (repeatable).")
    List<String> profileNames = new ArrayList<>();

    @Option(names = "--profile-file", paramLabel = "FILE",
            description = "A profile file, YAML or JSON (repeatable).")
    List<Path> profileFiles = new ArrayList<>();

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "enforce",
            description = "enforce (default), mutate or shadow (report what enforce would reject, send everything "
                    + "unchanged).")
    String mode;

    @Option(names = "--composition", paramLabel = "MODE", defaultValue = "union",
            description = "How several profiles combine: union (default), each or first-match.")
    String composition;

    @Option(names = "--disable-advisory", paramLabel = "RULE_ID",
            description = "Drop advisory findings of this rule id (repeatable); an id no rule of the profiles has "
                    + "is an error.")
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

    @Option(names = "--wire", paramLabel = "SURFACE",
            description = "Read provider request bodies instead of dispatch documents: auto (detect each body's "
                    + "surface), anthropic-messages, openai-chat, openai-responses, gemini or bedrock-converse.")
    String wire;

    @Option(names = "--strict",
            description = "With --wire: refuse a body that holds a role, type or value its surface's vocabulary does "
                    + "not describe (exit 2, naming its JSON path), instead of carrying it through with an advisory "
                    + "wire-unknown-shape finding.")
    boolean strict;

    @Option(names = "--model", paramLabel = "MODEL",
            description = "The model of documents and bodies that name none (Gemini and Bedrock bodies carry it in "
                    + "the URL path); a document's or body's own model wins. Without -p, the profile is chosen from it "
                    + "(the selection line says how).")
    String model;

    @Option(names = "--provider", paramLabel = "NAME",
            description = "With --wire: the provider serving the surface, for gateways and hosts serving another "
                    + "provider's surface (e.g. deepseek on openai-chat).")
    String provider;

    @Option(names = "--output", paramLabel = "DIR",
            description = "With --mode mutate: write what would be sent under the input's file name in DIR "
                    + "(repaired bodies with --wire, dispatch documents otherwise).")
    Path output;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default) or json.")
    String format;

    @Option(names = {"-v", "--verbose"},
            description = "In mutate mode's text report, print the whole timeline sent instead of the entries the "
                    + "repairs changed (with one entry of context).")
    boolean verbose;

    @Parameters(paramLabel = "FILE", arity = "1..*",
            description = "Dispatch documents (.json) or JSONL batches (.jsonl); with --wire, request bodies (.json) "
                    + "or request logs (.jsonl).")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Mode guardMode = parseMode();
        boolean shadow = guardMode == Mode.SHADOW;
        Composition comp = parseComposition();
        if (!format.equals("text") && !format.equals("json")) {
            throw usage("--format must be text or json, but was '" + format + "'");
        }
        InputReader reader = inputReader();
        if (output != null) {
            if (guardMode != Mode.MUTATE) {
                throw usage("--output writes what mutate would send: it needs --mode mutate, but the mode is " + mode);
            }
            List<String> problems = RepairedOutput.problems(output, files);
            if (!problems.isEmpty()) {
                throw usage(String.join("; ", problems));
            }
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
        OrderingGuard guard = build(configure(guardMode, comp, fixed, stash));
        if (previous != null) {
            // a shadow guard sharing the stash records the previous document as sent, whatever it holds
            configure(Mode.SHADOW, comp, fixed, stash).build().check(withKey(codec.read(previous)));
        }
        Batch batch = new Batch(out, err, ResultCodec.of(codec), guard, overrides, shadow);
        try (RepairedOutput written = output == null ? null : RepairedOutput.open(output, codec)) {
            for (Path file : files) {
                if (written != null) {
                    written.begin(file);
                }
                reader.read(file, input -> batch.check(input, written), e -> batch.bad(file, e));
                if (written != null) {
                    written.end(file);
                }
            }
        }
        return batch.finish();
    }

    private InputReader inputReader() {
        if (model != null && model.isBlank() || provider != null && provider.isBlank()) {
            throw usage((model != null && model.isBlank() ? "--model" : "--provider") + " must not be blank");
        }
        if (wire == null) {
            if (provider != null) {
                throw usage("--provider applies to provider bodies read with --wire; a dispatch document names its "
                        + "own provider");
            }
            return InputReader.documents(DispatchCodec.defaults(), model);
        }
        if (previous != null) {
            throw usage("--previous takes a dispatch document of a conversation, but provider bodies (--wire) name no "
                    + "conversation: each body is checked on its own");
        }
        if (wire.equals("auto")) {
            return InputReader.wire(null, model, provider).strict(strict);
        }
        WireFormat surface;
        try {
            surface = WireFormat.fromWire(wire);
        } catch (IllegalArgumentException e) {
            throw usage("--wire must be auto or one of anthropic-messages, openai-chat, openai-responses, gemini, "
                    + "bedrock-converse, but was '" + wire + "'");
        }
        if (surface.codec().isEmpty()) {
            throw usage("--wire " + wire + ": this build cannot read " + wire + " bodies yet; it reads "
                    + String.join(", ", InputReader.readableSurfaces()));
        }
        return InputReader.wire(surface, model, provider).strict(strict);
    }

    /** The results of one run: printed as they come (text) or at the end (JSON), with the worst exit code. */
    private final class Batch {
        private final PrintWriter out;
        private final PrintWriter err;
        private final OrderingGuard guard;
        private final OptionOverrides overrides;
        private final boolean shadow;
        private final JsonReport json;
        private final boolean progress = System.console() != null;
        private int total;
        private int sent;
        private int wouldReject;
        private int bad;

        Batch(PrintWriter out, PrintWriter err, ResultCodec results, OrderingGuard guard, OptionOverrides overrides,
                boolean shadow) {
            this.out = out;
            this.err = err;
            this.guard = guard;
            this.overrides = overrides;
            this.shadow = shadow;
            this.json = new JsonReport(results);
        }

        void check(CheckInput read, RepairedOutput written) {
            Dispatch document = read.dispatch();
            if (read.wire() != null && document.model() == null && profileNames.isEmpty() && profileFiles.isEmpty()) {
                bad(read.file(), new GuardInputException(read.file().toString(), read.line(), null, "the "
                        + read.wire().codec().format().wireName() + " body names no model, so no profile can be chosen "
                        + "for it: give --model MODEL (the model of its URL path) or a profile with -p"));
                return;
            }
            CheckInput input;
            GuardResult result;
            try {
                Dispatch options = document.withOptions(overrides.applyTo(document.options()));
                input = new CheckInput(read.file(), read.line(), options, read.wire());
                result = unkey(guard.check(read.wire() == null ? withKey(options) : options), options);
                if (read.wire() != null) {
                    result = read.wire().parsed().advise(result, guard);
                }
            } catch (IllegalArgumentException | GuardConfigException e) {
                bad(read.file(), new GuardInputException(read.file().toString(), read.line(), null, e.getMessage()));
                return;
            }
            total++;
            if (result.sent()) {
                sent++;
            }
            if (result.rejected() && result.sent()) {
                wouldReject++;
            }
            String at = written != null && result.sent() ? written.write(input, result.dispatch()) : null;
            if (format.equals("json")) {
                json.result(input, result, at);
            } else {
                TextReport.print(out, input, result, at, verbose);
            }
            if (progress && total % 100 == 0) {
                err.print("\rchecked " + total + " dispatches");
                err.flush();
            }
        }

        void bad(Path file, GuardInputException problem) {
            bad++;
            err.println("guard: " + problem.getMessage());
            err.flush();
            if (format.equals("json")) {
                json.bad(file.toString(), problem);
            }
        }

        int finish() {
            if (progress && total >= 100) {
                err.println("\rchecked " + total + " dispatches");
            }
            if (format.equals("json")) {
                out.println(pretty(json.envelope(mode, total, sent, bad)));
            } else {
                String checked = total + " dispatch" + (total == 1 ? "" : "es") + " checked";
                String counts = shadow
                        ? " in shadow mode: " + sent + " sent unchanged, " + wouldReject + " would be rejected by enforce"
                        : ": " + sent + " sent, " + (total - sent) + " rejected";
                out.println(checked + counts + (bad == 0 ? "" : "; " + bad + " bad input" + (bad == 1 ? "" : "s")
                        + " (see stderr)"));
            }
            out.flush();
            return bad > 0 ? GuardCli.BAD_INPUT : sent < total ? GuardCli.FINDING : GuardCli.OK;
        }
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

    /**
     * Builds the guard. The API rejects a disabled advisory id no rule of the profiles has, with "did you
     * mean"; that problem is reported in the command line's words ({@code --disable-advisory}) as a usage
     * error.
     */
    private OrderingGuard build(OrderingGuard.Builder builder) {
        try {
            return builder.build();
        } catch (GuardConfigException e) {
            if (e.problems().isEmpty() || !e.problems().stream().allMatch(p -> p.startsWith(DISABLED_PROBLEM))) {
                throw e;
            }
            throw usage(String.join("\n", e.problems().stream()
                    .map(p -> "--disable-advisory: " + p.substring(DISABLED_PROBLEM.length())).toList()));
        }
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

    private Mode parseMode() {
        switch (mode) {
            case "enforce":
                return Mode.ENFORCE;
            case "mutate":
                return Mode.MUTATE;
            case "shadow":
                return Mode.SHADOW;
            default:
                throw usage("--mode must be enforce, mutate or shadow, but was '" + mode + "'");
        }
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

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
            "", "Exit codes: 0 every dispatch sent, 1 any rejected, 2 bad input."})
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
        InMemoryStash stash = InMemoryStash.create();
        OrderingGuard guard = configure(guardMode, comp, fixed, stash).build();
        if (previous != null) {
            // a shadow guard sharing the stash records the previous document as sent, whatever it holds
            configure(Mode.ENFORCE, comp, fixed, stash).shadow(true).build().check(withKey(codec.read(previous)));
        }
        ResultCodec results = ResultCodec.of(codec);
        ArrayNode json = JsonNodeFactory.instance.arrayNode();
        int total = 0;
        int rejected = 0;
        boolean progress = System.console() != null;
        for (Path file : files) {
            List<Dispatch> batch = codec.readAny(file);
            for (int line = 0; line < batch.size(); line++) {
                Dispatch input = batch.get(line);
                GuardResult result;
                try {
                    result = guard.check(withKey(input));
                } catch (io.orderingguard.GuardConfigException e) {
                    // no profile named and none known for the document's model
                    throw new io.orderingguard.GuardInputException(file.toString(), batch.size() > 1 ? line + 1 : 0,
                            "$.model", String.join("; ", e.problems()) + " (name a profile with -p or --profile-file)");
                }
                total++;
                if (result.rejected()) {
                    rejected++;
                }
                if (format.equals("json")) {
                    json.add(results.write(unkey(result, input), input.conversationId()));
                } else {
                    TextReport.print(out, label(file, batch.size() > 1 ? line + 1 : 0), input, unkey(result, input));
                }
                if (progress && total % 100 == 0) {
                    err.print("\rchecked " + total + " dispatches");
                    err.flush();
                }
            }
        }
        if (progress && total >= 100) {
            err.println("\rchecked " + total + " dispatches");
        }
        if (format.equals("json")) {
            JsonNode doc = json.size() == 1 && files.size() == 1 && !files.get(0).toString().endsWith(".jsonl")
                    ? json.get(0) : json;
            out.println(pretty(doc));
        } else {
            out.println(total + " dispatch" + (total == 1 ? "" : "es") + " checked: " + (total - rejected) + " sent, "
                    + rejected + " rejected");
        }
        out.flush();
        return rejected > 0 ? GuardCli.FINDING : GuardCli.OK;
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
            builder.selectProfiles(ModelSelection.selector());
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

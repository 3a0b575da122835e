package io.orderingguard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.profiles.ErrorClassification;
import io.orderingguard.profiles.ErrorMatch;
import io.orderingguard.profiles.HoldingFamily;
import io.orderingguard.profiles.ProviderErrors;
import io.orderingguard.rule.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code guard explain-error}: names the catalogue rules a provider's error text matches, with the
 * cause, the fix, whether mutate mode repairs it, the families that hold the rule and the
 * {@code guard check} that would have caught the request. The text may be the provider's message or
 * its whole JSON error body; see {@link ProviderErrors}.
 */
@Command(
        name = "explain-error",
        mixinStandardHelpOptions = true,
        description = {"Explain a provider's 400 error: which rule of the shipped catalogue it is, why the "
                + "provider refused the request, how to fix it, and which guard check would have caught it.",
            "The text may be the error message or the whole JSON error body (Anthropic, OpenAI, Gemini, Bedrock, "
                + "Mistral, DeepSeek, DashScope); indexes, ids and quote styles may differ from the catalogue's."},
        footer = {"", "Examples:",
            "  guard explain-error 'messages.3: `tool_use` ids were found without `tool_result` blocks immediately "
                + "after: toolu_01'",
            "  guard explain-error --file error-body.json --format json",
            "  pbpaste | guard explain-error -",
            "",
            "Exit codes: 0 a rule matches, 1 no rule matches, 2 bad input."})
final class ExplainErrorCommand implements Callable<Integer> {

    private static final int WIDTH = 100;
    private static final String LABEL = "%-10s";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "TEXT", description = "The error text, or - to read standard input.")
    String text;

    @Option(names = "--file", paramLabel = "FILE", description = "Read the error text from FILE.")
    Path file;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT", description = "text (default) or json.")
    String format;

    @Override
    public Integer call() {
        String chosen = PolicyCliSupport.format(spec, format, "text", "json");
        String input = input();
        if (input.isBlank()) {
            throw new GuardInputException(source(), 0, null, "the error text is empty; give the text a provider "
                    + "answered with its 400");
        }
        ErrorClassification c = ProviderErrors.classify(input);
        PrintWriter out = spec.commandLine().getOut();
        out.print("json".equals(chosen) ? json(c) : text(c));
        out.flush();
        return c.isEmpty() ? GuardCli.FINDING : GuardCli.OK;
    }

    private String input() {
        if (file != null && text != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give the error text either as TEXT or with "
                    + "--file, not both");
        }
        if (file != null) {
            try {
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                throw new GuardInputException(file.toString(), 0, null, "no such file");
            } catch (IOException e) {
                throw new GuardInputException(file.toString(), 0, null, "cannot read the file ("
                        + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
            }
        }
        if (text == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give the error text as TEXT, with --file "
                    + "FILE, or - to read standard input");
        }
        if (text.equals("-")) {
            InputStream in = ((GuardCli) spec.root().userObject()).in;
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read standard input", e);
            }
        }
        return text;
    }

    private String source() {
        return file != null ? file.toString() : "-".equals(text) ? "<stdin>" : "TEXT";
    }

    private static String text(ErrorClassification c) {
        StringBuilder sb = new StringBuilder();
        if (c.isEmpty()) {
            sb.append("No rule of the shipped catalogue matches this error text.\n");
            line(sb, "read", c.text());
            line(sb, "note", "rate limits, authentication and context length are not shape errors; 'guard "
                    + "profiles' lists every rule with the provider error it prevents.");
            return sb.toString();
        }
        List<ErrorMatch> top = c.top();
        sb.append(top.size() == 1 ? "1 rule matches" : top.size() + " rules match equally").append(' ')
                .append(strength(top.get(0))).append(".\n");
        for (ErrorMatch m : top) {
            sb.append('\n').append(m.ruleId()).append("  (").append(m.ruleType()).append(")\n");
            line(sb, "matched", m.span().text());
            line(sb, "cause", m.advice().cause());
            line(sb, "fix", m.advice().fix());
            line(sb, "mutate", (m.advice().repairedByMutate() ? "repairs it: " : "does not repair it: ")
                    + m.advice().mutate());
            line(sb, "families", families(m.families()));
            line(sb, "caught by", caughtBy(m));
            if (m.source() != null) {
                line(sb, "source", m.source());
            }
        }
        List<ErrorMatch> rest = c.matches().subList(top.size(), c.matches().size());
        if (!rest.isEmpty()) {
            List<String> names = new ArrayList<>();
            rest.forEach(m -> names.add(m.ruleId() + " (" + m.strength().name().toLowerCase(Locale.ROOT) + ")"));
            sb.append('\n');
            line(sb, "also", String.join(", ", names));
        }
        return sb.toString();
    }

    private static String strength(ErrorMatch m) {
        return switch (m.strength()) {
            case WHOLE -> "the whole error text";
            case CONTAINED -> "an error inside the text";
            case PARTIAL -> "part of the error text (reworded or cut)";
        };
    }

    private static String families(List<HoldingFamily> families) {
        if (families.isEmpty()) {
            return "none (a behaviour of the catalogue only)";
        }
        StringBuilder sb = new StringBuilder();
        Severity current = null;
        for (HoldingFamily f : families) {
            if (current != null && f.severity() != current) {
                sb.append(" (").append(current.wireName()).append("); ");
            } else if (current != null) {
                sb.append(", ");
            }
            sb.append(f.family());
            current = f.severity();
        }
        return sb.append(" (").append(current.wireName()).append(')').toString();
    }

    private static String caughtBy(ErrorMatch m) {
        List<String> blocking = m.blockingIn();
        if (!blocking.isEmpty()) {
            String family = blocking.get(0);
            return "guard check -p " + family + " FILE" + (m.advice().repairedByMutate()
                    ? " rejects the request; add --mode mutate to repair it" : " rejects the request")
                    + " (in code: OrderingGuard.builder().profile(\"" + family + "\"))";
        }
        String family = m.families().isEmpty() ? null : m.families().get(0).family();
        if (family == null) {
            return "no shipped family holds this rule";
        }
        return "no shipped family blocks it; guard check -p " + family + " FILE reports it as advisory; to block it, "
                + "use a profile file with extends: [" + family + "] and overrides: {" + m.ruleId()
                + ": {severity: blocking}}";
    }

    /** Writes a labelled field, wrapped at {@link #WIDTH} columns with a hanging indent. */
    private static void line(StringBuilder sb, String label, String value) {
        String head = "  " + String.format(LABEL, label + ":") + " ";
        StringBuilder row = new StringBuilder(head);
        boolean empty = true;
        for (String word : value.replace('\n', ' ').split(" ")) {
            if (word.isEmpty()) {
                continue;
            }
            if (!empty && row.length() + 1 + word.length() > WIDTH) {
                sb.append(row).append('\n');
                row = new StringBuilder(" ".repeat(head.length()));
                empty = true;
            }
            if (!empty) {
                row.append(' ');
            }
            row.append(word);
            empty = false;
        }
        sb.append(row).append('\n');
    }

    private static String json(ErrorClassification c) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("text", c.text());
        root.put("classified", !c.isEmpty());
        ArrayNode matches = root.putArray("matches");
        int top = c.top().size();
        for (int i = 0; i < c.matches().size(); i++) {
            ErrorMatch m = c.matches().get(i);
            ObjectNode o = matches.addObject();
            o.put("ruleId", m.ruleId());
            o.put("ruleType", m.ruleType());
            o.put("strength", m.strength().name().toLowerCase(Locale.ROOT));
            o.put("top", i < top);
            o.put("coverage", m.coverage());
            ObjectNode span = o.putObject("span");
            span.put("start", m.span().start());
            span.put("end", m.span().end());
            span.put("text", m.span().text());
            o.put("providerError", m.providerError());
            o.put("cause", m.advice().cause());
            o.put("fix", m.advice().fix());
            ObjectNode mutate = o.putObject("mutate");
            mutate.put("repairs", m.advice().repairedByMutate());
            mutate.put("detail", m.advice().mutate());
            ArrayNode families = o.putArray("families");
            for (HoldingFamily f : m.families()) {
                ObjectNode fo = families.addObject();
                fo.put("family", f.family());
                fo.put("severity", f.severity().wireName());
                fo.put("origin", f.provider() ? "provider" : "reference");
            }
            o.put("caughtBy", caughtBy(m));
            o.put("source", m.source());
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.orderingguard.examples;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.ModelMatch;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Letting the model id choose the profile: the same conversation — two user messages in a row — is
 * fine for some providers and a 400 for others. The guard's selector looks up each dispatch's
 * provider and model in the shipped model table (with how sure the table is), and unknown models can
 * fall back to a profile of your choice.
 */
public final class SelectProfileFromModel {

    private SelectProfileFromModel() {}

    /**
     * Runs the example.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out);
    }

    /**
     * Runs the example, printing to {@code out}.
     *
     * @param out where to print
     * @return one line per model: family, confidence and outcome
     */
    public static List<String> run(PrintStream out) {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector("permissive")).build();
        Timeline twoUserTurns = Timeline.of(
                Entry.user("u1", "Summarise the report."),
                Entry.user("u2", "Keep it under 100 words."));
        String[][] targets = {
            {"anthropic", "claude-sonnet-4-5-20250929"},
            {"bedrock", "us.anthropic.claude-3-7-sonnet-20250219-v1:0"},
            {"gemini", "gemini-2.5-flash"},
            {"openai", "gpt-4o-mini"},
            {null, "some-internal-model"}};
        List<String> lines = new ArrayList<>();
        for (String[] target : targets) {
            Optional<ModelMatch> match = Profiles.match(target[0], target[1]);
            GuardResult result = guard.check(Dispatch.of("c-1", target[0], target[1], twoUserTurns));
            String line = target[1] + " -> " + match.map(m -> m.family() + " (" + m.confidence().name().toLowerCase(
                    java.util.Locale.ROOT) + ")").orElse("fallback permissive") + ": " + result.outcome().wireName();
            lines.add(line);
            out.println(line);
        }
        return lines;
    }
}

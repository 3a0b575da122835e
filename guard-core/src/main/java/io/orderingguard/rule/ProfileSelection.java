package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.RequestOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * Which profiles a dispatch is checked against, and why ({@link io.orderingguard.spi.ProfileSelector#choose}). Every
 * {@code GuardResult} carries one, so a caller can always see the choice: the guard never picks
 * rules silently.
 *
 * <pre>{@code
 * ProfileSelection s = ProfileSelection.of(List.of(profile), "model 'gpt-4o' -> openai-chat")
 *         .withInferred(RequestOptions.unknown().withReasoning(Reasoning.enabled()));
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 *
 * @param profiles the profiles chosen, at least one
 * @param reason one sentence saying why (the model table row, the options or the evidence used)
 * @param inferred what the selector concluded about request options the dispatch did not state
 *     (e.g. reasoning on, from a provider-signed thought in the current turn); never {@code null},
 *     {@link RequestOptions#unknown()} when nothing was inferred
 * @param fallback {@code true} when no profile is known for the model and a conservative fallback
 *     was used
 * @param advisory a detail the guard reports as an advisory finding (rule id
 *     {@value #FINDING_RULE_ID}), e.g. how to choose a profile for an unknown model; {@code null} for
 *     none
 */
public record ProfileSelection(
        List<OrderingProfile> profiles, String reason, RequestOptions inferred, boolean fallback, String advisory) {

    /** The rule id of the advisory finding a selection may raise. */
    public static final String FINDING_RULE_ID = "profile-selection";

    /** Validates and copies the fields. */
    public ProfileSelection {
        profiles = List.copyOf(Require.nonNull(profiles, "profiles"));
        Require.argument(!profiles.isEmpty(), "profiles must not be empty");
        Require.nonBlank(reason, "reason");
        inferred = inferred == null ? RequestOptions.unknown() : inferred;
        Require.blankToError(advisory, "advisory");
    }

    /**
     * Creates a selection of known profiles.
     *
     * @param profiles the profiles, at least one
     * @param reason why they were chosen
     * @return the selection
     */
    public static ProfileSelection of(List<OrderingProfile> profiles, String reason) {
        return new ProfileSelection(profiles, reason, null, false, null);
    }

    /**
     * Creates a fallback selection for a model no profile is known for.
     *
     * @param profile the conservative fallback profile
     * @param reason why the fallback was used
     * @param advisory the advisory finding's detail (naming the model and how to choose a profile)
     * @return the selection
     */
    public static ProfileSelection fallback(OrderingProfile profile, String reason, String advisory) {
        return new ProfileSelection(List.of(Require.nonNull(profile, "profile")), reason, null, true,
                Require.nonBlank(advisory, "advisory"));
    }

    /**
     * Returns a copy recording inferred options.
     *
     * @param newInferred what was inferred, or {@code null} for nothing
     * @return the copy
     */
    public ProfileSelection withInferred(RequestOptions newInferred) {
        return new ProfileSelection(profiles, reason, newInferred, fallback, advisory);
    }

    /**
     * Returns one short line naming the chosen profiles and the reason, for logs: the profiles' rules
     * (each with its provenance) are left out.
     *
     * @return e.g. {@code ProfileSelection[profiles=[openai-chat], reason=model 'gpt-4o' -> openai-chat]}
     */
    @Override
    public String toString() {
        return "ProfileSelection[profiles=" + profileNames() + ", reason=" + reason
                + (inferred.reasoning() == null ? "" : ", inferred reasoning=" + inferred.reasoning().mode().wireName())
                + (fallback ? ", fallback" : "") + (advisory == null ? "" : ", advisory") + "]";
    }

    /**
     * Returns the names of the chosen profiles.
     *
     * @return the names, in order
     */
    public List<String> profileNames() {
        List<String> names = new ArrayList<>(profiles.size());
        for (OrderingProfile p : profiles) {
            names.add(p.name());
        }
        return List.copyOf(names);
    }
}

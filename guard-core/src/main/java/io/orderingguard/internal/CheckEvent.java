package io.orderingguard.internal;

import io.orderingguard.timeline.Dispatch;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The JFR event of one guard check ({@value #NAME}): its duration is the check's, its fields say what
 * was checked and the verdict. Recorded only while a recording enables it (it is enabled by default
 * with no threshold, so {@code -XX:StartFlightRecording} captures every check); otherwise it costs the
 * check nothing, as JFR events do when disabled.
 *
 * <p>Not thread-safe: one instance per check, on the checking thread.
 */
@Name(CheckEvent.NAME)
@Label("Ordering Guard Check")
@Category({"Ordering Guard"})
@Description("One check of a dispatch by an ordering guard")
@StackTrace(false)
public final class CheckEvent extends Event {

    /** The event name, as JFR tools show it. */
    public static final String NAME = "io.orderingguard.Check";

    @Label("Mode")
    @Description("enforce or mutate")
    String mode;

    @Label("Shadow")
    @Description("Whether the guard only reported (the input is sent whatever the outcome)")
    boolean shadow;

    @Label("Outcome")
    @Description("passed, repaired or rejected")
    String outcome;

    @Label("Profile")
    @Description("The profile (family) evaluated")
    String profile;

    @Label("Provider")
    String provider;

    @Label("Model")
    String model;

    @Label("Conversation Id")
    String conversationId;

    @Label("Entries")
    @Description("Entries in the checked timeline")
    int entries;

    @Label("Blocking Findings")
    int blocking;

    @Label("Advisories")
    int advisories;

    @Label("Repairs")
    int repairs;

    /**
     * Fills the fields from a finished check; call only when {@link #shouldCommit()} says the event
     * will be recorded.
     *
     * @param dispatch the dispatch as received
     * @param mode the mode's wire name
     * @param shadow whether the guard ran in shadow mode
     * @param outcome the outcome's wire name
     * @param profile the profile evaluated
     * @param counts the numbers of blocking findings, advisories and repairs, in that order
     */
    public void fill(Dispatch dispatch, String mode, boolean shadow, String outcome, String profile, int... counts) {
        this.mode = mode;
        this.shadow = shadow;
        this.outcome = outcome;
        this.profile = profile;
        provider = dispatch.provider();
        model = dispatch.model();
        conversationId = dispatch.conversationId();
        entries = dispatch.timeline().entries().size();
        blocking = counts[0];
        advisories = counts[1];
        repairs = counts[2];
    }
}

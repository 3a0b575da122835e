package io.orderingguard.policy.eval;

/**
 * The status of one eval test.
 */
public enum EvalStatus {
    /** No rule was violated and the exact sequence, when given, matched. */
    PASS("pass"),
    /** A rule was violated or the exact sequence did not match. */
    FAIL("fail"),
    /** The test's recorded run could not be read. */
    ERROR("error");

    private final String wireName;

    EvalStatus(String wireName) {
        this.wireName = wireName;
    }

    /**
     * Returns the name used in reports.
     *
     * @return {@code pass}, {@code fail} or {@code error}
     */
    public String wireName() {
        return wireName;
    }
}

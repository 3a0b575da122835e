/**
 * Ordering Guard testing: flow recording and assertions, AssertJ-style guard assertions, the provider
 * emulator and the JUnit extension.
 */
module io.orderingguard.testing {
    requires transitive io.orderingguard.core;
    requires transitive org.assertj.core;
    requires transitive org.junit.jupiter.api;
    requires jdk.httpserver;

    exports io.orderingguard.testing;
    exports io.orderingguard.testing.emulator;
    exports io.orderingguard.testing.junit;
}

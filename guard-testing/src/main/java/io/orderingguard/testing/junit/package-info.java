/**
 * JUnit 5 support: {@link io.orderingguard.testing.junit.FlowExtension} gives each test a fresh
 * {@link io.orderingguard.testing.FlowSession} and keeps the trace of a failed test.
 */
package io.orderingguard.testing.junit;

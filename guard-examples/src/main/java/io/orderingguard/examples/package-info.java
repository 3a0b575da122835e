/**
 * Runnable examples. Each has a {@code main} and a {@code run(PrintStream)} that its test calls, so
 * every example is compiled and executed on every build.
 */
package io.orderingguard.examples;

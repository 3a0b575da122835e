/**
 * The {@code guard} command line (picocli): {@code check}, {@code profiles}, {@code eval},
 * {@code migrate}, {@code explain} and {@code gate}. {@link io.orderingguard.cli.GuardCli#run} runs
 * it in-process, which is how the tests drive it.
 */
package io.orderingguard.cli;

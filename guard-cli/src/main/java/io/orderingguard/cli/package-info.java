/**
 * The {@code guard} command line (picocli): {@code check}, {@code profiles}, {@code eval},
 * {@code migrate}, {@code explain}, {@code gate}, {@code explain-error} and {@code report} (the guard
 * measured against recorded traffic: HAR files and exchange logs). {@link io.orderingguard.cli.GuardCli#run} runs
 * it in-process, which is how the tests drive it.
 */
package io.orderingguard.cli;

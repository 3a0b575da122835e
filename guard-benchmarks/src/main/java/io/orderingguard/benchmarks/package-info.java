/**
 * JMH benchmarks of the guard, each compared with serialising the same request to JSON with Jackson
 * ({@link io.orderingguard.benchmarks.JacksonBaseline}) in the same run: enforce, mutate, a stashed
 * dispatch, the dispatch codec, the sequence-policy evaluator and the LangChain4j codec, on generated
 * conversations of 10 to 10,000 entries ({@link io.orderingguard.benchmarks.Conversations}).
 *
 * <p>Run them from the shaded jar: {@code java -jar guard-benchmarks/target/benchmarks.jar -prof gc}, or
 * {@code guard-benchmarks/quick.sh} for a one-minute summary. The module README holds the figures and
 * how to reproduce them. Nothing here is a timed test.
 */
package io.orderingguard.benchmarks;

package io.orderingguard.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The settings every benchmark of this module shares, so that the guard and its baseline are always
 * measured the same way: average time in microseconds, 2 forks with a fixed 3 GiB heap, 5 warm-up and
 * 5 measurement iterations of 1 s, over conversations of 10, 100, 1,000 and 10,000 entries.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public abstract class SizedBenchmark {

    /** The number of entries in each conversation. */
    @Param({"10", "100", "1000", "10000"})
    public int size;
}

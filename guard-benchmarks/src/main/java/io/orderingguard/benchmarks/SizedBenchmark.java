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
 *
 * <p>The heap is touched when the JVM starts ({@code -XX:+AlwaysPreTouch}). Without it, the first write
 * to each page of the heap faults into the kernel (and on this virtual machine into the host), and a
 * benchmark pays for those faults until its allocation has swept the whole heap once: a few seconds for
 * Jackson's 2 MB per call, well into the measurement for a path that allocates 30 KB per call, whose
 * iterations then drifted from 127 to 583 µs within one fork. A server's heap is warm; so is this one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
public abstract class SizedBenchmark {

    /** The number of entries in each conversation. */
    @Param({"10", "100", "1000", "10000"})
    public int size;
}

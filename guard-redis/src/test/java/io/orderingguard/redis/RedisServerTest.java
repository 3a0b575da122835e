package io.orderingguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The skip-or-fail rule for a missing redis-server, without touching the real environment. */
class RedisServerTest {

    @TempDir
    Path dir;

    @Test
    void should_skip_when_the_binary_is_missing_outside_ci() {
        Path missing = dir.resolve("redis-server");

        assertThatThrownBy(() -> RedisServer.binaryOrSkip(Map.of(), missing))
                .isInstanceOf(TestAbortedException.class)
                .hasMessage("redis-server not found ($REDIS_SERVER, " + missing
                        + ", PATH); install it with 'apt-get install -y redis-server'; skipping the Redis integration tests");
    }

    @Test
    void should_fail_when_the_binary_is_missing_and_ci_is_true() {
        Path missing = dir.resolve("redis-server");

        assertThatThrownBy(() -> RedisServer.binaryOrSkip(Map.of("CI", "true"), missing))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("redis-server not found ($REDIS_SERVER, " + missing
                        + ", PATH); install it with 'apt-get install -y redis-server'; CI=true, so the Redis integration tests must run");
    }

    @Test
    void should_find_the_binary_on_the_path_then_prefer_redis_server_env() throws IOException {
        Path onPath = executable(dir.resolve("bin/redis-server"));
        Path explicit = executable(dir.resolve("custom/redis"));
        Path missing = dir.resolve("nowhere/redis-server");

        assertThat(RedisServer.binaryOrSkip(Map.of("PATH", "/nonexistent:" + onPath.getParent()), missing))
                .isEqualTo(onPath);
        assertThat(RedisServer.binaryOrSkip(Map.of("PATH", onPath.getParent().toString(),
                "REDIS_SERVER", explicit.toString(), "CI", "true"), missing)).isEqualTo(explicit);
    }

    private static Path executable(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        Files.writeString(path, "#!/bin/sh\n");
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
        return path;
    }
}

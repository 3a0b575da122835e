package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The {@code serve} command line: options over the file, and a bad configuration as one report, exit 2. */
class ServeCommandTest {

    @TempDir
    Path dir;

    @Test
    void should_apply_the_options_over_the_configuration_file() throws Exception {
        Path file = dir.resolve("serve.yaml");
        Files.writeString(file, """
                ordering-guard:
                  mode: shadow
                  server:
                    listen: 127.0.0.1:9000
                    upstreams: {openai: "https://api.openai.com"}
                """);
        ServeCommand command = new ServeCommand();
        new CommandLine(command).parseArgs("--config", file.toString(), "--mode", "mutate", "--upstream",
                "anthropic=https://api.anthropic.com", "--redis", "redis://cache:6379", "--stash-failure", "fail-open",
                "-p", "openai-chat", "--max-body-size", "1MB");
        ServerConfig config = command.configuration();
        assertThat(config.mode()).isEqualTo(ServeMode.MUTATE);
        assertThat(config.listenPort()).isEqualTo(9000);
        assertThat(config.upstreams()).containsOnlyKeys(ProviderKind.OPENAI, ProviderKind.ANTHROPIC);
        assertThat(config.stash().toString()).isEqualTo("redis redis://cache:6379 (fail-open)");
        assertThat(config.profiles()).containsExactly("openai-chat");
        assertThat(config.maxBodyBytes()).isEqualTo(1024 * 1024);
    }

    @Test
    void should_print_every_problem_and_exit_with_2() {
        StringWriter err = new StringWriter();
        CommandLine cl = ServerMain.commandLine();
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute("--upstream", "openai", "--upstream", "gemini=https://generativelanguage.googleapis.com",
                "--mode", "repair", "--stash-failure", "maybe");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("""
                guard serve: invalid guard serve configuration: 3 problems
                  - --upstream: expected NAME=URL, such as openai=https://api.openai.com, but was "openai"
                  - --mode: expected one of enforce, mutate, shadow, but was "repair"
                  - --stash-failure: expected fail-closed or fail-open, but was "maybe"
                """);
    }
}

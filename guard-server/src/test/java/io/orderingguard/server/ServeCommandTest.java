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
    void should_read_the_exchange_log_keys_and_let_the_option_name_the_file() throws Exception {
        Path file = dir.resolve("serve.yaml");
        Files.writeString(file, """
                ordering-guard:
                  exchange-log: {file: logs/exchanges.jsonl, level: full, max-file-size: 2MB, max-files: 3,
                                 hash-key: 0123456789abcdef}
                  server:
                    upstreams: {openai: "https://api.openai.com"}
                """);
        ServeCommand fromFile = new ServeCommand();
        new CommandLine(fromFile).parseArgs("--config", file.toString());
        ServeCommand overridden = new ServeCommand();
        new CommandLine(overridden).parseArgs("--config", file.toString(), "--exchange-log", "other.jsonl");

        assertThat(fromFile.configuration().exchangeLog()).isEqualTo(new ServerConfig.ExchangeLogConfig(
                dir.resolve("logs/exchanges.jsonl"), io.orderingguard.exchange.ExchangeLog.Level.FULL, 2 * 1024 * 1024,
                3, "0123456789abcdef"));
        assertThat(fromFile.configuration().exchangeLog().toString()).doesNotContain("0123456789abcdef");
        assertThat(overridden.configuration().exchangeLog().file()).isEqualTo(Path.of("other.jsonl"));
    }

    @Test
    void should_report_every_bad_exchange_log_key() throws Exception {
        Path file = dir.resolve("serve.yaml");
        Files.writeString(file, """
                ordering-guard:
                  exchange-log: {file: x.jsonl, level: verbose, max-files: none, hash-key: short, rotate: daily}
                  server:
                    upstreams: {openai: "https://api.openai.com"}
                """);
        ServeCommand command = new ServeCommand();
        new CommandLine(command).parseArgs("--config", file.toString());

        assertThat(org.assertj.core.api.Assertions.catchThrowable(command::configuration))
                .isInstanceOf(io.orderingguard.GuardConfigException.class)
                .satisfies(e -> assertThat(((io.orderingguard.GuardConfigException) e).problems()).containsExactly(
                        "ordering-guard.exchange-log.rotate: unknown key; expected one of file, hash-key, level, "
                                + "max-file-size, max-files",
                        "exchange-log.level: expected shape or full, but was \"verbose\"",
                        "exchange-log.max-files: expected a whole number of at least 1, but was \"none\"",
                        "exchange-log.hash-key: expected at least 16 characters, but it has 5"));
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

/**
 * A local provider emulator for tests: {@link io.orderingguard.testing.emulator.ProviderEmulator}
 * speaks OpenAI Chat Completions and Anthropic Messages over HTTP on 127.0.0.1, answers 400 with the
 * provider's own error text when a request breaks a documented ordering rule
 * ({@link io.orderingguard.testing.emulator.EmulatorRule}), and otherwise a canned or scripted
 * answer, so that a test can show a guarded client never gets a 400.
 *
 * <p>It checks what the providers are documented to reject, not everything they check: unknown
 * request fields, model names, API keys and token limits are accepted. Rules that first-party APIs
 * no longer enforce but gateways do are off by default. Checks run on the messages as sent,
 * without the merging of consecutive same-role messages the Anthropic API performs first.
 */
package io.orderingguard.testing.emulator;

/**
 * A local provider emulator for tests: {@link io.orderingguard.testing.emulator.ProviderEmulator}
 * speaks OpenAI Chat Completions, OpenAI Responses, Anthropic Messages, Gemini {@code generateContent}
 * and Bedrock Converse over HTTP on 127.0.0.1, answers 400 with the
 * provider's own error text when a request breaks a documented ordering rule
 * ({@link io.orderingguard.testing.emulator.EmulatorRule}), and otherwise a canned or scripted
 * answer, so that a test can show a guarded client never gets a 400.
 *
 * <p>It checks what the providers are documented to reject, not everything they check: unknown
 * request fields, model names, API keys and token limits are accepted. Rules that first-party APIs
 * no longer enforce but gateways do are off by default. Checks run on the messages as sent,
 * without the merging of consecutive same-role messages the Anthropic API performs first. Gemini
 * answers carry thought signatures the emulator mints, and Gemini 3 models require them back on the
 * first function call of each step of the current turn; with
 * {@link io.orderingguard.testing.emulator.EmulatorRule#GEMINI_CORRUPTED_THOUGHT_SIGNATURE} enabled,
 * any other signature value (except the documented dummies) is rejected, which proves that every
 * signature went back unchanged. OpenAI Responses is checked as the stateless API sees it (the
 * whole history in {@code input}); the emulator remembers which of its answers came with reasoning, so
 * a history that drops such a reasoning item is rejected. Bedrock Converse errors come back in the AWS
 * JSON protocol's shape, so the AWS SDK raises its own {@code ValidationException}.
 */
package io.orderingguard.testing.emulator;

/**
 * The exchange log: one JSON line per guarded request whose provider answer is known, written by
 * {@link io.orderingguard.exchange.ExchangeLog}, a {@link io.orderingguard.GuardListener} that an
 * adapter (or {@code guard serve --exchange-log}) registers on its guard. {@code guard report} reads
 * the lines back, re-checks each recorded request with any profile and joins it with the recorded
 * answer, so a team measures the guard against its own traffic before it enforces.
 *
 * <p>At the default {@link io.orderingguard.exchange.ExchangeLog.Level#SHAPE shape} level a line
 * holds no text the conversation sent: the request is kept as a dispatch document (docs/dispatch-format.md)
 * whose texts are replaced by their lengths and whose ids and metadata values are replaced by keyed
 * pseudonyms that keep what the rules look at. The line format is documented in docs/rollout.md.
 *
 * <p>Stable API: the {@code ExchangeLog} type; the line format may gain fields.
 */
package io.orderingguard.exchange;

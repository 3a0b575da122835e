/**
 * The closed set of ordering rules: a sealed {@link io.orderingguard.rule.OrderingRule} with one
 * validated record per rule type, and {@link io.orderingguard.rule.OrderingProfile}s that name sets
 * of them.
 *
 * <p>Types: {@code order}, {@code requiredMetadata}, {@code alternation}, {@code adjacency},
 * {@code preservation}, {@code roleRemap}, {@code staleContentAdvisory} (the seven of the reference
 * design); {@code identifierFormat}, {@code identifierUniqueness}, {@code nonEmptyTurn},
 * {@code toolIdentity}, {@code schemaIntegrity} (the measured types); {@code toolResultPairing},
 * {@code replayCompatibility} and {@code toolPolicy} (ours).
 *
 * <p>Deliberate differences from the reference: alternation honours {@code roles} (the first
 * message must have {@code roles[0]}) and counts tool calls per step where steps are known;
 * advisory findings list every implicated id; payloads compare canonically; preservation compares
 * with the last dispatch actually sent and implements {@code resetOnModelSwitch};
 * {@code requiredMetadata} can be limited to the current turn and to the first call of each step;
 * {@code nonEmptyTurn} with {@code onlyTerminal} also catches a thought-only final turn;
 * {@code schemaIntegrity} reports even on an empty timeline.
 *
 * <p>Stable API.
 */
package io.orderingguard.rule;

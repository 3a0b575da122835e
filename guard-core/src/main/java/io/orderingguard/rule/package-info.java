/**
 * The closed set of ordering rules: a sealed {@link io.orderingguard.rule.OrderingRule} with one
 * validated record per rule type, and {@link io.orderingguard.rule.OrderingProfile}s that name sets
 * of them. What rules produce lives here too: {@link io.orderingguard.rule.Finding},
 * {@link io.orderingguard.rule.Repair}, {@link io.orderingguard.rule.RepairFailure} and
 * {@link io.orderingguard.spi.IdRenamer}. Stateful rules read the last dispatch sent through
 * {@link io.orderingguard.rule.Baseline}, which the rule package owns, so rules never depend on the
 * stash.
 *
 * <p>Each rule type owns its behaviour: its record checks ({@code check}, reporting a
 * {@link io.orderingguard.rule.Facet}), repairs one finding in mutate mode ({@code repair},
 * returning a sealed {@link io.orderingguard.rule.RepairResult} with a
 * {@link io.orderingguard.rule.RepairStrategy}) and describes its document fields once
 * ({@link io.orderingguard.rule.RuleDescription}, read and written by the codec). Rules are built with
 * the factories on {@code OrderingRule}, the records' {@code with…} methods and, where optional fields
 * depend on one another, a type's {@link io.orderingguard.rule.RuleBuilder}.
 *
 * <p>Types: {@code order}, {@code requiredMetadata}, {@code alternation}, {@code adjacency},
 * {@code preservation}, {@code roleRemap}, {@code staleContentAdvisory} (the seven of the reference
 * design); {@code identifierFormat}, {@code identifierUniqueness}, {@code nonEmptyTurn},
 * {@code toolIdentity}, {@code schemaIntegrity} (the measured types); {@code toolResultPairing},
 * {@code replayCompatibility}, {@code stepContent}, {@code boundary}, {@code presence} and
 * {@code toolPolicy} (ours).
 *
 * <p>Deliberate differences from the reference: alternation honours {@code roles} (the first
 * message must have {@code roles[0]}) and counts tool calls per step where steps are known;
 * advisory findings list every implicated id; payloads compare canonically; preservation compares
 * with the last dispatch actually sent and implements {@code resetOnModelSwitch};
 * {@code requiredMetadata} can be limited to the current turn and to the first call of each step;
 * {@code nonEmptyTurn} with {@code onlyTerminal} also catches a thought-only final turn;
 * {@code schemaIntegrity} reports even on an empty timeline.
 *
 * <h2>How rules read a timeline</h2>
 *
 * <ul>
 *   <li><b>Role attribution.</b> A USER or ASSISTANT message has its own role. Any other entry
 *       (thought, tool call, and SYSTEM message, which is transparent) takes the role of the
 *       nearest non-system messages around it: when the message before is USER and the one after is
 *       ASSISTANT, the entry belongs to the ASSISTANT (the reasoning and tool calls sandwiched
 *       between a prompt and its reply are part of the reply); with no message before it takes the
 *       following message's role; otherwise the preceding message's role. So a thought or tool call
 *       after the last user message, with no later message, joins the USER group. With no
 *       non-system message at all, no entry has a role.</li>
 *   <li><b>Role groups</b> are maximal runs of consecutive entries with the same attributed role;
 *       the <b>latest group</b> is the last one.</li>
 *   <li>The <b>latest user turn</b> is the last USER message.</li>
 *   <li>The <b>immediate successor</b> of entry {@code i} is entry {@code i + 1}.</li>
 *   <li><b>Wire messages.</b> Where two entries both name their wire message
 *       ({@link io.orderingguard.timeline.Entry#wireMessage()}), rules that group by role follow the
 *       provider's grouping; where either is unknown, a rule does not block on the distinction.</li>
 * </ul>
 *
 * <h2>Semantics of the provider-gap capabilities</h2>
 *
 * <ul>
 *   <li><b>{@code stepContent}</b> ({@code trigger}, default toolCall; {@code required}, default
 *       thought; {@code position} first | any, default any; {@code scope} every-step | current-turn |
 *       latest-step, default every-step). A <em>model response</em> is a step (entries sharing a
 *       {@code step} id), else the role group; only model output belongs to it (thoughts, requested
 *       calls, assistant messages — never user or system messages or orphan results). A response
 *       holding a trigger entry must hold a required entry: first ({@code first}) or anywhere
 *       ({@code any}). {@code current-turn} takes everything the model produced after the latest user
 *       message (the whole timeline without one) as <em>one</em> response: a tool loop is one
 *       assistant turn, whose start Anthropic checks (T1), so thinking later in the loop is neither
 *       needed nor harmful. {@code latest-step} checks only the step holding the last trigger. Facets
 *       {@code missing} and {@code not-first}; every entry of the response is listed. No repair: the
 *       guard never invents reasoning.</li>
 *   <li><b>{@code boundary}</b> ({@code end} first | last; {@code allowed}, non-empty selectors;
 *       {@code skipSystem}, default true). Selectors: {@code user}, {@code assistant},
 *       {@code system}, {@code thought}, {@code toolCall}, {@code toolResult}. A call is judged as the
 *       wire shows it: requested at the start is a toolCall, an orphan a toolResult; at the end an
 *       unanswered call is a toolCall, an answered call or an orphan a toolResult. Empty timeline (or,
 *       when skipped, system messages only): no finding. Facets {@code first-entry} and
 *       {@code last-entry}. Repairs only where obviously safe: a leading orphan result is dropped, a
 *       trailing unanswered call gets the not-executed error result (when toolResult is allowed), a
 *       leading model entry gets a user filler before it (when user is allowed: the providers accept
 *       it and it adds no content). A wrong last entry is otherwise left unrepaired, with the reason:
 *       a finished answer cannot be told from a prefill, and appending a user turn would put words in
 *       the user's mouth.</li>
 *   <li><b>{@code presence}</b> ({@code selector}; {@code min} and/or {@code max}, {@code min <=
 *       max}). The selector matches wherever an entry stands (an answered call is a toolCall and a
 *       toolResult). Facet {@code too-few} with no ids, or {@code too-many} listing the entries after
 *       the first {@code max}. No repair, with the reason: a missing entry cannot be invented, and
 *       dropping an extra system message would lose its instructions.</li>
 *   <li><b>{@code adjacency.successorRoles}</b>: only a successor message of those roles violates;
 *       thoughts and calls still follow {@code disallowBetween}. Repair: a thought is dropped (its
 *       produced item is gone), a tool call gets a filler message of an allowed role between
 *       (assistant if allowed), a message has none.</li>
 *   <li><b>{@code toolResultPairing.emptyErrorResults}</b>: an error result with blank content is a
 *       finding ({@code empty-error-result}); the repair writes a neutral text saying the tool failed
 *       without a message ({@code fill-empty-error-result}).</li>
 *   <li><b>{@code requiredMetadata.alternativePayloadKeys}</b>: an entry carrying any of these dot
 *       paths satisfies the rule too. Without an authorised fallback, a thought lacking the field is
 *       dropped ({@code drop-unsigned-reasoning}, recorded with its content); a tool call is never
 *       dropped.</li>
 *   <li><b>{@code identifierFormat.minLength}</b>: an id shorter is a finding ({@code too-short});
 *       renamed ids are within both lengths.</li>
 * </ul>
 *
 * <p>Stable API.
 */
package io.orderingguard.rule;

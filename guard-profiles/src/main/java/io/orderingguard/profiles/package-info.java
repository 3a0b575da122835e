/**
 * The shipped profile catalogue and model-id selection.
 *
 * <ul>
 *   <li><b>Behaviours</b>: the reference catalogue's 21 atomic behaviours, by registry key
 *       ({@code strict_alternation}), profile name ({@code strict-alternation}) or parameterised token
 *       ({@code full_history_preservation:thought}), with the reference's rule ids and severities.</li>
 *   <li><b>Reference families</b>: the reference's 38 recipes plus {@code grok}, unchanged.</li>
 *   <li><b>Provider families</b> ({@code anthropic-messages}, {@code gemini-3-api},
 *       {@code bedrock-converse-api}, …): per API surface and model generation, the reference
 *       behaviours the provider evidence supports followed by provider rules with new ids and
 *       provenance (source, the provider's error text, when verified). Blocking only where the provider
 *       answers 400 or a template raises; advisory where it silently degrades. Rules no rule type can
 *       express yet are listed as {@link io.orderingguard.profiles.Gap}s.</li>
 *   <li><b>Selection</b>: {@link io.orderingguard.profiles.Profiles#forModel},
 *       {@link io.orderingguard.profiles.Profiles#forDispatch} and
 *       {@link io.orderingguard.profiles.Profiles#selector()} map model ids (and the provider's API
 *       surface) to a family through a table of patterns with a
 *       {@link io.orderingguard.profiles.Confidence}.</li>
 * </ul>
 *
 * <p>{@link io.orderingguard.profiles.ShippedCatalog} is registered with {@link java.util.ServiceLoader},
 * so {@code OrderingGuard.builder().profile("gemini-3-api")} and the {@code extends} of profile files
 * resolve shipped names when this module is on the class path.
 */
package io.orderingguard.profiles;

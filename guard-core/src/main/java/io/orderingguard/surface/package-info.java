/**
 * What Ordering Guard knows of each provider API surface, declared once: the surfaces and their
 * vocabulary ({@link io.orderingguard.surface.ProviderSurface}: roles, the block, item and part types
 * that carry calls, results and reasoning with their id fields, signature fields, endpoint paths),
 * the replay tags that name the wire a reasoning payload came from
 * ({@link io.orderingguard.surface.ReplayTags}) and the provider ids with their aliases and gateway
 * prefixes ({@link io.orderingguard.surface.ProviderIds}).
 *
 * <p>The wire codecs, the framework codecs (LangChain4j, Spring AI, ADK), profile selection and the
 * profiles' rules read these declarations instead of writing the names again, so adding a provider
 * feature is one change here. The provider emulator in guard-testing deliberately does not: it is an
 * independent oracle of what providers accept.
 */
package io.orderingguard.surface;

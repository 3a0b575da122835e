/**
 * Tests of the rule construction API: factories, with-methods, builders, and the facet and repair
 * strategy vocabularies.
 */
package io.orderingguard.rule;

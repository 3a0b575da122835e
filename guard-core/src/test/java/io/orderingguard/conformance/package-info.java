/**
 * Conformance fixtures: JSON files under {@code conformance/} run as dynamic tests, and the check
 * that every rule type has JSON support and fixtures.
 */
package io.orderingguard.conformance;

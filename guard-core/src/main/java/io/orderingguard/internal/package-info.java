/**
 * Evaluation engine, repair engine and helpers. <strong>Not public API</strong>: anything here may
 * change in any release without notice.
 */
package io.orderingguard.internal;

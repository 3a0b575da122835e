/**
 * Placeholder package documentation; replaced when the module's content lands.
 */
package io.orderingguard.cli;

/**
 * The architecture suite: ArchUnit rules for package cycles, guard-core's layering and internal
 * packages used across modules, checked against every module's main classes and against broken
 * fixtures that prove each rule fires.
 */
package io.orderingguard.examples.architecture;

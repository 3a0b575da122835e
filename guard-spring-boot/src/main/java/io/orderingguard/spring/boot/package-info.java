/**
 * Spring Boot auto-configuration for Ordering Guard: {@link io.orderingguard.spring.boot.OrderingGuardAutoConfiguration}
 * builds the guard from {@link io.orderingguard.spring.boot.OrderingGuardProperties} ({@code ordering-guard.*}),
 * puts its advisor on every {@code ChatClient.Builder}, optionally decorates {@code ChatModel} beans,
 * and {@link io.orderingguard.spring.boot.OrderingGuardFailureAnalyzer} reports invalid properties at
 * startup.
 */
package io.orderingguard.spring.boot;

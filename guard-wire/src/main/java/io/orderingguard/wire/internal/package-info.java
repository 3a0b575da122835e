/**
 * The codecs of {@link io.orderingguard.wire.WireFormat} and what they share: {@code WireParse}
 * (what a parse learned about the original body: entries, their original JSON and positions; a parse
 * for a check keeps the entries only) and
 * {@code Assembler} (lays repaired entries out into wire messages again), and the streaming reads
 * ({@code Tokens} and one {@code …Stream} per surface): a check reads a body straight from the parser's
 * tokens into entries, without a tree, and hands anything it does not take (malformed JSON, a value of
 * the wrong type, a repeated field) to the tree read, which names the problem as before; the declared
 * tools of a body are taken from a bounded cache keyed by the exact bytes of its tools field
 * ({@code FieldCache}), since applications declare the same tools with every request. Not exported.
 */
package io.orderingguard.wire.internal;

/**
 * The profile model: interned frame names (FrameTable), folded stacks with weights (StackMap),
 * the immutable Profile and its metadata. Depends on nothing but the JDK.
 */
package io.myflame.core.model;

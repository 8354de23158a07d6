package io.myflame.diff;

/** What a cell counts: samples in the function and its callees, or samples whose leaf it is. */
public enum Measure {
    INCLUSIVE, SELF
}

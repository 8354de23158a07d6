/**
 * The perf script text parser (the inferno/stackcollapse-perf compatible collapse), perf script
 * run on a perf.data when asked, and FrameNames, which names native frames the way that parser
 * would.
 */
package io.myflame.ingest.script;

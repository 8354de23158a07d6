package io.myflame.cli;

import org.junit.platform.suite.api.IncludeClassNamePatterns;
import org.junit.platform.suite.api.IncludeTags;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * The end-to-end tests that record ({@link Records}), one after another in one JVM. failsafe runs
 * this suite and {@link FileSuite} in two JVMs at once (cli/pom.xml): the recordings spend most of their
 * time waiting on servers and sysbench's windows, the other tests keep the other core busy.
 */
@Suite
@SelectPackages("io.myflame.cli")
@IncludeClassNamePatterns(".*IT")
@IncludeTags(Records.TAG)
class RecordingSuite {
}

package io.myflame.cli;

import org.junit.platform.suite.api.ExcludeTags;
import org.junit.platform.suite.api.IncludeClassNamePatterns;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/** Every end-to-end test that starts no database server: beside {@link RecordingSuite}, in a JVM of its own. */
@Suite
@SelectPackages("io.myflame.cli")
@IncludeClassNamePatterns(".*IT")
@ExcludeTags(Records.TAG)
class FileSuite {
}

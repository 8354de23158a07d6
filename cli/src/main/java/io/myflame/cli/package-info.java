/**
 * The command line: one picocli class per subcommand turning flags into options, wiring the
 * modules together, and the two user-facing errors (usage, exit 2; data, exit 1). The only
 * package that knows every module.
 */
package io.myflame.cli;

package io.myflame.recorder.workload;

import java.nio.file.Path;

/**
 * The one row of work a write workload does per transaction, and the two status counters that
 * prove it: the statements executed ({@code Com_delete}) and the rows the storage engine really
 * changed ({@code Handler_delete}). Their ratio over the measured window is 1 when every DELETE
 * found its row.
 *
 * @param verb             what is done to the row, for messages ({@code deleted})
 * @param statementCounter status variable counting the statements
 * @param rowCounter       status variable counting the rows changed
 */
public record RowWork(String verb, String statementCounter, String rowCounter) {
    public static final RowWork DELETE = new RowWork("deleted", "Com_delete", "Handler_delete");
    public static final RowWork UPDATE = new RowWork("updated", "Com_update", "Handler_update");
    public static final RowWork INSERT = new RowWork("inserted", "Com_insert", "Handler_write");

    /**
     * The work of a sysbench test or script, by its name: {@code oltp_delete}, {@code oltp_update_index},
     * {@code oltp_update_non_index}, {@code oltp_insert} (also as {@code /path/oltp_delete.lua}); null otherwise.
     */
    public static RowWork of(String workload) {
        Path file = Path.of(workload).getFileName();
        String base = file == null ? workload : file.toString().replaceFirst("\\.lua$", "");
        return switch (base) {
            case "oltp_delete" -> DELETE;
            case "oltp_update_index", "oltp_update_non_index" -> UPDATE;
            case "oltp_insert" -> INSERT;
            default -> null;
        };
    }

    /** The statement, for messages: {@code DELETE}. */
    public String statement() {
        return statementCounter.substring("Com_".length()).toUpperCase(java.util.Locale.ROOT);
    }
}

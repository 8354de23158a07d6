package io.myflame.core.analysis;

import io.myflame.core.DataError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * Parses the user's row file: one function per line, indentation is nesting, {@code a | b | c}
 * lists alternative names, lines starting with {@code #} are comments.
 *
 * <pre>
 * mysql_delete | Sql_cmd_delete::execute | Sql_cmd_dml::execute
 *   handler::ha_delete_row
 * ha_commit_trans
 *   MYSQL_BIN_LOG::commit
 * </pre>
 */
public final class RowFile {
    private RowFile() {
    }

    /** A row file that cannot be read as rows; the message names the line. */
    public static final class RowFileException extends DataError {
        public RowFileException(String message) {
            super(message);
        }
    }

    public static List<RowSpec> parse(Reader in, String fileName) throws IOException, RowFileException {
        BufferedReader reader = new BufferedReader(in);
        List<RowSpec> rows = new ArrayList<>();
        // Indentation widths of the currently open rows, innermost last.
        Deque<int[]> open = new ArrayDeque<>();
        String line;
        int lineNo = 0;
        while ((line = reader.readLine()) != null) {
            lineNo++;
            if (lineNo == 1 && line.startsWith("\uFEFF")) {
                // Windows editors start UTF-8 files with a byte order mark; it is not part of a name.
                line = line.substring(1);
            }
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            int indent = indentOf(line, fileName, lineNo);
            while (!open.isEmpty() && open.peekLast()[0] >= indent) {
                open.removeLast();
            }
            int parent = open.isEmpty() ? -1 : open.peekLast()[1];
            // A limit of -1 keeps empty alternatives: "|" would split into no names at all, "a |" into one.
            List<String> names = Arrays.stream(text.split("\\|", -1)).map(String::strip).toList();
            if (names.stream().anyMatch(String::isEmpty)) {
                throw new RowFileException(fileName + ":" + lineNo + ": empty alternative in '" + text + "'");
            }
            rows.add(new RowSpec(names, open.size(), parent, lineNo));
            open.addLast(new int[] {indent, rows.size() - 1});
        }
        if (rows.isEmpty()) {
            throw new RowFileException(fileName + ": no rows (one function per line, indentation = nesting)");
        }
        return rows;
    }

    private static int indentOf(String line, String fileName, int lineNo) throws RowFileException {
        int n = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ') {
                n++;
            } else if (c == '\t') {
                n = (n / 8 + 1) * 8;
            } else {
                break;
            }
        }
        return n;
    }
}

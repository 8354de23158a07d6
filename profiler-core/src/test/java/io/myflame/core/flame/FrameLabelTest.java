package io.myflame.core.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Labels that do not fit their frame: the end kept without cutting a qualified name inside an
 * identifier (whole qualifiers dropped, then whole words, then characters), the start kept with
 * --truncate-text-right as flamegraph.pl cuts it. Widths are given in characters of the default
 * 12 px font (7.08 px each, 6 px of padding).
 */
class FrameLabelTest {
    private static final double CHAR = 7.08;

    /** The label in a frame that holds {@code chars} characters. */
    private static String end(String name, int chars) {
        return FrameLabel.fit(name, 6 + chars * CHAR + 0.01, CHAR, false);
    }

    private static String start(String name, int chars) {
        return FrameLabel.fit(name, 6 + chars * CHAR + 0.01, CHAR, true);
    }

    @Test
    void wholeQualifiersAreDroppedNotPartOfOne() {
        String name = "Sql_cmd_delete::delete_from_single_table";
        assertEquals(name, end(name, 40));
        // inferno: ..ete::delete_from_single_table
        assertEquals("..delete_from_single_table", end(name, 32));
        assertEquals("..delete_from_single_table", end(name, 26));
        assertEquals("mysql_execute_command", end("mysql_execute_command", 21));
    }

    @Test
    void aQualifierInsideTemplateArgumentsOrParametersIsNoBoundary() {
        String name = "std::vector<std::pair<int, int>, std::allocator<int> >::push_back";
        assertEquals("..push_back", end(name, 40));
        assertEquals("..vector<std::pair<int, int>, std::allocator<int> >::push_back", end(name, 64));
        String withArgs = "handler::ha_index_read_map(unsigned char*, unsigned char const*, std::key_part_map)";
        assertEquals("..ha_index_read_map(unsigned char*, unsigned char const*, std::key_part_map)", end(withArgs, 80));
        String rust = "core::ptr::drop_in_place<alloc::vec::Vec<u8>>";
        assertEquals("..drop_in_place<alloc::vec::Vec<u8>>", end(rust, 40));
        assertEquals("..runWorker", end("java/util/concurrent/ThreadPoolExecutor:::runWorker", 30));
    }

    @Test
    void wholeWordsOfTheFunctionNameWhenItDoesNotFit() {
        String name = "Sql_cmd_delete::delete_from_single_table";
        assertEquals("..from_single_table", end(name, 25));
        assertEquals("..single_table", end(name, 16));
        assertEquals("..table", end(name, 10));
        assertEquals("..RecordLock", end("lock_sys_t::acquireRecordLock", 14));
        assertEquals("..Thread.run", end("java.lang.Thread.run", 15));
        assertEquals("..0xc7f450", end("mariadbd+0xc7f450", 12));
    }

    @Test
    void charactersOnlyWhenNotEvenTheLastWordFits() {
        assertEquals("..able", end("Sql_cmd_delete::delete_from_single_table", 6));
        assertEquals("..ction", end("ha_innobase::extraordinaryfunction", 7));
        assertEquals("", end("anything", 2));
    }

    @Test
    void truncatedRightKeepsTheStartAsFlamegraphPl() {
        assertEquals("Sql_cmd_delete::de..", start("Sql_cmd_delete::delete_from_single_table", 20));
        assertEquals("a..", start("abcdef", 3));
    }
}

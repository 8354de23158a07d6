package io.myflame.core.flame;

import io.myflame.core.analysis.CallTree;
import java.awt.Color;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The layer of a MySQL/MariaDB server a function belongs to, told from its name: the kernel, the
 * C library, InnoDB, the binary log, the network layer, the SQL layer, or something else.
 * Kernel frames carry no marker in analysis trees, so a frame is also kernel when a caller is a
 * kernel entry point ({@code entry_SYSCALL_64}, {@code asm_exc_page_fault}, ...).
 */
public enum MysqlLayer {
    KERNEL("kernel", new Color(235, 150, 60), "$^",
            "(.*_\\[k\\]$|\\[kernel\\.kallsyms\\]|\\[vdso\\]|__x64_sys_|__do_sys_|__se_sys_|ksys_|do_syscall_64|"
                    + "entry_SYSCALL|asm_|exc_page_fault|irq_|__irq_|__softirq|__do_softirq|__schedule|schedule$|"
                    + "native_|vfs_|ext4_|xfs_|blk_|iomap_|tcp_|__tcp_|ip_|__ip_|sock_|__sock_|__sys_|futex_|__futex_|"
                    + "do_futex|finish_task_switch|try_to_wake_up|ret_from_fork|syscall_exit|copy_user|"
                    + "clear_page|handle_mm_fault|__handle_mm_fault|do_user_addr_fault|page_fault)"),
    LIBC("libc", new Color(205, 205, 85), "$^",
            "(__libc_|__GI_|__memcpy|__memmove|__memset|__memcmp|__strlen|__strcmp|memcpy|memmove|memset|"
                    + "memcmp|strlen|strcmp|strncmp|malloc|free$|cfree|_int_malloc|_int_free|calloc|realloc|"
                    + "pthread_|__pthread|___pthread|__lll_|__GI___|syscall$|__clone|start_thread|clone3?$|"
                    + "\\[libc[.-]|\\[libstdc\\+\\+|\\[libpthread|\\[ld-linux|operator new|operator delete|"
                    + "__nss_|_dl_|__futex_abstimed|__new_sem|sem_)"),
    // InnoDB's adaptive hash index (ha0ha.cc) names its functions ha_*, like the SQL layer's
    // handler entry points (ha_commit_trans): those are told apart here, before the prefixes.
    INNODB("InnoDB", new Color(95, 160, 225),
            "(ha_(insert_for_fold|search_and_|remove_all_nodes|delete_hash_node|storage_|create_func|chain_|"
                    + "clear|validate|print_info)|lock_table(_create|_low|_for_trx|_x_resurrect)?\\b|"
                    + "row_sel_|sel_set_rec_lock|sel_restore_position|sel_node_)",
            "(row_|btr_|buf_|fil_|log_|mtr_|trx_|lock_|ha_innobase|PolicyMutex|TTASEventMutex|page_|fsp_|srv_|os_|que_|dict_|ibuf_|"
                    + "rec_|dtuple_|innobase_|purge_|cmp_|mach_|rw_lock|sync_|ut_|PageConverter|"
                    + "ReadView|TrxUndoRsegs|srw_|ssux_lock|dberr_t|RowIterator|flst_|fseg_|RecLock|MVCC|TrxInInnoDB|"
                    + "group_commit_lock|build_template_field|mem_heap_|dtype_|fts_|btr0|lock_sys)"),
    BINLOG("binlog", new Color(170, 115, 215),
            "(Rows_log_event|Write_rows_log_event|Delete_rows_log_event|Update_rows_log_event|Log_event|"
                    + "binlog_|log_event_)",
            "(MYSQL_BIN_LOG|binlog_|THD::binlog_|Binlog|Log_event|Rows_log_event|Query_log_event|"
                    + "Xid_log_event|Gtid_log_event|Write_rows_log_event|Delete_rows_log_event|"
                    + "Update_rows_log_event|TC_LOG|write_locked_table_maps|Log_to_file_event_handler|Event_log|"
                    + "Gtid_index_writer|Repl_semi_sync|Rpl_filter|rpl_|Table_map_log_event|_my_b_|my_b_)"),
    NETWORK("network", new Color(85, 190, 120), "$^",
            "(vio_|net_|my_net_|Vio|my_real_read|Protocol::|Protocol_|ssl_|SSL_)"),
    // The SQL layer's table locking (lock_tables, lock_table_names, mysql_lock_tables) is not
    // InnoDB's lock_* (row and table locks inside the engine); the range optimizer's access
    // methods (QUICK_RANGE_SELECT, multi-range read) belong to the SQL layer too.
    SQL("SQL layer", new Color(230, 95, 85),
            "(lock_tables|lock_table_names|lock_external|lock_object_name|lock_schema_name|"
                    + "QUICK_|Mrr_|DsMrr|SEL_ARG|SEL_TREE|SEL_IMERGE|sel_arg_|get_quick_|check_quick_|"
                    + "test_quick_|get_best_|get_key_scans|Range_|range_seq_|multi_range_|handler::multi_range)",
            "(mysql_|Sql_cmd|JOIN|THD::|handler::|dispatch_command|do_command|Prepared_statement|"
                    + "mysqld_|sp_|Item|st_select_lex|SELECT_LEX|open_table|open_and_lock|close_thread|lex_|"
                    + "TABLE::|TABLE_LIST|trans_|ha_|Query_cache|filesort|sub_select|evaluate_join|Field|"
                    + "select_|make_join|handle_one_connection|do_handle_one_connection|end_send|"
                    + "mysql_lock|thr_lock|thd_|Sql_|sql_|parse_sql|MYSQLparse|MYSQLlex|"
                    + "Lex_|LEX|my_|Opt_|opt_|Explain|Table_cache|tdc_|MDL_|Statement|Security_context|"
                    + "Query_arena|check_|find_field|setup_|fill_record|write_record|Protocol|"
                    + "Diagnostics_area|Global_read_lock|Locked_tables|get_lock_data|wait_for_|decide_logging|"
                    + "SQL_SELECT|make_select|optimize_|best_access_path|choose_plan|greedy_search|"
                    + "test_if_|create_ref_for_key|join_|st_join|Rows|Query_|Select_|Type_handler|Arg_comparator|"
                    + "Binary_string|String::|TABLE_SHARE|Open_table_context|Delete_plan|Update_plan|handle_select|"
                    + "TRP_|Warning_info|XID_STATE|Json_writer|DML_prelocking|Prelocking_strategy|Send_field|"
                    + "Session_sysvars_tracker|Session_tracker|POSITION|end_read_record|init_read_record|rr_|"
                    + "delete_precheck|eliminate_tables|LOGGER|general_log|free_underlaid_joins|first_linear_tab|"
                    + "create_explain_query|Explain_|explain_)"),
    OTHER("other", new Color(185, 185, 185), "$^", "$^");

    private final String label;
    private final Color base;
    /** Names that belong here whatever another layer's prefixes say (checked first, all layers). */
    private final Pattern specific;
    private final Pattern names;

    MysqlLayer(String label, Color base, String specific, String names) {
        this.label = label;
        this.base = base;
        this.specific = Pattern.compile(specific);
        this.names = Pattern.compile(names);
    }

    public String label() {
        return label;
    }

    public Color base() {
        return base;
    }

    /** The layer of a function name on its own (no callers looked at). */
    public static MysqlLayer ofName(String name) {
        for (MysqlLayer l : values()) {
            if (l.specific.matcher(name).lookingAt()) {
                return l;
            }
        }
        for (MysqlLayer l : values()) {
            if (l.names.matcher(name).lookingAt()) {
                return l;
            }
        }
        return OTHER;
    }

    /** The layer of a node: its name's layer, or kernel when it runs below a kernel entry point. */
    public static MysqlLayer of(CallTree tree, int node) {
        for (int p = tree.parent(node); p > 0; p = tree.parent(p)) {
            if (kernelEntry(tree.name(p))) {
                return KERNEL;
            }
        }
        return ofName(tree.name(node));
    }

    /**
     * The layer of every node (by ordinal), in one pass from the root: a child is created after
     * its parent, so a parent's "below a kernel entry" is known before its children are looked at.
     */
    public static byte[] layers(CallTree tree) {
        byte[] out = new byte[tree.size()];
        out[0] = (byte) ofName(tree.name(0)).ordinal();
        boolean[] belowKernel = new boolean[tree.size()];
        java.util.Map<Integer, Byte> byFrame = new java.util.HashMap<>();
        for (int n = 1; n < tree.size(); n++) {
            int p = tree.parent(n);
            belowKernel[n] = p > 0 && (belowKernel[p] || kernelEntry(tree.name(p)));
            out[n] = belowKernel[n] ? (byte) KERNEL.ordinal()
                    : byFrame.computeIfAbsent(tree.frame(n), f -> (byte) ofName(tree.frames().name(f)).ordinal());
        }
        return out;
    }

    private static boolean kernelEntry(String caller) {
        return caller.startsWith("entry_SYSCALL") || caller.startsWith("asm_") || caller.endsWith("_[k]");
    }

    /** This layer's colour, lighter or darker by up to 12% ({@code v} in [0, 1)). */
    Color shade(double v) {
        double f = 0.88 + 0.24 * v;
        return new Color(clamp(base.getRed() * f), clamp(base.getGreen() * f), clamp(base.getBlue() * f));
    }

    private static int clamp(double c) {
        return (int) Math.max(0, Math.min(255, Math.round(c)));
    }

    static List<FrameStyle.LegendEntry> legend() {
        return Palette.entries(List.of(values()));
    }
}

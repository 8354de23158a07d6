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
    KERNEL("kernel", new Color(235, 150, 60),
            "(.*_\\[k\\]$|\\[kernel\\.kallsyms\\]|\\[vdso\\]|__x64_sys_|__do_sys_|__se_sys_|ksys_|do_syscall_64|"
                    + "entry_SYSCALL|asm_|exc_page_fault|irq_|__irq_|__softirq|__do_softirq|__schedule|schedule$|"
                    + "native_|vfs_|ext4_|xfs_|blk_|iomap_|tcp_|__tcp_|ip_|__ip_|sock_|__sock_|__sys_|futex_|__futex_|"
                    + "do_futex|finish_task_switch|try_to_wake_up|ret_from_fork|syscall_exit|copy_user|"
                    + "clear_page|handle_mm_fault|__handle_mm_fault|do_user_addr_fault|page_fault)"),
    LIBC("libc", new Color(205, 205, 85),
            "(__libc_|__GI_|__memcpy|__memmove|__memset|__memcmp|__strlen|__strcmp|memcpy|memmove|memset|"
                    + "memcmp|strlen|strcmp|strncmp|malloc|free$|cfree|_int_malloc|_int_free|calloc|realloc|"
                    + "pthread_|__pthread|___pthread|__lll_|__GI___|syscall$|__clone|start_thread|clone3?$|"
                    + "\\[libc[.-]|\\[libstdc\\+\\+|\\[libpthread|\\[ld-linux|operator new|operator delete|"
                    + "__nss_|_dl_|__futex_abstimed|__new_sem|sem_)"),
    INNODB("InnoDB", new Color(95, 160, 225),
            "(row_|btr_|buf_|fil_|log_|mtr_|trx_|lock_|ha_innobase|PolicyMutex|TTASEventMutex|page_|fsp_|srv_|os_|que_|dict_|ibuf_|"
                    + "rec_|dtuple_|innobase_|purge_|cmp_|mach_|rw_lock|sync_|ut_|PageConverter|"
                    + "ReadView|TrxUndoRsegs|srw_|ssux_lock|dberr_t|Row)"),
    BINLOG("binlog", new Color(170, 115, 215),
            "(MYSQL_BIN_LOG|binlog_|THD::binlog_|Binlog|Log_event|Rows_log_event|Query_log_event|"
                    + "Xid_log_event|Gtid_log_event|Write_rows_log_event|Delete_rows_log_event|"
                    + "Update_rows_log_event|TC_LOG|write_locked_table_maps|Log_to_file_event_handler)"),
    NETWORK("network", new Color(85, 190, 120),
            "(vio_|net_|my_net_|Vio|my_real_read|Protocol::|Protocol_|ssl_|SSL_)"),
    SQL("SQL layer", new Color(230, 95, 85),
            "(mysql_|Sql_cmd|JOIN|THD::|handler::|dispatch_command|do_command|Prepared_statement|"
                    + "mysqld_|sp_|Item|st_select_lex|SELECT_LEX|open_table|open_and_lock|close_thread|lex_|"
                    + "TABLE::|TABLE_LIST|trans_|ha_|Query_cache|filesort|sub_select|evaluate_join|Field|"
                    + "select_|make_join|handle_one_connection|do_handle_one_connection|end_send|"
                    + "lock_tables|mysql_lock|thr_lock|thd_|Sql_|sql_|parse_sql|MYSQLparse|MYSQLlex|"
                    + "Lex_|LEX|my_|Opt_|opt_|Explain|Table_cache|tdc_|MDL_|Statement|Security_context|"
                    + "Query_arena|check_|find_field|setup_|fill_record|write_record|Protocol|Rows|"
                    + "Diagnostics_area|Global_read_lock|Locked_tables|get_lock_data|wait_for_|decide_logging)"),
    OTHER("other", new Color(185, 185, 185), "$^");

    private final String label;
    private final Color base;
    private final Pattern names;

    MysqlLayer(String label, Color base, String names) {
        this.label = label;
        this.base = base;
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
            if (l.names.matcher(name).lookingAt()) {
                return l;
            }
        }
        return OTHER;
    }

    /** The layer of a node: its name's layer, or kernel when it runs below a kernel entry point. */
    public static MysqlLayer of(CallTree tree, int node) {
        for (int p = tree.parent(node); p > 0; p = tree.parent(p)) {
            String caller = tree.name(p);
            if (caller.startsWith("entry_SYSCALL") || caller.startsWith("asm_") || caller.endsWith("_[k]")) {
                return KERNEL;
            }
        }
        return ofName(tree.name(node));
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

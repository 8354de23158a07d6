package io.myflame.ingest.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Symbols as perf prints them for mysqld/mariadbd, and the function names they must become. */
class SymbolTidyTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "mysql_delete(THD*, TABLE_LIST*, Item*, SQL_I_List<st_order>*, unsigned long long, unsigned long long, select_result*)+0x7f3|mysql_delete",
        "mtr_t::log_write<(unsigned char)48>(page_id_t, buf_page_t const*, unsigned long, bool, unsigned long)|mtr_t::log_write<(unsigned char)48>",
        "mtr_t::log_write<(unsigned char)48>|mtr_t::log_write<(unsigned char)48>",
        "std::_Function_handler<void (), tpool::thread_pool_generic::timer_generic::run()::{lambda()#1}>::_M_invoke(std::_Any_data const&)|std::_Function_handler<void (), tpool::thread_pool_generic::timer_generic::run()::{lambda()#1}>::_M_invoke",
        "(anonymous namespace)::trx_purge_truncate(unsigned long)|(anonymous namespace)::trx_purge_truncate",
        "net/http.(*Client).Do|net/http.(*Client).Do",
        "Item_func::operator()(int) const|Item_func::operator()",
        "String::operator<(String const&)|String::operator<",
        "MYSQL_BIN_LOG::commit(THD*, bool)+0x1a|MYSQL_BIN_LOG::commit",
        "handler::ha_delete_row(unsigned char const*)|handler::ha_delete_row",
        "finish_task_switch.isra.0|finish_task_switch.isra.0",
        "do_syscall_64+0x5b|do_syscall_64",
        "foo+0xzz|foo+0xzz",
        "a;b(int)|a:b",
    })
    void functionNames(String perfSymbol, String function) {
        assertEquals(function, SymbolTidy.functionName(perfSymbol));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "_$LT$u8$u20$as$u20$core..clone..Clone$GT$::clone::h7bfab8630dda96cf|<u8 as core::clone::Clone>::clone",
        "core::ptr::write::haabbb39ab969e5ac|core::ptr::write",
        "not_rust::h123|not_rust::h123",
    })
    void rustLegacyNames(String perfSymbol, String function) {
        assertEquals(function, RustLegacyNames.demangle(perfSymbol));
    }
}
